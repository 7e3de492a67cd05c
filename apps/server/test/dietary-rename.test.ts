import { type CustomerMenu, type DietaryLists, type Dish, type Menu, messages } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createOwner, ownerWithToken, tokenFor } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  // Publishing needs no subscription here: the test reads the public menu.
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await t?.close();
});

type View = { dietaryConsiderations: { admin: DietaryLists; own: DietaryLists } };
const none = (): DietaryLists => ({ diets: [], foodTypes: [], other: [] });

const saveLists = (token: string, payload: Record<string, unknown>) =>
  t.call<View>({ method: 'POST', url: '/api/admin/dietary/create', token, payload });

async function adminToken() {
  const admin = await createOwner(t, { role: 'ADMIN' });
  return tokenFor(t, admin.user.username);
}

/** A published menu holding one dish with the given dietary choices, and a filter card naming `card`. */
async function restaurantWith(dietary: { selected: DietaryLists; admin: DietaryLists }, card: string[]) {
  const owner = await ownerWithToken(t);
  const dish = await t.call<Dish>({
    method: 'POST',
    url: '/api/dishes',
    token: owner.token,
    payload: { name: 'Garden bowl', price: '9', dietaryConsiderations: dietary },
  });
  expect(dish.status, JSON.stringify(dish.body)).toBe(200);
  const category = await t.call<{ _id: string }>({
    method: 'POST',
    url: '/api/categories',
    token: owner.token,
    payload: { name: 'Bowls', dishes: [dish.body.message._id] },
  });
  const menu = await t.call<Menu>({
    method: 'POST',
    url: '/api/menus',
    token: owner.token,
    payload: { name: 'Lunch', categories: [{ category: category.body.message._id }], draft: false },
  });
  expect(menu.status, JSON.stringify(menu.body)).toBe(200);
  const filter = await t.call({
    method: 'POST',
    url: '/api/restaurants/set-filter',
    token: owner.token,
    payload: { enabled: true, dietaryConsiderations: card },
  });
  expect(filter.status, JSON.stringify(filter.body)).toBe(200);
  return { ...owner, dishId: dish.body.message._id };
}

const ownerDish = async (token: string, id: string) =>
  (await t.call<Dish>({ method: 'GET', url: `/api/dishes/${id}`, token })).body.message.dietaryConsiderations;

async function publicMenu(restaurantId: string) {
  const { body } = await t.call<CustomerMenu>({
    method: 'GET',
    url: `/api/menus/customer?restaurantId=${restaurantId}`,
  });
  const dishes = body.message.menus.flatMap((entry) =>
    entry.categories.flatMap((category) => category.dishes),
  );
  return {
    diets: [...new Set(dishes.flatMap((dish) => dish.dietary.diets))],
    card: body.message.restaurant.filterOptions?.dietaryConsiderations ?? [],
  };
}

describe('renaming a platform dietary tag', () => {
  it('carries the new name to every dish that chose the old one, and to the public filter', async () => {
    const admin = await adminToken();
    // A restaurant adds its own "Veg" while the platform has none: its own tag, kept apart.
    const own = await restaurantWith({ selected: none(), admin: none() }, []);
    const added = await t.call({
      method: 'POST',
      url: '/api/dishes/update-dietary',
      token: own.token,
      payload: { name: 'Veg', type: 'diets', dish_id: own.dishId },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await t.call({
      method: 'POST',
      url: '/api/restaurants/set-filter',
      token: own.token,
      payload: { enabled: true, dietaryConsiderations: ['Veg'] },
    });

    const platform = { diets: ['Vegan', 'Veg'], foodTypes: ['Milk'], other: ['Spicy'] };
    expect((await saveLists(admin, platform)).status).toBe(200);
    const chose = await restaurantWith(
      { selected: none(), admin: { diets: ['Veg', 'Vegan'], foodTypes: ['Milk'], other: [] } },
      ['Veg', 'Vegan'],
    );
    expect((await publicMenu(chose.restaurant.id)).diets).toEqual(['Veg', 'Vegan']);

    const renamed = await saveLists(admin, {
      diets: ['Vegan', 'Vegetarian'],
      foodTypes: ['Milk'],
      other: ['Spicy'],
      originalDietaryConsiderations: platform,
      renames: [{ type: 'diets', from: 'Veg', to: 'Vegetarian' }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    // The owner's dish answer, in the order the dish had.
    expect(await ownerDish(chose.token, chose.dishId)).toEqual({
      selected: none(),
      admin: { diets: ['Vegetarian', 'Vegan'], foodTypes: ['Milk'], other: [] },
    });
    // The public menu offers one name, on the dishes and on the filter card.
    expect(await publicMenu(chose.restaurant.id)).toEqual({
      diets: ['Vegetarian', 'Vegan'],
      card: ['Vegetarian', 'Vegan'],
    });

    // The restaurant's own "Veg" is its own: the dish, the list and the card keep it.
    expect((await ownerDish(own.token, own.dishId)).selected.diets).toEqual(['Veg']);
    const ownLists = await t.call<View>({ method: 'GET', url: '/api/dietary', token: own.token });
    expect(ownLists.body.message.dietaryConsiderations.own.diets).toEqual(['Veg']);
    expect(await publicMenu(own.restaurant.id)).toEqual({ diets: ['Veg'], card: ['Veg'] });

    // Audited like every save, naming the rename.
    const audit = await t.runtime.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'save-dietary'));
    expect(audit.map((row) => row.detail)).toContainEqual(expect.stringContaining('diets: Veg → Vegetarian'));
  });

  it('refuses a rename the saved lists do not explain, and changes nothing', async () => {
    const admin = await adminToken();
    const platform = { diets: ['Halal'], foodTypes: [], other: [] };
    expect((await saveLists(admin, platform)).status).toBe(200);
    const dish = await restaurantWith(
      { selected: none(), admin: { diets: ['Halal'], foodTypes: [], other: [] } },
      [],
    );
    const stale = [
      { type: 'diets', from: 'Kosher', to: 'Kosher style' }, // not in the saved lists
      { type: 'diets', from: 'Halal', to: 'Halal meat' }, // the new name is not sent
      { type: 'foodTypes', from: 'Halal', to: 'Halal certified' }, // another list
    ];
    for (const rename of stale) {
      const answer = await saveLists(admin, {
        diets: ['Halal certified', 'Kosher style'],
        foodTypes: [],
        other: [],
        renames: [rename],
      });
      expect(answer.status, JSON.stringify(rename)).toBe(400);
      expect(answer.body.message).toBe(messages.dietaryRenameStale);
    }
    const lists = await t.call<View>({ method: 'GET', url: '/api/admin/dietary', token: admin });
    expect(lists.body.message.dietaryConsiderations.admin.diets).toEqual(['Halal']);
    expect((await ownerDish(dish.token, dish.dishId)).admin.diets).toEqual(['Halal']);
  });
});
