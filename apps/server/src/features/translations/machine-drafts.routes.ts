import { machineDraftsInputSchema, machineDraftsResultSchema } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { MachineDraftService } from './machine-drafts.service.ts';

/**
 * /api/translations/{lang}/machine: "Translate missing" (issue 24 §4). It writes translations of
 * every menu text, so it needs the `menu` flag, like the translation screen's own writes.
 */
export const machineDraftRoutes: FastifyPluginAsyncZod<{ machineDrafts: MachineDraftService }> = async (
  app,
  { machineDrafts },
) => {
  app.post(
    '/:lang/machine',
    {
      onRequest: [app.authenticate, requirePermission('menu')],
      schema: {
        security: [{ bearer: [] }],
        tags: ['translations'],
        summary: 'Fill the missing translations of one language with machine drafts, marked until accepted',
        description:
          '`lang` is one of the restaurant\'s other languages (400 otherwise). Every field of the caller\'s own records without a translation in that language (and, with `includeStale`, every field whose translation was made from an older text) receives a draft from TRANSLATE_PROVIDER, stored with `machine: true`; descriptions in rich text keep their markup. Nothing is written until every text came back: the service down or slow answers 502 "The translation service is unavailable. Nothing was changed; try again later." With TRANSLATE_PROVIDER=off it answers 409. Answers how many fields received a draft.',
        params: z.object({ lang: z.string().min(1).max(20) }),
        body: machineDraftsInputSchema,
        response: responses(machineDraftsResultSchema, [400, 401, 403, 409, 417, 502]),
      },
    },
    async (request) => ok(await machineDrafts.draft(callerOf(request), request.params.lang, request.body)),
  );
};
