import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type CustomerMenu, customerMenuSchema, type Menu, publicDishSchema } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCache } from '../src/adapters/cache/index.ts';
import { newId } from '../src/db/ids.ts';
import {
  type CustomizationData,
  categories,
  categoryDishes,
  customizations,
  dishes,
  displayZones,
  type MenuSchedule,
  menuCategories,
  menuDisplayMenus,
  menuDisplays,
  menus,
  restaurants,
  subscriptions,
} from '../src/db/schema.ts';
import { storeDemoImages, writeDemoMenu } from '../src/features/demo/demo-seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createLocationOwner, createOwner, tokenFor } from './factories.ts';

/**
 * The public menu (doc 2 §2–§4, decisions §4): the pages /menu/… and GET /api/menus/customer, with
 * a clock the tests set. Times are on the restaurant's clock, Europe/Paris (UTC+1 in January):
 * Wednesday 9 January 2030.
 */
const paris = (day: number, time: string) =>
  new Date(`2030-01-${String(day).padStart(2, '0')}T${time}:00+01:00`);

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A built hydration bundle, as apps/web writes it (dist/public-menu with a Vite manifest).
  webDist = mkdtempSync(path.join(tmpdir(), 'carte-web-'));
  mkdirSync(path.join(webDist, 'public-menu', '.vite'), { recursive: true });
  mkdirSync(path.join(webDist, 'public-menu', 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'public-menu', 'assets', 'main-abc123.js'), 'console.log("hydrate")');
  writeFileSync(path.join(webDist, 'public-menu', 'assets', 'shared-def456.js'), 'export {}');
  writeFileSync(
    path.join(webDist, 'public-menu', '.vite', 'manifest.json'),
    JSON.stringify({
      'src/public-menu/main.tsx': {
        file: 'assets/main-abc123.js',
        isEntry: true,
        src: 'src/public-menu/main.tsx',
        imports: ['_shared.js'],
      },
      '_shared.js': { file: 'assets/shared-def456.js' },
    }),
  );
  t = await startTestApp({ WEB_DIST: webDist });
  setClock(paris(9, '12:30'));
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const db = () => t.runtime.database.db;
const setClock = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());

const everyDay = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};
const only = (...days: (keyof typeof everyDay)[]) =>
  Object.fromEntries(
    Object.keys(everyDay).map((day) => [day, days.includes(day as keyof typeof everyDay)]),
  ) as typeof everyDay;
const hours = (startTime: string, endTime: string, days = everyDay): MenuSchedule => ({
  ...days,
  startTime,
  endTime,
});

// ---------- records written straight to the tables ----------

async function addMenu(
  restaurantId: string,
  name: string,
  options: { draft?: boolean; valid?: MenuSchedule; position?: number; primary?: string } = {},
) {
  const [row] = await db()
    .insert(menus)
    .values({
      restaurantId,
      name,
      description: `${name} description`,
      draft: options.draft ?? false,
      valid: options.valid ?? hours('00:00', '00:00'),
      twentyFourHours: options.valid === undefined,
      position: options.position ?? 0,
      colors: { primary: options.primary ?? '#aa3300', secondary: '#83cdf1', tertiary: '#f46d26' },
    })
    .returning();
  return row!;
}
async function addCategory(restaurantId: string, name: string, isAvailable = true) {
  const [row] = await db().insert(categories).values({ restaurantId, name, isAvailable }).returning();
  return row!;
}
async function addDish(
  restaurantId: string,
  name: string,
  price: number,
  options: { isAvailable?: boolean; selected?: string[]; custom?: CustomizationData[] } = {},
) {
  const [row] = await db()
    .insert(dishes)
    .values({
      restaurantId,
      name,
      price,
      isAvailable: options.isAvailable ?? true,
      customizations: { selected: options.selected ?? [], custom: options.custom ?? [] },
    })
    .returning();
  return row!;
}
async function link(
  menuId: string,
  categoryId: string,
  position: number,
  options: { valid?: boolean; adjustment?: MenuSchedule & { twentyFourHoursAvailable: boolean } } = {},
) {
  await db()
    .insert(menuCategories)
    .values({
      menuId,
      categoryId,
      position,
      valid: options.valid ?? true,
      adjustment: options.adjustment ?? null,
    });
}
async function place(categoryId: string, dishIds: string[]) {
  await db()
    .insert(categoryDishes)
    .values(dishIds.map((dishId, position) => ({ categoryId, dishId, position })));
}
/** An active subscription of the test checkout, so the owner may publish through the API. */
async function subscribe(restaurantId: string) {
  const now = t.clock.now();
  await db()
    .insert(subscriptions)
    .values({
      restaurantId,
      provider: 'local',
      priceId: 'price_local_yearly',
      interval: 'year',
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 365 * 86_400_000),
    });
}

