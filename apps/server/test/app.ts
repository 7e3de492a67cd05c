import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Runtime, startRuntime } from '../src/runtime.ts';
import { createServices, type Services } from '../src/services.ts';
import { createTestDatabaseUrl } from './db.ts';
import { startMailSink } from './mail-sink.ts';

/** A clock tests can move forward (token expiry, link lifetimes). */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  /** The app's services, to act as a caller no route offers yet (an admin, a reseller). */
  services: Services;
  sink: Awaited<ReturnType<typeof startMailSink>>;
  clock: TestClock;
  /** app.inject returning the parsed envelope. */
  call: <T = unknown>(
    options: InjectOptions & { token?: string },
  ) => Promise<{
    status: number;
    body: { statusCode: number; confirmation: string; message: T };
    headers: Record<string, unknown>;
  }>;
  close: () => Promise<void>;
}

/**
 * The whole server on a fresh database of its own, with mail delivered over real SMTP to a sink and
 * a clock the test controls. Captcha is off unless the test asks otherwise.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const databaseUrl = await createTestDatabaseUrl();
  const sink = await startMailSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://carte.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    SUPER_ADMIN_EMAIL: 'root@carte.test',
    SUPER_ADMIN_PASSWORD: 'RootPass123',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  let offset = 0;
  const clock: TestClock = { now: () => new Date(Date.now() + offset), advance: (ms) => (offset += ms) };
  const log = pino({ level: 'silent' });
  const runtime = await startRuntime(config, log, { mailRetryDelaySeconds: 1 });
  const deps = {
    config,
    db: runtime.database.db,
    mailer: runtime.mailer,
    storage: runtime.storage,
    boss: runtime.boss,
    redis: runtime.redis,
    // payments are built from config with the test clock, so they read it too.
    now: clock.now,
  };
  const services = createServices(deps);
  const app = await buildApp({ ...deps, captcha: runtime.captcha, logger: false, services });
  await app.ready();

  return {
    app,
    runtime,
    services,
    sink,
    clock,
    async call(options) {
      const { token, ...rest } = options;
      const response = await app.inject({
        ...rest,
        headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    },
    async close() {
      await app.close();
      await runtime.close();
      await sink.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Pulls the first link to a given page out of a caught mail. */
export function linkTo(mail: { links: string[]; html?: string }, pagePath: string): string {
  const found = mail.links.find((link) => link.includes(pagePath));
  if (!found) throw new Error(`No link to ${pagePath} in mail: ${mail.links.join(', ')}`);
  return found;
}

export const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';
