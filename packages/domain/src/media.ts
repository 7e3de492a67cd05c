import { z } from 'zod';
import { objectId } from './api.ts';
import { messages } from './messages.ts';
import { listPageQuery, paginationSchema } from './pagination.ts';
import { effectivePermissions, type Permissions, permissionKeys } from './permissions.ts';
import type { Role } from './roles.ts';
import { text } from './validation.ts';
import { imageVariantsSchema } from './workshop.ts';

/**
 * The media library (doc 2 §2 "Media section", §3 "Media item", §5, §7, §9): a restaurant's own
 * pictures, listed a page at a time, uploaded several at once, cropped into new versions, deleted,
 * and picked by every image field.
 */

/** Items on one page of the library and of the picker (doc 2 leaves it open; like the dish picker). */
export const MEDIA_PAGE_SIZE = 24;
/** Images one upload request may carry (`images[0]` … `images[9]`). */
export const MEDIA_UPLOAD_MAX_FILES = 10;
/**
 * The media editor's zoom range. Its dish crop is the dish photo's one shape (DISH_IMAGE_ASPECT, 4:3),
 * in place of doc 2 §9's 125 by 225 box (decisions, "First run, photos and copy").
 */
export const MEDIA_ZOOM = { min: 1, max: 2 } as const;

/** One picture of the library as the API answers it (doc 2 §3: key, fileName, image). */
export const mediaItemSchema = z.object({
  _id: objectId,
  /** The storage key of its files. */
  key: z.string(),
  /** Its title: the uploaded file's name, unique within the restaurant (the delete call names it). */
  fileName: z.string(),
  /** The largest variant's path; `imageVariants` holds every size (thumb is 600×600, cover-cropped). */
  image: z.string(),
  imageVariants: imageVariantsSchema,
  /** Pixels of `image`, the picture a crop rectangle is measured on. */
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** `GET /restaurants/media` answers `message.data` and `message.pagination` (doc 2 §7). */
export const mediaPageSchema = z.object({
  data: z.array(mediaItemSchema),
  /** The paging of doc 2 §3 (page, total, total_pages, per_page) with its neighbours. */
  pagination: paginationSchema,
});
export type MediaPage = z.infer<typeof mediaPageSchema>;

/**
 * `page` (1 when absent) and `per_page` (MEDIA_PAGE_SIZE when absent, at most 100) as every
 * paged list takes them (issue 21); the answer keeps doc 2's `{data, pagination}`.
 */
export const mediaListQuery = listPageQuery(['created']).pick({ page: true, per_page: true });

/** The answer of an upload: the stored items, and how many files were refused by their content or name. */
export const mediaUploadResultSchema = z.object({
  data: z.array(mediaItemSchema),
  invalid: z.number().int(),
});
export type MediaUploadResult = z.infer<typeof mediaUploadResultSchema>;

const pixel = z.number({ error: messages.mediaCropOutside });

/**
 * `POST /restaurants/media/edit {img, rect}` (doc 2 §7): `img` names the item (its `_id`, its `key`
 * or one of its image paths); `rect` is the area to keep, in pixels of `image` (`width` × `height`).
 */
export const mediaEditSchema = z.object({
  img: text({ error: messages.mediaImageMissing })
    .trim()
    .min(1, { error: messages.mediaImageMissing })
    .max(2000, { error: messages.mediaImageMissing }),
  rect: z.object({ x: pixel, y: pixel, width: pixel, height: pixel }, { error: messages.mediaCropOutside }),
});
export type MediaEdit = z.infer<typeof mediaEditSchema>;

/** `DELETE /restaurants/media {fileName}` (doc 2 §7). */
export const mediaDeleteSchema = z.object({
  fileName: text({ error: messages.mediaFileNameRequired })
    .min(1, { error: messages.mediaFileNameRequired })
    .max(255, { error: messages.mediaFileNameRequired }),
});

/**
 * "Upload from media is hidden when the user's permissions are limited to dish only" (doc 2 §6): a
 * user whose only flag is `dish` picks no library image in an image field. The server refuses such
 * a pick too (decisions §3: the browser's checks are convenience only).
 */
export function canPickFromMedia(role: Role, stored: Partial<Permissions> | null | undefined): boolean {
  const held = effectivePermissions(role, stored);
  const granted = permissionKeys.filter((key) => held[key]);
  return !(granted.length === 1 && granted[0] === 'dish');
}

const FILE_NAME_MAX = 120;
// Control characters and lone UTF-16 surrogates: what a title cannot show or PostgreSQL cannot keep.
const UNSHOWABLE = /[\p{Cc}\p{Cs}]/gu;

/** Splits "photo.final.jpg" into "photo.final" and ".jpg" (no extension: ""). */
const splitExtension = (name: string): [string, string] => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
};

/**
 * The title an uploaded file keeps: its name without folders, unshowable characters or extra
 * spaces, at most 120 characters (the extension kept), "image" when nothing is left.
 */
export function mediaFileName(uploaded: string): string {
  const base = uploaded.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSHOWABLE, '').replace(/\s+/g, ' ').trim();
  if (clean === '' || /^\.+$/.test(clean)) return 'image';
  if (clean.length <= FILE_NAME_MAX) return clean;
  const [stem, extension] = splitExtension(clean);
  const ext = extension.length <= 10 ? extension : '';
  return `${stem.slice(0, FILE_NAME_MAX - ext.length).trimEnd()}${ext}`;
}

/**
 * `name`, or "stem (2).ext", "stem (3).ext"… the first one not in `taken`: file names are unique
 * within a restaurant, because the delete call names the file (doc 2 §7, `{fileName}`).
 */
export function freeFileName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const [stem, extension] = splitExtension(name);
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The title of a crop saved from `name` (a new version beside the original): "stem (edited).ext". */
export function editedFileName(name: string): string {
  const [stem, extension] = splitExtension(name);
  return `${stem.replace(/ \(edited\)(?: \(\d+\))?$/, '')} (edited)${extension}`;
}

/** The stem shared by `name` and the names freeFileName may make from it. */
export const fileNameStem = (name: string): string => splitExtension(name)[0];
