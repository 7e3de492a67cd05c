import {
  messages,
  type Paginated,
  type QuickEdit,
  type QuickEditDish,
  type QuickEditIngredient,
  quickEditSections,
} from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.ts';
import {
  categories,
  categoryDishes,
  customizations,
  dishes,
  dishIngredients,
  ingredients,
  menuCategories,
  menus,
} from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, memberWithToken, ownerWithToken } from './factories.ts';

/**
 * Quick edit one page at a time (issue 21, decisions "Owner screens at 10,000 dishes"):
 * GET /api/settings/quick-edit?section=&page= answers one section's page in the specification's
 * paginated shape; without `page` the whole answer is as before.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;
type Answer<T> = { status: number; body: { message: T } };
const get = <T>(token: string, url: string) => t.call<T>({ method: 'GET', url, token }) as Promise<Answer<T>>;

/**
 * 230 dishes "Dish 001"… "Dish 230" (every third one off), 120 ingredients, a "Lunch" menu whose
 * "Mains" category holds the first 40 dishes (each using "Spice 001"), three more menus, a category
 * in no menu and a customization.
 */
async function bigWorkshop(restaurantId: string) {
  const pad = (n: number) => String(n).padStart(3, '0');
  const dishRows = Array.from({ length: 230 }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `Dish ${pad(i + 1)}`,
    price: 5,
    isAvailable: i % 3 !== 0,
  }));
  await db().insert(dishes).values(dishRows);
  const spiceRows = Array.from({ length: 120 }, (_, i) => ({
    id: newId(),
    restaurantId,
    name: `Spice ${pad(i + 1)}`,
  }));
  await db().insert(ingredients).values(spiceRows);
  const menuRows = await db()
    .insert(menus)
    .values(['Lunch', 'Dinner', 'Brunch', 'Late'].map((name, position) => ({ restaurantId, name, position })))
    .returning();
  const [mains, loose] = await db()
    .insert(categories)
    .values([
      { restaurantId, name: 'Mains', position: 0 },
      { restaurantId, name: 'Loose', position: 1 },
    ])
    .returning();
  await db()
    .insert(categoryDishes)
    .values(
      dishRows.slice(0, 40).map((dish, position) => ({ categoryId: mains!.id, dishId: dish.id, position })),
    );
  await db()
    .insert(dishIngredients)
    .values(
      dishRows.slice(0, 40).map((dish) => ({ dishId: dish.id, ingredientId: spiceRows[0]!.id, position: 0 })),
    );
  await db().insert(menuCategories).values({ menuId: menuRows[0]!.id, categoryId: mains!.id, position: 0 });
  await db()
    .insert(customizations)
    .values({
      restaurantId,
      name: 'Size',
      options: [{ _id: newId(), name: 'Large', ingredient: null, price: 2, isAvailable: true }],
    });
  return { dishRows, spiceRows, lunch: menuRows[0]!, mains: mains!, loose: loose! };
}

