import { allowedImageExtensions, DISH_IMAGE_ASPECT, type ImageVariants, messages } from '@carte/domain';
import sharp from 'sharp';
import type { Storage } from '../../adapters/storage/storage.ts';
import { InvalidError } from '../../core/errors.ts';
import { type UploadedFile, uploadedSource } from '../../core/uploaded-file.ts';
import { newId } from '../../db/ids.ts';

export type ImageKind = 'dish' | 'cover' | 'logo' | 'media';

interface Variant {
  width: number;
  height?: number;
  fit: 'cover' | 'inside' | 'contain';
}

/**
 * Sizes of doc 1 §9 and doc 2 §9, at twice the displayed size for sharp screens: menu cover 450
 * wide, logo 80×50, media thumbnail 300×300. Dish pictures have one shape, DISH_IMAGE_ASPECT (4:3),
 * in every variant: the dish form crops to it, so these cuts change nothing for an upload and cut a
 * picture from elsewhere (the media library, the demo) once; the templates show it whole (issue 11
 * item 4, replacing the specification's 125×225 box). A media item's full size is large, because it
 * is the source of its crops and of the pictures picked from it.
 */
const variants: Record<ImageKind, Record<'thumb' | 'card' | 'full', Variant>> = {
  dish: {
    // 320 wide: the dish table's 80 px and a menu row's 112–144 px, at twice the size.
    thumb: { width: 320, height: Math.round(320 / DISH_IMAGE_ASPECT), fit: 'cover' },
    card: { width: 600, height: Math.round(600 / DISH_IMAGE_ASPECT), fit: 'cover' },
    full: { width: 1200, height: Math.round(1200 / DISH_IMAGE_ASPECT), fit: 'cover' },
  },
  cover: {
    thumb: { width: 160, height: 100, fit: 'cover' },
    card: { width: 900, fit: 'inside' },
    full: { width: 1800, fit: 'inside' },
  },
  logo: {
    thumb: { width: 160, height: 100, fit: 'contain' },
    card: { width: 300, height: 300, fit: 'inside' },
    full: { width: 800, height: 800, fit: 'inside' },
  },
  media: {
    thumb: { width: 600, height: 600, fit: 'cover' },
    card: { width: 1200, height: 1200, fit: 'inside' },
    full: { width: 2400, height: 2400, fit: 'inside' },
  },
};

const allowedFormats = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks an upload by its name and by its content (a text file renamed .png is refused), then
 * re-encodes it to WebP variants with sharp — metadata (EXIF, GPS) is dropped — and stores them.
 * Answers the storage key.
 */
export async function storeImage(storage: Storage, file: UploadedFile, kind: ImageKind): Promise<string> {
  return (await storeImageWithSize(storage, file, kind)).key;
}

/** storeImage, answering also the pixels of the largest variant (the media library keeps them). */
export async function storeImageWithSize(
  storage: Storage,
  file: UploadedFile,
  kind: ImageKind,
): Promise<{ key: string; width: number; height: number }> {
  const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
  if (!(allowedImageExtensions as readonly string[]).includes(extension))
    throw new InvalidError(messages.fileNotAllowed);
  if (file.size > 10_485_760) throw new InvalidError(messages.fileTooBig(file.filename));
  const source = uploadedSource(file);
  let format: string | undefined;
  try {
    format = (await sharp(source).metadata()).format;
  } catch {
    throw new InvalidError(messages.fileNotAllowed);
  }
  if (!format || !allowedFormats.has(format)) throw new InvalidError(messages.fileNotAllowed);

  return writeImageVariants(storage, source, kind);
}

/**
 * Re-encodes a picture the server already trusts (a stored variant, a crop of one) to the WebP
 * variants of `kind`, under a new key (or the one given). Answers the key and the pixels of the largest
 * variant.
 */
export async function writeImageVariants(
  storage: Storage,
  source: string | Buffer,
  kind: ImageKind,
  key = `${kind}/${newId()}`,
): Promise<{ key: string; width: number; height: number }> {
  let full = { width: 0, height: 0 };
  try {
    const upright = await uprightSize(source);
    for (const [name, variant] of Object.entries(variants[kind])) {
      const box = variant.fit === 'cover' ? shrunkBox(variant, upright) : variant;
      const { data, info } = await sharp(source, { failOn: 'error' })
        .rotate()
        .resize({
          width: box.width,
          height: box.height,
          fit: variant.fit,
          withoutEnlargement: true,
          background: { r: 255, g: 255, b: 255, alpha: 0 },
        })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true })
        .catch(() => {
          // Its header read well but its pixels do not (a truncated or corrupt file).
          throw new InvalidError(messages.fileNotAllowed);
        });
      await storage.put(`${key}/${name}.webp`, data, 'image/webp');
      if (name === 'full') full = { width: info.width, height: info.height };
    }
  } catch (error) {
    // A picture sharp cannot finish leaves no half-written variants behind.
    await deleteImage(storage, key);
    throw error;
  }
  return { key, ...full };
}

/** A picture's size as shown, once its EXIF orientation is applied (orientations 5–8 turn it). */
async function uprightSize(source: string | Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(source)
    .metadata()
    .catch(() => {
      throw new InvalidError(messages.fileNotAllowed);
    });
  const [width, height] = [meta.width ?? 0, meta.height ?? 0];
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * A cover-cropped box scaled down, never up, to fit a smaller picture while keeping its shape: a
 * 500×1000 photo makes a 500×500 thumbnail, not a 500×600 one (sharp's withoutEnlargement alone
 * would clamp each side apart).
 */
function shrunkBox(variant: Variant, picture: { width: number; height: number }) {
  if (!variant.height || picture.width <= 0 || picture.height <= 0) return variant;
  const scale = Math.min(1, picture.width / variant.width, picture.height / variant.height);
  return {
    width: Math.max(1, Math.floor(variant.width * scale)),
    height: Math.max(1, Math.floor(variant.height * scale)),
  };
}

/**
 * A picture already stored (an item of the media library) made into a new picture of this kind: its
 * largest variant re-encoded to the kind's sizes under a key of its own, so deleting the source never
 * breaks the copy. Answers null when the source has no file any more.
 */
export async function copyStoredImage(
  storage: Storage,
  sourceKey: string,
  kind: ImageKind,
): Promise<string | null> {
  const file = await storage.get(`${sourceKey}/full.webp`);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return (await writeImageVariants(storage, Buffer.concat(chunks), kind)).key;
}

export async function deleteImage(storage: Storage, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await Promise.all(
    ['thumb', 'card', 'full'].map((name) => storage.delete(`${key}/${name}.webp`).catch(() => undefined)),
  );
}

/** The public URLs of a stored image's variants. */
export function imageUrls(storage: Storage, key: string | null | undefined): ImageVariants | null {
  if (!key) return null;
  return {
    thumb: storage.url(`${key}/thumb.webp`),
    card: storage.url(`${key}/card.webp`),
    full: storage.url(`${key}/full.webp`),
  };
}

/**
 * A stored picture as the API answers it: the one URL of the specification (the largest variant,
 * what a page shows when it knows nothing of sizes) and every variant beside it.
 */
export function presentImage(
  storage: Storage,
  key: string | null | undefined,
): { url: string | null; variants: ImageVariants | null } {
  const variants = imageUrls(storage, key);
  return { url: variants?.full ?? null, variants };
}
