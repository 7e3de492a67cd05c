/**
 * One big restaurant (issue 21): 100, 1,000 and 10,000 dishes (with a category for every ten dishes,
 * an ingredient for every ten, three ingredients a dish). For each size it prints every owner list
 * route's latency (median of 3) and answer size, the longest event-loop stall while it ran, and the
 * p99 of a cheap route (`/api/config`) while five large lists (`/api/dishes`) run at once. The server
 * runs in this process, so the stall is the server's own loop.
 *
 * Needs DATABASE_URL (a PostgreSQL where it may create a database), or starts an embedded one.
 * Run: `npm run bench:large-restaurant`.
 */
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { newId } from '../apps/server/src/db/ids.ts';
import {
  categories,
  categoryDishes,
  dishes,
  dishIngredients,
  ingredients,
  logs,
  media,
  menuCategories,
  menus,
  restaurants,
  users,
} from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/features/identity/password.ts';
import { RESTAURANT_LIMITS } from '../packages/domain/src/index.ts';
import { buildBenchApp, startBenchRuntime } from './bench-runtime.ts';

/** BENCH_SIZES=10000 runs one size only (comma-separated). */
const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : [100, 1_000, 10_000];
/** The owner's list routes, asked by the big restaurant's owner. */
const OWNER_ROUTES = [
  '/api/dishes',
  '/api/categories',
  '/api/ingredients',
  '/api/menus',
  '/api/restaurants',
  '/api/restaurants/media',
  '/api/members',
  '/api/settings/quick-edit',
  // What the web tables ask once a list passes 500 rows: one page, a search, a sort.
  '/api/dishes?page=1&per_page=10',
  '/api/dishes?page=1&per_page=10&search=Dish%20777',
  '/api/dishes?page=40&per_page=10&sort=price&order=desc',
  '/api/categories?page=1&per_page=10&sort=dishes',
  '/api/ingredients?page=1&per_page=10&sort=used',
  '/api/menus?page=1&per_page=10&search=Menu%2077',
  '/api/members?page=1&per_page=10&sort=name',
  '/api/restaurants/media?page=40',
];
/** The platform's lists, asked by the super admin and by a reseller with `size` clients. */
const ADMIN_ROUTES = [
  '/api/admin/users',
  '/api/admin/restaurants',
  '/api/admin/dma-list',
  '/api/admin/users?page=1&per_page=10&search=client',
  '/api/admin/restaurants?page=1&per_page=10&sort=name',
  '/api/admin/logs?page=50&per_page=20',
  '/api/admin/dma-list?page=1&per_page=10',
];
const RESELLER_ROUTES = ['/api/dma/clients?page=1&per_page=5&search=client', '/api/dma/clients-temporary'];
/** Budgets the issue names: no stall past 100 ms; the cheap route's p99 under 100 ms under load. */
const STALL_BUDGET_MS = 100;
const CHEAP_P99_BUDGET_MS = 100;
/** A page of any list in 100 ms; a whole list (7.6 MB of 10,000 dishes) in a second. */
const PAGE_BUDGET_MS = 100;
const WHOLE_BUDGET_MS = 1_000;

