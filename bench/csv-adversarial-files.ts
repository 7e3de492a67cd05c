/**
 * The files of the adversarial CSV benchmark (bench/csv-adversarial.ts): about 10 MB each, built to
 * be as costly as the format allows, three or four per kind.
 */
import { UPLOAD_LIMIT_BYTES } from '@carte/domain';

export type Kind = 'ingredients' | 'categories' | 'dishes';

export interface Case {
  kind: Kind;
  name: string;
  csv: () => string;
}

const ITEMS = 200;
/** The file size: 10 MB by default, kept under the upload limit (with room for the multipart framing). */
export const BYTES = Math.min(Number(process.env.CSV_BENCH_MB ?? 10) * 1_000_000, UPLOAD_LIMIT_BYTES - 4096);
/** Rows of about 1 KB: the 10,000 a file may hold at 10 MB. */
const ROWS = Math.min(10_000, Math.floor(BYTES / 1000));

/** Lines padded or cut so the file is about BYTES long. */
const perRow = () => Math.floor(BYTES / ROWS);
const pad = (text: string, length: number) =>
  text.length >= length ? text : text + 'x'.repeat(length - text.length);

/** `count` short names, `prefix1|prefix2|…`, about `bytes` long when `count` is not given. */
function nameList(prefix: string, options: { bytes?: number; count?: number; offset?: number }): string {
  const names: string[] = [];
  let length = 0;
  for (let i = 0; options.count !== undefined ? i < options.count : length < (options.bytes ?? 0); i++) {
    const name = `${prefix}${(options.offset ?? 0) + i}`;
    names.push(name);
    length += name.length + 1;
  }
  return names.join('|');
}

