import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  ALLERGEN_KEYS,
  type AllergenMatrix,
  type AllergenMatrixDish,
  type MatrixCell,
  matrixCell,
  matrixMarks,
} from '@carte/domain';
import PDFDocument from 'pdfkit';

/**
 * The allergen matrix of a menu on paper (issue 23 §6), for the kitchen's wall and the inspector:
 * A4 landscape, the restaurant and the menu, "Printed on …", a legend, then dishes (by category) ×
 * the 14 with the last change of each dish's declaration. Marks are shapes and signs, never colour:
 * ● contains, ◐ may contain, – free, ? not declared. Inter is embedded, as on the QR cards.
 */

const PAGE: [number, number] = [841.89, 595.28];
const MARGIN = 32;
const NAME_WIDTH = 200;
const CELL_WIDTH = 27;
const HEADER_HEIGHT = 66;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8.5;
const INK = '#111111';
const RULE = '#9a9a9a';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function matrixFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')),
    bold: readFileSync(require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf')),
  };
  return fonts;
}

/** A moment as the restaurant reads it: "28 November 2026, 10:12" in its time zone (UTC if unknown). */
export function matrixDate(at: Date | string, timeZone: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
    })
      .format(date)
      .replace(' at ', ', ');
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** The last change in one cell's words: "28 November 2026, 10:12 · Ana (Pesto)". */
export function lastChangeWords(dish: AllergenMatrixDish, timeZone: string): string {
  const change = dish.lastChange;
  if (!change) return 'No change kept';
  const via = change.ingredient ? ` (${change.ingredient})` : '';
  return `${matrixDate(change.createdAt, timeZone)} · ${change.username}${via}`;
}

