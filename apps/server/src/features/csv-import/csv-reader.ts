import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { type AllergenKey, allergenByWord, messages, sortAllergens } from '@carte/domain';
import { CsvError, parse } from 'csv-parse';
import { InvalidError } from '../../core/errors.ts';
import { pacer } from './pace.ts';

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
  // Allergens (issue 23 §7): what a record contains, may contain, and a dish's confirmation and portion.
  contains: 'contains',
  allergens: 'contains',
  allergen: 'contains',
  maycontain: 'mayContain',
  traces: 'mayContain',
  declared: 'declared',
  portion: 'portion',
};

const canonical = (header: string): string | undefined =>
  aliases[header.toLowerCase().replace(/[\s_\-%]/g, '')];

/** The most names one `|` list may hold (decisions: csv-import); a real menu never comes near it. */
export const MAX_CELL_NAMES = 200;

/**
 * The longest row, in bytes: a valid row is under 100 KB even in a script of four bytes a letter
 * (a 150-character name, a 20,000-character description, two lists of 200 names), and turning one
 * cell into text costs time in one piece, so a cell of megabytes is refused rather than read.
 */
export const MAX_ROW_BYTES = 1024 * 1024;

/** The most cells a row may have: the formats have at most eight columns, a spreadsheet a few dozen. */
export const MAX_COLUMNS = 1000;

/**
 * Rows of empty cells (",,," from a spreadsheet) are skipped like blank lines, but each costs the
 * parser a record: past this many, the file has too many rows all the same.
 */
const MAX_EMPTY_ROWS = MAX_CSV_ROWS;

/**
 * The text is handed to the parser in slices of this many bytes: a slice of the cheapest records
 * ("," lines, two bytes each) is parsed in a few milliseconds.
 */
const SLICE_BYTES = 4 * 1024;

interface ParsedRecord {
  record: string[];
  /** At the record's end: the lines read so far, and the blank ones among them. */
  info: { lines: number; empty_lines: number };
}

/**
 * Reads an uploaded CSV file (decisions §4): UTF-8 with or without a byte-order mark, a header row,
 * commas, quoted fields (with commas, doubled quotes and line breaks inside), blank lines ignored.
 * Header names are matched without regard to case; columns this import does not know are ignored.
 * A file that cannot be read at all is a 400 with a message saying why.
 *
 * The file is parsed as a stream, in slices, handing the event loop back between them, so a 10 MB
 * file never holds the server (and every other tenant's public menu) for more than a few
 * milliseconds at a time; it stops at the first row over the row cap.
 */
export async function readCsv(
  buffer: Buffer,
  columns: { required: string[] },
  pace: () => Promise<void> = pacer(),
): Promise<CsvRow[]> {
  if (buffer.length === 0) throw new InvalidError(messages.csvEmpty);
  if (!isUtf8(buffer)) throw new InvalidError(messages.csvNotUtf8);

  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    // A quote inside an unquoted cell (12" Pizza) is kept as written, as spreadsheets read it.
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_ROW_BYTES,
  });
  // Two looks at the parser's internal state (bench/csv-adversarial.ts shows it if a new version of
  // csv-parse moves it). Even with relax_column_count, csv-parse builds an error for every row whose
  // cell count differs from the header's (a stack trace and a JSON copy of the row: 40 µs for a
  // short row, seconds for one of a million cells), so a 10 MB file of "," lines took minutes: here
  // rows of any length are welcome, so each row is the length it expects. And a row of ten million
  // empty cells stays within the size limit: its cells are counted between slices.
  const state = (parser as unknown as { state: { record: unknown[] } }).state;
  Object.defineProperty(state, 'expectedRecordLength', {
    get: () => state.record.length,
    set() {},
  });
  const source = Readable.from(
    textSlices(buffer, async () => {
      await pace();
      if (state.record.length > MAX_COLUMNS) throw new InvalidError(messages.csvTooManyColumns(MAX_COLUMNS));
    }),
  );
  // A slice that finds a problem stops the parser with it.
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let known: [name: string, index: number][] | undefined;
  const rows: CsvRow[] = [];
  // A record starts on the line after the previous one ended, past the blank lines skipped between.
  let ended = { lines: 0, empty_lines: 0 };
  let emptyRows = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
      await pace();
      const row = ended.lines + 1 + info.empty_lines - ended.empty_lines;
      ended = info;
      if (record.length > MAX_COLUMNS) throw new InvalidError(messages.csvTooManyColumns(MAX_COLUMNS));
      // A row of empty cells (",,," from a spreadsheet) is a blank line too.
      if (!record.some((cell) => cell.trim() !== '')) {
        if (++emptyRows > MAX_EMPTY_ROWS) throw new InvalidError(messages.csvTooManyRows(MAX_CSV_ROWS));
        continue;
      }
      if (!known) {
        known = knownColumns(record);
        const names = new Set(known.map(([name]) => name));
        for (const column of columns.required) {
          if (!names.has(column)) throw new InvalidError(messages.csvMissingColumn(column));
        }
        continue;
      }
      if (rows.length === MAX_CSV_ROWS) throw new InvalidError(messages.csvTooManyRows(MAX_CSV_ROWS));
      const cells: Record<string, string> = {};
      for (const [name, index] of known) cells[name] = unguarded((record[index] ?? '').trim());
      rows.push({ row, cells });
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      if (error.code === 'CSV_MAX_RECORD_SIZE') throw new InvalidError(messages.csvRowTooLong(line));
      throw new InvalidError(messages.csvUnreadable(line));
    }
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (!known) throw new InvalidError(messages.csvEmpty);
  return rows;
}

