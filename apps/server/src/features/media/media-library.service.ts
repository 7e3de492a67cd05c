import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  editedFileName,
  fileNameStem,
  freeFileName,
  MEDIA_PAGE_SIZE,
  type MediaEdit,
  type MediaItem,
  type MediaPage,
  type MediaUploadResult,
  mediaFileName,
  messages,
  pageOrFirst,
  RESTAURANT_LIMITS,
} from '@carte/domain';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Caller } from '../../core/caller.ts';
import { InvalidError, NotFoundError } from '../../core/errors.ts';
import type { RestaurantScope } from '../../core/restaurant-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import { readUploadedFile, type UploadedFile } from '../../core/uploaded-file.ts';
import type { Db } from '../../db/connect.ts';
import { readPage } from '../../db/list-page.ts';
import { assertRoomFor } from '../../db/restaurant-limits.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { media } from '../../db/schema.ts';
import {
  deleteImage,
  type ImageKind,
  imageUrls,
  storeImageWithSize,
  writeImageVariants,
} from './image.service.ts';

type MediaRow = typeof media.$inferSelect;
type Stored = { key: string; width: number; height: number; fileName: string };

export interface MediaLibraryDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
}

const readAll = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

/** A media item as the API answers it (doc 2 §3: key, fileName, image), with its sizes beside. */
export function presentMediaItem(storage: Storage, row: MediaRow): MediaItem {
  const variants = imageUrls(storage, row.key)!;
  return {
    _id: row.id,
    key: row.key,
    fileName: row.fileName,
    image: variants.full,
    imageVariants: variants,
    width: row.width ?? 0,
    height: row.height ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's own item (a location does not see its parent's library): 404 otherwise. */
async function findOwn(db: Db, scope: RestaurantScope, condition: SQL | undefined): Promise<MediaRow> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.restaurantId, scope.restaurantId), condition));
  if (!row) throw new NotFoundError();
  return row;
}

/** The largest variant of an item, the source of its crops and of the pictures picked from it. */
async function sourceOf(storage: Storage, row: MediaRow): Promise<Buffer> {
  const file = await storage.get(`${row.key}/full.webp`);
  if (!file) throw new NotFoundError();
  return readAll(file.body);
}

/**
 * Copies a media item's picture for a record (a dish image, a menu cover or logo, the restaurant's
 * logo): re-encoded from the item's largest variant to the variants of `kind`, under a new key the
 * record owns. So deleting the item later never breaks the record, and deleting the record never
 * touches the library. Only the caller's own items can be copied (404 otherwise). Answers the key;
 * the caller deletes it (deleteImage) if its own write fails.
 */
export async function copyMediaImage(
  db: Db,
  storage: Storage,
  scope: RestaurantScope,
  mediaId: string,
  kind: ImageKind,
): Promise<string> {
  const row = await findOwn(db, scope, eq(media.id, mediaId));
  return (await writeImageVariants(storage, await sourceOf(storage, row), kind)).key;
}

/**
 * Writes new items with file names unique in the restaurant. Uploads of one restaurant take its lock
 * in turn, so two at once cannot both take "photo.jpg". `inLock` runs first under that lock and may
 * answer fewer items (the ones still to write).
 */
async function insertMediaRows(
  db: Db,
  now: () => Date,
  restaurantId: string,
  stored: Stored[],
  inLock?: (tx: Tx) => Promise<Stored[]>,
): Promise<MediaRow[]> {
  return db.transaction(async (tx: Tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media:${restaurantId}`}, 0))`);
    const items = inLock ? await inLock(tx) : stored;
    if (items.length === 0) return [];
    await assertRoomFor(tx, 'media', restaurantId, items.length);
    const taken = new Set<string>();
    for (const stem of new Set(items.map((item) => fileNameStem(item.fileName)))) {
      const rows = await tx
        .select({ fileName: media.fileName })
        .from(media)
        .where(
          and(eq(media.restaurantId, restaurantId), sql`left(${media.fileName}, ${stem.length}) = ${stem}`),
        );
      for (const row of rows) taken.add(row.fileName);
    }
    const createdAt = now();
    const values = items.map((item, index) => {
      const fileName = freeFileName(item.fileName, taken);
      taken.add(fileName);
      // One upload keeps its order: the first file sent is listed first among them.
      const at = new Date(createdAt.getTime() - index);
      return { ...item, fileName, restaurantId, createdAt: at, updatedAt: at };
    });
    return tx.insert(media).values(values).returning();
  });
}

