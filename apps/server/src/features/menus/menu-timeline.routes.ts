import {
  categoryAdjustmentSchema,
  menuSchema,
  menuTimelineSchema,
  objectId,
  updateCategoriesTimelineSchema,
  updateMenuTimelineSchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { MenuTimelineService } from './menu-timeline.service.ts';

export interface MenuTimelineRoutesOptions {
  timeline: MenuTimelineService;
}

const security = [{ bearer: [] }];
const timeDescription =
  'Times are "HH:mm" (or "H:mm") on the restaurant\'s clock; a time without a colon answers 400 "Time must be HH:mm". An end before the start crosses midnight and belongs to the start day; with the 24-hour flag each checked day is open all day.';

/**
 * The menu timeline (doc 2 §2, §7; doc 3 §7.4 menus/update-timeline), registered with the prefix
 * `/menus` beside the menu routes. Reading needs sign-in; changing needs the `menu` flag, and
 * inherited menus are read-only (doc 2 §6). The flag is checked on request, before the body.
 */
export const menuTimelineRoutes: FastifyPluginAsyncZod<MenuTimelineRoutesOptions> = async (app, options) => {
  const { timeline } = options;
  const tags = ['menus'];

  app.get(
    '/:id/timeline',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        security,
        summary: "A menu's days and hours, its categories' adjustments and the restaurant's time zone",
        params: z.object({ id: objectId }),
        response: responses(menuTimelineSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await timeline.get(callerOf(request), request.params.id)),
  );

  app.post(
    '/update-timeline',
    {
      onRequest: [app.authenticate, requirePermission('menu')],
      schema: {
        tags,
        security,
        summary: "Set a menu's days, start and end time and 24-hour flag (updateMenuTimeline)",
        description: timeDescription,
        body: updateMenuTimelineSchema,
        response: responses(menuSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await timeline.updateMenu(callerOf(request), request.body)),
  );
};

/**
 * The category adjustments of one menu (doc 2 §2 "Categories Adjustments", §7; doc 3 §7.4
 * categories/update-timeline), registered with the prefix `/categories`. The adjustment belongs to
 * the menu, so it needs the `menu` flag, like the rest of the timeline screen (doc 2 §6).
 */
export const categoryTimelineRoutes: FastifyPluginAsyncZod<MenuTimelineRoutesOptions> = async (
  app,
  options,
) => {
  const { timeline } = options;

  app.post(
    '/update-timeline',
    {
      onRequest: [app.authenticate, requirePermission('menu')],
      schema: {
        tags: ['categories'],
        security,
        summary: "Set or remove categories' own days and hours in one menu (updateCategoriesTimeline)",
        description: `Each entry is \`{category, valid, twentyFourHoursAvailable}\`, or \`{category, remove: true}\` to follow the menu's hours again. Every category must be in the menu (404 otherwise, and nothing changes). Answers the menu's adjustments after the change. ${timeDescription}`,
        body: updateCategoriesTimelineSchema,
        response: responses(z.array(categoryAdjustmentSchema), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await timeline.updateCategories(callerOf(request), request.body)),
  );
};
