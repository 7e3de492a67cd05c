import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
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
  const log = createLogger(config.logLevel);
  const runtime = await startRuntime(config, log);
  const app = await buildApp({
    config,
    db: runtime.database.db,
    mailer: runtime.mailer,
    captcha: runtime.captcha,
    storage: runtime.storage,
    boss: runtime.boss,
    payments: runtime.payments,
    logger: log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await runtime.close();
      log.info('bye');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
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
