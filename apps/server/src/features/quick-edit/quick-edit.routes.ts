import {
  QUICK_EDIT_BODY_LIMIT,
  quickEditFlags,
  quickEditPageSchema,
  quickEditQuerySchema,
  quickEditResultSchema,
  quickEditSchema,
  quickEditUpdateSchema,
} from '@carte/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError } from '../../core/errors.ts';
import { callerOf } from '../../http/auth.ts';
import { incompleteMenuResponse, ok, responses } from '../../http/envelope.ts';
import type { QuickEditService } from './quick-edit.service.ts';

/** onRequest: quick edit needs any of menu, category, dish, ingredient (doc 2 §6, doc 3 §6). */
async function requireQuickEdit(request: FastifyRequest): Promise<void> {
  const caller = callerOf(request);
  if (!caller.restaurantId || !quickEditFlags.some((flag) => caller.permissions[flag]))
    throw new ForbiddenError();
}

/**
 * /api/settings/quick-edit (doc 2 §7, doc 3 §7.4): the availability switches of /toggle-list.
 * Thin routes (STYLE rule 3): parse, authorize, call the service, wrap.
 */
export const quickEditRoutes: FastifyPluginAsyncZod<{ quickEdit: QuickEditService }> = async (
  app,
  { quickEdit },
) => {
  const tags = ['quick edit'];
  const security = [{ bearer: [] }];
  const guard = { onRequest: [app.authenticate, requireQuickEdit] };

  app.get(
    '/quick-edit',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'The availability switches the caller may use, by section; or one page of one section',
        description:
          "Sections follow the flags: menus (menu), categories (category), dishes (dish), ingredients (ingredient), customizations with their options (restaurant); a section the caller lacks is absent. `menuId` narrows categories, dishes and ingredients to that menu's. `checked` is available (for menus: published). A location's inherited records come with `fromParent: true` and cannot be switched. With `section` and `page` (from 1), one page of that section: `{data, page, per_page, previous_page, next_page, total, total_pages}`; `per_page` 1 to 100 (10 by default), `search` matches the name anywhere (any case), `sort` is name and `order` asc or desc (the section's own order without `sort`); a section the caller's flags do not open answers 403. A page past the last answers the last page.",
        querystring: quickEditQuerySchema,
        response: responses(z.union([quickEditSchema, quickEditPageSchema]), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => {
      const { page, section, ...rest } = request.query;
      const caller = callerOf(request);
      return ok(
        page === undefined || section === undefined
          ? await quickEdit.get(caller, { menuId: rest.menuId })
          : await quickEdit.page(caller, { page, section, ...rest }),
      );
    },
  );

  app.put(
    '/quick-edit',
    {
      ...guard,
      bodyLimit: QUICK_EDIT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Switch availability of menus, categories, dishes, ingredients and customizations at once',
        description:
          'Each list holds `{id, checked}`; a customization may carry `options: [{id, checked}]` of its own options. A section the caller\'s flags do not open must be empty (403); an id the caller cannot see answers 404; switching a record inherited from the parent answers 403 (sending its current state is allowed); nothing changes then. Publishing a menu (`checked: true` on a draft) needs a subscription: without one the menus stay as they were, everything else is saved, and the answer has `menusUpdatedSuccessfully: false`. When the restaurant set "Don\'t publish an incomplete menu" and a menu this save publishes is incomplete for its labelling rules (as the save leaves it), the answer is 409 with `problems` and nothing changes.',
        body: quickEditUpdateSchema,
        response: responses(quickEditResultSchema, [400, 401, 403, 404, 417], incompleteMenuResponse),
      },
    },
    async (request) => ok(await quickEdit.update(callerOf(request), request.body)),
  );
};
