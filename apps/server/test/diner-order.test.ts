import type { Category, CustomerMenu, Dish, Menu } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { ownerWithToken } from './factories.ts';

/**
 * The order a diner reads (issue 22, item 3): what an owner enters in turn, the public menu shows in
 * turn — a new dish joins the end of its category, a new category the end of its menu — while the
 * owner's own lists keep newest first, and drag and drop still changes the diner's order.
 */

let t: TestApp;
beforeAll(async () => {
  // Publishing needs no subscription here: the subject is the order, not the payment.
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await t?.close();
});

async function ok<T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await t.call<T>({ method, url, token, ...(payload ? { payload } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message;
}

/** The published menu as a diner's phone reads it: each category with its dishes, in order. */
async function dinerReads(restaurantId: string): Promise<[string, string[]][]> {
  const response = await t.call<CustomerMenu>({
    method: 'GET',
    url: `/api/menus/customer?restaurantId=${restaurantId}`,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message.menus.flatMap((menu) =>
    menu.categories.map((category): [string, string[]] => [
      category.name,
      category.dishes.map((dish) => dish.name),
    ]),
  );
}

describe('the order a diner reads', () => {
  it('shows dishes and categories in the order they were entered; the owner’s lists keep newest first', async () => {
    const owner = await ownerWithToken(t);
    const { token } = owner;
    const menu = await ok<Menu>(token, 'POST', '/api/menus', { name: 'Dinner' });
    const ramen = await ok<Category>(token, 'POST', '/api/categories', { name: 'Ramen', menu: menu._id });
    const sides = await ok<Category>(token, 'POST', '/api/categories', { name: 'Sides', menu: menu._id });
    const dish = (name: string, category: string) =>
      ok<Dish>(token, 'POST', '/api/dishes', { name, price: '12', category });
    const tonkotsu = await dish('Tonkotsu', ramen._id);
    const shoyu = await dish('Shoyu', ramen._id);
    const miso = await dish('Veggie Miso', ramen._id);
    await dish('Gyoza', sides._id);
    await dish('Edamame', sides._id);
    await ok(token, 'PUT', `/api/menus/${menu._id}`, { name: 'Dinner', draft: false });

    expect(await dinerReads(owner.restaurant.id)).toEqual([
      ['Ramen', ['Tonkotsu', 'Shoyu', 'Veggie Miso']],
      ['Sides', ['Gyoza', 'Edamame']],
    ]);
    // The owner's menu form and dashboard read the same order.
    const inMenu = await ok<Category[]>(token, 'GET', `/api/categories?menu=${menu._id}`);
    expect(inMenu.map((category) => category.name)).toEqual(['Ramen', 'Sides']);
    expect(inMenu[0]!.dishes).toEqual([tonkotsu._id, shoyu._id, miso._id]);

    // The owner's lists (the specification's cached lists) keep newest first.
    const dishes = await ok<Dish[]>(token, 'GET', '/api/dishes');
    expect(dishes.map((item) => item.name)).toEqual(['Edamame', 'Gyoza', 'Veggie Miso', 'Shoyu', 'Tonkotsu']);
    const categories = await ok<Category[]>(token, 'GET', '/api/categories');
    expect(categories.map((item) => item.name)).toEqual(['Sides', 'Ramen']);

    // A dish moved into a category by editing it, and a copy, join the end too.
    const cloned = await ok<Dish>(token, 'POST', `/api/dishes/${shoyu._id}/clone`, {});
    await ok(token, 'PUT', `/api/dishes/${cloned._id}`, { isAvailable: true });
    await ok(token, 'PUT', `/api/dishes/${tonkotsu._id}`, { category: sides._id });
    expect(await dinerReads(owner.restaurant.id)).toEqual([
      ['Ramen', ['Tonkotsu', 'Shoyu', 'Veggie Miso', 'Shoyu (copy)']],
      ['Sides', ['Gyoza', 'Edamame', 'Tonkotsu']],
    ]);
  });

  it('still follows drag and drop: categories and the dishes inside them take the order dropped', async () => {
    const owner = await ownerWithToken(t);
    const { token } = owner;
    const menu = await ok<Menu>(token, 'POST', '/api/menus', { name: 'Lunch' });
    const ramen = await ok<Category>(token, 'POST', '/api/categories', { name: 'Ramen', menu: menu._id });
    const sides = await ok<Category>(token, 'POST', '/api/categories', { name: 'Sides', menu: menu._id });
    const ids: string[] = [];
    for (const name of ['Tonkotsu', 'Shoyu', 'Veggie Miso']) {
      ids.push(
        (await ok<Dish>(token, 'POST', '/api/dishes', { name, price: '12', category: ramen._id }))._id,
      );
    }
    await ok(token, 'POST', '/api/dishes', { name: 'Gyoza', price: '6', category: sides._id });
    await ok(token, 'PUT', `/api/menus/${menu._id}`, { name: 'Lunch', draft: false });

    // The dashboard's board sends the order it shows after a drop.
    await ok(token, 'POST', '/api/menus/reorder', {
      menu_id: menu._id,
      categories: [sides._id, ramen._id],
      categoryDishes: [{ categoryID: ramen._id, dishes: [ids[2], ids[0], ids[1]] }],
    });
    expect(await dinerReads(owner.restaurant.id)).toEqual([
      ['Sides', ['Gyoza']],
      ['Ramen', ['Veggie Miso', 'Tonkotsu', 'Shoyu']],
    ]);

    // A dish added afterwards joins the end of the order the owner chose.
    await ok(token, 'POST', '/api/dishes', { name: 'Spicy Tantan', price: '13', category: ramen._id });
    expect(await dinerReads(owner.restaurant.id)).toEqual([
      ['Sides', ['Gyoza']],
      ['Ramen', ['Veggie Miso', 'Tonkotsu', 'Shoyu', 'Spicy Tantan']],
    ]);
  });
});
