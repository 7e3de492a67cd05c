import {
  addDishesSchema,
  categorySchema,
  cloneSchema,
  createCategorySchema,
  idsSchema,
  listCategoriesQuery,
  messages,
  objectId,
  paginatedSchema,
  removeDishSchema,
  updateCategorySchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { listHandler, pageDescription } from '../../http/list-page.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { CategoryService } from './category.service.ts';

export interface CategoryRoutesOptions {
  categories: CategoryService;
}

/**
 * /api/categories (doc 1 §4, §7; doc 3 §7.4). Thin routes (STYLE rule 3). Reads need a signed-in
 * user of a restaurant; creating, editing, cloning, deleting and adding or removing dishes need the
 * `category` flag (doc 1 §6). The CSV import lives in its own plugin under the same prefix.
 */
export const categoryRoutes: FastifyPluginAsyncZod<CategoryRoutesOptions> = async (app, options) => {
  const service = options.categories;
  const tags = ['categories'];
  const security = [{ bearer: [] }];
  // Sign-in and the flag are checked on request, before the body is read.
  const reader = { onRequest: [app.authenticate] };
  const writer = { onRequest: [app.authenticate, requirePermission('category')] };
  const params = z.object({ id: objectId });

  app.get(
    '/',
    {
      ...reader,
      schema: {
        tags,
        security,
        summary: "The restaurant's categories (new first), then its parent's; or one menu's, in its order",
        description: pageDescription('name', 'created (newest first), name, dishes (most dishes first)'),
        querystring: listCategoriesQuery,
        response: responses(
          z.union([z.array(categorySchema), paginatedSchema(categorySchema)]),
          [400, 401, 403, 404, 417],
        ),
      },
    },
    listHandler((caller, { menu }) => service.list(caller, { menu }), service.page),
  );

  app.post(
    '/',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Create a category with its dishes; with `menu`, it joins the end of that (own) menu',
        body: createCategorySchema,
        response: responses(categorySchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await service.create(callerOf(request), request.body)),
  );

  app.delete(
    '/',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Delete own categories (all or none); their dishes stay',
        body: idsSchema,
        response: responses(z.string(), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => {
      await service.remove(callerOf(request), request.body.ids);
      return ok(messages.categoryDeleted);
    },
  );

  app.post(
    '/addDishes',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Append dishes to a category (those already in it stay where they are)',
        body: addDishesSchema,
        response: responses(categorySchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await service.addDishes(callerOf(request), request.body)),
  );

  app.post(
    '/removeDish',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Take a dish out of a category (the dish itself stays)',
        body: removeDishSchema,
        response: responses(categorySchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await service.removeDish(callerOf(request), request.body)),
  );

  app.get(
    '/:id',
    {
      ...reader,
      schema: {
        tags,
        security,
        summary: 'One category',
        params,
        response: responses(categorySchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await service.get(callerOf(request), request.params.id)),
  );

  app.put(
    '/:id',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: "Update a category's name, availability and (when sent) its dishes in order",
        params,
        body: updateCategorySchema,
        response: responses(categorySchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await service.update(callerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/:id/clone',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Clone a category (own or inherited) with its dishes, named "{name} (copy)"',
        description:
          '`isAvailable` defaults to true (the dashboard); the categories page sends false. Answers 412 when one of your categories already has the name; retry with another " (copy)".',
        params,
        body: cloneSchema.nullish(),
        response: responses(categorySchema, [400, 401, 403, 404, 412, 417]),
      },
    },
    async (request) => ok(await service.clone(callerOf(request), request.params.id, request.body ?? {})),
  );
};
