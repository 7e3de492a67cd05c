import { QR_QUIET_ZONE, type QrModules, type QrSettings, qrModulePath } from '@carte/domain';
import QRCode from 'qrcode';
import sharp from 'sharp';

/**
 * The bare code as a file (doc 2 §4, §9: png, jpeg, svg), drawn with the `qrcode` package
 * (decisions §1) in the restaurant's colours. With a background image alpha, the logo shows faintly
 * behind the modules.
 */

/** Error correction M: survives a scratched or folded card and keeps the code small for a URL. */
const ERROR_CORRECTION = 'M';
const QUIET_ZONE = QR_QUIET_ZONE;

export const qrModules = (url: string): QrModules =>
  QRCode.create(url, { errorCorrectionLevel: ERROR_CORRECTION }).modules;

/** A picture shown behind the code, and how opaque (0–0.5). */
export interface Watermark {
  /** Any image sharp reads (the logo's stored WebP). */
  image: Buffer;
  alpha: number;
}

const hasWatermark = (watermark: Watermark | null | undefined): watermark is Watermark =>
  !!watermark && watermark.alpha > 0;

/** The picture fitted in a square and faded to `alpha`, as PNG. */
async function fadedPicture(watermark: Watermark, side: number): Promise<Buffer> {
  const alpha = Math.round(Math.min(1, Math.max(0, watermark.alpha)) * 255);
  const fitted = await sharp(watermark.image)
    .resize(side, side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .ensureAlpha()
    .png()
    .toBuffer();
  return sharp(fitted)
    .composite([
      {
        input: Buffer.from([255, 255, 255, alpha]),
        raw: { width: 1, height: 1, channels: 4 },
        tile: true,
        blend: 'dest-in',
      },
    ])
    .png()
    .toBuffer();
}

/**
 * The code as PNG, `size` pixels square (quiet zone included). `qrcode` maps every pixel to its
 * module, so edges stay sharp at any size.
 */
export async function qrPng(
  url: string,
  settings: QrSettings,
  size: number,
  watermark?: Watermark | null,
): Promise<Buffer> {
  const withPicture = hasWatermark(watermark);
  const code = await QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
    width: size,
    color: { dark: `${settings.colorDark}ff`, light: withPicture ? '#00000000' : `${settings.colorLight}ff` },
  });
  if (!withPicture) return code;
  const count = qrModules(url).size;
  const inner = Math.max(1, Math.round((size * count) / (count + 2 * QUIET_ZONE)));
  return sharp({ create: { width: size, height: size, channels: 4, background: settings.colorLight } })
    .composite([
      { input: await fadedPicture(watermark, inner), gravity: 'center' },
      { input: code, top: 0, left: 0 },
    ])
    .png()
    .toBuffer();
}

/** The code as JPEG (no transparency: the light colour fills the background). */
export async function qrJpeg(
  url: string,
  settings: QrSettings,
  size: number,
  watermark?: Watermark | null,
): Promise<Buffer> {
  const png = await qrPng(url, settings, size, watermark);
  // Full chroma resolution keeps coloured module edges crisp.
  return sharp(png)
    .flatten({ background: settings.colorLight })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/**
 * The code as SVG: one path of the dark modules on a light square, in module units, so it scales
 * to any size; `size` is only its default display size.
 */
export async function qrSvg(
  url: string,
  settings: QrSettings,
  size: number,
  watermark?: Watermark | null,
): Promise<string> {
  const modules = qrModules(url);
  const side = modules.size + 2 * QUIET_ZONE;
  let picture = '';
  if (hasWatermark(watermark)) {
    // The picture is embedded at the pixels a 1,000 px rendering would need, and faded already.
    const data = await fadedPicture(watermark, 1000);
    picture = `<image x="${QUIET_ZONE}" y="${QUIET_ZONE}" width="${modules.size}" height="${modules.size}" preserveAspectRatio="xMidYMid meet" xlink:href="data:image/png;base64,${data.toString('base64')}"/>`;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size}" height="${size}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">`,
    `<rect width="${side}" height="${side}" fill="${settings.colorLight}"/>`,
    picture,
    `<path fill="${settings.colorDark}" d="${qrModulePath(modules, QUIET_ZONE)}"/>`,
    '</svg>',
  ].join('');
}
