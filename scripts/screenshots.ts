/**
 * Screenshots of every owner screen at 1280 and 390 px (issue 11 "done when"), as the demo owner,
 * into test-results/screenshots/every-screen/<screen>-<width>.png.
 *
 *   npm run build -w @carte/web && npm run screenshots
 *
 * Starts the real server on a fresh database with the demo seeded: a new database on the
 * PostgreSQL of DATABASE_URL (dropped afterwards), or the embedded PostgreSQL without it. Drives
 * Debian's chromium (CHROMIUM_PATH to override). `SCREENS=dashboard,settings` limits the screens.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../apps/server/test/free-port.ts';
import { demoIds, openScreen, ownerScreens, skipTour } from '../e2e/every-screen-routes.ts';
import { launchBrowser } from '../e2e/support/browser.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'test-results/screenshots/every-screen');
const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function freshDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  const name = `carte_screens_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function startServer(databaseUrl: string | undefined) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-screens-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    CAPTCHA: 'off',
    BILLING_PROVIDER: 'local',
    LOG_LEVEL: 'warn',
    SUPER_ADMIN_EMAIL: 'root@carte.test',
    SUPER_ADMIN_PASSWORD: 'RootPass123',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 120_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const database = await freshDatabase();
  const server = await startServer(database.url);
  const browser = await launchBrowser();
  try {
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'Demo1234' }),
    });
    const session = ((await login.json()) as { message: { accessToken: string; user: { _id: string } } })
      .message;
    const only = process.env.SCREENS?.split(',').map((name) => name.trim());
    const screens = ownerScreens(await demoIds(server.url, session.accessToken)).filter(
      (screen) => !only || only.includes(screen.name),
    );
    const context = await browser.newContext({ viewport: widths[0], baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username or email').fill('demo');
    await page.getByLabel(/^Password/).fill('Demo1234');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((address) => address.pathname === '/', { timeout: 30_000 });
    await skipTour(page, session.user._id);
    for (const viewport of widths) {
      await page.setViewportSize(viewport);
      for (const screen of screens) {
        await openScreen(page, screen);
        const file = path.join(outDir, `${screen.name}-${viewport.width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.info(`${screen.url} at ${viewport.width} px → ${path.relative(root, file)}`);
      }
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
