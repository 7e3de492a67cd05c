import {
  adminDietarySaveSchema,
  adminDietarySchema,
  deleteDietarySchema,
  dietaryResponseSchema,
  emptyDietary as emptyLists,
  updateDietarySchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireRoles } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { DietaryService } from './dietary.service.ts';

/**
 * Dietary considerations: the dish form's lists and the owner's own additions (doc 2 §7:
 * `dishes/update-dietary`, `dishes/delete-dietary`). The dish flag gates all of it, reading included
 * (doc 1 §6). Registered without a prefix because its paths live under /dishes (the platform's lists,
 * edited by staff, are platformDietaryRoutes below).
 */
export const dietaryRoutes: FastifyPluginAsyncZod<{ dietary: DietaryService }> = async (app, { dietary }) => {
  const tags = ['dietary'];
  // Sign-in and the flag are checked on request, before the body is read: a stranger gets 401 and a
  // member without the flag 403, never a validation answer.
  const guarded = { onRequest: [app.authenticate, requirePermission('dish')] };
  const security = [{ bearer: [] }];
  const wrap = (view: Awaited<ReturnType<typeof dietary.read>>) => ({ dietaryConsiderations: view });

  app.get(
    '/dietary',
    {
      ...guarded,
      schema: {
        security,
        tags,
        summary: "The platform's dietary lists (admin) and the restaurant's own additions",
        response: responses(dietaryResponseSchema, [401, 403, 417]),
      },
    },
    async (request) => ok(wrap(await dietary.read(callerOf(request)))),
  );

  app.post(
    '/dishes/update-dietary',
    {
      ...guarded,
      schema: {
        security,
        tags,
        summary: "Add to the restaurant's own dietary list, or rename an entry (with `defaultValue`)",
        description:
          'Without `defaultValue`, adds `name` to the own list of `type` (and selects it on `dish_id`). With it, renames that entry, in the list and in every dish of the restaurant. Answers both lists.',
        body: updateDietarySchema,
        response: responses(dietaryResponseSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(wrap(await dietary.update(callerOf(request), request.body))),
  );

  app.post(
    '/dishes/delete-dietary',
    {
      ...guarded,
      schema: {
        security,
        tags,
        summary: "Delete an entry of the restaurant's own dietary list, and from every dish",
        description: 'Platform entries cannot be deleted here (400). Answers both lists.',
        body: deleteDietarySchema,
        response: responses(dietaryResponseSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(wrap(await dietary.remove(callerOf(request), request.body))),
  );
};

/**
 * The platform's dietary lists (doc 3 §2.2), under /api/admin and the admin tag as before: staff only,
 * checked on request before the body is read, and again by the service.
 */
export const platformDietaryRoutes: FastifyPluginAsyncZod<{ dietary: DietaryService }> = async (
  app,
  { dietary },
) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const staff = { onRequest: [app.authenticate, requireRoles('ADMIN', 'SUPER_ADMIN')] };
  const denied = [401, 403, 417];

  app.get(
    '/dietary',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: "The platform's dietary lists",
        response: responses(adminDietarySchema, denied),
      },
    },
    async (request) =>
      ok({ dietaryConsiderations: { admin: await dietary.platform(callerOf(request)), own: emptyLists() } }),
  );

  app.post(
    '/dietary/create',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: "Save the platform's three dietary lists every restaurant starts from",
        description:
          'Tags must be unique within a list. `originalDietaryConsiderations` (the lists the page started from) is accepted and unused. `renames` lists the tags renamed on the page (`{type, from, to}`): every dish of every restaurant that chose `from` holds `to` afterwards, and filter cards naming `from` name `to` (unless the restaurant has an own tag of that name), in the same transaction. A rename whose `from` is not in the saved lists, or whose `to` is not in the lists sent, answers 400.',
        body: adminDietarySaveSchema,
        response: responses(adminDietarySchema, [400, ...denied]),
      },
    },
    async (request) =>
      ok({
        dietaryConsiderations: {
          admin: await dietary.savePlatform(callerOf(request), request.body),
          own: emptyLists(),
        },
      }),
  );
};