/**
 * The file as text, a slice at a time, with one line ending everywhere (so a Windows file and the
 * quoted line breaks inside it read alike). The byte-order mark is dropped by the decoder. The parser
 * asks for the next slice when it has parsed the last one: pacing here keeps a single record that
 * fills the file (and so gives the loop over records nothing to pace) from holding the event loop.
 */
async function* textSlices(buffer: Buffer, between: () => Promise<void>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  // A \r at the end of a slice may be the first half of a \r\n: it waits for the next slice.
  let carry = '';
  for (let at = 0; at < buffer.length; at += SLICE_BYTES) {
    await between();
    let text = carry + decoder.decode(buffer.subarray(at, at + SLICE_BYTES), { stream: true });
    carry = text.endsWith('\r') ? '\r' : '';
    if (carry) text = text.slice(0, -1);
    if (text) yield text.replace(/\r\n?/g, '\n');
  }
  const rest = carry + decoder.decode();
  if (rest) yield rest.replace(/\r\n?/g, '\n');
}

/** The header's known columns and where they are; the first column of a name wins when a header repeats one. */
function knownColumns(header: string[]): [name: string, index: number][] {
  const known = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = canonical(cell.trim());
    if (name && !known.has(name)) known.set(name, index);
  });
  return [...known];
}

/**
 * A `|`-separated list inside a cell (decisions §4): trimmed, empty entries dropped, repeats once.
 * A cell naming more than MAX_CELL_NAMES (counted as written, repeats included) answers null, and
 * the scan stops there, so a cell filling a 10 MB file costs no more than one of 201 names.
 */
export function splitList(cell: string | undefined): string[] | null {
  if (!cell) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  let count = 0;
  // An entry starts at a character that is neither a separator nor a space (the regular expression
  // skips empty entries natively) and runs to the next separator.
  for (const [entry] of cell.matchAll(/[^|\s][^|]*/g)) {
    if (++count > MAX_CELL_NAMES) return null;
    const name = entry.trimEnd();
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
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

/**
 * A cell the exports guarded against spreadsheet formulas ("'=SUM…": csv-export.ts) reads as it was
 * written.
 */
const unguarded = (cell: string): string => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

/**
 * An allergen list inside a cell (issue 23 §7): keys or names (`allergenByWord`) separated by `;` or
 * `|`, each once. Words that name no allergen are answered in `unknown`, as written.
 */
export function readAllergenList(cell: string | undefined): { keys: AllergenKey[]; unknown: string[] } {
  const keys = new Set<AllergenKey>();
  const unknown: string[] = [];
  let count = 0;
  for (const [entry] of (cell ?? '').matchAll(/[^|;\s][^|;]*/g)) {
    if (++count > MAX_CELL_NAMES) break;
    const word = entry.trimEnd();
    const key = allergenByWord(word);
    if (key) keys.add(key);
    else if (!unknown.includes(word)) unknown.push(word);
  }
  return { keys: sortAllergens(keys), unknown };
}

/** Names compare without regard to case or surrounding spaces (decisions §4, "already exists"). */
export const nameKey = (name: string): string => name.trim().toLowerCase();
