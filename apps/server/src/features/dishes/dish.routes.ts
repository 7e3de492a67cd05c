import {
  cloneSchema,
  dishInputSchema,
  dishSchema,
  dishUpdateSchema,
  idsSchema,
  listDishesQuery,
  messages,
  objectId,
  paginatedSchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { parseFields, readForm } from '../../http/form.ts';
import { listHandler, pageDescription } from '../../http/list-page.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { DishService } from './dish.service.ts';

/** The multipart text fields that carry JSON; every other field (the name above all) stays text. */
const jsonFields = [
  'calories',
  'alcoholPercentage',
  'category',
  'ingredients',
  'sideDishes',
  'customizations',
  'dietaryConsiderations',
  'allergens',
  'image',
  'translations',
] as const;

const formDescription = `JSON, or multipart/form-data whose \`image\` part is a jpg, jpeg, png or webp file of at most 10 MB; in multipart, ${jsonFields.join(', ')} are JSON text and every other field is plain text. Fields: name, description (rich text, sanitized), price, calories, alcoholPercentage, isAvailable, category (the dish joins the end of it, the order a diner reads; the dish list itself keeps newest first), ingredients (ids, or objects \`{ingredient}\`), sideDishes, customizations {selected, custom}, dietaryConsiderations {selected, admin}, removeImage (or \`image\` null or ''; a path sent back as read keeps the picture).`;

/**
 * /api/dishes (doc 1 §7, doc 3 §7.4). Reading needs only a restaurant (categories and menus show
 * dishes to members of every flag); adding, editing, deleting and cloning need the dish flag
 * (doc 1 §6).
 */
export const dishRoutes: FastifyPluginAsyncZod<{ dishes: DishService }> = async (app, { dishes }) => {
  const tags = ['dishes'];
  const security = [{ bearer: [] }];
  // Sign-in and the flag are checked on request, before the body is read: a stranger gets 401 and a
  // member without the flag 403, never a validation answer.
  const reader = { onRequest: app.authenticate } as const;
  const writer = { onRequest: [app.authenticate, requirePermission('dish')] };
  const params = z.object({ id: objectId });

  app.get(
    '/',
    {
      ...reader,
      schema: {
        security,
        tags,
        summary: 'Own and inherited dishes, new ones first; or one page of them',
        description: `${pageDescription('name', 'created (newest first), name, price')} \`ids\` (with \`page\`, at most 100, comma-separated) keeps only those dishes.`,
        querystring: listDishesQuery,
        response: responses(
          z.union([z.array(dishSchema), paginatedSchema(dishSchema)]),
          [400, 401, 403, 417],
        ),
      },
    },
    // The whole list takes no filter: `ids` keeps only some dishes of a page.
    listHandler((caller) => dishes.list(caller), dishes.page),
  );

  app.get(
    '/:id',
    {
      ...reader,
      schema: {
        security,
        tags,
        summary: 'One dish',
        params,
        response: responses(dishSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await dishes.get(callerOf(request), request.params.id)),
  );

  app.post(
    '/',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary: 'Create a dish (JSON or multipart with its image)',
        description: formDescription,
        response: responses(dishSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => {
      const { fields, files } = await readForm(request, { json: jsonFields, files: ['image'] });
      const input = parseFields(dishInputSchema, fields);
      return ok(await dishes.create(callerOf(request), input, files.image));
    },
  );

  app.put(
    '/:id',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary: 'Update a dish: only the fields sent change (JSON or multipart with a new image)',
        description: `${formDescription} A list, when sent, replaces the dish's.`,
        params,
        response: responses(dishSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => {
      const { fields, files } = await readForm(request, { json: jsonFields, files: ['image'] });
      const input = parseFields(dishUpdateSchema, fields);
      return ok(await dishes.update(callerOf(request), request.params.id, input, files.image));
    },
  );

  app.delete(
    '/',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary: 'Delete own dishes (all or none), with their images',
        body: idsSchema,
        response: responses(z.string(), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => {
      await dishes.remove(callerOf(request), request.body.ids);
      return ok(messages.dishDeleted);
    },
  );

  app.post(
    '/:id/clone',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary:
          "Copy a dish (inherited ones too), unavailable, as `name` or the original's name + ' (copy)'",
        description: 'Answers 412 when one of the dishes the caller sees has that name; the client retries.',
        params,
        body: cloneSchema.nullish(),
        response: responses(dishSchema, [400, 401, 403, 404, 412, 417]),
      },
    },
    async (request) => ok(await dishes.clone(callerOf(request), request.params.id, request.body ?? {})),
  );
};
