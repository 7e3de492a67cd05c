import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCache } from '../src/adapters/cache/index.ts';
import {
  categories,
  categoryDishes,
  dishes,
  type MenuSchedule,
  menuCategories,
  menus,
  restaurants,
} from '../src/db/schema.ts';
import { compactRendered, gzipOf, type Rendered } from '../src/features/public-menu/public-menu.page.ts';
import { createPageCache, renderedSize } from '../src/features/public-menu/public-menu.pages.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createOwner } from './factories.ts';

/**
 * The public menu at many restaurants (issue 21, item 3): pages are drawn again only when what a
 * diner sees changes, never because a minute passed; every cache is bounded by bytes, least
 * recently used first, and an address never outlives the page it leads to; `/api/health` shows it.
 */

const page = (bytes: number): Rendered => ({
  status: 200,
  type: 'text/html; charset=utf-8',
  etag: 'W/"x"',
  body: Buffer.alloc(bytes, 'a'),
});

describe('the byte-bounded cache (adapters/cache)', () => {
  it('evicts the least recently used entries past its byte budget, tells who leaves, counts hits and misses', () => {
    let now = 0;
    const removed: string[] = [];
    const cache = createMemoryCache<string>({
      maxBytes: 10,
      now: () => now,
      sizeOf: (value) => value.length,
      onRemove: (key) => removed.push(key),
    });
    cache.set('a', 'aaaa', 100);
    cache.set('b', 'bbbb', 100);
    expect(cache.get('a')).toBe('aaaa'); // a is now the most recently used
    cache.set('c', 'cccc', 100); // 12 bytes: b, the least recently used, goes
    expect([...cache.entries()].map(([key]) => key)).toEqual(['a', 'c']);
    expect(removed).toEqual(['b']);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 2, bytes: 8, maxBytes: 10, hits: 1, misses: 1 });
    // Replacing a value is not a removal; expiry is.
    cache.set('a', 'aa', 100);
    expect(removed).toEqual(['b']);
    now = 100;
    expect(cache.get('a')).toBeUndefined();
    expect(removed).toEqual(['b', 'a']);
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 4, hits: 1, misses: 2 });
  });
});

describe('the page cache (public-menu.pages.ts)', () => {
  it('keeps pages within their byte budget, and an evicted page takes its addresses along', () => {
    const size = renderedSize(page(1000), 'p1');
    const pages = createPageCache({ now: () => 0, maxBytes: size * 2 + 10 });
    let drawn = 0;
    const draw = (key: string) =>
      pages.page(key, () => {
        drawn += 1;
        return page(1000);
      });
    draw('p1');
    pages.link('/menu/a', 'p1');
    pages.link('/menu/a?utm_source=qr', 'p1');
    draw('p2');
    pages.link('/menu/b', 'p2');
    expect(draw('p1').body.length).toBe(1000); // p1 read again: p2 is now the least recently used
    expect(drawn).toBe(2);
    expect(pages.byAddress('/menu/a')).toBeDefined();
    expect(pages.stats().addresses.entries).toBe(3);

    draw('p3'); // three pages do not fit: p2 goes, and /menu/b with it
    expect(drawn).toBe(3);
    expect(pages.stats().pages.entries).toBe(2);
    expect(pages.stats().pages.bytes).toBeLessThanOrEqual(size * 2 + 10);
    expect(pages.stats().addresses.entries).toBe(2);
    expect(pages.byAddress('/menu/b')).toBeUndefined();
    expect(pages.byAddress('/menu/a?utm_source=qr')).toBeDefined();
    expect(pages.renders).toBe(3);
  });

  it('holds a page as its brotli copy, and counts a gzip copy or the plain body once one is made', () => {
    const pages = createPageCache({ now: () => 0 });
    const html = Buffer.from(`<!doctype html>${'<p>A dish, its price and its story.</p>'.repeat(400)}`);
    const held = pages.page('p', () => compactRendered({ ...page(0), body: html }));
    expect(held.br!.length).toBeLessThan(html.length / 5);
    const before = pages.stats().pages.bytes;
    expect(before).toBeLessThan(held.br!.length + 1000);
    gzipOf(held);
    expect(pages.stats().pages.bytes).toBe(before + held.gzip!.length);
    expect(held.plain).toBeUndefined(); // the gzip copy did not keep the plain body
    // A client that accepts no compression: the plain body, made once, kept and counted.
    expect(held.body.equals(html)).toBe(true);
    expect(held.body).toBe(held.body);
    expect(pages.stats().pages.bytes).toBe(before + held.gzip!.length + html.length);
    expect(pages.stats().pages.entries).toBe(1);
  });

  it('bounds the addresses by bytes too, without dropping the pages they led to', () => {
    const pages = createPageCache({ now: () => 0, maxAddressBytes: 1000 });
    pages.page('p', () => page(100));
    for (let i = 0; i < 100; i += 1) pages.link(`/menu/a?x=${i}`, 'p');
    const { addresses } = pages.stats();
    expect(addresses.bytes).toBeLessThanOrEqual(1000);
    expect(addresses.entries).toBeGreaterThan(0);
    expect(addresses.entries).toBeLessThan(100);
    // The most recent addresses stay, the oldest went.
    expect(pages.byAddress('/menu/a?x=99')).toBeDefined();
    expect(pages.byAddress('/menu/a?x=0')).toBeUndefined();
    expect(pages.stats().pages.entries).toBe(1);
  });
});

