import { isUtf8 } from 'node:buffer';
import type { TranslationImportResult, TranslationRow } from '@carte/domain';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { InvalidError } from '../../core/errors.ts';

/**
 * The translation files (issue 24 §3): CSV (kind,id,field,source,translation) and XLIFF 2.0 (one
 * `<file>`, one `<unit id="kind:id:field">` per text). Both import back: rows are matched by kind, id
 * and field; the source column is there for the translator and is not read.
 */

export const TRANSLATION_CSV_COLUMNS = ['kind', 'id', 'field', 'source', 'translation'] as const;
/** The most rows a translation file may hold. */
export const MAX_TRANSLATION_FILE_ROWS = 20_000;

export interface FileItem {
  kind: string;
  id: string;
  field: string;
  text: string;
  ref: { line?: number; unit?: string };
}

type Problems = TranslationImportResult['unmatched'];

/** A CSV cell: quoted when needed; a cell a spreadsheet would run as a formula is guarded with '. */
function csvCell(value: string): string {
  let text = value;
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const unguard = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

export function translationsCsv(rows: TranslationRow[]): string {
  const lines = [TRANSLATION_CSV_COLUMNS.join(',')];
  for (const row of rows)
    lines.push([row.kind, row.id, row.field, row.source, row.translation].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** XML text escaped so markup in a rich-text field survives as text. */
const xmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot hold at all are dropped.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

export function translationsXliff(rows: TranslationRow[], srcLang: string, trgLang: string): string {
  const units = rows.map((row) => {
    const target = row.translation ? `<target>${xmlText(row.translation)}</target>` : '';
    return `    <unit id="${xmlText(`${row.kind}:${row.id}:${row.field}`)}">\n      <notes><note category="context">${xmlText(row.label)}</note></notes>\n      <segment state="${row.state === 'done' ? 'final' : row.state === 'machine' ? 'translated' : 'initial'}"><source>${xmlText(row.source)}</source>${target}</segment>\n    </unit>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${xmlText(srcLang)}" trgLang="${xmlText(trgLang)}">\n  <file id="menu">\n${units.join('\n')}\n  </file>\n</xliff>\n`;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** XML text back: the five entities and numeric references. */
const unescapeXml = (text: string): string =>
  text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return safeCodePoint(Number.parseInt(ref.slice(2), 16), whole);
    if (ref.startsWith('#')) return safeCodePoint(Number.parseInt(ref.slice(1), 10), whole);
    return entities[ref] ?? whole;
  });
const safeCodePoint = (code: number, fallback: string) =>
  Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;

/**
 * The text of an element's content: CDATA sections as written, other markup a tool added inline
 * (<ph/>, <mrk>) dropped, references resolved. Every scan moves forward only (a hostile file of
 * unclosed tags costs linear time).
 */
function innerText(xml: string): string {
  let out = '';
  let at = 0;
  while (at < xml.length) {
    const cdata = xml.indexOf('<![CDATA[', at);
    const end = cdata < 0 ? xml.length : cdata;
    out += unescapeXml(xml.slice(at, end).replace(/<[^<>]*>/g, ''));
    if (cdata < 0) break;
    const close = xml.indexOf(']]>', cdata + 9);
    if (close < 0) break;
    out += xml.slice(cdata + 9, close);
    at = close + 3;
  }
  return out;
}

/** The elements named `name` in `xml`, in order: their attributes and content (linear scan). */
function* elements(xml: string, name: string): Generator<{ attributes: string; content: string }> {
  const open = new RegExp(`<${name}(\\s[^<>]*)?>`, 'g');
  const close = `</${name}>`;
  for (;;) {
    const found = open.exec(xml);
    if (!found) return;
    const from = found.index + found[0].length;
    const end = xml.indexOf(close, from);
    if (end < 0) return;
    yield { attributes: found[1] ?? '', content: xml.slice(from, end) };
    open.lastIndex = end + close.length;
  }
}

/**
 * Reads an XLIFF 2.0 (or 1.2) file: every `<unit id>` (1.2: `<trans-unit id>`) with its targets. A
 * unit without a target, or with an id that is not `kind:id:field`, is reported.
 */
export function readXliff(text: string): { items: FileItem[]; problems: Problems } {
  if (!/<xliff[\s>]/.test(text)) throw new InvalidError('The file is not an XLIFF file');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new InvalidError('The file declares entities: not read');
  const items: FileItem[] = [];
  const problems: Problems = [];
  const tag = /<trans-unit[\s>]/.test(text) ? 'trans-unit' : 'unit';
  let count = 0;
  for (const unitElement of elements(text, tag)) {
    if (++count > MAX_TRANSLATION_FILE_ROWS)
      throw new InvalidError(`At most ${MAX_TRANSLATION_FILE_ROWS} units in one file`);
    const id = unescapeXml(/\bid\s*=\s*"([^"]*)"/.exec(unitElement.attributes)?.[1] ?? '');
    const unit = id || `#${count}`;
    const parts = /^([a-z]+):([^:]+):(.+)$/.exec(id);
    if (!parts) {
      problems.push({ unit, reason: 'The unit id is not kind:id:field' });
      continue;
    }
    const target = [...elements(unitElement.content, 'target')]
      .map((found) => innerText(found.content))
      .join('');
    if (!target.trim()) {
      problems.push({ unit, reason: 'The translation is empty' });
      continue;
    }
    items.push({ kind: parts[1]!, id: parts[2]!, field: parts[3]!, text: target, ref: { unit } });
  }
  return { items, problems };
}

/** Reads a translation CSV: a header naming kind, id, field and translation (any order, any case). */
export function readTranslationCsv(text: string): { items: FileItem[]; problems: Problems } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 1024 * 1024,
      to: MAX_TRANSLATION_FILE_ROWS + 2,
    }) as never;
  } catch (error) {
    if (error instanceof CsvError) throw new InvalidError(`The CSV file cannot be read: ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw new InvalidError('The file is empty');
  if (rows.length > MAX_TRANSLATION_FILE_ROWS)
    throw new InvalidError(`At most ${MAX_TRANSLATION_FILE_ROWS} rows in one file`);
  const names = header.record.map((cell) => cell.trim().toLowerCase());
  const column = (name: string) => names.indexOf(name);
  const at = { kind: column('kind'), id: column('id'), field: column('field'), text: column('translation') };
  if (Object.values(at).some((index) => index < 0))
    throw new InvalidError('The CSV file needs the columns kind, id, field and translation');
  const items: FileItem[] = [];
  const problems: Problems = [];
  let line = header.info.lines;
  for (const { record, info } of rows) {
    const start = line + 1;
    line = info.lines;
    const cell = (index: number) => (record[index] ?? '').trim();
    const target = unguard(record[at.text] ?? '');
    if (!target.trim()) {
      problems.push({ line: start, reason: 'The translation is empty' });
      continue;
    }
    items.push({
      kind: cell(at.kind),
      id: cell(at.id),
      field: cell(at.field),
      text: target,
      ref: { line: start },
    });
  }
  return { items, problems };
}

/** A translation file, CSV or XLIFF, told apart by its content. */
export function readTranslationFile(buffer: Buffer): { items: FileItem[]; problems: Problems } {
  if (buffer.length === 0) throw new InvalidError('The file is empty');
  if (!isUtf8(buffer)) throw new InvalidError('The file must be UTF-8 text');
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*(<\?xml|<xliff)/.test(text) ? readXliff(text) : readTranslationCsv(text);
}
