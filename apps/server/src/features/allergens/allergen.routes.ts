import { ALLERGENS } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope.ts';

const allergenListSchema = z.array(
  z.object({ key: z.string(), name: z.string(), short: z.string(), us: z.array(z.string()) }),
);

/** The regulated allergens (issue 23 §1): fixed, answered without sign-in. */
export const allergenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['allergens'],
        summary: 'The 14 regulated allergens (EU/UK), with the US major allergens mapped onto them',
        description:
          'Fixed, in the regulation order: `key` (stable, used in declarations and CSV files), `name` (the official English name of Regulation (EU) 1169/2011 Annex II), `short` (the word a diner reads) and `us` (the FDA major allergens it covers: wheat is a named cereal of gluten). No sign-in.',
        response: responses(allergenListSchema),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(ALLERGENS.map((allergen) => ({ ...allergen, us: [...allergen.us] })));
    },
  );
};