/**
 * A dish picture, menu cover or logo, or restaurant logo just uploaded joins the restaurant's media
 * library (issue 22), so "Choose from media" can reuse it: its media variants are written under a
 * key made from the restaurant and the file's bytes, so the same file uploaded again (for another
 * dish) finds its item and adds nothing. Nothing is added either when an item of the same name and
 * size is there (the same photo uploaded to the library by hand), or when the library is full
 * (RESTAURANT_LIMITS.media): the record keeps its picture all the same. Answers the new item's row.
 */
export async function addUploadToLibrary(
  deps: MediaLibraryDeps,
  restaurantId: string,
  file: UploadedFile,
): Promise<MediaRow | null> {
  const { db, storage, now } = deps;
  const bytes = await readUploadedFile(file);
  const key = `media/${createHash('sha256').update(restaurantId).update(bytes).digest('hex').slice(0, 24)}`;
  const fileName = mediaFileName(file.filename);
  const known = (executor: Db | Tx, size?: { width: number; height: number }) =>
    executor
      .select({ id: media.id })
      .from(media)
      .where(
        and(
          eq(media.restaurantId, restaurantId),
          size
            ? or(
                eq(media.key, key),
                and(eq(media.fileName, fileName), eq(media.width, size.width), eq(media.height, size.height)),
              )
            : eq(media.key, key),
        ),
      )
      .limit(1);
  if ((await known(db)).length > 0) return null;
  const [held] = await db.select({ n: count() }).from(media).where(eq(media.restaurantId, restaurantId));
  if (Number(held?.n ?? 0) >= RESTAURANT_LIMITS.media) return null;

  const image = await writeImageVariants(storage, bytes, 'media', key);
  try {
    const [row] = await insertMediaRows(db, now, restaurantId, [{ ...image, fileName }], async (tx) =>
      (await known(tx, image)).length > 0 ? [] : [{ ...image, fileName }],
    );
    if (row) return row;
    // Already there: the same file's item owns these variants (same key) unless only the name matched.
    if ((await known(db)).length === 0) await deleteImage(storage, key);
    return null;
  } catch (error) {
    await deleteImage(storage, key);
    // The library filled up meanwhile: the record keeps its picture, the library stays as it is.
    if (error instanceof InvalidError) return null;
    throw error;
  }
}

/**
 * The media library (doc 2 §2 "Media section", §7): a restaurant's own pictures, newest first,
 * MEDIA_PAGE_SIZE a page. Every query is scoped to the caller's own restaurant.
 */
