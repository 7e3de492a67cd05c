import { allowedImageExtensions, type ImageVariants, messages } from '@carte/domain';
import sharp from 'sharp';
import type { Storage } from '../../adapters/storage/storage.ts';
import { InvalidError } from '../../core/errors.ts';
import { type UploadedFile, uploadedSource } from '../../core/uploaded-file.ts';
import { newId } from '../../db/ids.ts';

export type ImageKind = 'dish' | 'cover' | 'logo';

interface Variant {
  width: number;
  height?: number;
  fit: 'cover' | 'inside' | 'contain';
}

/**
 * Sizes of doc 1 §9 and doc 2 §9, at twice the displayed size for sharp screens: dish table 80×50,
 * dish card 150×225, menu cover 450 wide, logo 80×50.
 */
const variants: Record<ImageKind, Record<'thumb' | 'card' | 'full', Variant>> = {
  dish: {
    thumb: { width: 160, height: 100, fit: 'cover' },
    card: { width: 300, height: 450, fit: 'cover' },
    full: { width: 1200, height: 1200, fit: 'inside' },
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
};

const allowedFormats = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks an upload by its name and by its content (a text file renamed .png is refused), then
 * re-encodes it to WebP variants with sharp — metadata (EXIF, GPS) is dropped — and stores them.
 * Answers the storage key.
 */
export async function storeImage(storage: Storage, file: UploadedFile, kind: ImageKind): Promise<string> {
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

  return writeVariants(storage, source, kind);
}

/** Re-encodes a checked picture into the kind's WebP variants under a new key; answers the key. */
async function writeVariants(storage: Storage, source: string | Buffer, kind: ImageKind): Promise<string> {
  const key = `${kind}/${newId()}`;
  for (const [name, variant] of Object.entries(variants[kind])) {
    const output = await sharp(source, { failOn: 'error' })
      .rotate()
      .resize({
        width: variant.width,
        height: variant.height,
        fit: variant.fit,
        withoutEnlargement: true,
        background: { r: 255, g: 255, b: 255, alpha: 0 },
      })
      .webp({ quality: 80 })
      .toBuffer();
    await storage.put(`${key}/${name}.webp`, output, 'image/webp');
  }
  return key;
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
  return writeVariants(storage, Buffer.concat(chunks), kind);
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
