import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@carte/domain';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createTestDatabaseUrl } from './db.ts';
import { freePort } from './free-port.ts';
import {
  api,
  menuNames,
  seedOwner,
  spawnServer as spawnScaleServer,
  writeLoad,
} from './scale/server-process.ts';
import { waitFor } from './wait-for.ts';

const root = path.resolve(import.meta.dirname, '../../..');

interface Server {
  url: string;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** The real server process (`tsx apps/server/src/main.ts`), as an operator runs it. */
function spawnServer(env: Record<string, string>): Server & { dataDir: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-outage-'));
  let out = '';
  let err = '';
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'outage-secret-outage-secret-outage-0123',
      SEED_DEMO: 'false',
      CAPTCHA: 'off',
      LOG_LEVEL: 'info',
      SUPER_ADMIN_EMAIL: 'root@carte.test',
      SUPER_ADMIN_PASSWORD: 'RootPass123',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (out += chunk));
  child.stderr?.on('data', (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    dataDir,
  };
}

async function waitForHealth(server: Server, timeoutMs = 60_000) {
  const answers = async () => {
    if (server.child.exitCode !== null)
      throw new Error(`server exited:\n${server.stdout()}\n${server.stderr()}`);
    return (await fetch(`${server.url}/api/health`).catch(() => null))?.ok === true;
  };
  await waitFor(answers, { timeout: timeoutMs, interval: 200 }).catch((error: Error) => {
    throw server.child.exitCode !== null
      ? error
      : new Error(`server did not start:\n${server.stdout()}\n${server.stderr()}`);
  });
}

/** The pino lines the server wrote, parsed (pino writes one JSON object a line). */
const logLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg?: string; time: number });

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

