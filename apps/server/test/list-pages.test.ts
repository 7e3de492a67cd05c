import { type Category, type Dish, type Ingredient, messages, type Paginated } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.ts';
import {
  categories,
  categoryDishes,
  dishes,
  dishIngredients,
  ingredients,
  menuCategories,
  menus,
} from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, ownerWithToken } from './factories.ts';

/** Issue 21: the owner's big lists asked one page at a time (decisions "Big lists"). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const minute = 60_000;
const base = Date.UTC(2026, 0, 1);

/** 25 dishes "Dish 1"… "Dish 25" (Dish 1 the oldest), priced 25 down to 1, written in bulk. */
async function seedDishes(restaurantId: string, count = 25, prefix = 'Dish') {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `${prefix} ${i + 1}`,
    price: count - i,
    position: 0,
    createdAt: new Date(base + i * minute),
  }));
  await t.runtime.database.db.insert(dishes).values(rows);
  return rows;
}

type Answer<T> = { status: number; body: { message: T } };
const get = <T>(token: string, url: string) => t.call<T>({ method: 'GET', url, token }) as Promise<Answer<T>>;
const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('GET /api/dishes with page', () => {
  it('answers the pagination shape with its totals: first, middle and past the last page', async () => {
    const owner = await ownerWithToken(t);
    await seedDishes(owner.restaurant.id);

    const first = await get<Paginated<Dish>>(owner.token, '/api/dishes?page=1');
    expect(first.status).toBe(200);
    const { data, ...pagination } = first.body.message;
    expect(pagination).toEqual({
      page: 1,
      per_page: 10,
      previous_page: null,
      next_page: 2,
      total: 25,
      total_pages: 3,
    });
    expect(data).toHaveLength(10);
    // The list's own order: new dishes first.
    expect(data[0]!.name).toBe('Dish 25');

    const middle = (await get<Paginated<Dish>>(owner.token, '/api/dishes?page=2')).body.message;
    expect([middle.page, middle.previous_page, middle.next_page]).toEqual([2, 1, 3]);
    expect(names(middle.data)).toEqual(Array.from({ length: 10 }, (_, i) => `Dish ${15 - i}`));

    const past = (await get<Paginated<Dish>>(owner.token, '/api/dishes?page=9')).body.message;
    expect([past.page, past.previous_page, past.next_page, past.total]).toEqual([3, 2, null, 25]);
    expect(past.data).toHaveLength(5);

    const wide = (await get<Paginated<Dish>>(owner.token, '/api/dishes?page=1&per_page=100')).body.message;
    expect([wide.per_page, wide.total_pages, wide.next_page, wide.data.length]).toEqual([100, 1, null, 25]);
  });

  it('keeps the whole-list answer without page, and its pages put together are that list', async () => {
    const owner = await ownerWithToken(t);
    await seedDishes(owner.restaurant.id, 23);
    const whole = await get<Dish[]>(owner.token, '/api/dishes');
    expect(Array.isArray(whole.body.message)).toBe(true);
    expect(whole.body.message).toHaveLength(23);
    const pages: Dish[] = [];
    for (let page = 1; page <= 4; page++) {
      pages.push(
        ...(await get<Paginated<Dish>>(owner.token, `/api/dishes?page=${page}&per_page=7`)).body.message.data,
      );
    }
    expect(pages).toEqual(whole.body.message);
  });

  it('refuses a bad page or per_page with the catalogue message', async () => {
    const owner = await ownerWithToken(t);
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const answer = await get<string>(owner.token, `/api/dishes?page=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toBe(messages.listPageInvalid);
    }
    for (const bad of ['0', '101', 'x', '2.5']) {
      const answer = await get<string>(owner.token, `/api/dishes?page=1&per_page=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toBe(messages.listPerPageInvalid);
    }
    const sort = await get<string>(owner.token, '/api/dishes?page=1&sort=calories');
    expect([sort.status, sort.body.message]).toEqual([400, messages.listSortInvalid]);
    const order = await get<string>(owner.token, '/api/dishes?page=1&sort=name&order=up');
    expect([order.status, order.body.message]).toEqual([400, messages.listSortInvalid]);
  });

  it('searches the name in any case, literally, and sorts by name and price', async () => {
    const owner = await ownerWithToken(t);
    await seedDishes(owner.restaurant.id);
    const found = (await get<Paginated<Dish>>(owner.token, '/api/dishes?page=1&search=dISH%202')).body
      .message;
    expect(found.total).toBe(7);
    expect(names(found.data).sort()).toEqual(
      ['Dish 2', 'Dish 20', 'Dish 21', 'Dish 22', 'Dish 23', 'Dish 24', 'Dish 25'].sort(),
    );
    const literal = (await get<Paginated<Dish>>(owner.token, '/api/dishes?page=1&search=%25')).body.message;
    expect([literal.total, literal.total_pages, literal.data.length]).toEqual([0, 1, 0]);

    const byName = (await get<Paginated<Dish>>(owner.token, '/api/dishes?page=1&per_page=3&sort=name')).body
      .message;
    expect(names(byName.data)).toEqual(['Dish 1', 'Dish 10', 'Dish 11']);
    const byNameDesc = (
      await get<Paginated<Dish>>(owner.token, '/api/dishes?page=1&per_page=2&sort=name&order=desc')
    ).body.message;
    expect(names(byNameDesc.data)).toEqual(['Dish 9', 'Dish 8']);
    const cheapest = (await get<Paginated<Dish>>(owner.token, '/api/dishes?page=1&per_page=2&sort=price'))
      .body.message;
    expect(cheapest.data.map((dish) => dish.price)).toEqual([1, 2]);
    const oldest = (
      await get<Paginated<Dish>>(owner.token, '/api/dishes?page=1&per_page=1&sort=created&order=asc')
    ).body.message;
    expect(names(oldest.data)).toEqual(['Dish 1']);
  });

  it('keeps only the dishes asked by id (a form showing its chosen ones), and refuses bad ids', async () => {
    const owner = await ownerWithToken(t);
    const rows = await seedDishes(owner.restaurant.id);
    const other = await ownerWithToken(t);
    const [theirs] = await seedDishes(other.restaurant.id, 1);
    const ids = [rows[3]!.id, rows[17]!.id, theirs!.id].join(',');
    const answer = await get<Paginated<Dish>>(owner.token, `/api/dishes?page=1&sort=name&ids=${ids}`);
    expect(answer.status).toBe(200);
    expect(answer.body.message.total).toBe(2);
    expect(names(answer.body.message.data)).toEqual(['Dish 18', 'Dish 4']);
    const many = Array.from({ length: 101 }, () => rows[0]!.id).join(',');
    for (const bad of ['nope', many]) {
      const refused = await get(owner.token, `/api/dishes?page=1&ids=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(messages.listIdsInvalid);
    }
  });

  it("counts a location's inherited dishes, read-only, with its own", async () => {
    const parent = await ownerWithToken(t);
    await seedDishes(parent.restaurant.id, 12, 'Parent dish');
    const location = await locationOwnerWithToken(t, parent.restaurant.id);
    await seedDishes(location.restaurant.id, 3, 'Own dish');
    const page = (await get<Paginated<Dish>>(location.token, '/api/dishes?page=2')).body.message;
    expect([page.total, page.total_pages, page.data.length]).toEqual([15, 2, 5]);
    const whole = (await get<Dish[]>(location.token, '/api/dishes')).body.message;
    const all = [
      ...(await get<Paginated<Dish>>(location.token, '/api/dishes?page=1')).body.message.data,
      ...page.data,
    ];
    expect(all).toEqual(whole);
    expect(all.filter((dish) => dish.fromParent)).toHaveLength(12);
    const parentSees = (await get<Paginated<Dish>>(parent.token, '/api/dishes?page=1')).body.message;
    expect(parentSees.total).toBe(12);
  });
});

describe('GET /api/ingredients with page', () => {
  it('pages, searches the parent name too, sorts by use and keeps the whole list without page', async () => {
    const owner = await ownerWithToken(t);
    const db = t.runtime.database.db;
    const parent = { id: newId(), restaurantId: owner.restaurant.id, name: 'Cheese', position: 0 };
    await db.insert(ingredients).values(parent);
    const rows = Array.from({ length: 14 }, (_, i) => ({
      id: newId(),
      restaurantId: owner.restaurant.id,
      name: `Spice ${i + 1}`,
      position: i + 1,
      parentId: i < 2 ? parent.id : null,
      createdAt: new Date(base + i * minute),
    }));
    await db.insert(ingredients).values(rows);
    const dishRows = await seedDishes(owner.restaurant.id, 3);
    await db
      .insert(dishIngredients)
      .values([
        ...dishRows.map((dish, k) => ({ dishId: dish.id, ingredientId: rows[5]!.id, position: k })),
        { dishId: dishRows[0]!.id, ingredientId: rows[9]!.id, position: 9 },
      ]);

    const first = (await get<Paginated<Ingredient>>(owner.token, '/api/ingredients?page=2')).body.message;
    expect([first.total, first.total_pages, first.previous_page, first.next_page]).toEqual([15, 2, 1, null]);
    expect(first.data).toHaveLength(5);

    const whole = (await get<Ingredient[]>(owner.token, '/api/ingredients')).body.message;
    const paged = [
      ...(await get<Paginated<Ingredient>>(owner.token, '/api/ingredients?page=1')).body.message.data,
      ...first.data,
    ];
    expect(paged).toEqual(whole);

    const cheese = (await get<Paginated<Ingredient>>(owner.token, '/api/ingredients?page=1&search=chee')).body
      .message;
    expect(names(cheese.data).sort()).toEqual(['Cheese', 'Spice 1', 'Spice 2']);

    const used = (
      await get<Paginated<Ingredient>>(owner.token, '/api/ingredients?page=1&per_page=2&sort=used')
    ).body.message;
    expect(used.data.map((row) => [row.name, row.count])).toEqual([
      ['Spice 6', 3],
      ['Spice 10', 1],
    ]);

    const topLevel = (
      await get<Paginated<Ingredient>>(owner.token, '/api/ingredients?page=1&exceptChildren=true')
    ).body.message;
    expect(topLevel.total).toBe(13);

    const bad = await get<string>(owner.token, '/api/ingredients?page=1&per_page=1000');
    expect([bad.status, bad.body.message]).toEqual([400, messages.listPerPageInvalid]);
  });

  it('keeps only the ingredients asked by id or inside one parent, and refuses bad ids', async () => {
    const owner = await ownerWithToken(t);
    const db = t.runtime.database.db;
    const cheese = { id: newId(), restaurantId: owner.restaurant.id, name: 'Cheese', position: 0 };
    await db.insert(ingredients).values(cheese);
    const rows = Array.from({ length: 6 }, (_, i) => ({
      id: newId(),
      restaurantId: owner.restaurant.id,
      name: `Spice ${i + 1}`,
      position: i + 1,
      parentId: i < 2 ? cheese.id : null,
    }));
    await db.insert(ingredients).values(rows);
    const other = await ownerWithToken(t);
    const theirs = { id: newId(), restaurantId: other.restaurant.id, name: 'Their spice', position: 0 };
    await db.insert(ingredients).values(theirs);

    const ids = [rows[4]!.id, cheese.id, theirs.id].join(',');
    const chosen = await get<Paginated<Ingredient>>(
      owner.token,
      `/api/ingredients?page=1&sort=name&ids=${ids}`,
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body.message.total).toBe(2);
    expect(names(chosen.body.message.data)).toEqual(['Cheese', 'Spice 5']);

    const inside = (
      await get<Paginated<Ingredient>>(
        owner.token,
        `/api/ingredients?page=1&per_page=1&parentID=${cheese.id}`,
      )
    ).body.message;
    expect(inside.total).toBe(2);
    const none = (
      await get<Paginated<Ingredient>>(owner.token, `/api/ingredients?page=1&parentID=${rows[5]!.id}`)
    ).body.message;
    expect(none.total).toBe(0);
    const whole = (await get<Ingredient[]>(owner.token, `/api/ingredients?parentID=${cheese.id}`)).body
      .message;
    expect(names(whole)).toEqual(['Spice 1', 'Spice 2']);

    const many = Array.from({ length: 101 }, () => cheese.id).join(',');
    for (const bad of ['nope', many, `${cheese.id},`]) {
      const refused = await get(owner.token, `/api/ingredients?page=1&ids=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(messages.listIdsInvalid);
    }
    for (const filter of ['parentID', 'exceptParentID']) {
      const badParent = await get<string>(owner.token, `/api/ingredients?page=1&${filter}=nope`);
      expect([badParent.status, badParent.body.message]).toEqual([400, messages.listIngredientIdInvalid]);
    }
  });

  it("counts a location's inherited ingredients", async () => {
    const parent = await ownerWithToken(t);
    await t.runtime.database.db
      .insert(ingredients)
      .values(
        Array.from({ length: 4 }, (_, i) => ({ restaurantId: parent.restaurant.id, name: `Herb ${i}` })),
      );
    const location = await locationOwnerWithToken(t, parent.restaurant.id);
    await t.runtime.database.db
      .insert(ingredients)
      .values({ restaurantId: location.restaurant.id, name: 'Own herb' });
    const page = (await get<Paginated<Ingredient>>(location.token, '/api/ingredients?page=1&search=herb'))
      .body.message;
    expect(page.total).toBe(5);
    expect(page.data.filter((row) => row.fromParent)).toHaveLength(4);
  });
});

describe('GET /api/categories with page', () => {
  it("pages the list and a menu's, sorts by dishes and keeps the whole list without page", async () => {
    const owner = await ownerWithToken(t);
    const db = t.runtime.database.db;
    const rows = Array.from({ length: 12 }, (_, i) => ({
      id: newId(),
      restaurantId: owner.restaurant.id,
      name: `Section ${i + 1}`,
      position: 0,
      createdAt: new Date(base + i * minute),
    }));
    await db.insert(categories).values(rows);
    const dishRows = await seedDishes(owner.restaurant.id, 4);
    await db
      .insert(categoryDishes)
      .values([
        ...dishRows.map((dish, k) => ({ categoryId: rows[3]!.id, dishId: dish.id, position: k })),
        { categoryId: rows[7]!.id, dishId: dishRows[0]!.id, position: 0 },
      ]);
    const [menu] = await db
      .insert(menus)
      .values({ restaurantId: owner.restaurant.id, name: 'Lunch' })
      .returning({ id: menus.id });
    await db.insert(menuCategories).values(
      [rows[2]!, rows[0]!, rows[5]!].map((category, position) => ({
        menuId: menu!.id,
        categoryId: category.id,
        position,
      })),
    );

    const second = (await get<Paginated<Category>>(owner.token, '/api/categories?page=2')).body.message;
    expect([second.total, second.total_pages, second.previous_page, second.next_page]).toEqual([
      12,
      2,
      1,
      null,
    ]);
    const whole = (await get<Category[]>(owner.token, '/api/categories')).body.message;
    const paged = [
      ...(await get<Paginated<Category>>(owner.token, '/api/categories?page=1')).body.message.data,
      ...second.data,
    ];
    expect(paged).toEqual(whole);

    const most = (
      await get<Paginated<Category>>(owner.token, '/api/categories?page=1&per_page=2&sort=dishes')
    ).body.message;
    expect(most.data.map((row) => [row.name, row.dishes.length])).toEqual([
      ['Section 4', 4],
      ['Section 8', 1],
    ]);

    const inMenu = (
      await get<Paginated<Category>>(owner.token, `/api/categories?page=1&per_page=2&menu=${menu!.id}`)
    ).body.message;
    expect([inMenu.total, inMenu.total_pages]).toEqual([3, 2]);
    expect(names(inMenu.data)).toEqual(['Section 3', 'Section 1']);

    const search = (await get<Paginated<Category>>(owner.token, '/api/categories?page=1&search=section%201'))
      .body.message;
    expect(search.total).toBe(4);

    const stranger = await ownerWithToken(t);
    const hidden = await get<string>(stranger.token, `/api/categories?page=1&menu=${menu!.id}`);
    expect(hidden.status).toBe(404);
    const none = (await get<Paginated<Category>>(stranger.token, '/api/categories?page=1')).body.message;
    expect([none.total, none.total_pages, none.previous_page, none.next_page, none.data]).toEqual([
      0,
      1,
      null,
      null,
      [],
    ]);
  });

  it("counts a location's inherited categories after its own", async () => {
    const parent = await ownerWithToken(t);
    await t.runtime.database.db
      .insert(categories)
      .values(
        Array.from({ length: 9 }, (_, i) => ({ restaurantId: parent.restaurant.id, name: `Old ${i}` })),
      );
    const location = await locationOwnerWithToken(t, parent.restaurant.id);
    await t.runtime.database.db
      .insert(categories)
      .values({ restaurantId: location.restaurant.id, name: 'Mine' });
    const page = (await get<Paginated<Category>>(location.token, '/api/categories?page=1&per_page=5')).body
      .message;
    expect([page.total, page.total_pages]).toEqual([10, 2]);
    expect(page.data[0]).toMatchObject({ name: 'Mine', fromParent: false });
    expect(page.data.slice(1).every((row) => row.fromParent)).toBe(true);
  });
});

describe('lists past one slice (issue 21: whole lists are read and presented 1,000 rows at a time)', () => {
  it('answers the same dishes, categories and ingredients whole as page by page', async () => {
    const owner = await ownerWithToken(t);
    const db = t.runtime.database.db;
    const dishRows = await seedDishes(owner.restaurant.id, 2100);
    const herbs = Array.from({ length: 3 }, (_, i) => ({
      id: newId(),
      restaurantId: owner.restaurant.id,
      name: `Herb ${i}`,
    }));
    await db.insert(ingredients).values(herbs);
    const sections = Array.from({ length: 1100 }, (_, i) => ({
      id: newId(),
      restaurantId: owner.restaurant.id,
      name: `Section ${i}`,
      position: i % 7,
      createdAt: new Date(base + i * minute),
    }));
    await db.insert(categories).values(sections);
    await db.insert(dishIngredients).values(
      dishRows.flatMap((dish, i) => [
        { dishId: dish.id, ingredientId: herbs[i % 3]!.id, position: 1 },
        { dishId: dish.id, ingredientId: herbs[(i + 1) % 3]!.id, position: 0 },
      ]),
    );
    await db.insert(categoryDishes).values(
      dishRows.flatMap((dish, i) => [
        { categoryId: sections[i % 1100]!.id, dishId: dish.id, position: i },
        { categoryId: sections[(i * 7 + 1) % 1100]!.id, dishId: dish.id, position: -i },
      ]),
    );

    const whole = (await get<Dish[]>(owner.token, '/api/dishes')).body.message;
    expect(whole).toHaveLength(2100);
    const paged: Dish[] = [];
    for (let page = 1; page <= 21; page++) {
      paged.push(
        ...(await get<Paginated<Dish>>(owner.token, `/api/dishes?page=${page}&per_page=100`)).body.message
          .data,
      );
    }
    expect(paged).toEqual(whole);
    expect(whole[0]!.ingredients).toHaveLength(2);

    const wholeCategories = (await get<Category[]>(owner.token, '/api/categories')).body.message;
    expect(wholeCategories).toHaveLength(1100);
    const pagedCategories: Category[] = [];
    for (let page = 1; page <= 11; page++) {
      pagedCategories.push(
        ...(await get<Paginated<Category>>(owner.token, `/api/categories?page=${page}&per_page=100`)).body
          .message.data,
      );
    }
    expect(pagedCategories).toEqual(wholeCategories);
    expect(wholeCategories.reduce((sum, category) => sum + category.dishes.length, 0)).toBe(4200);

    await db.insert(ingredients).values(
      Array.from({ length: 1197 }, (_, i) => ({
        id: newId(),
        restaurantId: owner.restaurant.id,
        name: `Leaf ${i}`,
        position: i % 5,
        createdAt: new Date(base + i * minute),
      })),
    );
    const wholeIngredients = (await get<Ingredient[]>(owner.token, '/api/ingredients')).body.message;
    expect(wholeIngredients).toHaveLength(1200);
    const pagedIngredients: Ingredient[] = [];
    for (let page = 1; page <= 12; page++) {
      pagedIngredients.push(
        ...(await get<Paginated<Ingredient>>(owner.token, `/api/ingredients?page=${page}&per_page=100`)).body
          .message.data,
      );
    }
    expect(pagedIngredients).toEqual(wholeIngredients);
    expect(wholeIngredients.filter((row) => row.name.startsWith('Herb')).map((row) => row.count)).toEqual([
      1400, 1400, 1400,
    ]);
  });
});
