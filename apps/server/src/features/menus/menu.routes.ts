import {
  cloneSchema,
  listMenusQuery,
  menuComplianceSchema,
  menuInputSchema,
  menuSchema,
  menuUpdateSchema,
  objectId,
  paginatedSchema,
  removeCategoryFromMenuSchema,
  reorderSchema,
  selectCategoriesSchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { incompleteMenuResponse, ok, responses } from '../../http/envelope.ts';
import { parseFields, readForm } from '../../http/form.ts';
import { listHandler, pageDescription } from '../../http/list-page.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { MenuService } from './menu.service.ts';
import type { MenuCompliancePort } from './menu-compliance.ts';

export interface MenuRoutesOptions {
  menus: MenuService;
  compliance: Pick<MenuCompliancePort, 'get'>;
}

/** The multipart text fields that carry JSON; every other field (the name above all) stays text. */
const jsonFields = [
  'categories',
  'colors',
  'fonts',
  'showCTA',
  'templateMeta',
  'cover',
  'logo',
  'translations',
] as const;

const formDescription = `JSON, or multipart/form-data with the same fields (${jsonFields.join(', ')} as JSON text, every other field plain text) and the files \`cover\` and \`logo\` (jpg, jpeg, png or webp, at most 10 MB).`;

/**
 * /api/menus (doc 1 §4, §7; doc 3 §7.4). Thin routes (STYLE rule 3): parse, authorize, call the
 * service, wrap. Reads need a signed-in user of a restaurant; every write needs the `menu` flag.
 */
export const menuRoutes: FastifyPluginAsyncZod<MenuRoutesOptions> = async (app, options) => {
  const { menus, compliance } = options;
  const tags = ['menus'];
  const security = [{ bearer: [] }];
  // Sign-in and the flag are checked on request, before the body is read: a member without the
  // flag gets 403, never a validation answer.
  const reader = { onRequest: [app.authenticate] };
  const writer = { onRequest: [app.authenticate, requirePermission('menu')] };
  const params = z.object({ id: objectId });

  app.get(
    '/',
    {
      ...reader,
      schema: {
        tags,
        security,
        summary: "The restaurant's menus, then its parent's (fromParent, read-only); new menus last",
        description: pageDescription('name', 'created (newest first), name'),
        querystring: listMenusQuery,
        response: responses(
          z.union([z.array(menuSchema), paginatedSchema(menuSchema)]),
          [400, 401, 403, 417],
        ),
      },
    },
    listHandler((caller) => menus.list(caller), menus.page),
  );

  app.post(
    '/',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Create a menu (a draft unless `draft` is false, which needs a subscription)',
        description: `${formDescription} Defaults: colours #ff1616, #83cdf1, #f46d26; call-to-action "REPORT AN ISSUE" with the creator's email. Published at once (\`draft\` false) by a restaurant that set "Don't publish an incomplete menu", a menu its labelling rules find incomplete answers 409 with \`problems\` and is not created.`,
        response: responses(menuSchema, [400, 401, 402, 403, 404, 417], incompleteMenuResponse),
      },
    },
    async (request) => {
      const form = await readForm(request, { json: jsonFields, files: ['cover', 'logo'] });
      const input = parseFields(menuInputSchema, form.fields);
      return ok(await menus.create(callerOf(request), { input, files: form.files }));
    },
  );

  app.post(
    '/reorder',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: "Save the order of a menu's categories and of the dishes inside categories",
        description: 'Reordering dishes (`categoryDishes`) also needs the category flag.',
        body: reorderSchema,
        response: responses(menuSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await menus.reorder(callerOf(request), request.body)),
  );

  app.post(
    '/select-categories',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Add categories to a menu; those already in it stay, new ones go last',
        body: selectCategoriesSchema,
        response: responses(menuSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await menus.selectCategories(callerOf(request), request.body)),
  );

  app.post(
    '/remove-category',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Take a category out of a menu (the category itself stays)',
        body: removeCategoryFromMenuSchema,
        response: responses(menuSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await menus.removeCategory(callerOf(request), request.body)),
  );

  app.get(
    '/:id',
    {
      ...reader,
      schema: {
        tags,
        security,
        summary: 'One menu',
        params,
        response: responses(menuSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await menus.get(callerOf(request), request.params.id)),
  );

  app.get(
    '/:id/compliance',
    {
      ...reader,
      schema: {
        tags,
        security,
        summary: 'What a menu lacks for the labelling rules (the check before publishing)',
        description:
          "Per dish the menu shows (its categories' dishes, inherited ones included): no allergen declaration (region EU or UK), no calories (a calorie rule), no portion (England's rule), a diet tag its allergens contradict, an ingredient switched off that it still names. `rules` are the caller's restaurant's labelling rules (a location reading its parent's menu answers to its own); `complete` when nothing is listed.",
        params,
        response: responses(menuComplianceSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await compliance.get(callerOf(request), request.params.id)),
  );

  app.put(
    '/:id',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Update a menu: only the fields sent change; `categories` replaces the list in its order',
        description: `${formDescription} \`removeCover\`/\`removeLogo\` (or \`cover\`/\`logo\` null or '') clear a picture; a path sent back as read keeps it. Publishing (\`draft\` false on a draft) needs a subscription (402), and answers 409 with \`problems\` (nothing changed) when the restaurant set "Don't publish an incomplete menu" and the menu, as this update leaves it, is incomplete for its labelling rules; unpublishing is always allowed.`,
        params,
        response: responses(menuSchema, [400, 401, 402, 403, 404, 417], incompleteMenuResponse),
      },
    },
    async (request) => {
      const form = await readForm(request, { json: jsonFields, files: ['cover', 'logo'] });
      const input = parseFields(menuUpdateSchema, form.fields);
      return ok(await menus.update(callerOf(request), request.params.id, { input, files: form.files }));
    },
  );

  app.delete(
    '/:id',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Delete a menu and its pictures (its categories stay)',
        params,
        response: responses(z.string(), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await menus.remove(callerOf(request), request.params.id)),
  );

  app.post(
    '/:id/copy',
    {
      ...writer,
      schema: {
        tags,
        security,
        summary: 'Copy a menu (own or inherited) as a draft named "{name} (copy)"',
        description: 'Answers 412 when one of your menus already has the name; retry with another " (copy)".',
        params,
        body: cloneSchema.nullish(),
        response: responses(menuSchema, [400, 401, 403, 404, 412, 417]),
      },
    },
    async (request) => ok(await menus.copy(callerOf(request), request.params.id, request.body ?? {})),
  );
};
