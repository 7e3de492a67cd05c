import { messages } from '@carte/domain';
import { CsvError, parse } from 'csv-parse/sync';
import { InvalidError } from '../../core/errors.ts';

/** The most data rows one file may hold; a 10 MB upload could otherwise carry hundreds of thousands. */
export const MAX_CSV_ROWS = 10_000;

export interface CsvRow {
  /** The line the record starts on, as a person counts in the file (the header is row 1). */
  row: number;
  /** Cells by canonical column name; absent columns are missing, empty cells are ''. */
  cells: Record<string, string>;
}

/**
 * Column names a person might write in a header, in canonical form: lower case, without spaces,
 * dashes, underscores or % (so "Alcohol Percentage", "alcohol_percentage" and "alcoholPercentage"
 * are the same column).
 */
const aliases: Record<string, string> = {
  name: 'name',
  parent: 'parent',
  parentingredient: 'parent',
  available: 'available',
  isavailable: 'available',
  availability: 'available',
  dishes: 'dishes',
  dish: 'dishes',
  price: 'price',
  description: 'description',
  calories: 'calories',
  calorie: 'calories',
  alcoholpercentage: 'alcoholPercentage',
  alcohol: 'alcoholPercentage',
  category: 'category',
  categories: 'category',
  ingredients: 'ingredients',
  ingredient: 'ingredients',
};

const canonical = (header: string): string | undefined =>
  aliases[header.toLowerCase().replace(/[\s_\-%]/g, '')];

/**
 * Reads an uploaded CSV file (decisions §4): UTF-8 with or without a byte-order mark, a header row,
 * commas, quoted fields (with commas, doubled quotes and line breaks inside), blank lines ignored.
 * Header names are matched without regard to case; columns this import does not know are ignored.
 * A file that cannot be read at all is a 400 with a message saying why.
 */
export function readCsv(buffer: Buffer, columns: { required: string[] }): CsvRow[] {
  if (buffer.length === 0) throw new InvalidError(messages.csvEmpty);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    throw new InvalidError(messages.csvNotUtf8);
  }
  // One line ending everywhere, so a Windows file and the quoted line breaks inside it read alike.
  text = text.replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw new InvalidError(messages.csvEmpty);

  let records: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      // A quote inside an unquoted cell (12" Pizza) is kept as written, as spreadsheets read it.
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw new InvalidError(messages.csvUnreadable(line));
    }
    throw error;
  }

  const rows = records
    .map(({ record, raw, info }) => {
      // `raw` carries the blank lines skipped before the record and its own line breaks; the record
      // starts as many lines before `info.lines` as it has line breaks of its own.
      const own = raw.replace(/^\n+/, '').replace(/\n$/, '');
      const breaks = own.split('\n').length - 1;
      return { row: info.lines - breaks, record };
    })
    // A row of empty cells (",,," from a spreadsheet) is a blank line too.
    .filter(({ record }) => record.some((cell) => cell.trim() !== ''));

  const [header, ...data] = rows;
  if (!header) throw new InvalidError(messages.csvEmpty);
  const names = header.record.map((cell) => canonical(cell.trim()));
  for (const column of columns.required) {
    if (!names.includes(column)) throw new InvalidError(messages.csvMissingColumn(column));
  }
  if (data.length > MAX_CSV_ROWS) throw new InvalidError(messages.csvTooManyRows(MAX_CSV_ROWS));

  return data.map(({ row, record }) => {
    const cells: Record<string, string> = {};
    names.forEach((name, index) => {
      // The first column of a name wins when a header repeats one.
      if (name && cells[name] === undefined) cells[name] = (record[index] ?? '').trim();
    });
    return { row, cells };
  });
}

/** A `|`-separated list inside a cell (decisions §4): trimmed, empty entries dropped, repeats once. */
export function splitList(cell: string | undefined): string[] {
  if (!cell) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of cell.split('|')) {
    const name = entry.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** The `available` column: true/false/yes/no/1/0 in any case; empty means true (the form's default). */
export function readAvailable(cell: string | undefined): boolean | null {
  const value = (cell ?? '').trim().toLowerCase();
  if (value === '') return true;
  if (['true', 'yes', '1'].includes(value)) return true;
  if (['false', 'no', '0'].includes(value)) return false;
  return null;
}

/** Names compare without regard to case or surrounding spaces (decisions §4, "already exists"). */
export const nameKey = (name: string): string => name.trim().toLowerCase();