/** `clients` loops asking `url` until told to stop; says "started" once the first requests are out. */
const HEAVY_CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.on('message', () => { running = false; });
const client = async () => {
  while (running) {
    const response = await fetch(workerData.url, { headers: { authorization: 'Bearer ' + workerData.token } });
    await response.arrayBuffer();
  }
};
const clients = Array.from({ length: workerData.clients }, client);
parentPort.postMessage('started');
Promise.all(clients).then(() => process.exit(0));
`;

const bench = await startBenchRuntime({});
/** One password hash for the bulk accounts, who never sign in. */
const memberHash = await hashPassword('BenchMember123');
const { config, runtime } = bench;
const db = runtime.database.db;
const app = await buildBenchApp(bench);

/** A restaurant of `size` dishes and its owner, written in bulk; answers the owner's credentials. */
async function writeRestaurant(size: number) {
  const [restaurant] = await db
    .insert(restaurants)
    .values({ name: `Big ${size}`, timeZone: 'UTC' })
    .returning({ id: restaurants.id });
  const restaurantId = restaurant!.id;
  const username = `big_${size}`;
  await db.insert(users).values({
    username,
    email: `${username}@carte.bench`,
    role: 'RESTAURANT',
    passwordHash: await hashPassword('BenchPass123'),
    verifiedAt: new Date(),
    personId: newId(),
    restaurantId,
  });
  const chunk = async <T>(rows: T[], write: (part: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 2_000) await write(rows.slice(i, i + 2_000));
  };
  const ingredientRows = Array.from({ length: size }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `Ingredient ${i + 1}`,
    position: i,
  }));
  await chunk(ingredientRows, (part) => db.insert(ingredients).values(part));
  const dishRows = Array.from({ length: size }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `Dish ${i + 1}`,
    description: `<p>House dish ${i + 1}, slow-cooked and seasonal.</p>`,
    price: 5 + (i % 30),
    position: i,
  }));
  await chunk(dishRows, (part) => db.insert(dishes).values(part));
  await chunk(
    dishRows.flatMap((dish, i) =>
      [0, 1, 2].map((k) => ({
        dishId: dish.id,
        ingredientId: ingredientRows[(i * 7 + k * 13) % (size / 10)]!.id,
        position: k,
      })),
    ),
    (part) => db.insert(dishIngredients).values(part),
  );
  const categoryRows = Array.from({ length: Math.max(1, size / 10) }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `Category ${i + 1}`,
    position: i,
  }));
  await chunk(categoryRows, (part) => db.insert(categories).values(part));
  await chunk(
    dishRows.map((dish, i) => ({
      categoryId: categoryRows[Math.floor(i / 10)]!.id,
      dishId: dish.id,
      position: i % 10,
    })),
    (part) => db.insert(categoryDishes).values(part),
  );
  // Menus of ten categories each (at most the limit), the media library, the team.
  const menuRows = Array.from({ length: Math.min(RESTAURANT_LIMITS.menus, size / 20) }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `Menu ${i + 1}`,
    position: i,
  }));
  await chunk(menuRows, (part) => db.insert(menus).values(part));
  await chunk(
    menuRows.flatMap((menu, i) =>
      Array.from({ length: 10 }, (_, k) => ({
        menuId: menu.id,
        categoryId: categoryRows[(i * 10 + k) % categoryRows.length]!.id,
        position: k,
      })),
    ),
    (part) => db.insert(menuCategories).values(part),
  );
  await chunk(
    Array.from({ length: Math.min(RESTAURANT_LIMITS.media, size) }, (_, i) => ({
      restaurantId,
      key: `media/bench-${i}`,
      fileName: `Photo ${i + 1}`,
      width: 1200,
      height: 900,
    })),
    (part) => db.insert(media).values(part),
  );
  await chunk(
    Array.from({ length: size }, (_, i) => ({
      username: `${username}_member_${i}`,
      email: `${username}_member_${i}@carte.bench`,
      role: 'MEMBER' as const,
      passwordHash: memberHash,
      verifiedAt: new Date(),
      personId: newId(),
      restaurantId,
      permissions: { dish: true, menu: i % 2 === 0 },
    })),
    (part) => db.insert(users).values(part),
  );
  return { username, password: 'BenchPass123' };
}

/** `size` more restaurants whose owners are one reseller's clients, and `size` log lines. */
async function writePlatform(size: number) {
  const reseller = `reseller_${size}`;
  const [dma] = await db
    .insert(users)
    .values({
      username: reseller,
      email: `${reseller}@carte.bench`,
      role: 'DMA',
      passwordHash: await hashPassword('BenchPass123'),
      verifiedAt: new Date(),
      personId: newId(),
      companyName: `Reseller ${size}`,
    })
    .returning({ id: users.id });
  for (let start = 0; start < size; start += 2_000) {
    const count = Math.min(2_000, size - start);
    const made = await db
      .insert(restaurants)
      .values(
        Array.from({ length: count }, (_, i) => ({ name: `Client ${size}-${start + i}`, timeZone: 'UTC' })),
      )
      .returning({ id: restaurants.id });
    await db.insert(users).values(
      made.map((restaurant, i) => ({
        username: `client_${size}_${start + i}`,
        email: `client_${size}_${start + i}@carte.bench`,
        role: 'DMA_CLIENT' as const,
        passwordHash: memberHash,
        verifiedAt: new Date(),
        personId: newId(),
        restaurantId: restaurant.id,
        dmaId: dma!.id,
      })),
    );
    await db.insert(logs).values(
      Array.from({ length: count }, (_, i) => ({
        message: i % 10 === 0 ? 'Request failed' : null,
        url: `/api/dishes/${newId()}`,
        statusCode: i % 10 === 0 ? 500 : 404,
        method: 'GET',
        username: `client_${size}_${start + i}`,
      })),
    );
  }
  return { username: reseller, password: 'BenchPass123' };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const get = async (url: string, token: string) => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: performance.now() - started, bytes, status: response.status };
  };
  const signIn = async (username: string, password: string) => {
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    return ((await login.json()) as { message: { accessToken: string } }).message.accessToken;
  };
  const adminToken = await signIn('admin', config.superAdmin.password!);
  const failures: string[] = [];
  /** Each route three times: its median, size and the longest stall of the loop meanwhile. */
  const measure = async (size: number, routes: string[], token: string) => {
    for (const route of routes) {
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await get(route, token));
      loop.disable();
      const stall = loop.max / 1e6;
      const median = percentile(
        runs.map((run) => run.ms),
        50,
      );
      const kb = (runs[0]!.bytes / 1024).toFixed(0);
      console.log(
        `  ${route.padEnd(54)} ${runs[0]!.status}  ${median.toFixed(0).padStart(5)} ms  ${kb.padStart(6)} KB  longest stall ${stall.toFixed(0).padStart(4)} ms`,
      );
      const budget = route.includes('page=') ? PAGE_BUDGET_MS : WHOLE_BUDGET_MS;
      if (runs[0]!.status !== 200) failures.push(`${size}: ${route} answered ${runs[0]!.status}`);
      if (stall > STALL_BUDGET_MS) failures.push(`${size}: ${route} stalled the loop ${stall.toFixed(0)} ms`);
      if (median > budget)
        failures.push(`${size}: ${route} took ${median.toFixed(0)} ms (budget ${budget} ms)`);
    }
  };
  for (const size of SIZES) {
    const owner = await writeRestaurant(size);
    const reseller = await writePlatform(size);
    const token = await signIn(owner.username, owner.password);
    console.log(
      `\n${size.toLocaleString('en-US')} dishes, ingredients, images and members; ${size / 10} categories, ${Math.min(RESTAURANT_LIMITS.menus, size / 20)} menus`,
    );
    await measure(size, OWNER_ROUTES, token);
    console.log(`  the platform (+${size.toLocaleString('en-US')} restaurants, clients and log lines):`);
    await measure(size, ADMIN_ROUTES, adminToken);
    await measure(size, RESELLER_ROUTES, await signIn(reseller.username, reseller.password));
    // A cheap route's latency while five large lists are being answered. The five clients run in a
    // worker thread, as they would in other processes: their reading of 7.6 MB answers is not the
    // server's work, and must not stall the loop the cheap route is measured on.
    const load = new Worker(HEAVY_CLIENTS, {
      eval: true,
      workerData: { url: `${base}/api/dishes`, token, clients: 5 },
    });
    await once(load, 'message');
    const cheap: number[] = [];
    for (let i = 0; i < 100; i++) cheap.push((await get('/api/config', token)).ms);
    load.postMessage('stop');
    await once(load, 'exit');
    const p99 = percentile(cheap, 99);
    console.log(`  /api/config p99 with five /api/dishes running: ${p99.toFixed(0)} ms`);
    if (p99 > CHEAP_P99_BUDGET_MS) failures.push(`${size}: /api/config p99 ${p99.toFixed(0)} ms under load`);
  }
  console.log(
    failures.length
      ? `\nOver budget (stall ≤ ${STALL_BUDGET_MS} ms, cheap p99 ≤ ${CHEAP_P99_BUDGET_MS} ms, page ≤ ${PAGE_BUDGET_MS} ms, whole list ≤ ${WHOLE_BUDGET_MS} ms):\n  ${failures.join('\n  ')}`
      : '\nAll within budget.',
  );
} finally {
  await app.close();
  await bench.close();
}