export function createMediaLibraryService(deps: MediaLibraryDeps) {
  const { db, storage, now } = deps;

  const insertItems = (restaurantId: string, stored: Stored[]) =>
    insertMediaRows(db, now, restaurantId, stored);

  /** Removes files stored for items whose rows could not be written. */
  const discard = (stored: Stored[]) => Promise.all(stored.map((item) => deleteImage(storage, item.key)));

  return {
    /** One page of the library, newest first; a page past the end answers the last page. */
    /** One page, newest first, read with the shared paging (readPage); doc 2's shape kept. */
    async list(
      caller: Caller,
      query: { page?: number | undefined; per_page?: number | undefined },
    ): Promise<MediaPage> {
      const scope = await scopeOf(db, caller);
      const own = eq(media.restaurantId, scope.restaurantId);
      const [counted] = await db.select({ total: count() }).from(media).where(own);
      const { data, ...pagination } = await readPage(
        pageOrFirst(query, MEDIA_PAGE_SIZE),
        counted?.total ?? 0,
        (limit, offset) =>
          db
            .select()
            .from(media)
            .where(own)
            .orderBy(desc(media.createdAt), desc(media.id))
            .limit(limit)
            .offset(offset),
        async (rows) => rows.map((row) => presentMediaItem(storage, row)),
      );
      return { data, pagination };
    },

    /**
     * Stores every valid picture (checked by name and content, re-encoded to WebP) and counts the
     * others (doc 2 §5: "N file(s) that you have uploaded is/are not valid."). When none is valid,
     * nothing is stored and that message is the 400 answer.
     */
    async upload(caller: Caller, files: UploadedFile[]): Promise<MediaUploadResult> {
      const scope = await scopeOf(db, caller);
      if (files.length === 0) throw new InvalidError(messages.mediaImageRequired);
      // Refused before a picture is processed; checked again as the rows are written.
      await assertRoomFor(db, 'media', scope.restaurantId, files.length);
      const stored: Stored[] = [];
      let invalid = 0;
      try {
        for (const file of files) {
          try {
            const image = await storeImageWithSize(storage, file, 'media');
            stored.push({ ...image, fileName: mediaFileName(file.filename) });
          } catch (error) {
            if (!(error instanceof InvalidError)) throw error;
            invalid += 1;
          }
        }
        if (stored.length === 0) throw new InvalidError(messages.mediaFilesInvalid(invalid));
        const rows = await insertItems(scope.restaurantId, stored);
        return { data: rows.map((row) => presentMediaItem(storage, row)), invalid };
      } catch (error) {
        await discard(stored);
        throw error;
      }
    },

    /**
     * Saves the area `rect` of an item (pixels of its largest variant) as a new item beside it,
     * named "… (edited)": the original stays, so a crop never loses a picture (doc 2 §7).
     */
    async edit(caller: Caller, input: MediaEdit): Promise<MediaItem> {
      const scope = await scopeOf(db, caller);
      const row = await findOwn(db, scope, itemNamed(input.img));
      const source = await sourceOf(storage, row);
      const { width, height } =
        row.width && row.height ? { width: row.width, height: row.height } : await sharp(source).metadata();
      const rect = {
        left: Math.round(input.rect.x),
        top: Math.round(input.rect.y),
        width: Math.round(input.rect.width),
        height: Math.round(input.rect.height),
      };
      const inside =
        rect.left >= 0 &&
        rect.top >= 0 &&
        rect.width >= 1 &&
        rect.height >= 1 &&
        rect.left + rect.width <= (width ?? 0) &&
        rect.top + rect.height <= (height ?? 0);
      if (!inside) throw new InvalidError(messages.mediaCropOutside);
      const cropped = await sharp(source).extract(rect).toBuffer();
      const image = await writeImageVariants(storage, cropped, 'media');
      const stored = [{ ...image, fileName: editedFileName(row.fileName) }];
      try {
        const [inserted] = await insertItems(scope.restaurantId, stored);
        return presentMediaItem(storage, inserted!);
      } catch (error) {
        await discard(stored);
        throw error;
      }
    },

    /** Deletes the caller's item of that name, and its stored files (doc 2 §7, `{fileName}`). */
    async remove(caller: Caller, fileName: string): Promise<void> {
      const scope = await scopeOf(db, caller);
      const row = await findOwn(db, scope, eq(media.fileName, fileName));
      await db.delete(media).where(and(eq(media.id, row.id), eq(media.restaurantId, scope.restaurantId)));
      await deleteImage(storage, row.key);
    },
  };
}

/**
 * Which item `img` names: its `_id`, its storage key, or a path or address of one of its images
 * (`/media/media/{id}/full.webp`). Anything else names nothing (404).
 */
function itemNamed(img: string): SQL | undefined {
  const value = img.trim();
  if (/^[0-9a-f]{24}$/.test(value)) return eq(media.id, value);
  const key = /(?:^|\/)(media\/[0-9a-f]{24})(?:\/|$)/.exec(value)?.[1];
  return key ? eq(media.key, key) : sql`false`;
}

export type MediaLibraryService = ReturnType<typeof createMediaLibraryService>;