export function renderAllergenMatrixPdf(matrix: AllergenMatrix, printedAt: Date): Promise<Buffer> {
  const printed = `Printed on ${matrixDate(printedAt, matrix.restaurant.timeZone)}`;
  const doc = new PDFDocument({
    size: PAGE,
    margin: 0,
    bufferPages: true,
    pdfVersion: '1.7',
    info: {
      Title: `Allergen matrix — ${matrix.menu.name} — ${matrix.restaurant.name}`,
      Author: 'Carte',
      Subject: printed,
      Creator: 'Carte',
      CreationDate: printedAt,
      ModDate: printedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = matrixFonts();
  doc.registerFont('Inter', regular);
  doc.registerFont('Inter-Bold', bold);

  const [width, height] = PAGE;
  const tableLeft = MARGIN;
  const cellsLeft = tableLeft + NAME_WIDTH;
  const changeLeft = cellsLeft + CELL_WIDTH * ALLERGEN_KEYS.length;
  const changeWidth = width - MARGIN - changeLeft;
  const bottom = height - MARGIN - 14;
  let y = 0;

  const text = (
    value: string,
    x: number,
    top: number,
    options: PDFKit.Mixins.TextOptions & { bold?: boolean; size?: number; color?: string } = {},
  ) => {
    const { bold: strong, size, color, ...rest } = options;
    doc
      .font(strong ? 'Inter-Bold' : 'Inter')
      .fontSize(size ?? FONT_SIZE)
      .fillColor(color ?? INK)
      .text(value, x, top, { lineBreak: false, ...rest });
  };

  const mark = (cell: MatrixCell, cx: number, cy: number) => {
    const r = 3.6;
    doc.save();
    if (cell === 'contains') doc.circle(cx, cy, r).fill(INK);
    else if (cell === 'mayContain') {
      doc.path(`M ${cx} ${cy - r} A ${r} ${r} 0 0 0 ${cx} ${cy + r} Z`).fill(INK);
      doc.lineWidth(0.8).circle(cx, cy, r).stroke(INK);
    } else {
      const sign = matrixMarks[cell].mark;
      doc.font(cell === 'unknown' ? 'Inter-Bold' : 'Inter').fontSize(FONT_SIZE + 0.5);
      const w = doc.widthOfString(sign);
      doc.fillColor(INK).text(sign, cx - w / 2, cy - (FONT_SIZE + 0.5) * 0.62, { lineBreak: false });
    }
    doc.restore();
  };

  const pageHead = (first: boolean) => {
    y = MARGIN;
    if (first) {
      text(`Allergen matrix — ${matrix.menu.name}`, MARGIN, y, {
        bold: true,
        size: 15,
        width: width - 2 * MARGIN - 200,
        ellipsis: true,
      });
      text(printed, width - MARGIN - 200, y + 4, { size: 9, width: 200, align: 'right' });
      y += 21;
      text(matrix.restaurant.name, MARGIN, y, { size: 11, width: width - 2 * MARGIN, ellipsis: true });
      y += 18;
      // The legend: each mark with its words.
      let x = MARGIN;
      const legend: MatrixCell[] = ['contains', 'mayContain', 'free', 'unknown'];
      const words: Record<MatrixCell, string> = {
        contains: 'Contains',
        mayContain: 'May contain (traces, cross-contact)',
        free: 'Free: declared without it',
        unknown: 'Not declared: ask the staff',
      };
      for (const cell of legend) {
        mark(cell, x + 4, y + 5);
        text(words[cell], x + 11, y, { size: 8.5 });
        x += 11 + doc.widthOfString(words[cell]) + 18;
      }
      y += 14;
      text(
        'The owner declares; Carte derives each dish from its ingredients and the kitchen’s additions. A dish is declared only once its owner confirmed it.',
        MARGIN,
        y,
        { size: 7.5, color: '#444444', width: width - 2 * MARGIN, ellipsis: true },
      );
      y += 16;
    } else {
      text(`Allergen matrix — ${matrix.menu.name} (continued)`, MARGIN, y, { bold: true, size: 10 });
      y += 18;
    }
    // The header: dish, the 14 turned upright, last change.
    const top = y;
    text('Dish', tableLeft + 4, top + HEADER_HEIGHT - 12, { bold: true });
    for (const [index, allergen] of matrix.allergens.entries()) {
      const x = cellsLeft + index * CELL_WIDTH;
      doc.save();
      const ox = x + (CELL_WIDTH - FONT_SIZE * 1.2) / 2;
      const oy = top + HEADER_HEIGHT - 4;
      doc.rotate(-90, { origin: [ox, oy] });
      text(allergen.short, ox, oy, { bold: true, size: 8 });
      doc.restore();
    }
    text('Last change of the declaration', changeLeft + 4, top + HEADER_HEIGHT - 12, {
      bold: true,
      width: changeWidth - 8,
      ellipsis: true,
    });
    y = top + HEADER_HEIGHT;
    doc
      .lineWidth(0.8)
      .moveTo(tableLeft, y)
      .lineTo(width - MARGIN, y)
      .stroke(INK);
    for (let index = 0; index <= ALLERGEN_KEYS.length; index++) {
      const x = cellsLeft + index * CELL_WIDTH;
      doc
        .lineWidth(0.3)
        .moveTo(x, top + 6)
        .lineTo(x, y)
        .stroke(RULE);
    }
  };

  const band = (name: string) => {
    doc.save();
    doc.rect(tableLeft, y, width - 2 * MARGIN, ROW_HEIGHT).fill('#ececec');
    doc.restore();
    text(name, tableLeft + 4, y + 4, { bold: true, width: width - 2 * MARGIN - 8, ellipsis: true });
    y += ROW_HEIGHT;
  };
  /** The category being listed, named again at the top of a new page. */
  let current: string | null = null;
  const room = (rows: number) => {
    if (y + rows * ROW_HEIGHT <= bottom) return;
    doc.addPage({ size: PAGE, margin: 0 });
    pageHead(false);
    if (current !== null && rows === 1) band(`${current} (continued)`);
  };

  pageHead(true);
  if (matrix.categories.length === 0) {
    y += 8;
    text('This menu holds no dishes yet.', tableLeft + 4, y, { size: 10 });
  }
  for (const category of matrix.categories) {
    room(2);
    band(category.name);
    current = category.name;
    for (const dish of category.dishes) {
      room(1);
      text(dish.name, tableLeft + 4, y + 4, { width: NAME_WIDTH - 8, ellipsis: true, height: ROW_HEIGHT });
      for (const [index, key] of ALLERGEN_KEYS.entries()) {
        mark(
          matrixCell(dish.allergens, key),
          cellsLeft + index * CELL_WIDTH + CELL_WIDTH / 2,
          y + ROW_HEIGHT / 2,
        );
      }
      text(lastChangeWords(dish, matrix.restaurant.timeZone), changeLeft + 4, y + 4.5, {
        size: 7.5,
        width: changeWidth - 8,
        ellipsis: true,
        height: ROW_HEIGHT,
      });
      for (let index = 0; index <= ALLERGEN_KEYS.length; index++) {
        const x = cellsLeft + index * CELL_WIDTH;
        doc
          .lineWidth(0.3)
          .moveTo(x, y)
          .lineTo(x, y + ROW_HEIGHT)
          .stroke(RULE);
      }
      y += ROW_HEIGHT;
      doc
        .lineWidth(0.3)
        .moveTo(tableLeft, y)
        .lineTo(width - MARGIN, y)
        .stroke(RULE);
    }
  }

  // Every page's foot: the menu, the date printed and "Page n of N".
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    text(`${matrix.restaurant.name} · ${matrix.menu.name} · ${printed}`, MARGIN, height - MARGIN, {
      size: 7.5,
      color: '#444444',
      width: width - 2 * MARGIN - 80,
      ellipsis: true,
    });
    text(`Page ${index - range.start + 1} of ${range.count}`, width - MARGIN - 80, height - MARGIN, {
      size: 7.5,
      color: '#444444',
      width: 80,
      align: 'right',
    });
  }
  doc.end();
  return done;
}
