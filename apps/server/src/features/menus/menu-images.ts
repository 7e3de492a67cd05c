import type { Readable } from 'node:stream';
import type { Storage } from '../../adapters/storage/storage.ts';
import { newId } from '../../db/ids.ts';

/** The WebP variants storeImage writes under an image key (features/media/image.service.ts). */
const variantNames = ['thumb', 'card', 'full'] as const;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Copies a stored image's variant files to a new key of the same kind, so a copied menu owns its
 * pictures: deleting either menu (which deletes its images) never breaks the other. Copying files
 * is simpler than counting references and keeps "one key, one owner" everywhere else.
 * Answers null when there was no image or none of its files remain.
 */
export async function copyImage(storage: Storage, key: string | null): Promise<string | null> {
  if (!key) return null;
  const kind = key.split('/')[0] ?? 'image';
  const copy = `${kind}/${newId()}`;
  let copied = 0;
  for (const name of variantNames) {
    const file = await storage.get(`${key}/${name}.webp`);
    if (!file) continue;
    await storage.put(`${copy}/${name}.webp`, await readAll(file.body), file.contentType);
    copied += 1;
  }
  return copied > 0 ? copy : null;
}