// ---------- reading the public side ----------

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function customer(restaurantId: string): Promise<CustomerMenu> {
  const res = await get(`/api/menus/customer?restaurantId=${restaurantId}`);
  expect(res.statusCode, res.body).toBe(200);
  return customerMenuSchema.parse(res.json().message);
}

/** The JSON of a `<script type="…">` element of a page. */
function scriptJson(html: string, type: string, id?: string): unknown {
  const open = `<script type="${type}"${id ? ` id="${id}"` : ''}>`;
  const start = html.indexOf(open);
  expect(start, `no ${type} script`).toBeGreaterThanOrEqual(0);
  const end = html.indexOf('</script>', start);
  return JSON.parse(html.slice(start + open.length, end));
}
const pageData = (html: string) =>
  scriptJson(html, 'application/json', 'carte-menu-data') as { data: CustomerMenu; view: { kind: string } };

/** The server-rendered screen, without the page data the script reads (which holds every open menu). */
const screen = (html: string) =>
  html.slice(html.indexOf('<div id="carte-menu-root">'), html.indexOf('<script type="application/json"'));

const dishNames = (menu: CustomerMenu['menus'][number]) =>
  menu.categories.flatMap((category) => category.dishes.map((dish) => dish.name));

// ---------- the restaurant most tests read ----------

interface Bistro {
  owner: Awaited<ReturnType<typeof createOwner>>;
  brunch: { id: string };
  dinner: { id: string };
  nightOwl: { id: string };
  steak: { id: string };
  lemonade: { id: string };
}
let bistro: Bistro;

/**
 * Brunch (all day, every day): Mains (Steak frites, Lemonade; an unavailable dish), an unavailable
 * category, a category the menu does not show, Late night (22:00–02:00, across midnight) and
 * Breakfast (07:00–10:00). Dinner 18:00–23:00. Night owl, Wednesdays 22:00–02:00. A draft menu.
 */
beforeAll(async () => {
  const owner = await createOwner(t, { restaurantName: 'Le Bistro' });
  const id = owner.restaurant.id;
  await subscribe(id);
  const size: CustomizationData = {
    _id: newId(),
    name: 'Size',
    isCustom: true,
    isFixedPrice: false,
    isAvailable: true,
    options: [
      { _id: newId(), name: 'Large', ingredient: null, price: 15, isAvailable: true },
      { _id: newId(), name: 'Gone', ingredient: null, price: 10, isAvailable: false },
    ],
  };
  await db().insert(customizations).values({
    id: size._id,
    restaurantId: id,
    name: size.name,
    isCustom: true,
    isFixedPrice: false,
    options: size.options,
  });
  const extras: CustomizationData = {
    _id: newId(),
    name: 'Extras',
    isCustom: true,
    isFixedPrice: true,
    isAvailable: true,
    options: [{ _id: newId(), name: 'Mint', ingredient: null, price: 1.25, isAvailable: true }],
  };

  const brunch = await addMenu(id, 'Brunch', { position: 0 });
  const dinner = await addMenu(id, 'Dinner', { position: 1, valid: hours('18:00', '23:00') });
  const nightOwl = await addMenu(id, 'Night owl', {
    position: 2,
    valid: hours('22:00', '02:00', only('wednesday')),
  });
  const draft = await addMenu(id, 'Secret draft', { draft: true, position: 3 });

  const steak = await addDish(id, 'Steak frites', 18.5);
  const lemonade = await addDish(id, 'Lemonade', 3.3, { selected: [size._id], custom: [extras] });
  const hiddenDish = await addDish(id, 'Hidden dish', 7, { isAvailable: false });
  const ghost = await addDish(id, 'Ghost soup', 6);
  const pie = await addDish(id, 'Link-hidden pie', 5);
  const ramen = await addDish(id, 'Night ramen', 12);
  const croissant = await addDish(id, 'Croissant', 2.5);
  const duck = await addDish(id, 'Duck', 24);
  const draftOnly = await addDish(id, 'Draft-only dish', 9);

  const mains = await addCategory(id, 'Mains');
  await place(mains.id, [steak.id, lemonade.id, hiddenDish.id]);
  const closed = await addCategory(id, 'Closed category', false);
  await place(closed.id, [ghost.id]);
  const notShown = await addCategory(id, 'Not shown');
  await place(notShown.id, [pie.id]);
  const late = await addCategory(id, 'Late night');
  await place(late.id, [ramen.id]);
  const breakfast = await addCategory(id, 'Breakfast');
  await place(breakfast.id, [croissant.id]);
  const evening = await addCategory(id, 'Evening');
  await place(evening.id, [duck.id]);
  const secret = await addCategory(id, 'Secret');
  await place(secret.id, [draftOnly.id]);

  await link(brunch.id, mains.id, 0);
  await link(brunch.id, closed.id, 1);
  await link(brunch.id, notShown.id, 2, { valid: false });
  await link(brunch.id, late.id, 3, {
    adjustment: { ...hours('22:00', '02:00'), twentyFourHoursAvailable: false },
  });
  await link(brunch.id, breakfast.id, 4, {
    adjustment: { ...hours('07:00', '10:00'), twentyFourHoursAvailable: false },
  });
  await link(dinner.id, evening.id, 0);
  await link(nightOwl.id, late.id, 0);
  await link(draft.id, secret.id, 0);

  bistro = { owner, brunch, dinner, nightOwl, steak, lemonade };
});

