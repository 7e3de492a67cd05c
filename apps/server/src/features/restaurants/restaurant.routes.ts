import { menuCatalogSchema, restaurantSchema, restaurantUpdateSchema } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { parseFields, readForm } from '../../http/form.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { RestaurantService } from './restaurant.service.ts';

/** The multipart text fields that carry JSON (doc 2 §7); every other field stays the text it is. */
const jsonFields = ['social', 'qrSettings', 'cta', 'templateMeta', 'removeLogo', 'logo'] as const;

const updateDescription = `JSON, or multipart/form-data with the same fields (${jsonFields.join(', ')} as JSON text, every other field plain text) and the file \`logo\` (jpg, jpeg, png or webp, at most 10 MB, checked by content). Only the fields sent change. The logo may instead be \`logoMedia\` (the id of an item of the restaurant's media library, copied), cleared with \`removeLogo: true\` (or \`logo\` null or ''), or kept by sending its path back. The description is rich text, sanitized, at most 200 characters of text. \`cta.link\` gets https:// when it has no scheme (a phone number for call_to_order, a street address for take_me_there stay as written).`;

/**
 * /api/restaurants (doc 2 §7, doc 3 §7.4): the caller's restaurant, the Settings form, and the
 * catalogue of menu templates and fonts. Thin routes (STYLE rule 3).
 */
export const restaurantRoutes: FastifyPluginAsyncZod<{ restaurants: RestaurantService }> = async (
  app,
  { restaurants: service },
) => {
  const tags = ['restaurants'];
  const security = [{ bearer: [] }];

  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        security,
        tags,
        summary: "The caller's restaurant, as a list whose first item the web app reads",
        description:
          'Every member of the restaurant may read it: the dish form needs its customizations and side-dish label whatever the flags. Users without a restaurant (admins, resellers) get 403.',
        response: responses(z.array(restaurantSchema), [401, 403, 417]),
      },
    },
    async (request) => ok([await service.read(callerOf(request))]),
  );

  app.get(
    '/templates',
    {
      onRequest: app.authenticate,
      schema: {
        security,
        tags,
        summary: 'The menu templates with their template_meta, and the 50 fonts a menu may use',
        response: responses(menuCatalogSchema, [401, 417]),
      },
    },
    async () => ok(service.templates()),
  );

  // Sign-in and the flag are checked on request, before the body is read: a member without the
  // flag gets 403, never a validation answer.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/update',
      onRequest: [app.authenticate, requirePermission('restaurant')],
      schema: {
        security,
        tags,
        summary: "Update the restaurant's profile (the Settings form)",
        description: updateDescription,
        response: responses(restaurantSchema, [400, 401, 403, 404, 417]),
      },
      handler: async (request) => {
        const form = await readForm(request, { json: jsonFields, files: ['logo'] });
        const input = parseFields(restaurantUpdateSchema, form.fields);
        return ok(await service.update(callerOf(request), { input, files: form.files }));
      },
    });
  }
};
