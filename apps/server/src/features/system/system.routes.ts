import { messages, publicConfigSchema } from '@carte/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Captcha } from '../../adapters/captcha/captcha.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { errorForLog } from '../../db/errors.ts';
import { fail, ok, responses } from '../../http/envelope.ts';

/** Health, the browser's allow-listed settings, and the anti-bot challenge. */
export const systemRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; captcha: Captcha }> = async (
  app,
  { db, config, captcha },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: {
          ...responses(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
          503: z.any(),
        },
      },
    },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return ok({ status: 'ok' as const, database: 'ok' as const });
      } catch (err) {
        request.log.warn({ err: errorForLog(err) }, 'health check: database unreachable');
        return reply.code(503).header('retry-after', '5').send(fail(503, messages.databaseUnavailable));
      }
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Settings the web app may know',
        response: responses(publicConfigSchema),
      },
    },
    async () =>
      ok({
        captcha: config.captcha,
        recaptchaSiteKey: config.recaptchaSiteKey,
        billingProvider: config.billingProvider,
        publicUrl: config.publicUrl,
        supportEmail: config.supportEmail,
      }),
  );

  app.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['system'],
        summary: 'A new ALTCHA challenge (raw JSON for the widget, not enveloped)',
        response: { 200: z.any(), 404: z.any() },
      },
    },
    async (_request, reply) => {
      const challenge = await captcha.challenge();
      if (!challenge) return reply.code(404).send(fail(404, 'No challenge for this anti-bot mode'));
      reply.header('cache-control', 'no-store');
      return challenge;
    },
  );
};