/** The queries of a miss of the restaurant-data cache, for a restaurant without a parent. */
const QUERY_BUDGET = 6;

/** Wednesday 9 January 2030 on the restaurant's clock, Europe/Paris (UTC+1). */
const paris = (time: string) => new Date(`2030-01-09T${time}+01:00`);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;
const setClock = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());
const get = (url: string) => t.app.inject({ method: 'GET', url });
const renders = () => t.services.publicMenu.pages.renders;

const hours = (startTime: string, endTime: string): MenuSchedule => ({
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
  startTime,
  endTime,
});

/** A restaurant in Paris with Lunch (11:00–16:00, Quiche) and Dinner (17:00–23:00, Duck), published. */
async function lunchAndDinner() {
  const owner = await createOwner(t);
  const restaurantId = owner.restaurant.id;
  await db().update(restaurants).set({ timeZone: 'Europe/Paris' }).where(eq(restaurants.id, restaurantId));
  for (const [position, name, valid, dish] of [
    [0, 'Lunch', hours('11:00', '16:00'), 'Quiche'],
    [1, 'Dinner', hours('17:00', '23:00'), 'Duck'],
  ] as const) {
    const [menu] = await db()
      .insert(menus)
      .values({ restaurantId, name, draft: false, valid, twentyFourHours: false, position })
      .returning();
    const [category] = await db()
      .insert(categories)
      .values({ restaurantId, name: `${name} plates` })
      .returning();
    const [row] = await db().insert(dishes).values({ restaurantId, name: dish, price: 12 }).returning();
    await db().insert(menuCategories).values({ menuId: menu!.id, categoryId: category!.id, position: 0 });
    await db().insert(categoryDishes).values({ categoryId: category!.id, dishId: row!.id, position: 0 });
  }
  return restaurantId;
}

