import {
  cloneSchema,
  createIngredientsResultSchema,
  createIngredientsSchema,
  idsSchema,
  ingredientSchema,
  listIngredientsQuery,
  messages,
  objectId,
  paginatedSchema,
  updateIngredientSchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { listHandler, pageDescription } from '../../http/list-page.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { IngredientService } from './ingredient.service.ts';

/**
 * /api/ingredients (doc 1 §7, doc 3 §7.4). Reading needs only a restaurant (the dish form of a member
 * with the dish flag lists them); adding, editing, deleting and cloning need the ingredient flag
 * (doc 1 §6).
 */
export const ingredientRoutes: FastifyPluginAsyncZod<{ ingredients: IngredientService }> = async (
  app,
  { ingredients },
) => {
  const tags = ['ingredients'];
  const security = [{ bearer: [] }];
  // Sign-in and the flag are checked on request, before the body is read: a stranger gets 401 and a
  // member without the flag 403, never a validation answer.
  const reader = { onRequest: app.authenticate } as const;
  const writer = { onRequest: [app.authenticate, requirePermission('ingredient')] };
  const params = z.object({ id: objectId });

  app.get(
    '/',
    {
      ...reader,
      schema: {
        security,
        tags,
        summary: 'Own and inherited ingredients, new ones last',
        description:
          '`exceptChildren=true` leaves out ingredients that have a parent; `exceptParentID` leaves out that ingredient and its children (the parent picker); `parentID` keeps only the children of that ingredient. `count` is the number of dishes using each. ' +
          pageDescription(
            "name or the parent's name",
            'created (oldest first), name, used (most used first)',
          ) +
          ' `ids` (with `page`, at most 100, comma-separated) keeps only those ingredients.',
        querystring: listIngredientsQuery,
        response: responses(
          z.union([z.array(ingredientSchema), paginatedSchema(ingredientSchema)]),
          [400, 401, 403, 417],
        ),
      },
    },
    // The whole list takes the filters but not `ids`, which keeps only some ingredients of a page.
    listHandler(
      (caller, { exceptChildren, exceptParentID, parentID }) =>
        ingredients.list(caller, { exceptChildren, exceptParentID, parentID }),
      ingredients.page,
    ),
  );

  app.get(
    '/:id',
    {
      ...reader,
      schema: {
        security,
        tags,
        summary: 'One ingredient',
        params,
        response: responses(ingredientSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await ingredients.get(callerOf(request), request.params.id)),
  );

  app.post(
    '/',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary: 'Create ingredients from a list of names',
        description:
          'Names that exist already (trimmed, case-insensitive) or repeat in the list are skipped and reported in `errors` as "{x} already exists.".',
        body: createIngredientsSchema,
        response: responses(createIngredientsResultSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await ingredients.create(callerOf(request), request.body)),
  );

  app.put(
    '/:id',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary: 'Rename an ingredient, set its parent (null for none) or its availability',
        params,
        body: updateIngredientSchema,
        response: responses(ingredientSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await ingredients.update(callerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary: 'Delete own ingredients (all or none)',
        body: idsSchema,
        response: responses(z.string(), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => {
      await ingredients.remove(callerOf(request), request.body.ids);
      return ok(messages.ingredientDeleted);
    },
  );

  app.post(
    '/:id/clone',
    {
      ...writer,
      schema: {
        security,
        tags,
        summary: "Copy an ingredient (inherited ones too) as `name` or the original's name + ' (copy)'",
        description: 'Answers 412 when the name is taken; the client retries with another suffix.',
        params,
        body: cloneSchema.nullish(),
        response: responses(ingredientSchema, [400, 401, 403, 404, 412, 417]),
      },
    },
    async (request) => ok(await ingredients.clone(callerOf(request), request.params.id, request.body ?? {})),
  );
};
