import { type Category, messages } from '@carte/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, dishes, menuCategories, menus } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, memberWithToken, ownerWithToken } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;

const asOwner = () => ownerWithToken(t);
const asMember = (restaurantId: string, permissions: Record<string, boolean>) =>
  memberWithToken(t, restaurantId, permissions);
const asLocationOf = (parentRestaurantId: string) => locationOwnerWithToken(t, parentRestaurantId);

/** Dishes and menus written straight to the tables, so these tests depend on no other route. */
async function addDish(restaurantId: string, name: string) {
  const [row] = await db().insert(dishes).values({ restaurantId, name, price: 7 }).returning();
  return row!;
}
async function addMenu(restaurantId: string, name: string, categoryIds: string[] = []) {
  const [row] = await db().insert(menus).values({ restaurantId, name }).returning();
  if (categoryIds.length > 0) {
    await db()
      .insert(menuCategories)
      .values(categoryIds.map((categoryId, position) => ({ menuId: row!.id, categoryId, position })));
  }
  return row!;
}

const callCategories = <T = Category>(
  token: string | undefined,
  method: string,
  url: string,
  payload?: unknown,
) =>
  t.call<T>({
    method: method as 'GET',
    url: `/api/categories${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createCategory(token: string, payload: Record<string, unknown> = {}) {
  const { status, body } = await callCategories(token, 'POST', '', { name: 'Starters', ...payload });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.message;
}

const rowsOf = (restaurantId: string) =>
  db().select().from(categories).where(eq(categories.restaurantId, restaurantId));

describe('creating categories', () => {
  it('creates an available category with its dishes in order; new categories come first', async () => {
    const { token, restaurant } = await asOwner();
    const [soup, bread] = [await addDish(restaurant.id, 'Soup'), await addDish(restaurant.id, 'Bread')];
    const first = await createCategory(token, { name: 'Starters', dishes: [bread.id, soup.id] });
    expect(first).toMatchObject({
      name: 'Starters',
      isAvailable: true,
      dishes: [bread.id, soup.id],
      menus: [],
      fromParent: false,
    });
    const second = await createCategory(token, { name: 'Desserts', isAvailable: false });
    expect(second).toMatchObject({ isAvailable: false, dishes: [] });
    const { body } = await callCategories<Category[]>(token, 'GET', '');
    expect(body.message.map((category) => category._id)).toEqual([second._id, first._id]);
  });

  it('joins the end of the selected menu', async () => {
    const { token, restaurant } = await asOwner();
    const existing = await createCategory(token, { name: 'Existing' });
    const menu = await addMenu(restaurant.id, 'Lunch', [existing._id]);
    const created = await createCategory(token, { name: 'Mains', menu: menu.id });
    expect(created.menus).toEqual([menu.id]);
    const inMenu = await callCategories<Category[]>(token, 'GET', `?menu=${menu.id}`);
    expect(inMenu.body.message.map((category) => category._id)).toEqual([existing._id, created._id]);
  });

  it.each([
    [{ name: '' }, messages.categoryNameRequired],
    [{ name: '   ' }, messages.categoryNameRequired],
    [{}, messages.categoryNameRequired],
    [{ name: 'x'.repeat(101) }, messages.nameTooLong],
  ])('refuses %j with the specification’s message and creates nothing', async (payload, message) => {
    const { token, restaurant } = await asOwner();
    const { status, body } = await callCategories(token, 'POST', '', payload);
    expect(status).toBe(400);
    expect(body).toMatchObject({ confirmation: 'Fail', message });
    expect(await rowsOf(restaurant.id)).toEqual([]);
  });

  it('refuses a menu inherited from the parent (403) and dishes or menus it cannot see (404)', async () => {
    const parent = await asOwner();
    const parentMenu = await addMenu(parent.restaurant.id, 'Parent menu');
    const location = await asLocationOf(parent.restaurant.id);
    const inherited = await callCategories(location.token, 'POST', '', { name: 'Mine', menu: parentMenu.id });
    expect(inherited.status).toBe(403);
    expect(inherited.body.message).toBe(messages.selectedMenuInherited);

    const stranger = await asOwner();
    const theirMenu = await addMenu(stranger.restaurant.id, 'Theirs');
    const theirDish = await addDish(stranger.restaurant.id, 'Theirs');
    expect((await callCategories(location.token, 'POST', '', { name: 'X', menu: theirMenu.id })).status).toBe(
      404,
    );
    expect(
      (await callCategories(location.token, 'POST', '', { name: 'X', dishes: [theirDish.id] })).status,
    ).toBe(404);
    expect(await rowsOf(location.restaurant.id)).toEqual([]);
  });
});

describe('reading, updating and deleting categories', () => {
  it('lists one menu’s categories in the menu’s order', async () => {
    const { token, restaurant } = await asOwner();
    const a = await createCategory(token, { name: 'A' });
    const b = await createCategory(token, { name: 'B' });
    await createCategory(token, { name: 'Not in menu' });
    const menu = await addMenu(restaurant.id, 'Dinner', [a._id, b._id]);
    const { status, body } = await callCategories<Category[]>(token, 'GET', `?menu=${menu.id}`);
    expect(status).toBe(200);
    expect(body.message.map((category) => [category.name, category.menus])).toEqual([
      ['A', [menu.id]],
      ['B', [menu.id]],
    ]);
  });

  it('reads one category and updates its name, availability and dish order', async () => {
    const { token, restaurant } = await asOwner();
    const [d1, d2, d3] = [
      await addDish(restaurant.id, 'One'),
      await addDish(restaurant.id, 'Two'),
      await addDish(restaurant.id, 'Three'),
    ];
    const created = await createCategory(token, { dishes: [d1!.id, d2!.id] });
    expect((await callCategories(token, 'GET', `/${created._id}`)).body.message).toEqual(created);

    const { status, body } = await callCategories(token, 'PUT', `/${created._id}`, {
      name: 'Small plates',
      isAvailable: false,
      dishes: [d3!.id, d1!.id],
    });
    expect(status).toBe(200);
    expect(body.message).toMatchObject({
      name: 'Small plates',
      isAvailable: false,
      dishes: [d3!.id, d1!.id],
    });
    // Without `dishes`, the dishes stay.
    const renamed = await callCategories(token, 'PUT', `/${created._id}`, { name: 'Tapas' });
    expect(renamed.body.message).toMatchObject({
      name: 'Tapas',
      isAvailable: false,
      dishes: [d3!.id, d1!.id],
    });

    const empty = await callCategories(token, 'PUT', `/${created._id}`, { name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(messages.categoryNameRequired);
    expect((await callCategories(token, 'GET', `/${created._id}`)).body.message.name).toBe('Tapas');
  });

  it('adds dishes at the end and removes one', async () => {
    const { token, restaurant } = await asOwner();
    const [d1, d2, d3] = [
      await addDish(restaurant.id, 'One'),
      await addDish(restaurant.id, 'Two'),
      await addDish(restaurant.id, 'Three'),
    ];
    const category = await createCategory(token, { dishes: [d2!.id] });
    const added = await callCategories(token, 'POST', '/addDishes', {
      categoryID: category._id,
      dishesID: [d3!.id, d2!.id, d1!.id],
    });
    expect(added.status).toBe(200);
    expect(added.body.message.dishes).toEqual([d2!.id, d3!.id, d1!.id]);
    const removed = await callCategories(token, 'POST', '/removeDish', {
      categoryID: category._id,
      dishID: d3!.id,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message.dishes).toEqual([d2!.id, d1!.id]);
    // The dish itself stays.
    expect(await db().select().from(dishes).where(eq(dishes.id, d3!.id))).toHaveLength(1);
  });

  it('deletes all listed categories or none, and takes them out of menus', async () => {
    const { token, restaurant } = await asOwner();
    const a = await createCategory(token, { name: 'A' });
    const b = await createCategory(token, { name: 'B' });
    const keep = await createCategory(token, { name: 'Keep' });
    const menu = await addMenu(restaurant.id, 'Menu', [a._id, keep._id]);

    const stranger = await asOwner();
    const theirs = await createCategory(stranger.token, { name: 'Theirs' });
    const mixed = await callCategories(token, 'DELETE', '', { ids: [a._id, theirs._id] });
    expect(mixed.status).toBe(404);
    expect(await rowsOf(restaurant.id)).toHaveLength(3);

    const { status, body } = await callCategories<string>(token, 'DELETE', '', { ids: [a._id, b._id] });
    expect(status).toBe(200);
    expect(body.message).toBe(messages.categoryDeleted);
    expect((await rowsOf(restaurant.id)).map((row) => row.id)).toEqual([keep._id]);
    const links = await db().select().from(menuCategories).where(eq(menuCategories.menuId, menu.id));
    expect(links.map((link) => link.categoryId)).toEqual([keep._id]);
    expect((await callCategories(stranger.token, 'GET', `/${theirs._id}`)).status).toBe(200);

    const invalid = await callCategories(token, 'DELETE', '', { ids: [] });
    expect(invalid.status).toBe(400);
  });
});

describe('cloning categories', () => {
  it('clones with the same dishes, named "(copy)", available unless told otherwise; 412 on a clash', async () => {
    const { token, restaurant } = await asOwner();
    const [d1, d2] = [await addDish(restaurant.id, 'One'), await addDish(restaurant.id, 'Two')];
    const original = await createCategory(token, {
      name: 'Pasta',
      isAvailable: false,
      dishes: [d2!.id, d1!.id],
    });
    await addMenu(restaurant.id, 'Menu', [original._id]);

    // From the dashboard: available.
    const fromDashboard = await callCategories(token, 'POST', `/${original._id}/clone`);
    expect(fromDashboard.status, JSON.stringify(fromDashboard.body)).toBe(200);
    expect(fromDashboard.body.message).toMatchObject({
      name: 'Pasta (copy)',
      isAvailable: true,
      dishes: [d2!.id, d1!.id],
      menus: [],
      fromParent: false,
    });
    const clash = await callCategories(token, 'POST', `/${original._id}/clone`, { name: 'pasta (COPY)' });
    expect(clash.status).toBe(412);
    expect(clash.body.confirmation).toBe('Fail');
    // From the categories page: unavailable, retried with another suffix.
    const fromPage = await callCategories(token, 'POST', `/${original._id}/clone`, {
      name: 'Pasta (copy) (copy)',
      isAvailable: false,
    });
    expect(fromPage.status).toBe(200);
    expect(fromPage.body.message).toMatchObject({ name: 'Pasta (copy) (copy)', isAvailable: false });
    const list = await callCategories<Category[]>(token, 'GET', '');
    expect(list.body.message[0]!._id).toBe(fromPage.body.message._id);
  });
});

describe('permissions', () => {
  it('answers 401 without a token on every route', async () => {
    const id = '0123456789abcdef01234567';
    for (const [method, url] of [
      ['GET', ''],
      ['POST', ''],
      ['DELETE', ''],
      ['GET', `/${id}`],
      ['PUT', `/${id}`],
      ['POST', '/addDishes'],
      ['POST', '/removeDish'],
      ['POST', `/${id}/clone`],
    ] as const) {
      const { status } = await callCategories(undefined, method, url, method === 'GET' ? undefined : {});
      expect(status, `${method} ${url}`).toBe(401);
    }
  });

  it('needs the category flag for every write; reads need only sign-in', async () => {
    const owner = await asOwner();
    const dish = await addDish(owner.restaurant.id, 'Dish');
    const category = await createCategory(owner.token, { dishes: [dish.id] });
    const reader = await asMember(owner.restaurant.id, { menu: true, dish: true });
    expect((await callCategories(reader.token, 'GET', '')).status).toBe(200);
    expect((await callCategories(reader.token, 'GET', `/${category._id}`)).status).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '', { name: 'No' }],
      ['POST', '', { name: '' }],
      ['PUT', `/${category._id}`, { name: 'No' }],
      ['DELETE', '', { ids: [category._id] }],
      ['POST', '/addDishes', { categoryID: category._id, dishesID: [dish.id] }],
      ['POST', '/removeDish', { categoryID: category._id, dishID: dish.id }],
      ['POST', `/${category._id}/clone`, {}],
    ] as const) {
      const { status, body } = await callCategories(reader.token, method, url, payload);
      expect(status, `${method} ${url}`).toBe(403);
      expect(body.message).toBe(messages.permissionDenied);
    }

    const writer = await asMember(owner.restaurant.id, { category: true });
    const created = await callCategories(writer.token, 'POST', '', { name: 'By member' });
    expect(created.status).toBe(200);
    const id = created.body.message._id;
    expect((await callCategories(writer.token, 'PUT', `/${id}`, { name: 'Edited' })).status).toBe(200);
    expect(
      (await callCategories(writer.token, 'POST', '/addDishes', { categoryID: id, dishesID: [dish.id] }))
        .status,
    ).toBe(200);
    expect(
      (await callCategories(writer.token, 'POST', '/removeDish', { categoryID: id, dishID: dish.id })).status,
    ).toBe(200);
    const clone = await callCategories(writer.token, 'POST', `/${id}/clone`, {});
    expect(clone.status).toBe(200);
    expect(
      (await callCategories(writer.token, 'DELETE', '', { ids: [id, clone.body.message._id] })).status,
    ).toBe(200);
  });

  it('another restaurant can neither read nor change the categories by id (404 on every route)', async () => {
    const first = await asOwner();
    const theirDish = await addDish(first.restaurant.id, 'Their dish');
    const category = await createCategory(first.token, { name: 'Theirs', dishes: [theirDish.id] });
    const theirMenu = await addMenu(first.restaurant.id, 'Their menu', [category._id]);
    const second = await asOwner();
    const ownDish = await addDish(second.restaurant.id, 'My dish');
    const own = await createCategory(second.token, { name: 'Mine' });

    const list = await callCategories<Category[]>(second.token, 'GET', '');
    expect(list.body.message.map((c) => c._id)).toEqual([own._id]);
    for (const [method, url, payload] of [
      ['GET', `/${category._id}`, undefined],
      ['GET', `?menu=${theirMenu.id}`, undefined],
      ['PUT', `/${category._id}`, { name: 'Hijacked' }],
      ['DELETE', '', { ids: [category._id] }],
      ['POST', `/${category._id}/clone`, {}],
      ['POST', '/addDishes', { categoryID: category._id, dishesID: [ownDish.id] }],
      ['POST', '/removeDish', { categoryID: category._id, dishID: theirDish.id }],
      // Their dishes and menus are unknown inside my own category too.
      ['POST', '/addDishes', { categoryID: own._id, dishesID: [theirDish.id] }],
      ['POST', '/removeDish', { categoryID: own._id, dishID: theirDish.id }],
      ['PUT', `/${own._id}`, { name: 'Mine', dishes: [theirDish.id] }],
      ['POST', '', { name: 'New', menu: theirMenu.id }],
    ] as const) {
      const { status } = await callCategories(second.token, method, url, payload);
      expect(status, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
    }
    expect((await callCategories(first.token, 'GET', `/${category._id}`)).body.message).toEqual({
      ...category,
      menu: theirMenu.id,
      menus: [theirMenu.id],
    });
    expect((await callCategories(second.token, 'GET', `/${own._id}`)).body.message.dishes).toEqual([]);
  });
});

describe('categories inherited from a parent restaurant', () => {
  it('are listed read-only with fromParent, refuse every write with 403, and can be cloned', async () => {
    const parent = await asOwner();
    const dish = await addDish(parent.restaurant.id, 'Parent dish');
    const inherited = await createCategory(parent.token, { name: 'Parent category', dishes: [dish.id] });
    const parentMenu = await addMenu(parent.restaurant.id, 'Parent menu', [inherited._id]);
    const location = await asLocationOf(parent.restaurant.id);
    const own = await createCategory(location.token, { name: 'Location category' });

    const list = await callCategories<Category[]>(location.token, 'GET', '');
    expect(list.body.message.map((c) => [c._id, c.fromParent])).toEqual([
      [own._id, false],
      [inherited._id, true],
    ]);
    const inMenu = await callCategories<Category[]>(location.token, 'GET', `?menu=${parentMenu.id}`);
    expect(inMenu.body.message).toMatchObject([{ _id: inherited._id, fromParent: true, dishes: [dish.id] }]);

    for (const [method, url, payload] of [
      ['PUT', `/${inherited._id}`, { name: 'Mine now' }],
      ['DELETE', '', { ids: [inherited._id] }],
      // All or none: with one inherited id, the own one stays too.
      ['DELETE', '', { ids: [own._id, inherited._id] }],
      ['POST', '/addDishes', { categoryID: inherited._id, dishesID: [dish.id] }],
      ['POST', '/removeDish', { categoryID: inherited._id, dishID: dish.id }],
    ] as const) {
      const { status, body } = await callCategories(location.token, method, url, payload);
      expect(status, `${method} ${url}`).toBe(403);
      expect(body.message).toBe(messages.readOnlyFromParent);
    }
    expect(
      await db()
        .select()
        .from(categories)
        .where(inArray(categories.id, [own._id, inherited._id])),
    ).toHaveLength(2);

    const clone = await callCategories(location.token, 'POST', `/${inherited._id}/clone`, {
      isAvailable: false,
    });
    expect(clone.status).toBe(200);
    expect(clone.body.message).toMatchObject({
      name: 'Parent category (copy)',
      fromParent: false,
      isAvailable: false,
      dishes: [dish.id],
    });

    // A location may show the parent's category in its own menu; the parent never sees that menu.
    const locationMenu = await addMenu(location.restaurant.id, 'Location menu', [inherited._id]);
    const fromLocation = await callCategories(location.token, 'GET', `/${inherited._id}`);
    expect(fromLocation.body.message.menus).toEqual([parentMenu.id, locationMenu.id]);
    const fromParent = await callCategories(parent.token, 'GET', `/${inherited._id}`);
    expect(fromParent.body.message.menus).toEqual([parentMenu.id]);
    expect((await callCategories(parent.token, 'GET', '')).body.message).toHaveLength(1);
  });
});

describe('API description', () => {
  it('describes every /api/categories endpoint with its failure statuses in /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    for (const path of [
      '/api/categories',
      '/api/categories/{id}',
      '/api/categories/{id}/clone',
      '/api/categories/addDishes',
      '/api/categories/removeDish',
    ]) {
      expect(Object.keys(paths)).toContain(path);
    }
    expect(Object.keys(paths['/api/categories'].delete.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
    expect(Object.keys(paths['/api/categories/{id}/clone'].post.responses)).toContain('412');
  });
});
