import {
  MEDIA_UPLOAD_MAX_FILES,
  mediaDeleteSchema,
  mediaEditSchema,
  mediaItemSchema,
  mediaListQuery,
  mediaPageSchema,
  mediaUploadResultSchema,
  messages,
  UPLOAD_LIMIT_BYTES,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { readForm } from '../../http/form.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { MediaLibraryService } from './media-library.service.ts';

/** The file parts of an upload: `images[0]`, `images[1]`… (doc 2 §7, "form data images[i]"). */
const imageParts = /^images\[\d{1,3}\]$/;

/**
 * The media library under /restaurants (doc 2 §7, doc 3 §7.4). Changing it needs the dish flag
 * (doc 2 §6: media needs dish); listing is open to every member of the restaurant, since every
 * image field offers the library (the menu cover to a member with the menu flag only).
 */
export const mediaLibraryRoutes: FastifyPluginAsyncZod<{ library: MediaLibraryService }> = async (
  app,
  { library },
) => {
  const tags = ['media'];
  const security = [{ bearer: [] }];
  // Checked on request, before the body is read: a member without the flag always gets 403.
  const writer = { onRequest: [app.authenticate, requirePermission('dish')] };

  app.get(
    '/media',
    {
      onRequest: app.authenticate,
      schema: {
        security,
        tags,
        summary: "One page of the restaurant's media library, newest first",
        description:
          'Answers `data` (the items) and `pagination` (page, per_page, previous_page, next_page, total, total_pages). `page` from 1 (1 when absent), `per_page` 1 to 100 (24 when absent). A page past the last answers the last page.',
        querystring: mediaListQuery,
        response: responses(mediaPageSchema, [400, 401, 403, 417]),
      },
    },
    async (request) => ok(await library.list(callerOf(request), request.query)),
  );

  app.post(
    '/upload-media',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary: 'Add images to the media library (multipart, several at once)',
        description: `multipart/form-data with file parts \`images[0]\`, \`images[1]\`… (at most ${MEDIA_UPLOAD_MAX_FILES}, each a jpg, jpeg, png or webp of at most 10 MB, checked by content). Valid images are stored and answered in \`data\`; \`invalid\` counts the others. When none is valid, 400 "N file(s) that you have uploaded is/are not valid."; without any image, 400 "Please choose an image to upload".`,
        response: responses(mediaUploadResultSchema, [400, 401, 403, 413, 417]),
      },
    },
    async (request) => {
      const { files } = await readForm(request, {
        files: [imageParts],
        limits: {
          files: MEDIA_UPLOAD_MAX_FILES,
          totalBytes: MEDIA_UPLOAD_MAX_FILES * UPLOAD_LIMIT_BYTES + 1024 * 1024,
        },
        fileTooBig: () => messages.mediaFileTooLarge,
        tooManyFiles: messages.mediaTooManyFiles(MEDIA_UPLOAD_MAX_FILES),
      });
      return ok(await library.upload(callerOf(request), Object.values(files)));
    },
  );

  app.post(
    '/media/edit',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary: 'Save a cropped version of an image as a new item beside it',
        description:
          '`img` names the item (its `_id`, its `key` or one of its image paths); `rect` `{x, y, width, height}` is the area to keep, in pixels of its `image` (the item\'s `width` × `height`). Answers the new item, named "… (edited)".',
        body: mediaEditSchema,
        response: responses(mediaItemSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await library.edit(callerOf(request), request.body)),
  );

  app.delete(
    '/media',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary: 'Delete an image of the media library, with its stored files',
        description:
          'Names the item by its `fileName` (unique within the restaurant). Dishes and menus that use a picture picked from it keep their own copy.',
        body: mediaDeleteSchema,
        response: responses(z.string(), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => {
      await library.remove(callerOf(request), request.body.fileName);
      return ok(messages.mediaDeleted);
    },
  );
};
