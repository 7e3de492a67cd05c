import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabaseUrl } from '../../apps/server/test/db.ts';
import { freePort } from '../../apps/server/test/free-port.ts';
import { waitFor } from '../../apps/server/test/wait-for.ts';

const root = path.resolve(import.meta.dirname, '../..');

export { freePort };

export interface RunningServer {
  url: string;
  databaseUrl: string;
  jwtSecret: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The real server as a user runs it (`tsx src/main.ts`), serving the built web app, on a database of
 * its own. Journeys talk to it over HTTP like a browser does.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const databaseUrl = await createTestDatabaseUrl();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-e2e-'));
  const jwtSecret = 'e2e-secret-e2e-secret-e2e-secret-0123456';
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SUPER_ADMIN_EMAIL: 'root@carte.test',
      SUPER_ADMIN_PASSWORD: 'RootPass123',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));

  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    return (await fetch(`${url}/api/health`).catch(() => null))?.ok === true;
  };
  await waitFor(answers, { timeout: 60_000, interval: 250 }).catch((error: Error) => {
    throw child.exitCode !== null ? error : new Error(`server did not start in time:\n${log}`);
  });

  return {
    url,
    databaseUrl,
    jwtSecret,
    output: () => log,
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
