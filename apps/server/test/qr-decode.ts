import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';

/**
 * Reading QR codes back the way a phone does: from pixels. PNG, JPEG and SVG files are decoded to
 * pixels with sharp; a PDF page is rendered by PDF.js (Mozilla's PDF renderer) on a canvas, so the
 * test reads what the file draws, not what the code meant to draw.
 */

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Any image sharp reads (PNG, JPEG, SVG) as RGBA pixels. */
export async function pixelsOf(image: Buffer | string): Promise<Pixels> {
  const { data, info } = await sharp(typeof image === 'string' ? Buffer.from(image) : image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

export const decode = (pixels: Pixels): string | null =>
  jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' })?.data ?? null;

export const decodeImage = async (image: Buffer | string) => decode(await pixelsOf(image));

export interface RenderedPage {
  /** Page size in points. */
  widthPt: number;
  heightPt: number;
  pixels: Pixels;
  /** Rendering pixels per point. */
  scale: number;
  text: string[];
  /** How many raster images the page paints (a vector code paints none). */
  images: number;
}

/** Renders one page of a PDF to pixels with PDF.js. */
export async function renderPdfPage(pdf: Buffer, pageNumber = 1, scale = 3): Promise<RenderedPage> {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await task.promise;
  try {
    const page = await document.getPage(pageNumber);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const content = await page.getTextContent();
    const operators = await page.getOperatorList();
    const imageOps = new Set<number>([
      OPS.paintImageXObject,
      OPS.paintInlineImageXObject,
      OPS.paintImageMaskXObject,
    ]);
    const [, , widthPt, heightPt] = page.view as [number, number, number, number];
    return {
      widthPt,
      heightPt,
      scale,
      pixels: { data: new Uint8ClampedArray(image.data), width: image.width, height: image.height },
      text: content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : [])),
      images: operators.fnArray.filter((op) => imageOps.has(op)).length,
    };
  } finally {
    await task.destroy();
  }
}

/** A rectangle of a rendered page, given in points from the top-left corner. */
export function crop(page: RenderedPage, box: { x: number; y: number; w: number; h: number }): Pixels {
  const x = Math.round(box.x * page.scale);
  const y = Math.round(box.y * page.scale);
  const width = Math.round(box.w * page.scale);
  const height = Math.round(box.h * page.scale);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * page.pixels.width + x) * 4;
    data.set(page.pixels.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { data, width, height };
}
