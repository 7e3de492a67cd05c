import { type CsvResult, messages } from '@carte/domain';
import { type CsvRow, nameKey } from './csv-reader.ts';

/**
 * What an import tells the owner (decisions §4): rows with problems (row number and the form's
 * message), names that exist already (ignored) and names repeated in the file.
 */
export class CsvReport {
  readonly validationError: { row: number; message: string }[] = [];
  readonly existValidationError: string[] = [];
  readonly duplicateErrors: string[] = [];

  error(row: number, message: string): void {
    if (!this.validationError.some((e) => e.row === row && e.message === message)) {
      this.validationError.push({ row, message });
    }
  }

  result(successMessage: string): CsvResult {
    return {
      successMessage,
      existValidationError: this.existValidationError,
      validationError: [...this.validationError].sort((a, b) => a.row - b.row),
      duplicateErrors: this.duplicateErrors,
    };
  }
}

/**
 * The first pass every import shares: a name repeated in the file keeps only its first row; a name
 * that exists already in the restaurant (or its parent, whose records it sees) is ignored. Rows
 * without a name go on, so the entity's own rules report them with the form's message.
 */
export function screenNames(rows: CsvRow[], existing: Set<string>, report: CsvReport): CsvRow[] {
  const byName = new Map<string, CsvRow[]>();
  for (const row of rows) {
    const key = nameKey(row.cells.name ?? '');
    if (!key) continue;
    const group = byName.get(key);
    if (group) group.push(row);
    else byName.set(key, [row]);
  }
  for (const group of byName.values()) {
    if (group.length > 1) {
      report.duplicateErrors.push(
        messages.csvRepeated(
          group[0]!.cells.name!,
          group.map((row) => row.row),
        ),
      );
    }
  }
  const kept: CsvRow[] = [];
  for (const row of rows) {
    const key = nameKey(row.cells.name ?? '');
    if (key && byName.get(key)![0] !== row) continue;
    if (key && existing.has(key)) {
      report.existValidationError.push(messages.csvIgnored(row.cells.name!));
      continue;
    }
    kept.push(row);
  }
  return kept;
}

/** A field's issues from a domain schema, as row errors (every problem of the row, in field order). */
export function reportIssues(
  report: CsvReport,
  row: number,
  issues: readonly { message: string }[] | undefined,
): boolean {
  if (!issues || issues.length === 0) return false;
  for (const issue of issues) report.error(row, issue.message);
  return true;
}
