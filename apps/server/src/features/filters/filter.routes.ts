import { filterOptionsInputSchema, filterOptionsSchema } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { FilterService } from './filter.service.ts';

/**
 * The "Menu Filters" card (doc 3 §2.7). Registered under /restaurants, as the endpoint catalogue
 * lists set-filter (doc 3 §7.4). Saving needs the menu flag (doc 3 §6: filters need menu); reading is
 * open to every member of the restaurant, like the restaurant itself, since the settings are what
 * the public menu shows anyway.
 */
export const filterRoutes: FastifyPluginAsyncZod<{ filters: FilterService }> = async (
  app,
  { filters: service },
) => {
  app.get(
    '/filter',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearer: [] }],
        tags: ['filters'],
        summary: "The restaurant's menu filter options, or the defaults before the first save",
        description:
          'Ingredient ids of ingredients deleted since the save are left out. Users without a restaurant (admins, resellers) get 403.',
        response: responses(filterOptionsSchema, [401, 403, 417]),
      },
    },
    async (request) => ok(await service.get(callerOf(request))),
  );

  app.post(
    '/set-filter',
    {
      onRequest: [app.authenticate, requirePermission('menu')],
      schema: {
        security: [{ bearer: [] }],
        tags: ['filters'],
        summary: "Replace the restaurant's menu filter options; answers the saved options",
        description:
          'Every field has a default, so fields left out are reset. Category filter ingredients are ids of ingredients the caller sees (another restaurant\'s ids answer 404); filter names must differ ("{name} already exists."); each names at least one ingredient ("Pick at least one ingredient for this filter.").',
        body: filterOptionsInputSchema,
        response: responses(filterOptionsSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await service.set(callerOf(request), request.body)),
  );
};
