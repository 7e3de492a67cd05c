/**
 * Equal timing of the account mails asked for by address (docs/security.md, finding 4): the median
 * answer time of POST /api/users/request-new-password and /forgot-username for an address held by
 * three accounts and for an unknown one, interleaved. The request only queues a job, so the two
 * should match; the check fails when one median is more than 1.5 times the other.
 * Run with `npx tsx bench/account-mail-timing.ts`.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { newId } from '../apps/server/src/db/ids.ts';
import { restaurants, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/features/identity/password.ts';
import { buildBenchApp, startBenchRuntime } from './bench-runtime.ts';

const ROUNDS = 60;
const MAX_RATIO = 1.5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  // Limits high enough that no request is refused; the answers go to the outbox.
  const bench = await startBenchRuntime({
    MAIL_REQUESTS_PER_ADDRESS: '100000',
    MAIL_REQUESTS_PER_CLIENT: '100000',
  });
  const { runtime } = bench;
  const app = await buildBenchApp(bench);
  await app.ready();
  const email = `timing_${randomBytes(3).toString('hex')}@carte.bench`;
  const passwordHash = await hashPassword('BenchPass123');
  const personId = newId();
  for (let i = 0; i < 3; i++) {
    const [restaurant] = await runtime.database.db
      .insert(restaurants)
      .values({ name: `Timing ${i}` })
      .returning();
    await runtime.database.db.insert(users).values({
      username: `timing_${i}_${randomBytes(3).toString('hex')}`,
      email,
      role: 'RESTAURANT',
      passwordHash,
      verifiedAt: new Date(),
      personId,
      restaurantId: restaurant!.id,
    });
  }

  let failed = false;
  try {
    for (const url of ['/api/users/request-new-password', '/api/users/forgot-username']) {
      const times = { existing: [] as number[], unknown: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const kind of round % 2
          ? (['unknown', 'existing'] as const)
          : (['existing', 'unknown'] as const)) {
          const target = kind === 'existing' ? email : `nobody_${round}@carte.bench`;
          const started = performance.now();
          const response = await app.inject({ method: 'POST', url, payload: { email: target } });
          const elapsed = performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
          // The first rounds warm up caches and the queue.
          if (round >= 5) times[kind].push(elapsed);
        }
      }
      const existing = median(times.existing);
      const unknown = median(times.unknown);
      const ratio = Math.max(existing, unknown) / Math.min(existing, unknown);
      const ok = ratio <= MAX_RATIO;
      failed ||= !ok;
      console.log(
        `${url}: median ${existing.toFixed(2)} ms for an address with 3 accounts, ${unknown.toFixed(2)} ms for an unknown one — ratio ${ratio.toFixed(2)} ${ok ? 'OK' : `over ${MAX_RATIO}`}`,
      );
    }
  } finally {
    await app.close();
    await bench.close();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