/** Every page of a section, read in turn: the rows of all of them. */
async function allPages<T>(token: string, section: string, extra = '') {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await get<Paginated<T>>(
      token,
      `/api/settings/quick-edit?section=${section}&page=${page}&per_page=100${extra}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    rows.push(...answer.body.message.data);
    if (answer.body.message.next_page === null) return rows;
  }
}

describe('GET /api/settings/quick-edit with section and page', () => {
  it('answers one page of a section in the pagination shape, with its totals', async () => {
    const owner = await ownerWithToken(t);
    const w = await bigWorkshop(owner.restaurant.id);

    const first = await get<Paginated<QuickEditDish>>(
      owner.token,
      '/api/settings/quick-edit?section=dishes&page=1&per_page=50',
    );
    expect(first.status).toBe(200);
    const { data, ...pagination } = first.body.message;
    expect(pagination).toEqual({
      page: 1,
      per_page: 50,
      previous_page: null,
      next_page: 2,
      total: 230,
      total_pages: 5,
    });
    expect(data.map((dish) => dish.name)).toEqual(w.dishRows.slice(0, 50).map((dish) => dish.name));
    expect(data[0]).toEqual({
      _id: w.dishRows[0]!.id,
      name: 'Dish 001',
      checked: false,
      fromParent: false,
      categories: [{ _id: w.mains.id, name: 'Mains' }],
    });

    // The last page and past it; 10 rows by default.
    const last = (
      await get<Paginated<QuickEditDish>>(owner.token, '/api/settings/quick-edit?section=dishes&page=99')
    ).body.message;
    expect(last).toMatchObject({ page: 23, per_page: 10, next_page: null, previous_page: 22, total: 230 });
    expect(last.data.map((dish) => dish.name)).toEqual(w.dishRows.slice(220).map((dish) => dish.name));

    const spices = (
      await get<Paginated<QuickEditIngredient>>(
        owner.token,
        '/api/settings/quick-edit?section=ingredients&page=1&per_page=2',
      )
    ).body.message;
    expect(spices).toMatchObject({ total: 120, total_pages: 60 });
    expect(spices.data).toEqual([
      { _id: w.spiceRows[0]!.id, name: 'Spice 001', checked: true, fromParent: false, dishCount: 40 },
      { _id: w.spiceRows[1]!.id, name: 'Spice 002', checked: true, fromParent: false, dishCount: 0 },
    ]);
  });

  it('reads, page after page, exactly the whole answer, which is as before without page', async () => {
    const owner = await ownerWithToken(t);
    const w = await bigWorkshop(owner.restaurant.id);
    const whole = await get<QuickEdit>(owner.token, '/api/settings/quick-edit');
    expect(whole.status).toBe(200);
    expect(Object.keys(whole.body.message).sort()).toEqual([...quickEditSections, 'menuId'].sort());
    expect(whole.body.message.dishes).toHaveLength(230);
    for (const section of quickEditSections) {
      expect(await allPages(owner.token, section), section).toEqual(whole.body.message[section]);
    }
    // menuId narrows the pages as it narrows the whole answer.
    const narrowed = (await get<QuickEdit>(owner.token, `/api/settings/quick-edit?menuId=${w.lunch.id}`)).body
      .message;
    expect(narrowed.dishes).toHaveLength(40);
    for (const section of ['categories', 'dishes', 'ingredients'] as const) {
      expect(await allPages(owner.token, section, `&menuId=${w.lunch.id}`), section).toEqual(
        narrowed[section],
      );
    }
  });

  it('searches names anywhere, in any case, taken literally, and sorts by name when asked', async () => {
    const owner = await ownerWithToken(t);
    await bigWorkshop(owner.restaurant.id);
    const found = (
      await get<Paginated<QuickEditDish>>(
        owner.token,
        '/api/settings/quick-edit?section=dishes&page=1&search=DISH%2012',
      )
    ).body.message;
    expect(found.total).toBe(10);
    expect(found.data.map((dish) => dish.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Dish 12${i}`));
    const literal = (
      await get<Paginated<QuickEditDish>>(
        owner.token,
        '/api/settings/quick-edit?section=dishes&page=1&search=Dish_0',
      )
    ).body.message;
    expect(literal.total).toBe(0);
    expect(literal.data).toEqual([]);
    const backwards = (
      await get<Paginated<QuickEditDish>>(
        owner.token,
        '/api/settings/quick-edit?section=dishes&page=1&per_page=2&sort=name&order=desc',
      )
    ).body.message;
    expect(backwards.data.map((dish) => dish.name)).toEqual(['Dish 230', 'Dish 229']);
  });

  it("lists a location's own records first and the parent's locked after, page by page", async () => {
    const parent = await ownerWithToken(t);
    const location = await locationOwnerWithToken(t, parent.restaurant.id);
    await db().insert(dishes).values({ restaurantId: parent.restaurant.id, name: 'A parent dish', price: 4 });
    await db().insert(dishes).values({ restaurantId: location.restaurant.id, name: 'Z own dish', price: 4 });
    const page = (
      await get<Paginated<QuickEditDish>>(location.token, '/api/settings/quick-edit?section=dishes&page=1')
    ).body.message;
    expect(page.data.map((dish) => [dish.name, dish.fromParent])).toEqual([
      ['Z own dish', false],
      ['A parent dish', true],
    ]);
  });

  it('refuses a section the caller has no flag for (403) and bad paging (400, in words)', async () => {
    const owner = await ownerWithToken(t);
    const dishOnly = await memberWithToken(t, owner.restaurant.id, { dish: true });
    const page = (section: string) =>
      get(dishOnly.token, `/api/settings/quick-edit?section=${section}&page=1`);
    expect((await page('dishes')).status).toBe(200);
    for (const section of ['menus', 'categories', 'ingredients', 'customizations']) {
      const refused = await page(section);
      expect(refused.status, section).toBe(403);
      expect(refused.body.message).toBe(messages.permissionDenied);
    }

    const bad: [string, string][] = [
      ['section=dishes&page=0', messages.listPageInvalid],
      ['section=dishes&page=two', messages.listPageInvalid],
      ['section=dishes&page=1&per_page=101', messages.listPerPageInvalid],
      ['section=dishes&page=1&sort=price', messages.listSortInvalid],
      ['section=dishes&page=1&order=up', messages.listSortInvalid],
      [`section=dishes&page=1&search=${'x'.repeat(201)}`, messages.listSearchTooLong],
      ['section=plates&page=1', messages.quickEditSectionWithPage],
      ['page=1', messages.quickEditSectionWithPage],
      ['section=dishes', messages.quickEditSectionWithPage],
    ];
    for (const [query, message] of bad) {
      const answer = await get(owner.token, `/api/settings/quick-edit?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBe(message);
    }
  });
});
