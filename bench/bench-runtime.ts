import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { type AppDeps, buildApp } from '../apps/server/src/app.ts';
import { type Config, loadConfig } from '../apps/server/src/config.ts';
import { type Runtime, startRuntime } from '../apps/server/src/runtime.ts';
import { freePort } from '../apps/server/test/free-port.ts';

export interface BenchRuntime {
  config: Config;
  runtime: Runtime;
  /** Stops the runtime, drops the bench's database and removes its temporary folder. */
  close: () => Promise<void>;
}

/**
 * The server's runtime on a fresh database for one benchmark run: with DATABASE_URL, a database of
 * its own on that server (dropped afterwards); without it, an embedded PostgreSQL in a temporary
 * folder. `overrides` adds or replaces environment variables.
 */
export async function startBenchRuntime(overrides: Record<string, string> = {}): Promise<BenchRuntime> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-bench-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SUPER_ADMIN_EMAIL: 'root@carte.bench',
    SUPER_ADMIN_PASSWORD: 'BenchRoot123',
    WEB_DIST: path.join(dataDir, 'no-web'),
    EMBEDDED_PG_PORT: String(await freePort()),
    ...overrides,
  };
  if (process.env.DATABASE_URL) {
    const database = await benchDatabase('carte_bench');
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
    console.log(`Database: a fresh database "${database.name}" on ${new URL(database.url).host}`);
  } else {
    console.log('Database: embedded PostgreSQL in a temporary folder (set DATABASE_URL to use a server)');
  }
  const config = loadConfig(env);
  const runtime = await startRuntime(config, pino({ level: 'silent' }));
  return {
    config,
    runtime,
    async close() {
      await runtime.close();
      if (dropDatabase) await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of this run's own on DATABASE_URL's server (named `prefix_` and 8 random hex), and how
 * to drop it.
 */
export async function benchDatabase(prefix: string) {
  if (!process.env.DATABASE_URL)
    throw new Error('DATABASE_URL is required (a PostgreSQL where the bench may create a database)');
  const server = new URL(process.env.DATABASE_URL);
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The app on a bench runtime's database, mail, captcha, storage and jobs, without a request log;
 * `options` adds or replaces dependencies (a clock of the bench's own).
 */
export function buildBenchApp(
  { config, runtime }: Pick<BenchRuntime, 'config' | 'runtime'>,
  options: Partial<AppDeps> = {},
): Promise<FastifyInstance> {
  return buildApp({
    config,
    db: runtime.database.db,
    mailer: runtime.mailer,
    captcha: runtime.captcha,
    storage: runtime.storage,
    boss: runtime.boss,
    logger: false,
    ...options,
  });
}
