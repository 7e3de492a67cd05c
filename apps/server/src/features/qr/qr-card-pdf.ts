import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  MM_PER_PT,
  QR_CARD,
  QR_CARD_QUIET_ZONE,
  QR_CARD_SINGLE_SCALE,
  QR_LINE_HEIGHT,
  type QrCardBlock,
  type QrFieldKey,
  type QrPaper,
  type QrSettings,
  type QrTemplateSlug,
  qrCardLayout,
  qrModuleRuns,
  qrTemplateOf,
  qrTextStyles,
} from '@carte/domain';
import PDFDocument from 'pdfkit';
import { qrModules } from './qr-code-image.ts';

/**
 * Printable table cards (doc 2 §3 "QR templates"; decisions: QR table cards): one PDF page of A4 or
 * Letter holding 4 cards of 95 × 130 mm (or one card 1.45 times larger), drawn from the same layout
 * as the web app's preview (packages/domain qrCardLayout). Ready for a print shop: the code is vector
 * (one rectangle per run of dark modules), the font is embedded (Inter, subset), the background
 * bleeds 3 mm past the outer trim and crop marks stand at every cut line outside it.
 */

const PT_PER_MM = 1 / MM_PER_PT;
const papers: Record<QrPaper, [number, number]> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
};
const BLEED = 3;
/** Crop marks start where the bleed ends, 3 mm from the trim, and are 5 mm long. */
const MARK_OFFSET = BLEED;
const MARK_LENGTH = 5;
/** A hairline for the crop marks (0.25 pt). */
const MARK_WIDTH = 0.25;

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** Inter, the web app's typeface, from its npm package (SIL Open Font License); read once. */
function cardFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')),
    bold: readFileSync(require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf')),
  };
  return fonts;
}

export interface QrCardsInput {
  url: string;
  settings: QrSettings;
  template: QrTemplateSlug;
  values: Partial<Record<QrFieldKey, string>>;
  /** The logo as PNG or JPEG (what PDFKit embeds), or null. */
  logo: Buffer | null;
  paper: QrPaper;
  perPage: 1 | 4;
  /** The restaurant's name, for the document's title. */
  restaurantName: string;
  /**
   * Print all (issue 15): one card per menu display, each with its own address and its name printed
   * small above the design, as many sheets as needed. Without it every card shows `url`.
   */
  cards?: { url: string; name: string }[];
  /** The document's dates: the design's last change, so the same design gives the same bytes. */
  date: Date;
}

