import { customizationSchema, setCustomizationsSchema } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { CustomizationService } from './customization.service.ts';

/**
 * The restaurant-wide customizations (doc 1 §2 /customizations, §7 setCustomizations). Registered
 * under /restaurants, as the endpoint catalogue lists it (doc 3 §7.4). Needs the restaurant flag
 * (doc 3 §6: customizations need restaurant).
 */
export const customizationRoutes: FastifyPluginAsyncZod<{ customizations: CustomizationService }> = async (
  app,
  { customizations: service },
) => {
  app.post(
    '/set-customizations',
    {
      onRequest: [app.authenticate, requirePermission('restaurant')],
      schema: {
        security: [{ bearer: [] }],
        tags: ['customizations'],
        summary: 'Replace the restaurant-wide customizations; answers the saved list',
        description:
          'Customizations sent with their `_id` keep it (an unknown `_id` answers 404); new ones and their options get ids. Removed customizations leave every dish that had selected them. Option ingredients must be visible ingredients of the caller (404).',
        body: setCustomizationsSchema,
        response: responses(z.array(customizationSchema), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await service.set(callerOf(request), request.body.customizations)),
  );
};
