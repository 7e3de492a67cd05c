import { messages, RESTAURANT_LIMITS } from '@carte/domain';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, dishes, ingredients, media, menus } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { ownerWithToken } from './factories.ts';

/** Issue 21: how much one restaurant may hold, refused with a clear message that changes nothing. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;
type Table = typeof dishes | typeof categories | typeof ingredients | typeof menus | typeof media;

/** Fills a restaurant with `n` rows of a table in one statement (names "Filler 1"…). */
async function fill(table: Table, restaurantId: string, n: number) {
  const name = table === media ? sql.raw('file_name') : sql.raw('name');
  const extra = table === media ? sql.raw(', key') : table === dishes ? sql.raw(', price') : sql.raw('');
  const extraValue =
    table === media ? sql.raw(`, 'media/filler-' || g`) : table === dishes ? sql.raw(', 1') : sql.raw('');
  await db().execute(
    sql`insert into ${table} (id, restaurant_id, ${name}${extra})
        select substr(md5(random()::text || g), 1, 24), ${restaurantId}, 'Filler ' || g${extraValue}
        from generate_series(1, ${n}) g`,
  );
}

const held = async (table: Table, restaurantId: string) =>
  Number((await db().select({ n: count() }).from(table).where(eq(table.restaurantId, restaurantId)))[0]!.n);

const refusal = (what: string, max: number) => messages.restaurantLimitReached(what, max);

describe('per-restaurant limits', () => {
  it('refuses the dish past the limit, by the form, by cloning and by CSV, and writes nothing', async () => {
    const owner = await ownerWithToken(t);
    const id = owner.restaurant.id;
    await fill(dishes, id, RESTAURANT_LIMITS.dishes - 1);
    const last = await t.call<{ _id: string }>({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: { name: 'The last one', price: 5 },
    });
    expect(last.status).toBe(200);
    const over = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: { name: 'One too many', price: 5 },
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(refusal('dishes', RESTAURANT_LIMITS.dishes));
    const clone = await t.call({
      method: 'POST',
      url: `/api/dishes/${last.body.message._id}/clone`,
      token: owner.token,
      payload: {},
    });
    expect(clone.status).toBe(400);
    expect(clone.body.message).toBe(refusal('dishes', RESTAURANT_LIMITS.dishes));

    const form = new FormData();
    form.append('csv', new Blob(['name,price,category,ingredients\nSoup,4,Starters,Leek\n']), 'dishes.csv');
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/dishes/upload-csv',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: form,
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toBe(refusal('dishes', RESTAURANT_LIMITS.dishes));
    // Nothing of the file was written: not the dish, nor its new category or ingredient.
    expect(await held(dishes, id)).toBe(RESTAURANT_LIMITS.dishes);
    expect(await held(categories, id)).toBe(0);
    expect(await held(ingredients, id)).toBe(0);
  });

  it('counts each restaurant apart: another restaurant still adds', async () => {
    const full = await ownerWithToken(t);
    await fill(menus, full.restaurant.id, RESTAURANT_LIMITS.menus);
    const refused = await t.call({
      method: 'POST',
      url: '/api/menus',
      token: full.token,
      payload: { name: 'More' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(refusal('menus', RESTAURANT_LIMITS.menus));
    expect(await held(menus, full.restaurant.id)).toBe(RESTAURANT_LIMITS.menus);

    const other = await ownerWithToken(t);
    const fine = await t.call({
      method: 'POST',
      url: '/api/menus',
      token: other.token,
      payload: { name: 'More' },
    });
    expect(fine.status).toBe(200);
  });

  it('refuses categories and a batch of ingredients that would pass the limit', async () => {
    const owner = await ownerWithToken(t);
    const id = owner.restaurant.id;
    await fill(categories, id, RESTAURANT_LIMITS.categories);
    const category = await t.call({
      method: 'POST',
      url: '/api/categories',
      token: owner.token,
      payload: { name: 'Late', dishes: [] },
    });
    expect(category.status).toBe(400);
    expect(category.body.message).toBe(refusal('categories', RESTAURANT_LIMITS.categories));

    await fill(ingredients, id, RESTAURANT_LIMITS.ingredients - 1);
    const two = await t.call({
      method: 'POST',
      url: '/api/ingredients',
      token: owner.token,
      payload: { ingredients: ['Saffron', 'Thyme'] },
    });
    expect(two.status).toBe(400);
    expect(two.body.message).toBe(refusal('ingredients', RESTAURANT_LIMITS.ingredients));
    expect(await held(ingredients, id)).toBe(RESTAURANT_LIMITS.ingredients - 1);
    const one = await t.call({
      method: 'POST',
      url: '/api/ingredients',
      token: owner.token,
      payload: { ingredients: ['Saffron'] },
    });
    expect(one.status).toBe(200);
  });

  it('refuses an upload to a full media library before a picture is stored', async () => {
    const owner = await ownerWithToken(t);
    await fill(media, owner.restaurant.id, RESTAURANT_LIMITS.media);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#d9480f' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('images[0]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'one.png');
    const upload = await t.call({
      method: 'POST',
      url: '/api/restaurants/upload-media',
      token: owner.token,
      payload: form,
    });
    expect(upload.status).toBe(400);
    expect(upload.body.message).toBe(refusal('images in the media library', RESTAURANT_LIMITS.media));
    expect(await held(media, owner.restaurant.id)).toBe(RESTAURANT_LIMITS.media);
  });
});