/** The files, each built only when its turn comes (a 10 MB string each). */
export function cases(): Case[] {
  const rowBytes = perRow();
  const out: Case[] = [];
  // Cells just under the 1 MB row limit, as many rows as fill the file.
  const BIG_CELL = 1_000_000;
  const bigRows = Math.max(1, Math.floor(BYTES / (BIG_CELL + 100)));

  // Rows of empty cells (skipped like blank lines) and rows of millions of empty cells.
  const empty = (kind: Kind, header: string) => {
    out.push({
      kind,
      name: 'empty cells (2.5 million "," lines, then a row of 5 million commas)',
      csv: () => `${header}\n${',\n'.repeat(BYTES / 4)}${','.repeat(BYTES / 2 - 100)}\n`,
    });
  };

  // ---- ingredients: name[,parent] ----
  empty('ingredients', 'name');
  out.push({
    kind: 'ingredients',
    name: 'one huge cell (a 10 MB name and parent)',
    csv: () => `name,parent\n"${'n'.repeat(BYTES / 2)}","${'p'.repeat(BYTES / 2 - 64)}"\n`,
  });
  out.push({
    kind: 'ingredients',
    name: 'big cells (rows of 1 MB names and parents)',
    csv: () =>
      `name,parent\n${Array.from({ length: bigRows }, (_, i) => `${i}${'n'.repeat(BIG_CELL / 2)},${'p'.repeat(BIG_CELL / 2)}`).join('\n')}\n`,
  });
  out.push({
    kind: 'ingredients',
    name: 'messy rows (10,000 rows with problems)',
    csv: () => {
      const lines = ['name,parent'];
      for (let i = 0; i < ROWS; i++) {
        const kind = i % 5;
        const line =
          kind === 0
            ? `Repeated name,${'q'.repeat(rowBytes - 20)}` // repeated, with an unknown parent
            : kind === 1
              ? `${'L'.repeat(rowBytes - 2)},` // longer than the form allows
              : kind === 2
                ? `Ingredient ${i},${pad(`Missing parent ${i} `, rowBytes - 20)}` // unknown parent
                : kind === 3
                  ? `Ingredient ${i},Ingredient ${i - 1}${' '.repeat(rowBytes - 40)}` // parent with a parent
                  : `,${'e'.repeat(rowBytes - 2)}`; // no name
        lines.push(line);
      }
      return `${lines.join('\n')}\n`;
    },
  });
  out.push({
    kind: 'ingredients',
    name: 'full rows (10,000 new ingredients with parents)',
    csv: () => {
      const lines = ['name,parent'];
      for (let i = 0; i < ROWS; i++) {
        const parent = i % 10 === 0 ? '' : `Base ingredient ${i - (i % 10)}`;
        lines.push(i % 10 === 0 ? `Base ingredient ${i},` : `${pad(`Ingredient ${i} `, 90)},${parent}`);
      }
      return `${lines.join('\n')}\n`;
    },
  });

  // ---- dishes: name,price[,description][,calories][,alcoholPercentage][,available][,category][,ingredients] ----
  const dishHeader = 'name,price,description,calories,alcoholPercentage,available,category,ingredients';
  empty('dishes', 'name,price');
  out.push({
    kind: 'dishes',
    name: 'one huge cell (10 MB of unknown ingredients in one row)',
    csv: () =>
      `${dishHeader}\nBig dish,5,,,,,,"${nameList('Unknown ingredient ', { bytes: BYTES - 200 })}"\n`,
  });
  out.push({
    kind: 'dishes',
    name: 'big cells (rows of 1 MB ingredient lists)',
    csv: () =>
      `${dishHeader}\n${Array.from({ length: bigRows }, (_, i) => `Big dish ${i},5,,,,,,${nameList(`Unknown ${i}-`, { bytes: BIG_CELL })}`).join('\n')}\n`,
  });
  out.push({
    kind: 'dishes',
    name: 'messy rows (10,000 rows with problems)',
    csv: () => {
      const lines = [dishHeader];
      for (let i = 0; i < ROWS; i++) {
        const kind = i % 5;
        const line =
          kind === 0
            ? `Repeated dish,4,${'d'.repeat(rowBytes - 40)},,,,,` // repeated
            : kind === 1
              ? `Dish ${i},"12,5x",,abc,120,sometimes,,${'w'.repeat(rowBytes - 60)}` // every field invalid, one long name
              : kind === 2
                ? `Dish ${i},4,,,,,${nameList('c', { count: 150 })}|${'C'.repeat(120)},` // an invalid category among many
                : kind === 3
                  ? `Dish ${i},4,,,,,,${'i|'.repeat(ITEMS + 1)}${nameList('ing', { bytes: rowBytes - 500 })}` // over the cap
                  : `${'N'.repeat(200)},4,${'d'.repeat(rowBytes - 230)},,,,,`; // name too long
        lines.push(line);
      }
      return `${lines.join('\n')}\n`;
    },
  });
  out.push({
    kind: 'dishes',
    name: 'full rows (10,000 dishes × 200 ingredients)',
    csv: () => {
      // 10,000 dishes each naming the same 200 ingredients (two million links) and two of 50 categories.
      const ingredientsCell = nameList('i', { count: ITEMS });
      const lines = [dishHeader];
      for (let i = 0; i < ROWS; i++) {
        const head = `D${i},${(4 + (i % 20)).toFixed(2)},`;
        const tail = `,${100 + (i % 500)},,yes,Category ${i % 50}|Category ${(i + 7) % 50},${ingredientsCell}`;
        lines.push(`${head}${'d'.repeat(Math.max(0, rowBytes - head.length - tail.length - 1))}${tail}`);
      }
      return `${lines.join('\n')}\n`;
    },
  });

  // ---- categories: name[,available][,dishes] (dishes D0…D199 exist after the dishes above) ----
  empty('categories', 'name');
  out.push({
    kind: 'categories',
    name: 'one huge cell (10 MB of unknown dishes in one row)',
    csv: () => `name,available,dishes\nBig,yes,"${nameList('Unknown dish ', { bytes: BYTES - 100 })}"\n`,
  });
  out.push({
    kind: 'categories',
    name: 'big cells (rows of 1 MB dish lists)',
    csv: () =>
      `name,available,dishes\n${Array.from({ length: bigRows }, (_, i) => `Big ${i},yes,${nameList(`Unknown dish ${i}-`, { bytes: BIG_CELL })}`).join('\n')}\n`,
  });
  out.push({
    kind: 'categories',
    name: 'messy rows (10,000 rows with problems)',
    csv: () => {
      const lines = ['name,available,dishes'];
      for (let i = 0; i < ROWS; i++) {
        const unknown = nameList(`u${i}-`, { bytes: rowBytes - 40 });
        const kind = i % 4;
        const line =
          kind === 0
            ? `Repeated category,yes,${unknown}` // repeated
            : kind === 1
              ? `Category ${i},perhaps,${unknown}` // invalid available and ~150 unknown dishes
              : kind === 2
                ? `${'L'.repeat(101)},no,${unknown}`
                : `Category ${i},yes,${'|'.repeat(rowBytes - 30)}`; // only separators
        lines.push(line);
      }
      return `${lines.join('\n')}\n`;
    },
  });
  out.push({
    kind: 'categories',
    name: 'full rows (10,000 categories × 200 dishes)',
    csv: () => {
      const dishesCell = nameList('D', { count: ITEMS });
      const lines = ['name,available,dishes'];
      for (let i = 0; i < ROWS; i++) lines.push(`New category ${i},yes,${dishesCell}`);
      return `${lines.join('\n')}\n`;
    },
  });
  return out;
}
