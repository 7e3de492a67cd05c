import { messages, publicConfigSchema } from '@carte/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Captcha } from '../../adapters/captcha/captcha.ts';
import type { RedisLink } from '../../adapters/redis/index.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { errorForLog } from '../../db/errors.ts';
import { fail, ok, responses } from '../../http/envelope.ts';

const cacheStatsSchema = z.object({
  entries: z.number().int(),
  bytes: z.number().int(),
  maxBytes: z.number().int(),
  hits: z.number().int(),
  misses: z.number().int(),
});

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.literal('ok'),
  redis: z.enum(['ok', 'down', 'off']),
  storage: z.enum(['ok', 'down']),
  /** This process's public-menu caches (issue 21): the restaurants' data, the pages, the addresses. */
  publicMenuCache: z
    .object({
      data: cacheStatsSchema,
      pages: cacheStatsSchema.extend({ renders: z.number().int() }),
      addresses: cacheStatsSchema,
    })
    .optional(),
});

type CacheStats = z.infer<typeof cacheStatsSchema>;

export interface SystemRoutesOptions {
  db: Db;
  config: Config;
  captcha: Captcha;
  redis: RedisLink | null;
  storage: Storage;
  /** The public menu's cache figures of this process (the public-menu service's `cacheStats`). */
  publicMenuCache?: () => {
    data: CacheStats;
    pages: CacheStats & { renders: number };
    addresses: CacheStats;
  };
}

/** Health, the browser's allow-listed settings, and the anti-bot challenge. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { db, config, captcha, redis, storage, publicMenuCache },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: database, Redis and storage; the public-menu caches of this process',
        description:
          'The database out of reach answers 503 (the instance cannot serve). Redis (`off` without REDIS_URL) or the storage out of reach answers 200 with `status: "degraded"`: the instance still serves, with per-process throttles and cache while Redis is away. `publicMenuCache` gives, for each of this process\'s public-menu caches (restaurants\' data, rendered pages, addresses), its entries, bytes (estimated), byte bound, hits and misses since the start, and how many pages were drawn.',
        response: { ...responses(healthSchema), 503: z.any() },
      },
    },
    async (request, reply) => {
      try {
        const [, redisUp, storageUp] = await Promise.all([
          db.execute(sql`select 1`),
          redis ? redis.ping() : Promise.resolve(null),
          storage.check(),
        ]);
        const redisState =
          redisUp === null ? ('off' as const) : redisUp ? ('ok' as const) : ('down' as const);
        const storageState = storageUp ? ('ok' as const) : ('down' as const);
        return ok({
          status: redisState === 'down' || storageState === 'down' ? ('degraded' as const) : ('ok' as const),
          database: 'ok' as const,
          redis: redisState,
          storage: storageState,
          ...(publicMenuCache ? { publicMenuCache: publicMenuCache() } : {}),
        });
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
        translateProvider: config.translate.provider,
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
