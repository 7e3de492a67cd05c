import { workshopRestaurantSchema } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { RestaurantService } from './restaurant.service.ts';

/** /api/restaurants (doc 3 §7.4): the workshop's read of the caller's restaurant. */
export const restaurantRoutes: FastifyPluginAsyncZod<{ restaurants: RestaurantService }> = async (
  app,
  { restaurants: service },
) => {
  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearer: [] }],
        tags: ['restaurants'],
        summary: "The caller's restaurant, as a list whose first item the web app reads",
        description:
          'Every member of the restaurant may read it: the dish form needs its customizations and side-dish label whatever the flags. Users without a restaurant (admins, resellers) get 403.',
        response: responses(z.array(workshopRestaurantSchema), [401, 403, 417]),
      },
    },
    async (request) => ok([await service.workshop(callerOf(request))]),
  );
};
