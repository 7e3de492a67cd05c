import { gettingStartedSchema, gettingStartedSharedSchema } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { GettingStartedService } from './getting-started.service.ts';

/**
 * /api/restaurants/getting-started: the dashboard's checklist for a new owner (issue 11, item 3).
 * Any member of the restaurant may read it and record that the link was shared (members share the
 * menu at the tables, like the QR downloads); closing it needs the menu flag, as building menus does.
 */
export const gettingStartedRoutes: FastifyPluginAsyncZod<{ gettingStarted: GettingStartedService }> = async (
  app,
  { gettingStarted },
) => {
  const tags = ['restaurants'];
  const security = [{ bearer: [] }];

  app.get(
    '/getting-started',
    {
      onRequest: app.authenticate,
      schema: {
        security,
        tags,
        summary: "The new owner's checklist: which steps are done, read from the restaurant's data",
        description:
          'menu: a menu exists; dishes: a dish exists; subscribe: an active subscription (always true when publishing needs none, then subscriptionNeeded is false); publish: a menu is published; share: a QR code or table cards were downloaded, or the menu link copied.',
        response: responses(gettingStartedSchema, [401, 403, 417]),
      },
    },
    async (request) => ok(await gettingStarted.read(callerOf(request))),
  );

  app.post(
    '/getting-started/shared',
    {
      onRequest: app.authenticate,
      schema: {
        security,
        tags,
        summary: "Record that the menu's address left the app (the checklist's share step)",
        description:
          'how: link (the address copied), qr-code or qr-cards (downloaded or printed). The web app sends it after the copy or download succeeded; the first time is kept.',
        body: gettingStartedSharedSchema,
        response: responses(gettingStartedSchema, [400, 401, 403, 417]),
      },
    },
    async (request) => ok(await gettingStarted.shared(callerOf(request))),
  );

  app.post(
    '/getting-started/dismiss',
    {
      onRequest: [app.authenticate, requirePermission('menu')],
      schema: {
        security,
        tags,
        summary: 'Close the checklist for the restaurant before every step is done',
        response: responses(gettingStartedSchema, [401, 403, 417]),
      },
    },
    async (request) => ok(await gettingStarted.dismiss(callerOf(request))),
  );
};