describe('the server process and its database (issue 8)', () => {
  it('refuses to start in production on an external database without an explicit BILLING_PROVIDER', async () => {
    const server = spawnServer({
      PORT: String(await freePort()),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    cleanups.push(() => rmSync(server.dataDir, { recursive: true, force: true }));
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('BILLING_PROVIDER');
  });

  it('survives every connection being terminated under load: 503 meanwhile, served again after, SIGTERM exits 0', async () => {
    const databaseUrl = await createTestDatabaseUrl();
    const databaseName = new URL(databaseUrl).pathname.slice(1);
    const server = spawnServer({
      PORT: String(await freePort()),
      DATABASE_URL: databaseUrl,
      BILLING_PROVIDER: 'off',
    });
    cleanups.push(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(server.dataDir, { recursive: true, force: true });
    });
    await waitForHealth(server);

    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root@carte.test', password: 'RootPass123' }),
    });
    const token = ((await login.json()) as { message: { accessToken: string } }).message.accessToken;
    expect(token).toBeTruthy();

    // Load: eight clients reading the session (a query per request), the health check, and
    // analytics events (written by a background flush).
    const statuses = new Map<number, number>();
    const bodies503: unknown[] = [];
    let loading = true;
    const client = async () => {
      while (loading) {
        for (const path of ['/api/users/me', '/api/health', '/api/gapi/events']) {
          try {
            const event = JSON.stringify({ type: 'page_view', restaurantId: '0'.repeat(24) });
            const response = await fetch(`${server.url}${path}`, {
              headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
              ...(path === '/api/gapi/events' ? { method: 'POST', body: event } : {}),
            });
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            const body = await response.json();
            if (response.status === 503) bodies503.push(body);
          } catch {
            statuses.set(0, (statuses.get(0) ?? 0) + 1);
          }
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);

    // Every connection to the server's database ended, again and again once the load is served, until
    // the clients have met the outage (503 answers) and more than ten connections were cut: the app's
    // pool and pg-boss's, idle and busy alike.
    const answered = (status: number) => statuses.get(status) ?? 0;
    await waitFor(() => answered(200) >= 8, { timeout: 30_000, message: 'the load served' });
    const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    let terminated = 0;
    const unavailableBefore = answered(503);
    await waitFor(
      async () => {
        const { rowCount } = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [databaseName],
        );
        terminated += rowCount ?? 0;
        return terminated > 10 && answered(503) - unavailableBefore >= 10;
      },
      { timeout: 30_000, interval: 25, message: 'connections cut and the outage met by the load' },
    );
    await admin.end();
    loading = false;
    await Promise.all(clients);

    console.log(
      `[outage] ${terminated} connections terminated; answers: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(' ')}`,
    );
    expect(terminated).toBeGreaterThan(10);
    expect(server.child.exitCode).toBeNull();
    // Only successes and 503s, never a 500 nor a dropped connection; the 503s are envelopes.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 503]));
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(bodies503[0]).toMatchObject({ statusCode: 503, confirmation: 'Fail' });
    expect(bodies503.filter((body) => (body as { message: string }).message.includes('Connection'))).toEqual(
      [],
    );

    // Served again without a restart.
    await waitForHealth(server, 15_000);
    const me = await fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);

    // The job queue (pg-boss, its own pool and LISTEN connection) works again too: a reset mail
    // is queued and delivered (outbox mode) by the worker.
    const reset = await fetch(`${server.url}/api/users/request-new-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'root@carte.test' }),
    });
    expect(reset.status).toBe(200);
    const reader = new pg.Client({ connectionString: databaseUrl });
    await reader.connect();
    const lastResetStatus = async () =>
      (
        await reader.query<{ status: string }>(
          "SELECT status FROM mails WHERE template = 'user-forgot-password' ORDER BY created_at DESC LIMIT 1",
        )
      ).rows[0]?.status;
    const delivered = await waitFor(async () => (await lastResetStatus()) === 'outbox', {
      timeout: 20_000,
      interval: 250,
      message: 'the reset mail delivered',
    }).finally(() => reader.end());
    expect(delivered).toBe(true);

    // A normal shutdown: exit 0, nothing on stderr, no error in the log after the signal.
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
    const afterSignal = logLines(server.stdout()).filter((line) => line.time >= signalledAt);
    expect(afterSignal.filter((line) => line.level >= 50)).toEqual([]);
    expect(afterSignal.map((line) => line.msg)).toContain('bye');
    // Lost connections were reported as warnings, not errors, while it happened.
    expect(logLines(server.stdout()).some((line) => line.msg?.includes('database connection lost'))).toBe(
      true,
    );
    expect(messages.databaseUnavailable).toBe((bodies503[0] as { message: string }).message);
  }, 120_000);
});

describe('PostgreSQL restarted under write load (issue 16)', () => {
  it('loses no acknowledged write, answers 503 envelopes meanwhile, and recovers without a restart', async () => {
    // A PostgreSQL of this test's own, so it can be stopped and started again (the machine's serves others).
    const pgDir = mkdtempSync(path.join(tmpdir(), 'carte-pg-restart-'));
    const pgPort = await freePort();
    let database = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
    const databaseUrl = database.url('carte');
    const server = await spawnScaleServer({ DATABASE_URL: databaseUrl });
    cleanups.push(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    try {
      await server.healthy();
      const owner = await seedOwner(databaseUrl, 'restart');
      const login = await api<{ accessToken: string }>(server.url, 'POST', '/api/users/login', {
        body: { username: owner.username, password: owner.password },
      });
      const load = writeLoad(server.url, login.message.accessToken, 'restart');
      await waitFor(() => load.acknowledged.length >= 20, {
        timeout: 30_000,
        message: 'writes acknowledged',
      });
      const writtenBefore = load.acknowledged.length;
      await database.stop();
      // Down until the clients have met it: 503 envelopes, ten of them.
      const refused = () => load.answers.filter((answer) => answer.status === 503).length;
      await waitFor(() => refused() >= 10, {
        timeout: 30_000,
        message: '503 answers while PostgreSQL is down',
      });
      const during = refused();
      database = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
      // Served again on its own, writes acknowledged again.
      await server.healthy(30_000);
      const resumedAt = load.acknowledged.length;
      await waitFor(() => load.acknowledged.length >= resumedAt + 20, {
        timeout: 20_000,
        message: 'writes acknowledged again',
      });
      await load.stop();

      const stored = await menuNames(databaseUrl, owner.restaurantId);
      const lost = load.acknowledged.filter((name) => !stored.has(name));
      console.log(
        `[faults] PostgreSQL restarted under write load: ${load.acknowledged.length} writes acknowledged (${writtenBefore} before the stop), ${lost.length} acknowledged writes lost; answers: ${load.counts()}`,
      );
      expect(lost).toEqual([]);
      expect(writtenBefore).toBeGreaterThan(0);
      expect(load.acknowledged.length).toBeGreaterThan(resumedAt);
      expect(during).toBeGreaterThan(0);
      // Only successes and 503 envelopes: no 500, no dropped connection.
      expect(load.answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
      const unavailable = load.answers.find((answer) => answer.status === 503)?.body;
      expect(unavailable).toMatchObject({
        statusCode: 503,
        confirmation: 'Fail',
        message: messages.databaseUnavailable,
      });
      expect(server.child.exitCode).toBeNull();
      expect(await server.stop()).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await database.stop().catch(() => undefined);
      rmSync(pgDir, { recursive: true, force: true });
    }
  }, 180_000);
});
