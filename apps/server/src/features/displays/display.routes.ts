import { LAYOUT_BODY_LIMIT, layoutInputSchema, layoutSchema } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { DisplayService } from './display.service.ts';

/**
 * /api/maps (doc 2 §7 maps get/post): the layout editor's tree. The editor needs only sign-in
 * (doc 3 §6), so every member of the restaurant reads and saves it; users without a restaurant
 * (admins, resellers) get 403.
 */
export const displayRoutes: FastifyPluginAsyncZod<{ displays: DisplayService }> = async (
  app,
  { displays },
) => {
  const tags = ['menu displays'];
  const security = [{ bearer: [] }];

  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The restaurant's locations, zones, menu displays and their menus (doc 2 §3)",
        description:
          "Answers `message.locations`: the caller's restaurant as its one location, its zones in order, each zone's `maps` (menu displays) with their public `url` and their menus (name, cover, `fromParent` when inherited from the parent restaurant).",
        response: responses(layoutSchema, [401, 403, 417]),
      },
    },
    async (request) => ok(await displays.layout(callerOf(request))),
  );

  app.post(
    '/',
    {
      onRequest: app.authenticate,
      // Refused by its Content-Length before it is read (issue 21: a 9.4 MB body once stalled the loop).
      bodyLimit: LAYOUT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Save the whole layout at once (doc 2 §4: every drag or delete saves)',
        description:
          'Body `{locations}` as GET answers it (menus as `{menu: id}` or `{menu: {_id}}`). Ids containing a dash were made by the browser and are replaced by real 24-hex ids; any other id must be one of the restaurant\'s own zones or displays (404 otherwise). Menus must be the restaurant\'s own or inherited from its parent (404 otherwise); a menu twice in one display answers 400 "Menu already exists in this map". Answers the saved tree. A body over 4 MiB answers 413 unread.',
        body: layoutInputSchema,
        response: responses(layoutSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await displays.save(callerOf(request), request.body)),
  );
};
