import { buildApp } from './app.ts';
import { ConfigError, DEFAULT_SUPPORT_EMAIL, loadConfig } from './config.ts';
import { errorForLog } from './db/errors.ts';
import { createLogger } from './logger.ts';
import { startRuntime } from './runtime.ts';

/** read config → open database (embedded or URL) → migrate → start jobs → listen (DESIGN.md). */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Errors are logged through errorForLog: a failed statement never writes its parameters.
  const log = createLogger(config.logLevel);
  if (config.env === 'production' && config.supportEmail === DEFAULT_SUPPORT_EMAIL) {
    log.warn(`SUPPORT_EMAIL is not set: the help menu's mail links go to ${DEFAULT_SUPPORT_EMAIL}`);
  }
  const runtime = await startRuntime(config, log);
  const app = await buildApp({
    config,
    db: runtime.database.db,
    mailer: runtime.mailer,
    captcha: runtime.captcha,
    storage: runtime.storage,
    boss: runtime.boss,
    payments: runtime.payments,
    redis: runtime.redis,
    logger: log,
  });

  // Graceful shutdown (STYLE rule 8): stop listening and drain the requests in flight (new ones get
  // 503), then stop the jobs, close the pools and the embedded database, and exit 0.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      // Requests get 10 s to finish; connections still open then (a client that stopped reading
      // or sending) are closed.
      const closed = app.close();
      const late = setTimeout(() => {
        log.warn('closing the connections still open after 10 s');
        app.server.closeAllConnections();
      }, 10_000);
      await closed;
      clearTimeout(late);
      log.info('requests drained: stopping jobs and closing the database');
      await runtime.close();
      log.info('bye');
      process.exit(0);
    } catch (err) {
      log.error({ err: errorForLog(err) }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log.info(`Carte is running at ${config.publicUrl} (API docs at ${config.publicUrl}/api/docs)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