export function renderQrCardsPdf(input: QrCardsInput): Promise<Buffer> {
  const [pageWidth, pageHeight] = papers[input.paper];
  const doc = new PDFDocument({
    size: [pageWidth, pageHeight],
    margin: 0,
    pdfVersion: '1.7',
    info: {
      Title: `QR table cards — ${input.restaurantName}`,
      Author: 'Carte',
      Subject: `${qrTemplateOf(input.template).name}, ${input.perPage} per ${input.paper === 'a4' ? 'A4' : 'Letter'} sheet, ${cardSizeText(input.perPage)}`,
      Creator: 'Carte',
      CreationDate: input.date,
      ModDate: input.date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { regular, bold } = cardFonts();
  doc.registerFont('Inter', regular);
  doc.registerFont('Inter-Bold', bold);

  const scale = input.perPage === 1 ? QR_CARD_SINGLE_SCALE : 1;
  const columns = input.perPage === 1 ? 1 : 2;
  const rows = columns;
  const cardWidth = QR_CARD.width * scale * PT_PER_MM;
  const cardHeight = QR_CARD.height * scale * PT_PER_MM;
  const left = (pageWidth - columns * cardWidth) / 2;
  const top = (pageHeight - rows * cardHeight) / 2;
  const bleed = BLEED * PT_PER_MM;

  const cards = input.cards ?? Array.from({ length: columns * rows }, () => ({ url: input.url, name: '' }));
  const blocks = qrCardLayout(input.template, input.values, { hasLogo: input.logo !== null });
  for (let first = 0; first < cards.length; first += columns * rows) {
    if (first > 0) doc.addPage({ size: [pageWidth, pageHeight], margin: 0 });
    // The background past the outer trim, so a cut a little outside the line shows no white edge.
    doc
      .rect(left - bleed, top - bleed, columns * cardWidth + 2 * bleed, rows * cardHeight + 2 * bleed)
      .fill(input.settings.colorLight);
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        const card = cards[first + row * columns + column];
        if (!card) continue;
        doc.save();
        doc.translate(left + column * cardWidth, top + row * cardHeight);
        // From here on the card is drawn in millimetres of the design.
        doc.scale(scale * PT_PER_MM);
        drawCard(doc, blocks, { ...input, url: card.url });
        if (card.name) drawCardName(doc, card.name, input.settings.colorDark);
        doc.restore();
      }
    }

    drawCropMarks(doc, {
      xs: Array.from({ length: columns + 1 }, (_, i) => left + i * cardWidth),
      ys: Array.from({ length: rows + 1 }, (_, i) => top + i * cardHeight),
    });
  }
  doc.end();
  return done;
}

/** A display's name in the card's top margin (inside the padding), so each card finds its table. */
function drawCardName(doc: PDFKit.PDFDocument, name: string, color: string) {
  const size = 3.2;
  doc.font('Inter-Bold').fontSize(size).fillColor(color).fillOpacity(0.7);
  doc.text(name, QR_CARD.padding, 2.6, {
    width: QR_CARD.width - 2 * QR_CARD.padding,
    align: 'center',
    lineBreak: false,
    ellipsis: true,
    height: size * 1.3,
  });
  doc.fillOpacity(1);
}

export const cardSizeText = (perPage: 1 | 4): string => {
  const scale = perPage === 1 ? QR_CARD_SINGLE_SCALE : 1;
  return `${round(QR_CARD.width * scale)} × ${round(QR_CARD.height * scale)} mm`;
};
const round = (value: number) => Math.round(value * 10) / 10;

function drawCard(doc: PDFKit.PDFDocument, blocks: QrCardBlock[], input: QrCardsInput) {
  const { colorDark, colorLight, backgroundImageAlpha } = input.settings;
  doc.rect(0, 0, QR_CARD.width, QR_CARD.height).fill(colorLight);
  for (const block of blocks) {
    switch (block.kind) {
      case 'logo':
        if (input.logo)
          doc.image(input.logo, block.x, block.y, {
            fit: [block.w, block.h],
            align: 'center',
            valign: 'center',
          });
        break;
      case 'text':
        if (block.panel) {
          doc.save();
          doc.fillOpacity(0.08).roundedRect(block.x, block.y, block.w, block.h, 2).fill(colorDark);
          doc.restore();
          fitText(
            doc,
            block.text,
            block.style,
            { x: block.x + 3, y: block.y + 3, w: block.w - 6, h: block.h - 6 },
            colorDark,
          );
        } else {
          fitText(doc, block.text, block.style, block, colorDark);
        }
        break;
      case 'rule':
        doc.save();
        doc
          .strokeOpacity(0.35)
          .lineWidth(0.2)
          .moveTo(block.x, block.y + 1)
          .lineTo(block.x, block.y + block.h - 1)
          .stroke(colorDark);
        doc.restore();
        break;
      case 'wifi':
        drawWifi(doc, block, colorDark);
        break;
      case 'qr':
        drawCode(doc, block, input, backgroundImageAlpha);
        break;
    }
  }
}

/** Sets the font and answers the extra gap PDFKit needs for a line height of 1.25 em. */
function useFont(doc: PDFKit.PDFDocument, bold: boolean, sizeMm: number): number {
  doc.font(bold ? 'Inter-Bold' : 'Inter').fontSize(sizeMm);
  return Math.max(0, sizeMm * QR_LINE_HEIGHT - doc.currentLineHeight(false));
}

/**
 * Draws a text centred in its box, shrinking the font (to 60% at most) until it fits, with an
 * ellipsis if even that is too long.
 */
function fitText(
  doc: PDFKit.PDFDocument,
  value: string,
  style: keyof typeof qrTextStyles,
  box: { x: number; y: number; w: number; h: number },
  color: string,
) {
  const { size, bold } = qrTextStyles[style];
  let sizeMm = size * MM_PER_PT;
  const smallest = sizeMm * 0.6;
  let lineGap = useFont(doc, bold, sizeMm);
  let height = doc.heightOfString(value, { width: box.w, lineGap });
  while (height > box.h + 0.01 && sizeMm > smallest) {
    sizeMm = Math.max(smallest, sizeMm - 0.1);
    lineGap = useFont(doc, bold, sizeMm);
    height = doc.heightOfString(value, { width: box.w, lineGap });
  }
  const shown = Math.min(height, box.h);
  doc.fillColor(color).text(value, box.x, box.y + (box.h - shown) / 2, {
    width: box.w,
    height: box.h + 0.01,
    align: 'center',
    lineGap,
    ellipsis: true,
  });
}

function drawWifi(doc: PDFKit.PDFDocument, block: Extract<QrCardBlock, { kind: 'wifi' }>, color: string) {
  doc.save();
  doc.lineWidth(0.3).strokeOpacity(0.6).roundedRect(block.x, block.y, block.w, block.h, 2).stroke(color);
  doc.restore();
  let y = block.y + 2.2;
  useFont(doc, true, 7 * MM_PER_PT);
  doc.fillColor(color).text('FREE WIFI', block.x, y, {
    width: block.w,
    align: 'center',
    characterSpacing: 0.4,
    lineBreak: false,
  });
  y += 7 * MM_PER_PT * QR_LINE_HEIGHT + 0.8;
  const line = (label: string, value: string) => {
    if (!value) return;
    useFont(doc, false, 9 * MM_PER_PT);
    doc.fillColor(color).text(`${label}: ${value}`, block.x + 2, y, {
      width: block.w - 4,
      align: 'center',
      height: 9 * MM_PER_PT * QR_LINE_HEIGHT,
      ellipsis: true,
    });
    y += 9 * MM_PER_PT * QR_LINE_HEIGHT + 0.4;
  };
  line('Network', block.name);
  line('Password', block.password);
}

/** The code in vector: a rectangle per run of dark modules, one filled path. */
function drawCode(
  doc: PDFKit.PDFDocument,
  block: Extract<QrCardBlock, { kind: 'qr' }>,
  input: QrCardsInput,
  alpha: number,
) {
  const modules = qrModules(input.url);
  const unit = block.size / (modules.size + 2 * QR_CARD_QUIET_ZONE);
  const x0 = block.x + QR_CARD_QUIET_ZONE * unit;
  const y0 = block.y + QR_CARD_QUIET_ZONE * unit;
  const side = modules.size * unit;
  if (input.logo && alpha > 0) {
    doc.save();
    doc.opacity(alpha);
    doc.image(input.logo, x0, y0, { fit: [side, side], align: 'center', valign: 'center' });
    doc.restore();
  }
  for (const run of qrModuleRuns(modules)) {
    doc.rect(x0 + run.col * unit, y0 + run.row * unit, run.length * unit, unit);
  }
  doc.fill(input.settings.colorDark);

  // The address on one line: a long one is set smaller (down to 60%) to fit the card's width.
  const address = input.url.replace(/^https?:\/\//, '');
  const width = QR_CARD.width - 2 * QR_CARD.padding;
  let sizeMm = block.urlSize * MM_PER_PT;
  useFont(doc, false, sizeMm);
  const natural = doc.widthOfString(address);
  if (natural > width) {
    sizeMm = Math.max(sizeMm * 0.6, (sizeMm * width) / natural);
    useFont(doc, false, sizeMm);
  }
  doc.save();
  doc.fillOpacity(0.75);
  doc.fillColor(input.settings.colorDark).text(address, QR_CARD.padding, block.urlY, {
    width,
    height: sizeMm * QR_LINE_HEIGHT,
    align: 'center',
    ellipsis: true,
  });
  doc.restore();
}

/** Crop marks at every cut line, in the margin outside the bleed, in registration black. */
function drawCropMarks(doc: PDFKit.PDFDocument, cuts: { xs: number[]; ys: number[] }) {
  const offset = MARK_OFFSET * PT_PER_MM;
  const length = MARK_LENGTH * PT_PER_MM;
  const first = { x: cuts.xs[0]!, y: cuts.ys[0]! };
  const last = { x: cuts.xs.at(-1)!, y: cuts.ys.at(-1)! };
  doc.save();
  doc.lineWidth(MARK_WIDTH).strokeColor('#000000');
  for (const x of cuts.xs) {
    doc.moveTo(x, first.y - offset - length).lineTo(x, first.y - offset);
    doc.moveTo(x, last.y + offset).lineTo(x, last.y + offset + length);
  }
  for (const y of cuts.ys) {
    doc.moveTo(first.x - offset - length, y).lineTo(first.x - offset, y);
    doc.moveTo(last.x + offset, y).lineTo(last.x + offset + length, y);
  }
  doc.stroke();
  doc.restore();
}