describe('pages across minutes (issue 21: keyed by what the diner sees)', () => {
  it('an unchanged page is not drawn again when a minute passes; a schedule change at its minute still switches the menu', async () => {
    const id = await lunchAndDinner();
    const url = `/menu/${id}`;
    const api = `/api/menus/customer?restaurantId=${id}`;

    setClock(paris('15:58:30'));
    const lunch = await get(url);
    expect(lunch.statusCode).toBe(200);
    expect(lunch.body).toContain('Quiche');
    expect((await get(api)).statusCode).toBe(200);
    const drawn = renders();

    // Two minute boundaries later, nothing a diner sees changed: the same page, not drawn again.
    setClock(paris('15:59:40'));
    const later = await get(url);
    expect(later.body).toBe(lunch.body);
    expect(later.headers.etag).toBe(lunch.headers.etag);
    expect((await get(api)).headers.etag).toBe((await get(api)).headers.etag);
    expect(renders()).toBe(drawn);

    // 16:00: Lunch closes, nothing is open; the page says when each menu opens next.
    setClock(paris('16:00:00'));
    const closed = await get(url);
    expect(closed.body).not.toContain('Quiche');
    expect(closed.body).toContain('Dinner opens Wednesday at 17:00');
    expect(closed.headers.etag).not.toBe(lunch.headers.etag);
    const drawnClosed = renders();
    expect(drawnClosed).toBe(drawn + 1);
    setClock(paris('16:59:59'));
    expect((await get(url)).body).toBe(closed.body);
    expect(renders()).toBe(drawnClosed);

    // 17:00, a minute boundary: Dinner is served at once.
    setClock(paris('17:00:00'));
    const dinner = await get(url);
    expect(dinner.body).toContain('Duck');
    expect(dinner.body).not.toContain('Quiche');
    expect(renders()).toBe(drawnClosed + 1);

    // 23:00: nothing open again, and the page names the next openings from this instant.
    setClock(paris('23:00:00'));
    const night = await get(url);
    expect(night.body).toContain('Lunch opens Thursday at 11:00');
    expect(night.body).toContain('Dinner opens Thursday at 17:00');
  });
});

describe("the data cache's miss (issue 21: a few queries, not thirteen)", () => {
  it('reads a restaurant in a few queries, and the answer is the same as before', async () => {
    const id = await lunchAndDinner();
    setClock(paris('12:00:00'));
    const before = await get(`/api/menus/customer?restaurantId=${id}`);
    // Every query on the pool while the entry is read again.
    const pool = t.runtime.database.pool;
    const query = pool.query;
    let queries = 0;
    pool.query = ((...args: Parameters<typeof query>) => {
      queries += 1;
      return (query as (...a: unknown[]) => unknown).apply(pool, args);
    }) as typeof query;
    try {
      t.services.publicMenu.changed(id);
      const after = await get(`/api/menus/customer?restaurantId=${id}`);
      expect(after.headers.etag).toBe(before.headers.etag);
    } finally {
      pool.query = query;
    }
    console.log(`public-menu data cache miss: ${queries} queries`);
    expect(queries).toBeLessThanOrEqual(QUERY_BUDGET);
  });
});

describe('GET /api/health (issue 21: hit rate and size visible)', () => {
  it('answers the public-menu caches: entries, bytes, bound, hits, misses, renders', async () => {
    const id = await lunchAndDinner();
    setClock(paris('12:00:00'));
    await get(`/menu/${id}`);
    const before = (await t.call({ method: 'GET', url: '/api/health' })).body.message as {
      status: string;
      publicMenuCache: Record<'data' | 'pages' | 'addresses', Record<string, number>>;
    };
    expect(before).toMatchObject({ status: 'ok', database: 'ok', redis: 'off', storage: 'ok' });
    const { data, pages, addresses } = before.publicMenuCache;
    for (const stats of [data, pages, addresses]) {
      expect(Object.keys(stats).sort()).toEqual(
        expect.arrayContaining(['bytes', 'entries', 'hits', 'maxBytes', 'misses']),
      );
      expect(stats.entries).toBeGreaterThan(0);
      expect(stats.bytes).toBeGreaterThan(0);
      expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes!);
    }
    expect(pages.renders).toBeGreaterThan(0);

    await get(`/menu/${id}`);
    const after = (await t.call({ method: 'GET', url: '/api/health' })).body.message as typeof before;
    expect(after.publicMenuCache.data.hits).toBe(data.hits! + 1);
    expect(after.publicMenuCache.pages.hits).toBe(pages.hits! + 1);
    expect(after.publicMenuCache.addresses.hits).toBe(addresses.hits! + 1);
    expect(after.publicMenuCache.pages.renders).toBe(pages.renders);
  });
});
