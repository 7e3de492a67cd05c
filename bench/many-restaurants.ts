import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { newId } from '../apps/server/src/db/ids.ts';
import {
  categories,
  categoryDishes,
  dishes,
  menuCategories,
  menus,
  restaurants,
} from '../apps/server/src/db/schema.ts';
import { type ServerProcess, spawnServer } from '../apps/server/test/scale/server-process.ts';
import { benchDatabase } from './bench-runtime.ts';

/** autocannon's programmatic API, as used here (it ships no types); runs in this process, the server in its own. */
interface Cannon {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
  requests: { method: string; setupRequest: (request: Record<string, unknown>) => Record<string, unknown> }[];
}) => Promise<Cannon>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SIZES = (process.env.SIZES ?? '10,1000,10000').split(',').map(Number);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = 20;
/** The documented bound of the server's RSS whatever the number of restaurants read (decisions). */
const RSS_BOUND_MB = 1_024;
const CHUNK = 1_000;

interface CacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  renders?: number;
}
type Caches = Record<'data' | 'pages' | 'addresses', CacheStats>;

/** `count` restaurants with a published menu each, inserted in chunks; answers their ids. */
async function seed(databaseUrl: string, count: number): Promise<string[]> {
  const database = openDatabase(databaseUrl, 2);
  const ids: string[] = [];
  try {
    for (let start = 0; start < count; start += CHUNK) {
      const size = Math.min(CHUNK, count - start);
      const rows = Array.from({ length: size }, (_, i) => {
        const n = start + i + 1;
        const restaurantId = newId();
        const menuId = newId();
        const cats = [newId(), newId()];
        const dishIds = Array.from({ length: 8 }, () => newId());
        return { n, restaurantId, menuId, cats, dishIds };
      });
      await database.db.transaction(async (tx) => {
        await tx
          .insert(restaurants)
          .values(rows.map((r) => ({ id: r.restaurantId, name: `Restaurant ${r.n}`, timeZone: 'UTC' })));
        await tx
          .insert(menus)
          .values(
            rows.map((r) => ({ id: r.menuId, restaurantId: r.restaurantId, name: 'All day', draft: false })),
          );
        await tx.insert(categories).values(
          rows.flatMap((r) =>
            r.cats.map((id, k) => ({
              id,
              restaurantId: r.restaurantId,
              name: k ? 'Mains' : 'Starters',
              position: k,
            })),
          ),
        );
        await tx.insert(dishes).values(
          rows.flatMap((r) =>
            r.dishIds.map((id, k) => ({
              id,
              restaurantId: r.restaurantId,
              name: `Dish ${k + 1} of ${r.n}`,
              description: `<p>House dish ${k + 1}: seasonal, served with greens and our sauce.</p>`,
              price: 6 + ((r.n * 37 + k * 11) % 2400) / 100,
              position: k,
            })),
          ),
        );
        await tx
          .insert(menuCategories)
          .values(
            rows.flatMap((r) =>
              r.cats.map((categoryId, k) => ({ menuId: r.menuId, categoryId, position: k })),
            ),
          );
        await tx
          .insert(categoryDishes)
          .values(
            rows.flatMap((r) =>
              r.dishIds.map((dishId, k) => ({ categoryId: r.cats[k < 4 ? 0 : 1]!, dishId, position: k % 4 })),
            ),
          );
      });
      ids.push(...rows.map((r) => r.restaurantId));
    }
    // The planner's statistics, as autovacuum would gather them a minute later: without them it
    // scans whole link tables it takes for empty.
    await database.pool.query('ANALYZE');
  } finally {
    await database.pool.end();
  }
  return ids;
}

/** autocannon over `/menu/{id}`, the id chosen by `pick` for each request. */
function load(base: string, pick: () => string, options: { duration?: number; amount?: number }) {
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? SECONDS }),
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/menu/${pick()}` }) }],
  });
}

const rssMb = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

async function caches(base: string): Promise<Caches> {
  const body = (await (await fetch(`${base}/api/health`)).json()) as { message: { publicMenuCache: Caches } };
  return body.message.publicMenuCache;
}

const rate = (after: CacheStats, before: CacheStats) => {
  const hits = after.hits - before.hits;
  const total = hits + after.misses - before.misses;
  return total ? `${((100 * hits) / total).toFixed(1)} %` : 'n/a';
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Figures {
  size: number;
  rps: number;
  p50: number;
  p99: number;
  rss: number;
}

async function measure(size: number): Promise<Figures> {
  const database = await benchDatabase('carte_bench_many');
  let server: ServerProcess | undefined;
  try {
    server = await spawnServer({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    await server.healthy();
    const seeded = Date.now();
    const ids = await seed(database.url, size);
    const seedSeconds = (Date.now() - seeded) / 1000;
    const base = server.url;

    // Every restaurant once, in order (the caches fill as far as their budgets allow).
    let next = 0;
    const started = Date.now();
    const warm = await load(base, () => ids[next++ % ids.length]!, { amount: Math.max(size, 2_000) });
    const warmSeconds = (Date.now() - started) / 1000;
    if (warm.non2xx || warm.errors)
      throw new Error(`warm-up failed: ${warm.non2xx} non-2xx, ${warm.errors} errors`);

    const before = await caches(base);
    const result = await load(base, () => ids[Math.floor(Math.random() * ids.length)]!, {});
    const after = await caches(base);
    const rss = rssMb(server.child.pid!);
    const requests = result.requests.total;
    const drawn = (after.pages.renders ?? 0) - (before.pages.renders ?? 0);
    console.log(
      `${String(size).padStart(6)} restaurants: seeded in ${seedSeconds.toFixed(1)} s, all read once in ${warmSeconds.toFixed(1)} s; ` +
        `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `errors ${result.errors + result.non2xx}; RSS ${rss.toFixed(0)} MB`,
    );
    console.log(
      `        hit rates in the window: data ${rate(after.data, before.data)}, addresses ${rate(after.addresses, before.addresses)}, ` +
        `pages ${rate(after.pages, before.pages)}; pages drawn ${drawn} for ${requests} requests`,
    );
    console.log(
      `        held: data ${after.data.entries} entries ${mb(after.data.bytes)} / ${mb(after.data.maxBytes)}, ` +
        `pages ${after.pages.entries} ${mb(after.pages.bytes)} / ${mb(after.pages.maxBytes)}, ` +
        `addresses ${after.addresses.entries} ${mb(after.addresses.bytes)} / ${mb(after.addresses.maxBytes)}`,
    );
    return { size, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, rss };
  } finally {
    await server?.stop();
    await database.drop();
  }
}

async function main() {
  console.log(
    `many-restaurants bench: GET /menu/{id} spread over every restaurant, ${CONNECTIONS} connections, ${SECONDS} s per size`,
  );
  const figures: Figures[] = [];
  for (const size of SIZES) figures.push(await measure(size));
  const smallest = figures[0]!;
  const largest = figures[figures.length - 1]!;
  if (figures.length > 1) {
    const ratio = largest.p99 / Math.max(smallest.p99, 1);
    console.log(
      `${ratio <= 1.5 ? 'PASS' : 'FAIL'}  p99 at ${largest.size} within 1.5× of p99 at ${smallest.size}: ` +
        `${largest.p99} ms / ${smallest.p99} ms = ${ratio.toFixed(2)}`,
    );
  }
  const peak = Math.max(...figures.map((entry) => entry.rss));
  console.log(
    `${peak <= RSS_BOUND_MB ? 'PASS' : 'FAIL'}  RSS after reading all stays under ${RSS_BOUND_MB} MB: ${peak.toFixed(0)} MB at most`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
