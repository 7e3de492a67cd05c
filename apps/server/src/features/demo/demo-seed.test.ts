import { DISH_IMAGE_ASPECT, optionPrice, sortAllergens } from '@carte/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { signIn } from '../../../test/factories.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import {
  categories,
  categoryDishes,
  customizations,
  dishes,
  dishIngredients,
  dishSideDishes,
  ingredients,
  menuCategories,
  menus,
  restaurants,
  users,
} from '../../db/schema.ts';
import { demoDishes, demoIngredients } from './demo-menu.ts';
import {
  DEMO_AUTHOR,
  DEMO_CLIENT_USERNAME,
  DEMO_PASSWORD,
  DEMO_RESELLER_USERNAME,
  DEMO_USERNAME,
  seedDemo,
} from './demo-seed.ts';

let t: TestApp;
const logged: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  await seedDemo({
    db: t.runtime.database.db,
    storage: t.runtime.storage,
    log: { info: (message: string) => logged.push(message) },
    publicUrl: 'http://carte.test',
  });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;

async function readAll(key: string): Promise<Buffer> {
  const file = await t.runtime.storage.get(key);
  if (!file) throw new Error(`missing ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The storage, counting the files put and deleted through it. */
function counting(storage: Storage) {
  const counts = { put: 0, deleted: 0 };
  const wrapped: Storage = {
    kind: storage.kind,
    put: (key, body, type) => {
      counts.put++;
      return storage.put(key, body, type);
    },
    get: (key) => storage.get(key),
    delete: (key) => {
      counts.deleted++;
      return storage.delete(key);
    },
    url: (key) => storage.url(key),
    check: () => storage.check(),
  };
  return { storage: wrapped, counts };
}

const silent = pino({ level: 'silent' });

describe('seedDemo (decisions, Demo)', () => {
  // How long seeding takes is a benchmark's question, not a test's (a loaded machine is slow).
  it('creates the demo owner and food truck', async () => {
    const session = await signIn(t, DEMO_USERNAME, DEMO_PASSWORD);
    expect(session.accessToken).toBeTruthy();
    const [user] = await db().select().from(users).where(eq(users.username, DEMO_USERNAME));
    const [truck] = await db().select().from(restaurants).where(eq(restaurants.id, user!.restaurantId!));
    expect(truck).toMatchObject({ name: 'Carte Street Kitchen', restaurantType: 'FOOD_TRUCK' });
    // Own lists hold only what the platform lists lack.
    expect(truck!.dietary).toEqual({ diets: [], foodTypes: ['Dairy', 'Alcohol'], other: ['Best seller'] });
  });

  it('creates the demo reseller with one client (issue 14)', async () => {
    const session = await signIn(t, DEMO_RESELLER_USERNAME, DEMO_PASSWORD);
    const clients = await t.call<{ data: { username: string; restaurant_name: string | null }[] }>({
      method: 'GET',
      url: '/api/dma/clients',
      token: session.accessToken,
    });
    expect(clients.body.message.data).toEqual([
      expect.objectContaining({ username: DEMO_CLIENT_USERNAME, restaurant_name: 'Harbour Cafe' }),
    ]);
    const client = await signIn(t, DEMO_CLIENT_USERNAME, DEMO_PASSWORD);
    expect(client.user).toMatchObject({ role: 'DMA_CLIENT' });
  });

  it('gives it a full menu: ingredients with children, categories, dishes with pictures, customizations, menus', async () => {
    const [truck] = await db().select().from(restaurants).where(eq(restaurants.name, 'Carte Street Kitchen'));
    const restaurantId = truck!.id;

    const ingredientRows = await db()
      .select()
      .from(ingredients)
      .where(eq(ingredients.restaurantId, restaurantId))
      .orderBy(asc(ingredients.position));
    const ingredientById = new Map(ingredientRows.map((row) => [row.id, row]));
    const cheese = ingredientRows.find((row) => row.name === 'Cheese')!;
    expect(ingredientRows.filter((row) => row.parentId === cheese.id).map((row) => row.name)).toEqual([
      'Cotija',
      'Monterey Jack',
    ]);

    const categoryRows = await db()
      .select()
      .from(categories)
      .where(eq(categories.restaurantId, restaurantId))
      .orderBy(asc(categories.position));
    expect(categoryRows.map((row) => row.name)).toEqual([
      'Tacos',
      'Bowls & Plates',
      'Sides',
      'Sweets',
      'Drinks',
    ]);

    const dishRows = await db()
      .select()
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurantId))
      .orderBy(asc(dishes.position));
    expect(dishRows.length).toBeGreaterThanOrEqual(15);
    for (const dish of dishRows) {
      expect(dish.price).toBeGreaterThan(0);
      expect(dish.calories).toBeGreaterThan(0);
      expect(dish.description).toMatch(/^<p>.+<\/p>$/);
      // Every picture has its three variants, re-encoded as WebP like an upload.
      expect(dish.image).toMatch(/^dish\/[0-9a-f]{24}$/);
      for (const variant of ['thumb', 'card', 'full']) {
        const meta = await sharp(await readAll(`${dish.image}/${variant}.webp`)).metadata();
        expect(meta.format).toBe('webp');
        // Drawn in the one dish shape (4:3), so no variant and no template crops it (issue 11 item 4).
        expect(meta.width! / meta.height!).toBeCloseTo(DISH_IMAGE_ASPECT, 2);
      }
    }
    const byName = new Map(dishRows.map((row) => [row.name, row]));
    expect(byName.get('Classic Margarita')!.alcoholPercentage).toBe(13);
    expect(byName.get('Mexican Lager')!.alcoholPercentage).toBe(4.5);
    expect(byName.get('Crispy Cauliflower Taco')!.dietary.admin.diets).toContain('Vegan');

    // Every dish sits in a category and uses this restaurant's ingredients.
    const links = await db()
      .select()
      .from(categoryDishes)
      .where(
        inArray(
          categoryDishes.dishId,
          [...byName.values()].map((d) => d.id),
        ),
      );
    expect(new Set(links.map((link) => link.dishId)).size).toBe(dishRows.length);
    const uses = await db()
      .select()
      .from(dishIngredients)
      .where(
        inArray(
          dishIngredients.dishId,
          [...byName.values()].map((d) => d.id),
        ),
      );
    expect(uses.every((use) => ingredientById.has(use.ingredientId))).toBe(true);
    const sides = await db()
      .select()
      .from(dishSideDishes)
      .where(eq(dishSideDishes.dishId, byName.get('Al Pastor Taco')!.id))
      .orderBy(asc(dishSideDishes.position));
    expect(sides.map((side) => side.sideDishId)).toEqual([
      byName.get('Chips & Guacamole')!.id,
      byName.get('Street Corn')!.id,
      byName.get('Fresh Lemonade')!.id,
    ]);

    // Restaurant-wide customizations: ingredient options at fixed prices, and sizes in percent.
    const shared = await db()
      .select()
      .from(customizations)
      .where(eq(customizations.restaurantId, restaurantId))
      .orderBy(asc(customizations.position));
    expect(shared.map((c) => [c.name, c.isCustom, c.isFixedPrice])).toEqual([
      ['Extra toppings', false, true],
      ['Size', true, false],
    ]);
    expect(shared[0]!.options.every((o) => o.ingredient && ingredientById.has(o.ingredient))).toBe(true);
    const lemonade = byName.get('Fresh Lemonade')!;
    expect(lemonade.customizations.selected).toEqual([shared[1]!.id]);
    const large = shared[1]!.options.find((o) => o.name === 'Large')!;
    expect(optionPrice(lemonade.price, large, false)).toBe(0.88);
    // And one of the dish's own.
    const bowl = byName.get('Burrito Bowl')!;
    expect(bowl.customizations.custom.map((c) => c.name)).toEqual(['Choose your protein']);
    expect(bowl.customizations.selected).toEqual([shared[0]!.id]);

    // Three published menus, every day on the truck's clock, each with its categories and pictures.
    const menuRows = await db()
      .select()
      .from(menus)
      .where(eq(menus.restaurantId, restaurantId))
      .orderBy(asc(menus.position));
    expect(menuRows.map((m) => [m.name, m.draft])).toEqual([
      ['Lunch', false],
      ['Dinner', false],
      ['All Day', false],
    ]);
    const everyDay = {
      monday: true,
      tuesday: true,
      wednesday: true,
      thursday: true,
      friday: true,
      saturday: true,
      sunday: true,
    };
    expect(menuRows[0]!.valid).toEqual({ ...everyDay, startTime: '11:00', endTime: '16:00' });
    expect(menuRows[1]!.valid).toEqual({ ...everyDay, startTime: '17:00', endTime: '23:00' });
    expect(menuRows[2]!.valid).toMatchObject(everyDay);
    expect(menuRows.map((m) => m.twentyFourHours)).toEqual([false, false, true]);
    for (const menu of menuRows) {
      expect(await t.runtime.storage.get(`${menu.cover}/card.webp`)).not.toBeNull();
      expect(await t.runtime.storage.get(`${menu.logo}/thumb.webp`)).not.toBeNull();
    }
    const dinner = await db()
      .select({ name: categories.name })
      .from(menuCategories)
      .innerJoin(categories, eq(categories.id, menuCategories.categoryId))
      .where(eq(menuCategories.menuId, menuRows[1]!.id))
      .orderBy(asc(menuCategories.position));
    expect(dinner.map((row) => row.name)).toEqual(['Tacos', 'Bowls & Plates', 'Sides', 'Sweets', 'Drinks']);
  });

  it("reads back through the workshop's own API, in the contract's shapes", async () => {
    const { accessToken: token } = await signIn(t, DEMO_USERNAME, DEMO_PASSWORD);
    const get = <T>(url: string) => t.call<T>({ method: 'GET', url, token });

    const dishList =
      await get<{ name: string; imageVariants: { card: string } | null; price: number }[]>('/api/dishes');
    expect(dishList.status).toBe(200);
    expect(dishList.body.message[0]).toMatchObject({ name: 'Al Pastor Taco', price: 4.5 });
    const card = await t.app.inject({ method: 'GET', url: dishList.body.message[0]!.imageVariants!.card });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/webp');

    const menuList = await get<{ name: string; draft: boolean; categories: unknown[] }[]>('/api/menus');
    expect(menuList.status).toBe(200);
    expect(menuList.body.message.map((m) => [m.name, m.draft, m.categories.length])).toEqual([
      ['Lunch', false, 4],
      ['Dinner', false, 5],
      ['All Day', false, 3],
    ]);
    // Published with an active subscription of the test checkout, so the owner can unpublish and publish.
    const active = await get<{ active: boolean; subscription: { interval: string } | null }>(
      '/api/subscription/has-active',
    );
    expect(active.body.message).toMatchObject({ active: true, subscription: { interval: 'year' } });
    for (const url of ['/api/categories', '/api/ingredients', '/api/restaurants']) {
      expect((await get(url)).status).toBe(200);
    }
    const [truck] = (await get<{ customizations: { name: string }[] }[]>('/api/restaurants')).body.message;
    expect(truck!.customizations.map((c) => c.name)).toEqual(['Extra toppings', 'Size']);
  });

  it('declares allergens on every ingredient that has any and confirms every dish (issue 23 §7)', async () => {
    const session = await signIn(t, DEMO_USERNAME, DEMO_PASSWORD);
    const get = <T>(url: string) => t.call<T>({ method: 'GET', url, token: session.accessToken });
    type Allergens = { contains: string[]; mayContain: string[]; declared: boolean };
    const dishList = (await get<{ name: string; allergens: Allergens }[]>('/api/dishes')).body.message;
    expect(dishList).toHaveLength(demoDishes.length);
    // The EU/UK check asks a declaration of every dish: none is left "not declared".
    expect(dishList.filter((dish) => !dish.allergens.declared).map((dish) => dish.name)).toEqual([]);
    const of = (name: string) => dishList.find((dish) => dish.name === name)!.allergens;
    // Cotija adds nothing of its own: its parent Cheese's milk reaches the taco.
    expect(of('Carne Asada Taco')).toEqual({ contains: ['milk'], mayContain: [], declared: true });
    expect(of('Baja Fish Taco')).toEqual({
      contains: ['gluten', 'eggs', 'fish', 'milk', 'mustard'],
      mayContain: [],
      declared: true,
    });
    // The kitchen's additions (the churro dough) join the chocolate sauce's declaration.
    expect(of('Churros')).toEqual({
      contains: ['gluten', 'eggs', 'soybeans', 'milk'],
      mayContain: ['fish', 'nuts'],
      declared: true,
    });
    // Declared free is a declaration too.
    expect(of('Fresh Lemonade')).toEqual({ contains: [], mayContain: [], declared: true });

    const ingredientList = (
      await get<{ name: string; allergens: { contains: string[]; mayContain: string[] } }[]>(
        '/api/ingredients',
      )
    ).body.message;
    for (const ingredient of demoIngredients)
      expect(ingredientList.find((row) => row.name === ingredient.name)!.allergens).toEqual({
        contains: sortAllergens(ingredient.allergens?.contains ?? []),
        mayContain: sortAllergens(ingredient.allergens?.mayContain ?? []),
      });

    // Each declaration is kept, so the matrix names who and when.
    const [lunch] = (await get<{ _id: string; name: string }[]>('/api/menus')).body.message;
    const matrix = await get<{ categories: { dishes: { lastChange: { username: string } | null }[] }[] }>(
      `/api/menus/${lunch!._id}/allergen-matrix`,
    );
    const rows = matrix.body.message.categories.flatMap((category) => category.dishes);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.lastChange?.username === DEMO_AUTHOR)).toBe(true);
  });

  it('serves a menu at any hour: at 04:00 on the truck clock the public page shows All Day', async () => {
    const [truck] = await db().select().from(restaurants).where(eq(restaurants.name, 'Carte Street Kitchen'));
    // The next 04:00 in New York, within a day (the demo's subscription runs a year from the seed).
    const clock = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(t.clock.now());
    const part = (type: string) => Number(clock.find((entry) => entry.type === type)!.value);
    const minutesTo4 = (((4 * 60 - (part('hour') * 60 + part('minute'))) % 1440) + 1440) % 1440;
    const now = t.clock.now().getTime();
    t.clock.advance(Math.floor((now + minutesTo4 * 60_000) / 60_000) * 60_000 + 30_000 - now);
    expect(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hourCycle: 'h23',
        timeStyle: 'short',
      }).format(t.clock.now()),
    ).toBe('04:00');

    const answer = await t.call<{ menus: { name: string; categories: { dishes: unknown[] }[] }[] }>({
      method: 'GET',
      url: `/api/menus/customer?restaurantId=${truck!.id}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message.menus.map((menu) => menu.name)).toEqual(['All Day']);
    expect(
      answer.body.message.menus[0]!.categories.flatMap((category) => category.dishes).length,
    ).toBeGreaterThan(0);
    // The address the start-up log names.
    const address = `http://carte.test/menu/${truck!.id}`;
    expect(logged.some((message) => message.includes(address))).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: new URL(address).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Al Pastor Taco');
    expect(page.body).not.toContain('No menu is being served right now.');
  });

  it('runs only on an empty database', async () => {
    const before = {
      restaurants: (await db().select().from(restaurants)).length,
      dishes: (await db().select().from(dishes)).length,
    };
    const { storage, counts } = counting(t.runtime.storage);
    await seedDemo({ db: db(), storage, log: silent });
    expect({
      restaurants: (await db().select().from(restaurants)).length,
      dishes: (await db().select().from(dishes)).length,
    }).toEqual(before);
    expect(counts.put).toBe(0);
  });
});

describe('seedDemo on two instances at once', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp();
  });
  afterAll(async () => {
    await other?.close();
  });

  it('writes the demo once and removes the pictures of the instance that lost', async () => {
    const first = counting(other.runtime.storage);
    const second = counting(other.runtime.storage);
    await Promise.all([
      seedDemo({ db: other.runtime.database.db, storage: first.storage, log: silent }),
      seedDemo({ db: other.runtime.database.db, storage: second.storage, log: silent }),
    ]);
    const trucks = await other.runtime.database.db.select().from(restaurants);
    // The food truck, and the demo reseller's client's café (issue 14).
    expect(trucks.map((row) => row.name).sort()).toEqual(['Carte Street Kitchen', 'Harbour Cafe']);
    const stored = first.counts.put - first.counts.deleted + (second.counts.put - second.counts.deleted);
    const pictures = await other.runtime.database.db.select({ image: dishes.image }).from(dishes);
    // Three variants per picture: the dishes', plus a cover and a logo for each of the three menus.
    expect(stored).toBe((pictures.length + 6) * 3);
  });
});
