/**
 * Where the owner API's time goes (issue 16): GET /api/menus (a restaurant with 12 menus, signed in)
 * under autocannon at 50 connections for 8 s, with the V8 profiler on the server's process. Prints
 * the throughput and p99, then the functions and packages that took the server's CPU, so the next
 * optimisation starts from a measurement. Writes the profile to test-results/owner-api.cpuprofile
 * (open it in Chrome's DevTools, Performance tab).
 *
 * Needs DATABASE_URL (a PostgreSQL where it may create a database).
 * Run: `npx tsx bench/owner-api-profile.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { api, seedOwner } from '../apps/server/test/scale/server-process.ts';
import { buildBenchApp, startBenchRuntime } from './bench-runtime.ts';

const root = path.resolve(import.meta.dirname, '..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function autocannon(url: string, token: string, seconds: number) {
  return new Promise<{ requests: { average: number }; latency: { p99: number } }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/autocannon/autocannon.js'),
        ...['-c', '50', '-d', String(seconds), '-j', '-H', `authorization=Bearer ${token}`, url],
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out)));
  });
}

/** Milliseconds of self time per key (a function, or the package it comes from). */
function selfTime(profile: Profile, keyOf: (node: ProfileNode) => string) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id);
    if (!node) return;
    const key = keyOf(node);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const all = [...totals.values()].reduce((sum, value) => sum + value, 0);
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, value]) => `${((value / all) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

const functionOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-3).join('/')}:${node.callFrame.lineNumber}`;
const packageOf = (node: ProfileNode) => {
  const url = node.callFrame.url;
  const inPackage = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1]!;
  if (url.includes('/apps/') || url.includes('/packages/')) return 'carte';
  return url ? 'node' : node.callFrame.functionName;
};

const bench = await startBenchRuntime({});
const { config } = bench;
const app = await buildBenchApp(bench);
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
  const owner = await seedOwner(config.databaseUrl, 'profile');
  const login = await api<{ accessToken: string }>(base, 'POST', '/api/users/login', {
    body: { username: owner.username, password: owner.password },
  });
  const token = login.message.accessToken;
  for (let i = 0; i < 12; i++) {
    await api(base, 'POST', '/api/menus', { token, body: { name: `Menu ${i + 1}`, draft: false } });
  }
  await autocannon(`${base}/api/menus`, token, 3); // warm-up
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const result = await autocannon(`${base}/api/menus`, token, 8);
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  writeFileSync(path.join(root, 'test-results/owner-api.cpuprofile'), JSON.stringify(profile));
  console.log(
    `GET /api/menus, 50 connections, profiler on: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`,
  );
  console.log('\nServer CPU by function (self time, top 20)');
  for (const line of selfTime(profile, functionOf).slice(0, 20)) console.log(`  ${line}`);
  console.log('\nServer CPU by package (self time, top 12)');
  for (const line of selfTime(profile, packageOf).slice(0, 12)) console.log(`  ${line}`);
} finally {
  await app.close();
  await bench.close();
}
