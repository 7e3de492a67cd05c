import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.ts';
import { waitFor } from '../wait-for.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/** One real server process (`node --import tsx apps/server/src/main.ts`), as the Dockerfile runs it. */
export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
  /** Waits until /api/health answers 200. */
  healthy(timeoutMs?: number): Promise<void>;
}

export const SCALE_SECRET = 'scale-secret-scale-secret-scale-secret-01';

export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-scale-'));
  let out = '';
  // Node itself runs the server, with tsx as a loader: the `tsx` command would stand in between as
  // a parent that SIGKILLs a child too busy to acknowledge a SIGTERM within 30 ms (under load),
  // cutting the requests in flight. The Dockerfile starts it the same way.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: SCALE_SECRET,
      BILLING_PROVIDER: 'off',
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
  child.stderr?.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async healthy(timeoutMs = 60_000) {
      const answers = async () => {
        if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
        return (await fetch(`${url}/api/health`).catch(() => null))?.ok === true;
      };
      await waitFor(answers, { timeout: timeoutMs, interval: 200 }).catch((error: Error) => {
        throw child.exitCode !== null ? error : new Error(`server did not answer in time:\n${out}`);
      });
    },
  };
  return server;
}

/** JSON over HTTP to a server, answering status and the envelope's message. */
export async function api<T = unknown>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; message: T }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let message: unknown = text;
  try {
    message = (JSON.parse(text) as { message: unknown }).message;
  } catch {
    // not JSON
  }
  return { status: response.status, message: message as T };
}

/** The pino lines a server wrote, parsed. */
export const logLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg?: string; time: number });

/**
 * A verified owner with a restaurant, written straight into a database the servers have migrated
 * (as test/factories.ts does in process); answers its username and password.
 */
export async function seedOwner(databaseUrl: string, tag: string) {
  const { openDatabase } = await import('../../src/db/connect.ts');
  const { newId } = await import('../../src/db/ids.ts');
  const { restaurants, users } = await import('../../src/db/schema.ts');
  const { hashPassword } = await import('../../src/features/identity/password.ts');
  const database = openDatabase(databaseUrl, 1);
  try {
    const [restaurant] = await database.db
      .insert(restaurants)
      .values({ name: `Load ${tag}`, timeZone: 'UTC' })
      .returning();
    const password = 'LoadPass123';
    await database.db.insert(users).values({
      username: `load_${tag}`,
      email: `load_${tag}@carte.test`,
      firstName: 'Lou',
      lastName: 'Load',
      role: 'RESTAURANT',
      passwordHash: await hashPassword(password),
      verifiedAt: new Date(),
      personId: newId(),
      restaurantId: restaurant!.id,
    });
    return { username: `load_${tag}`, password, restaurantId: restaurant!.id };
  } finally {
    await database.pool.end();
  }
}

/** The names of a restaurant's menus in the database (what survived). */
export async function menuNames(databaseUrl: string, restaurantId: string): Promise<Set<string>> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT name FROM menus WHERE restaurant_id = $1', [
      restaurantId,
    ]);
    return new Set(rows.map((row) => row.name));
  } finally {
    await client.end();
  }
}

/**
 * Clients that create menus named `{prefix}-{n}` as fast as the server answers, until stopped:
 * which writes were acknowledged (200), and every answer's status (0: no answer — the connection
 * failed) with when its request began. A client whose connection failed stops there: its server is
 * gone or going (and a test that expects none of those fails on that answer).
 */
export function writeLoad(base: string, token: string, prefix: string, clients = 6) {
  const acknowledged: string[] = [];
  const answers: { status: number; startedAt: number; error?: string; body?: unknown }[] = [];
  let running = true;
  let n = 0;
  const client = async () => {
    while (running) {
      const name = `${prefix}-${n++}`;
      const startedAt = Date.now();
      try {
        const response = await fetch(`${base}/api/menus`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        });
        const body = await response.json().catch(() => null);
        answers.push({ status: response.status, startedAt, body });
        if (response.status === 200) acknowledged.push(name);
      } catch (error) {
        answers.push({ status: 0, startedAt, error: String((error as Error).cause ?? error) });
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, client));
  return {
    acknowledged,
    answers,
    async stop() {
      running = false;
      await done;
    },
    counts: () => {
      const counts = new Map<number, number>();
      for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      return [...counts].map(([status, count]) => `${status}×${count}`).join(' ');
    },
  };
}
