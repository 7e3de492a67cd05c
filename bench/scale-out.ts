/**
 * The scale-out benchmark (issue 16), on this machine:
 * - the public menu (GET /api/menus/customer, what a diner's phone reads) through a small local
 *   load balancer (http-proxy, round robin) in front of one, then two server processes on one
 *   PostgreSQL and the machine's Redis: requests per second of each, and their ratio;
 * - the owner API GET /api/menus (a restaurant with 12 menus, signed in) on one server: requests per
 *   second and p99 latency, target p99 < 50 ms.
 * autocannon runs in a process of its own, 50 connections, 10 s each. The figures depend on the
 * machine's load: on a shared 2-core machine, two servers compete with the balancer and autocannon.
 *
 * Needs DATABASE_URL (a PostgreSQL where it may create a database) and Redis on 127.0.0.1:6379.
 * Run: `npx tsx bench/scale-out.ts`.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import httpProxy from 'http-proxy';
import { freePort } from '../apps/server/test/free-port.ts';
import { machineRedis } from '../apps/server/test/scale/redis-server.ts';
import { api, type ServerProcess, seedOwner, spawnServer } from '../apps/server/test/scale/server-process.ts';
import { benchDatabase } from './bench-runtime.ts';

const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const SECONDS = 10;

interface Cannon {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  non2xx: number;
}

function autocannon(url: string, extra: string[] = [], seconds = SECONDS): Promise<Cannon> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/autocannon/autocannon.js'),
        '-c',
        String(CONNECTIONS),
        '-d',
        String(seconds),
        '-j',
        ...extra,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 || !out.trim()) return reject(new Error(`autocannon failed (${code}): ${err}`));
      resolve(JSON.parse(out) as Cannon);
    });
  });
}

/** A round-robin load balancer over the given servers (http-proxy, keep-alive to the upstreams). */
async function loadBalancer(targets: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const proxy = httpProxy.createProxyServer({ agent, xfwd: true });
  proxy.on('error', (_error, _request, response) => {
    if ('writeHead' in response && !response.headersSent) response.writeHead(502);
    response.end();
  });
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = targets[next++ % targets.length]!;
    proxy.web(request, response, { target });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close();
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const line = (label: string, result: Cannon) =>
  `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${result.errors + result.non2xx}`;

async function main() {
  const redis = await machineRedis();
  const database = await benchDatabase('carte_bench_scale');
  const databaseUrl = database.url;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: redis.prefix,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
  };
  const servers: ServerProcess[] = [];
  try {
    const a = await spawnServer(env);
    servers.push(a);
    await a.healthy();
    const owner = await seedOwner(databaseUrl, 'bench');
    const login = await api<{ accessToken: string }>(a.url, 'POST', '/api/users/login', {
      body: { username: owner.username, password: owner.password },
    });
    const token = login.message.accessToken;
    for (let i = 0; i < 12; i++) {
      const made = await api(a.url, 'POST', '/api/menus', {
        token,
        body: { name: `Menu ${i + 1}`, draft: false },
      });
      if (made.status !== 200) throw new Error(`menu not created: ${JSON.stringify(made.message)}`);
    }
    const publicPath = `/api/menus/customer?restaurantId=${owner.restaurantId}`;

    console.log(
      `scale-out bench: ${CONNECTIONS} connections, ${SECONDS} s each (figures from a loaded, shared machine)`,
    );
    const one = await loadBalancer([a.url]);
    await autocannon(`${one.url}${publicPath}`, [], 3); // warm-up
    const single = await autocannon(`${one.url}${publicPath}`);
    await one.close();
    console.log(line('public menu, 1 server (via LB)', single));

    const b = await spawnServer(env);
    servers.push(b);
    await b.healthy();
    const two = await loadBalancer([a.url, b.url]);
    await autocannon(`${two.url}${publicPath}`, [], 3);
    const double = await autocannon(`${two.url}${publicPath}`);
    await two.close();
    console.log(line('public menu, 2 servers (via LB)', double));
    console.log(
      `scale-out ratio (2 servers / 1): ${(double.requests.average / single.requests.average).toFixed(2)}`,
    );
    await b.stop();
    servers.pop();

    const headers = ['-H', `authorization=Bearer ${token}`];
    await autocannon(`${a.url}/api/menus`, headers, 3);
    const owners = await autocannon(`${a.url}/api/menus`, headers);
    console.log(line('owner API GET /api/menus, 1 server', owners));
    console.log(`owner API p99: ${owners.latency.p99} ms (target < 50 ms)`);
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
