import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { Captcha } from './adapters/captcha/captcha.ts';
import { createCaptcha } from './adapters/captcha/index.ts';
import { createMailTransport } from './adapters/mail/index.ts';
import { createPayments, type PaymentsProvider } from './adapters/payments/index.ts';
import { connectRedis, type RedisLink } from './adapters/redis/index.ts';
import { createStorage } from './adapters/storage/index.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase, runMigrations } from './db/connect.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { errorForLog, isDatabaseUnavailable } from './db/errors.ts';
import { seedDemo } from './features/demo/demo-seed.ts';
import { ensureSuperAdmin } from './features/identity/seed.ts';
import { startLogRetention } from './features/logs/log-retention.ts';
import {
  createMailer,
  type Mailer,
  seedMailTemplates,
  startMailWorker,
} from './features/mail/mail.service.ts';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export interface Runtime {
  database: Database;
  boss: PgBoss;
  mailer: Mailer;
  captcha: Captcha;
  storage: Storage;
  /** The card payment provider of BILLING_PROVIDER (decisions §2). */
  payments: PaymentsProvider;
  /** The link to Redis (REDIS_URL), or null: throttles, ALTCHA payloads and caches stay per process. */
  redis: RedisLink | null;
  /** Stops jobs, closes the pool, stops the embedded database — in that order. */
  close(): Promise<void>;
}

/**
 * Everything the app needs outside itself (main.ts and the tests share it): the database (embedded
 * when DATABASE_URL is unset), migrations, pg-boss, mail, captcha, storage, first-start data.
 */
export async function startRuntime(
  config: Config,
  log: Log,
  options: { mailRetryDelaySeconds?: number } = {},
): Promise<Runtime> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = config.databaseUrl;
  if (!url) {
    log.info(`No DATABASE_URL: starting the embedded PostgreSQL in ${config.dataDir}/postgres`);
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log: (line) => log.debug(line),
    });
    stopEmbedded = embedded.stop;
    url = embedded.url('carte');
  }
  const database = openDatabase(url, config.databasePoolSize, log);
  await runMigrations(database);
  const payments = createPayments(config, { db: database.db });

  // LISTEN/NOTIFY wakes the mail worker at once instead of at its next poll.
  const boss = new PgBoss({
    connectionString: url,
    application_name: 'carte-jobs',
    max: 4,
    useListenNotify: true,
  });
  // pg-boss reconnects by itself; a lost connection is a warning, anything else an error.
  boss.on('error', (error) => {
    if (isDatabaseUnavailable(error))
      log.warn({ err: errorForLog(error) }, 'job queue: database connection lost');
    else log.error({ err: errorForLog(error) }, 'job queue error');
  });
  await boss.start();

  await seedMailTemplates(database.db);
  const transport = createMailTransport(config, { log });
  await startMailWorker({
    db: database.db,
    boss,
    transport,
    log,
    ...(options.mailRetryDelaySeconds !== undefined
      ? { retryDelaySeconds: options.mailRetryDelaySeconds }
      : {}),
  });
  const mailer = createMailer({ db: database.db, boss, log, publicUrl: config.publicUrl });
  await startLogRetention({ db: database.db, boss, retentionDays: config.logRetentionDays, log });

  const storage = createStorage(config);
  // Not waited for: the server starts and serves per process while Redis is away (it logs so).
  const redis = connectRedis(config, log);
  await ensureSuperAdmin(database.db, config.superAdmin, log);
  if (config.seedDemo) await seedDemo({ db: database.db, storage, log, publicUrl: config.publicUrl });

  return {
    database,
    boss,
    mailer,
    captcha: createCaptcha(config, redis),
    storage,
    payments,
    redis,
    async close() {
      await boss
        .stop({ graceful: true, timeout: 5000 })
        .catch((err) => log.warn({ err: errorForLog(err) }, 'job queue stop'));
      await transport.close().catch(() => undefined);
      await redis?.close();
      await database.pool.end();
      if (stopEmbedded) await stopEmbedded();
    },
  };
}
