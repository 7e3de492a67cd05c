import { LAYOUT_BODY_LIMIT, layoutInputSchema, layoutSchema } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { DisplayService } from './display.service.ts';

/**
 * /api/maps (doc 2 §7 maps get/post): the layout editor's tree. The editor needs only sign-in
 * (doc 3 §6), so every member of the restaurant reads and saves its own tree; a parent's locations
 * need the `restaurant` flag (its owner holds it); users without a restaurant (admins, resellers)
 * get 403.
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
          "Answers `message.locations`: the caller's restaurant first, then, for a parent restaurant (and a caller holding the `restaurant` flag), each of its locations; each with its zones in order, each zone's `maps` (menu displays) with their public `url` and their menus (name, cover, `fromParent` when inherited from the parent restaurant), and `availableMenus`, the menus its displays may hold (its own, then its parent's).",
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
          "Body `{locations}` as GET answers it (menus as `{menu: id}` or `{menu: {_id}}`): the tree of each listed location is replaced, in one transaction; a location left out keeps its tree. A location the caller does not arrange answers 404 (403 for a parent's location without the `restaurant` flag) and nothing is saved. Ids containing a dash were made by the browser and are replaced by real 24-hex ids; any other id must be one of that location's own zones or displays (404 otherwise). Menus must be the location's own or inherited from its parent (404 otherwise); a menu twice in one display answers 400 \"Menu already exists in this map\". Answers the whole layout as GET does. A body over 4 MiB answers 413 unread.",
        body: layoutInputSchema,
        response: responses(layoutSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await displays.save(callerOf(request), request.body)),
  );
};
