import { type CsvResult, messages } from '@carte/domain';
import { type CsvRow, nameKey } from './csv-reader.ts';

/**
 * The most entries each list of the answer holds before its last entry says how many more there are
 * (decisions: csv-import): a person reads a hundred problems and fixes the file, and a 10 MB file
 * of bad rows could otherwise answer millions.
 */
export const MAX_REPORTED = 100;

/**
 * A name from the file as a message quotes it: a cell may hold megabytes, a message a readable
 * part of it (names the forms accept are at most 150 characters).
 */
export const shown = (name: string): string => (name.length > 150 ? `${name.slice(0, 150)}…` : name);

interface Problem {
  row: number;
  message: string;
}

/**
 * What an import tells the owner (decisions §4): rows with problems (row number and the form's
 * message), names that exist already (ignored) and names repeated in the file. Each list keeps its
 * first MAX_REPORTED entries (problems by row) and counts the rest, in time and memory that do not
 * grow with the number of problems.
 */
export class CsvReport {
  /** The lowest problems by row so far: at most 2 × MAX_REPORTED, pruned back to MAX_REPORTED + 1. */
  private problems: Problem[] = [];
  private problemCount = 0;
  private readonly existing: string[] = [];
  private existingCount = 0;
  private readonly repeated: string[] = [];
  private repeatedCount = 0;

  /** A row's problems, once each, in the order found (a row's problems are reported together). */
  rowProblems(row: number, found: readonly string[]): void {
    for (const message of new Set(found)) {
      this.problemCount++;
      this.problems.push({ row, message });
    }
    if (this.problems.length >= 2 * MAX_REPORTED) this.problems = lowest(this.problems);
  }

  /** A name that exists already, so its row is ignored. */
  exists(name: string): void {
    this.existingCount++;
    if (this.existing.length < MAX_REPORTED) this.existing.push(messages.csvIgnored(shown(name)));
  }

  /** A name repeated in the file, with every row it appears on. */
  repeats(name: string, rows: number[]): void {
    this.repeatedCount++;
    if (this.repeated.length < MAX_REPORTED) this.repeated.push(messages.csvRepeated(shown(name), rows));
  }

  result(successMessage: string): CsvResult {
    const problems = lowest(this.problems);
    const validationError = problems.slice(0, MAX_REPORTED);
    // The last entry names the first row left out, so "Row N: …and M more" reads in order.
    if (this.problemCount > MAX_REPORTED) {
      validationError.push({
        row: problems[MAX_REPORTED]!.row,
        message: messages.csvMoreProblems(this.problemCount - MAX_REPORTED),
      });
    }
    const more = (count: number, message: (more: number) => string) =>
      count > MAX_REPORTED ? [message(count - MAX_REPORTED)] : [];
    return {
      successMessage,
      existValidationError: [...this.existing, ...more(this.existingCount, messages.csvMoreExisting)],
      validationError,
      duplicateErrors: [...this.repeated, ...more(this.repeatedCount, messages.csvMoreRepeated)],
    };
  }
}

/** The first MAX_REPORTED + 1 problems by row (a stable sort keeps a row's own order). */
const lowest = (problems: Problem[]): Problem[] =>
  problems.sort((a, b) => a.row - b.row).slice(0, MAX_REPORTED + 1);

/**
 * The first pass every import shares: a name repeated in the file keeps only its first row; a name
 * that exists already in the restaurant (or its parent, whose records it sees) is ignored. Rows
 * without a name go on, so the entity's own rules report them with the form's message. One pass
 * over the rows with a map by name, however many rows repeat one.
 */
export function screenNames(
  rows: CsvRow[],
  existing: { has(key: string): boolean },
  report: CsvReport,
): CsvRow[] {
  const byName = new Map<string, CsvRow[]>();
  for (const row of rows) {
    const key = nameKey(row.cells.name ?? '');
    if (!key) continue;
    const group = byName.get(key);
    if (group) group.push(row);
    else byName.set(key, [row]);
  }
  for (const group of byName.values()) {
    if (group.length > 1)
      report.repeats(
        group[0]!.cells.name!,
        group.map((row) => row.row),
      );
  }
  const kept: CsvRow[] = [];
  for (const row of rows) {
    const key = nameKey(row.cells.name ?? '');
    if (key && byName.get(key)![0] !== row) continue;
    if (key && existing.has(key)) {
      report.exists(row.cells.name!);
      continue;
    }
    kept.push(row);
  }
  return kept;
}

/** A domain schema's issues as messages (every problem of the field, in order). */
export const issueMessages = (issues: readonly { message: string }[] | undefined): string[] =>
  (issues ?? []).map((issue) => issue.message);