const never = [
  'Hidden dish',
  'Ghost soup',
  'Link-hidden pie',
  'Draft-only dish',
  'Secret draft',
  'Not shown',
];

describe('what a diner sees (decisions §4)', () => {
  it('only published menus open now, with their available categories inside their hours and available dishes', async () => {
    setClock(paris(9, '12:30'));
    const answer = await customer(bistro.owner.restaurant.id);
    expect(answer.menus.map((menu) => menu.name)).toEqual(['Brunch']);
    expect(answer.menus[0]!.categories.map((category) => category.name)).toEqual(['Mains']);
    expect(dishNames(answer.menus[0]!)).toEqual(['Steak frites', 'Lemonade']);
    // The timeline lists every published menu's schedule, drafts never.
    expect(answer.menusTimeline.map((entry) => entry.name)).toEqual(['Brunch', 'Dinner', 'Night owl']);
    expect(answer.menusTimeline[1]).toMatchObject({
      valid: hours('18:00', '23:00'),
      twentyFourHoursMenuAvailable: false,
    });
    expect(answer).toMatchObject({
      menuNotFound: false,
      menu_period_transition: 15,
      user: { email: bistro.owner.user.email },
      parentRestaurant: null,
      restaurant: { _id: bistro.owner.restaurant.id, name: 'Le Bistro', timeZone: 'Europe/Paris' },
    });

    const res = await get(`/menu/${bistro.owner.restaurant.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // The only open menu is shown at once, complete without JavaScript: names and prices in the HTML.
    expect(res.body).toContain('Steak frites');
    expect(res.body).toContain('$18.50');
    expect(res.body).toContain('Lemonade');
    for (const name of [...never, 'Night ramen', 'Croissant', 'Duck']) expect(res.body).not.toContain(name);
    expect(pageData(res.body).view).toEqual({ kind: 'menu', menuId: bistro.brunch.id });
  });

  it('categories and menus follow their hours on the restaurant clock, across midnight included', async () => {
    setClock(paris(9, '08:15'));
    let answer = await customer(bistro.owner.restaurant.id);
    expect(dishNames(answer.menus[0]!)).toEqual(['Steak frites', 'Lemonade', 'Croissant']);

    setClock(paris(9, '19:00'));
    answer = await customer(bistro.owner.restaurant.id);
    expect(answer.menus.map((menu) => menu.name)).toEqual(['Brunch', 'Dinner']);
    expect(dishNames(answer.menus[1]!)).toEqual(['Duck']);

    // 23:30 Wednesday: Dinner has closed; Late night (22:00–02:00) and Night owl (Wednesdays) are open.
    setClock(paris(9, '23:30'));
    answer = await customer(bistro.owner.restaurant.id);
    expect(answer.menus.map((menu) => menu.name)).toEqual(['Brunch', 'Night owl']);
    expect(dishNames(answer.menus[0]!)).toEqual(['Steak frites', 'Lemonade', 'Night ramen']);

    // 01:30 Thursday (00:30 UTC): still Wednesday's windows.
    setClock(paris(10, '01:30'));
    answer = await customer(bistro.owner.restaurant.id);
    expect(answer.menus.map((menu) => menu.name)).toEqual(['Brunch', 'Night owl']);
    expect(dishNames(answer.menus[1]!)).toEqual(['Night ramen']);
    const res = await get(`/menu/${bistro.owner.restaurant.id}`);
    expect(res.body).toContain('Choose a menu:');
    expect(screen(res.body)).toContain('Night owl');
    expect(res.body).not.toContain('Duck');

    // 02:00 Thursday: the windows have closed; Thursday's own Night owl window does not exist.
    setClock(paris(10, '02:00'));
    answer = await customer(bistro.owner.restaurant.id);
    expect(answer.menus.map((menu) => menu.name)).toEqual(['Brunch']);
    expect(dishNames(answer.menus[0]!)).toEqual(['Steak frites', 'Lemonade']);
    setClock(paris(10, '23:00'));
    answer = await customer(bistro.owner.restaurant.id);
    expect(answer.menus.map((menu) => menu.name)).toEqual(['Brunch']);
    expect(dishNames(answer.menus[0]!)).toEqual(['Steak frites', 'Lemonade', 'Night ramen']);
    setClock(paris(9, '12:30'));
  });

  it('prices customizations for the dish: percentages of the base price rounded half-up, unavailable options hidden', async () => {
    const answer = await customer(bistro.owner.restaurant.id);
    const lemonade = answer.menus[0]!.categories[0]!.dishes.find((dish) => dish.name === 'Lemonade')!;
    expect(lemonade.customizations).toEqual([
      {
        _id: expect.any(String),
        name: 'Size',
        isFixedPrice: false,
        // 15 % of $3.30 is 49.5 cents: half-up gives $0.50.
        options: [{ _id: expect.any(String), name: 'Large', price: 0.5 }],
      },
      {
        _id: expect.any(String),
        name: 'Extras',
        isFixedPrice: true,
        options: [{ _id: expect.any(String), name: 'Mint', price: 1.25 }],
      },
    ]);
  });

  it('the chooser lists every menu open now', async () => {
    setClock(paris(9, '19:00'));
    const res = await get(`/menu/${bistro.owner.restaurant.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Choose a menu:');
    expect(res.body).toContain('Brunch');
    expect(res.body).toContain('Dinner');
    expect(pageData(res.body).view).toEqual({ kind: 'chooser' });
    const chosen = await get(`/menu/${bistro.owner.restaurant.id}?menu=${bistro.dinner.id}`);
    expect(screen(chosen.body)).toContain('Duck');
    expect(screen(chosen.body)).toContain('$24.00');
    expect(screen(chosen.body)).not.toContain('Steak frites');
    setClock(paris(9, '12:30'));
  });

  it('the printable menu needs a chosen menu when several are open', async () => {
    setClock(paris(9, '19:00'));
    const none = await get(`/menu/${bistro.owner.restaurant.id}?print=1`);
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('Please select a menu!');
    const chosen = await get(`/menu/${bistro.owner.restaurant.id}?print=1&menu=${bistro.brunch.id}`);
    expect(chosen.body).not.toContain('Please select a menu!');
    expect(chosen.body).toContain('Steak frites');
    expect(chosen.body).toContain('$18.50');
    expect(pageData(chosen.body).view).toEqual({ kind: 'print', menuId: bistro.brunch.id });
    setClock(paris(9, '12:30'));
  });

  it('the dish page, and "Dish not found" for an unknown dish, a dish not shown now, or another restaurant\'s dish', async () => {
    const id = bistro.owner.restaurant.id;
    const res = await get(`/menu/${id}/dish/${bistro.steak.id}/menuSelected/${bistro.brunch.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Steak frites');
    expect(res.body).toContain('$18.50');
    const api = await get(`/api/restaurant/${id}/menu/${bistro.brunch.id}/dish/${bistro.steak.id}`);
    expect(api.statusCode).toBe(200);
    expect(publicDishSchema.parse(api.json().message)).toMatchObject({ name: 'Steak frites', price: 18.5 });

    const other = await createOwner(t);
    const theirs = await addDish(other.restaurant.id, 'Their dish', 4);
    const hidden = (await db().select().from(dishes)).find((dish) => dish.name === 'Hidden dish')!;
    for (const dishId of [newId(), theirs.id, hidden.id]) {
      const page = await get(`/menu/${id}/dish/${dishId}/menuSelected/${bistro.brunch.id}`);
      expect(page.statusCode, dishId).toBe(404);
      expect(page.body).toContain('Dish not found');
      expect(page.body).not.toContain('Their dish');
      const answer = await get(`/api/restaurant/${id}/menu/${bistro.brunch.id}/dish/${dishId}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({
        statusCode: 404,
        confirmation: 'Fail',
        message: 'Dish not found',
      });
    }
    // A dish of a menu that is closed now (Dinner at 12:30).
    const duck = (await db().select().from(dishes)).find((dish) => dish.name === 'Duck')!;
    const closed = await get(`/menu/${id}/dish/${duck.id}/menuSelected/${bistro.dinner.id}`);
    expect(closed.statusCode).toBe(404);
    expect(closed.body).not.toContain('$24.00');
    // Another restaurant's dish asked through its own restaurant's address: theirs has no menu.
    const theirPage = await get(
      `/menu/${other.restaurant.id}/dish/${theirs.id}/menuSelected/${bistro.brunch.id}`,
    );
    expect(theirPage.statusCode).toBe(404);
  });

  it('"There are no published menus" with a link to the owner when nothing is published', async () => {
    const owner = await createOwner(t);
    await addMenu(owner.restaurant.id, 'Still a draft', { draft: true });
    const answer = await customer(owner.restaurant.id);
    expect(answer).toMatchObject({
      menus: [],
      menusTimeline: [],
      menuNotFound: true,
      user: { email: owner.user.email },
    });
    const res = await get(`/menu/${owner.restaurant.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('There are no published menus');
    expect(res.body).toContain(`mailto:${owner.user.email}`);
    expect(res.body).not.toContain('Still a draft');
  });

  it('a menu display address shows its menus and keeps the display in its links (issue 15)', async () => {
    setClock(paris(9, '19:00'));
    const restaurantId = bistro.owner.restaurant.id;
    const [zone] = await db().insert(displayZones).values({ restaurantId, name: 'Terrace' }).returning();
    const [display] = await db()
      .insert(menuDisplays)
      .values({ restaurantId, zoneId: zone!.id, name: 'Table 1' })
      .returning();
    const mapId = display!.id;
    await db()
      .insert(menuDisplayMenus)
      .values([
        { displayId: mapId, menuId: bistro.brunch.id, position: 0 },
        { displayId: mapId, menuId: bistro.dinner.id, position: 1 },
      ]);
    t.services.publicMenu.changed(restaurantId);
    // Any other id is no display of this restaurant (layout tests: test/displays.test.ts).
    expect((await get(`/menu/${restaurantId}/${newId()}`)).statusCode).toBe(404);
    const res = await get(`/menu/${bistro.owner.restaurant.id}/${mapId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Choose a menu:');
    expect(res.body).toContain(`/menu/${bistro.owner.restaurant.id}/${mapId}?menu=${bistro.dinner.id}`);
    expect((pageData(res.body) as unknown as { mapId: string }).mapId).toBe(mapId);
    expect((await get(`/menu/${bistro.owner.restaurant.id}/not-a-display`)).statusCode).toBe(404);
    await db().delete(displayZones).where(eq(displayZones.id, zone!.id));
    t.services.publicMenu.changed(restaurantId);
    setClock(paris(9, '12:30'));
  });

  it('an unknown or malformed restaurant answers 404', async () => {
    for (const url of [
      `/menu/${newId()}`,
      '/menu/not-an-id',
      `/menu/${newId()}/dish/${newId()}/menuSelected/${newId()}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('No menu found');
    }
    expect((await get(`/api/menus/customer?restaurantId=${newId()}`)).statusCode).toBe(404);
    expect((await get('/api/menus/customer?restaurantId=nope')).statusCode).toBe(400);
  });
});

describe('switching early from the expiry banner (doc 2 §4)', () => {
  it('asked with menuId, the answer includes that published menu from menu_period_transition minutes before it opens', async () => {
    const owner = await createOwner(t);
    const id = owner.restaurant.id;
    await subscribe(id);
    // Lunch until 19:00; Supper 19:00–22:00 with Starters, Early bites (19:00–19:30) and Late
    // bites (21:00–22:00); a draft menu that would open at 19:00 too.
    const lunch = await addMenu(id, 'Lunch', { position: 0, valid: hours('11:00', '19:00') });
    const supper = await addMenu(id, 'Supper', { position: 1, valid: hours('19:00', '22:00') });
    const draft = await addMenu(id, 'Draft supper', {
      draft: true,
      position: 2,
      valid: hours('19:00', '22:00'),
    });
    const plates = await addCategory(id, 'Plates');
    await place(plates.id, [(await addDish(id, 'Club sandwich', 11)).id]);
    await link(lunch.id, plates.id, 0);
    const starters = await addCategory(id, 'Starters');
    await place(starters.id, [(await addDish(id, 'Soup', 7)).id]);
    const early = await addCategory(id, 'Early bites');
    await place(early.id, [(await addDish(id, 'Olives', 4)).id]);
    const late = await addCategory(id, 'Late bites');
    await place(late.id, [(await addDish(id, 'Cheese board', 12)).id]);
    await link(supper.id, starters.id, 0);
    await link(supper.id, early.id, 1, {
      adjustment: { ...hours('19:00', '19:30'), twentyFourHoursAvailable: false },
    });
    await link(supper.id, late.id, 2, {
      adjustment: { ...hours('21:00', '22:00'), twentyFourHoursAvailable: false },
    });

    const answer = async (menuId?: string) => {
      const res = await get(`/api/menus/customer?restaurantId=${id}${menuId ? `&menuId=${menuId}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return { body: customerMenuSchema.parse(res.json().message), etag: res.headers.etag as string };
    };
    const names = (menu: CustomerMenu) => menu.menus.map((entry) => entry.name);

    // 18:44:30: Supper opens in 15.5 minutes, more than the transition (15): not yet.
    setClock(paris(9, '18:44'));
    t.clock.advance(30_000);
    expect(names((await answer(supper.id)).body)).toEqual(['Lunch']);

    // 18:45, 15 minutes before (inclusive, as the banner counts): included, with the categories it
    // shows when it opens; without menuId the answer is unchanged, and the two differ in ETag.
    setClock(paris(9, '18:45'));
    const switched = await answer(supper.id);
    expect(names(switched.body)).toEqual(['Lunch', 'Supper']);
    const shown = switched.body.menus[1]!;
    expect(shown.categories.map((category) => category.name)).toEqual(['Starters', 'Early bites']);
    expect(dishNames(shown)).toEqual(['Soup', 'Olives']);
    expect(switched.body.menusTimeline.map((entry) => entry.name)).toEqual(['Lunch', 'Supper']);
    const plain = await answer();
    expect(names(plain.body)).toEqual(['Lunch']);
    expect(plain.etag).not.toBe(switched.etag);
    // The same answer again within the minute (cached with the state): 304 on its ETag.
    const again = await get(`/api/menus/customer?restaurantId=${id}&menuId=${supper.id}`, {
      'if-none-match': switched.etag,
    });
    expect(again.statusCode).toBe(304);
    // The page itself still shows what is open now.
    const page = await get(`/menu/${id}`);
    expect(screen(page.body)).toContain('Club sandwich');
    expect(screen(page.body)).not.toContain('Soup');

    // Not for a draft, an unknown id, or a menu already shown (the plain answer, its ETag too).
    for (const other of [draft.id, newId(), lunch.id]) {
      const res = await answer(other);
      expect(names(res.body), other).toEqual(['Lunch']);
      expect(res.etag).toBe(plain.etag);
    }
    expect((await get(`/api/menus/customer?restaurantId=${id}&menuId=nope`)).statusCode).toBe(400);

    // Once it is open the answer is the plain one; and with transitions off, nothing is added early.
    setClock(paris(9, '19:05'));
    expect(names((await answer(supper.id)).body)).toEqual(['Supper']);
    await db().update(restaurants).set({ menuPeriodTransition: 0 }).where(eq(restaurants.id, id));
    t.services.publicMenu.changed(id);
    setClock(paris(9, '18:55'));
    expect(names((await answer(supper.id)).body)).toEqual(['Lunch']);
    setClock(paris(9, '12:30'));
  });
});

describe('a location (decisions §4, inheritance)', () => {
  it("shows its parent's published menus with its own", async () => {
    const location = await createLocationOwner(t, bistro.owner.restaurant.id);
    const own = await addMenu(location.restaurant.id, 'Terrace', { position: 0 });
    const category = await addCategory(location.restaurant.id, 'Terrace plates');
    const dish = await addDish(location.restaurant.id, 'Terrace salad', 11);
    await place(category.id, [dish.id]);
    await link(own.id, category.id, 0);

    const answer = await customer(location.restaurant.id);
    expect(answer.menus.map((menu) => [menu.name, menu.fromParent])).toEqual([
      ['Terrace', false],
      ['Brunch', true],
    ]);
    expect(answer.parentRestaurant).toEqual({ _id: bistro.owner.restaurant.id, name: 'Le Bistro' });
    const res = await get(`/menu/${location.restaurant.id}`);
    expect(res.body).toContain('Choose a menu:');
    expect(res.body).toContain('Terrace');
    expect(res.body).toContain('Brunch');
    // The parent's own page does not show the location's menus.
    expect((await customer(bistro.owner.restaurant.id)).menus.map((menu) => menu.name)).toEqual(['Brunch']);

    // A change by the parent's owner reaches the location's page at once too.
    const token = await tokenFor(t, bistro.owner.user.username);
    const renamed = await t.call<Menu>({
      method: 'PUT',
      url: `/api/menus/${bistro.brunch.id}`,
      token,
      payload: { name: 'Brunch & co' },
    });
    expect(renamed.status).toBe(200);
    expect((await customer(location.restaurant.id)).menus.map((menu) => menu.name)).toEqual([
      'Terrace',
      'Brunch & co',
    ]);
    await t.call({
      method: 'PUT',
      url: `/api/menus/${bistro.brunch.id}`,
      token,
      payload: { name: 'Brunch' },
    });
  });
});

describe('the cache (DESIGN.md, path 1)', () => {
  it('an edit shows on the very next request', async () => {
    const owner = await createOwner(t);
    await subscribe(owner.restaurant.id);
    const menu = await addMenu(owner.restaurant.id, 'Daily');
    const category = await addCategory(owner.restaurant.id, 'Plates');
    const dish = await addDish(owner.restaurant.id, 'Quiche', 9.5);
    await place(category.id, [dish.id]);
    await link(menu.id, category.id, 0);

    const url = `/menu/${owner.restaurant.id}`;
    expect((await get(url)).body).toContain('$9.50');
    expect((await get(url)).body).toContain('$9.50');
    const token = await tokenFor(t, owner.user.username);
    const put = await t.call({
      method: 'PUT',
      url: `/api/dishes/${dish.id}`,
      token,
      payload: { name: 'Quiche', price: '10.75' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = await get(url);
    expect(after.body).toContain('$10.75');
    expect(after.body).not.toContain('$9.50');
    expect(dishNames((await customer(owner.restaurant.id)).menus[0]!)).toEqual(['Quiche']);

    // Unpublishing removes the menu at once.
    const unpublish = await t.call({
      method: 'PUT',
      url: `/api/menus/${menu.id}`,
      token,
      payload: { draft: true },
    });
    expect(unpublish.status).toBe(200);
    const gone = await get(url);
    expect(gone.body).toContain('There are no published menus');
    expect(gone.body).not.toContain('Quiche');
    expect((await customer(owner.restaurant.id)).menuNotFound).toBe(true);

    // Publishing again brings it back.
    const publish = await t.call({
      method: 'PUT',
      url: `/api/menus/${menu.id}`,
      token,
      payload: { draft: false },
    });
    expect(publish.status, JSON.stringify(publish.body)).toBe(200);
    expect((await get(url)).body).toContain('Quiche');
  });

  it('ending the subscription in the billing portal empties the page at once', async () => {
    const owner = await createOwner(t);
    const token = await tokenFor(t, owner.user.username);
    // Subscribed through the test checkout, so the billing portal knows the customer.
    const plan = await t.call<{ monthly_product: { price: { id: string } } }>({
      method: 'GET',
      url: '/api/subscription/base-product',
      token,
    });
    const checkout = await t.call<string>({
      method: 'POST',
      url: '/api/subscription/checkout-session',
      token,
      payload: { price_id: plan.body.message.monthly_product.price.id },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/billing/checkout/${checkout.body.message}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const menu = await addMenu(owner.restaurant.id, 'Daily');
    const category = await addCategory(owner.restaurant.id, 'Plates');
    const dish = await addDish(owner.restaurant.id, 'Omelette', 8);
    await place(category.id, [dish.id]);
    await link(menu.id, category.id, 0);
    expect((await get(`/menu/${owner.restaurant.id}`)).body).toContain('Omelette');

    const portal = await t.call<{ url: string }>({
      method: 'POST',
      url: '/api/subscription/customer-portal-session',
      token,
      payload: {},
    });
    expect(portal.status).toBe(200);
    const [page, query] = portal.body.message.url.split('?');
    const end = await t.app.inject({
      method: 'POST',
      url: `${page}/end${query ? `?${query}` : ''}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(end.statusCode).toBe(303);
    expect((await get(`/menu/${owner.restaurant.id}`)).body).toContain('There are no published menus');
  });

  it('answers carry an ETag and Cache-Control; If-None-Match answers 304 until something changes', async () => {
    const url = `/menu/${bistro.owner.restaurant.id}`;
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    expect(first.headers.vary).toBe('Accept-Encoding');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A minute later the same page (not drawn again: nothing shown changed) keeps its ETag.
    t.clock.advance(61_000);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    // Query strings that do not change the screen (campaign tags) draw the same page.
    expect((await get(`${url}?utm_source=qr&x=${newId()}`)).headers.etag).toBe(etag);
    // Another screen has another ETag.
    const chooser = await get(`${url}?print=1`);
    expect(chooser.headers.etag).not.toBe(etag);

    const api = await get(`/api/menus/customer?restaurantId=${bistro.owner.restaurant.id}`);
    expect(api.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    const apiAgain = await get(`/api/menus/customer?restaurantId=${bistro.owner.restaurant.id}`, {
      'if-none-match': api.headers.etag as string,
    });
    expect(apiAgain.statusCode).toBe(304);

    // A change: the next answer is new.
    const token = await tokenFor(t, bistro.owner.user.username);
    await t.call({
      method: 'PUT',
      url: `/api/dishes/${bistro.steak.id}`,
      token,
      payload: { name: 'Steak frites', price: '19' },
    });
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('$19.00');
    await t.call({
      method: 'PUT',
      url: `/api/dishes/${bistro.steak.id}`,
      token,
      payload: { name: 'Steak frites', price: '18.5' },
    });
    setClock(paris(9, '12:30'));
  });

  it('sends brotli, else gzip, to clients that accept it', async () => {
    const res = await get(`/menu/${bistro.owner.restaurant.id}`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Steak frites');
    const gzip = await get(`/menu/${bistro.owner.restaurant.id}`, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('Steak frites');
  });
});

describe('the page (beyond the specification: structured data, accessibility, no layout shift)', () => {
  it('has a language, a title, a description, a viewport, a theme colour, inline styles and JSON-LD', async () => {
    const res = await get(`/menu/${bistro.owner.restaurant.id}`);
    const html = res.body;
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toMatch(/<title>[^<]*Brunch[^<]*<\/title>/);
    expect(html).toContain('<meta name="description" content="Brunch description">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('<meta name="theme-color" content="#aa3300">');
    expect(html).toMatch(/<style>\.?[^<]*\.cm\{/);
    const jsonLd = scriptJson(html, 'application/ld+json') as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'Le Bistro',
    });
    expect(JSON.stringify(jsonLd)).toContain('Steak frites');
    // The data the script hydrates from, in the agreed elements.
    expect(html).toContain('<div id="carte-menu-root">');
    expect(customerMenuSchema.parse(pageData(html).data).menus[0]!.name).toBe('Brunch');
    // The public menu may be framed by the owner's site.
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/(^|; )frame-ancestors \*($|;)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('escapes "<" in the embedded data, so no name can close the script element', async () => {
    const owner = await createOwner(t, { restaurantName: 'Evil </script><script>alert(1)</script>' });
    const menu = await addMenu(owner.restaurant.id, 'Menu </script>');
    const category = await addCategory(owner.restaurant.id, 'C');
    const dish = await addDish(owner.restaurant.id, '<img src=x onerror=alert(1)>', 1);
    await place(category.id, [dish.id]);
    await link(menu.id, category.id, 0);
    const html = (await get(`/menu/${owner.restaurant.id}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(pageData(html).data.restaurant.name).toBe('Evil </script><script>alert(1)</script>');
  });

  it('links the hydration script from the Vite manifest and serves it as immutable', async () => {
    const html = (await get(`/menu/${bistro.owner.restaurant.id}`)).body;
    expect(html).toContain('<script type="module" src="/public-menu/assets/main-abc123.js" defer></script>');
    expect(html).toContain('<link rel="modulepreload" href="/public-menu/assets/shared-def456.js">');
    const script = await get('/public-menu/assets/main-abc123.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never the web app's index.html, never the manifest or a path outside the bundle.
    for (const url of [
      '/public-menu/assets/missing.js',
      '/public-menu/.vite/manifest.json',
      '/public-menu/..%2F..%2Fetc%2Fpasswd',
      '/public-menu/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<!doctype html>');
    }
  });
});

describe('the memory cache (adapters/cache)', () => {
  it('keeps the most recently used entries within its entry and size budgets, until they expire', () => {
    let now = 0;
    const cache = createMemoryCache<string>({
      maxEntries: 3,
      maxBytes: 10,
      now: () => now,
      sizeOf: (v) => v.length,
    });
    cache.set('a', 'aaa', 100);
    cache.set('b', 'bbb', 100);
    cache.set('c', 'ccc', 100);
    expect(cache.get('a')).toBe('aaa'); // a is now the most recently used
    cache.set('d', 'd', 100); // four entries: b, the least recently used, goes
    expect([...cache.entries()].map(([key]) => key)).toEqual(['c', 'a', 'd']);
    cache.set('e', 'eeee', 100); // 3 + 3 + 1 + 4 = 11 bytes: c goes
    expect([...cache.entries()].map(([key]) => key)).toEqual(['a', 'd', 'e']);
    cache.set('huge', 'x'.repeat(11), 100); // larger than the budget: not kept, nothing evicted
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(3);
    now = 100;
    expect(cache.get('a')).toBeUndefined();
    cache.delete('d');
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('the demo (decisions, Demo)', () => {
  it('shows Lunch from 11:00 to 16:00 and Dinner from 17:00 to 23:00 on the truck clock, All Day always', async () => {
    // The demo's menus, written as seedDemo writes them (seedDemo itself needs an empty database).
    const owner = await createOwner(t, { restaurantName: 'Carte Street Kitchen' });
    const truckId = owner.restaurant.id;
    await db().update(restaurants).set({ timeZone: 'America/New_York' }).where(eq(restaurants.id, truckId));
    const images = await storeDemoImages(t.runtime.storage);
    await db().transaction((tx) => writeDemoMenu(tx, truckId, images, t.clock.now()));
    const newYork = (time: string) => new Date(`2030-01-09T${time}:00-05:00`);
    const shown = async (time: string) => {
      setClock(newYork(time));
      return (await customer(truckId)).menus.map((menu) => menu.name);
    };
    expect(await shown('04:00')).toEqual(['All Day']);
    expect(await shown('10:59')).toEqual(['All Day']);
    expect(await shown('11:00')).toEqual(['Lunch', 'All Day']);
    expect(await shown('15:59')).toEqual(['Lunch', 'All Day']);
    expect(await shown('16:30')).toEqual(['All Day']);
    expect(await shown('17:00')).toEqual(['Dinner', 'All Day']);
    expect(await shown('22:59')).toEqual(['Dinner', 'All Day']);
    expect(await shown('23:00')).toEqual(['All Day']);
    // At night the page draws All Day at once (one menu served: no chooser).
    setClock(newYork('04:00'));
    const html = (await get(`/menu/${truckId}`)).body;
    expect(html).toContain('Al Pastor Taco');
    expect(html).toContain('$4.50');
    setClock(paris(9, '12:30'));
  });
});
