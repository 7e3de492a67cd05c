import {
  type CustomerMenu,
  createCategorySchema,
  customizationInputSchema,
  dishInputSchema,
  filterOptionsSchema,
  menuInputSchema,
  menuUpdateSchema,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPayments } from '../src/adapters/payments/index.ts';
import { billingCustomers, dishes, dishIngredients, subscriptions } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { callerOf, createLocationOwner, createMember, createOwner, PASSWORD, tokenFor } from './factories.ts';

/**
 * The public-menu port (DESIGN.md; decisions, "Serving the public menu"): every service that changes
 * what a diner sees says so after its commit, whoever the caller is and whether or not the change
 * came through an HTTP request. Each test reads the public answer first, so it is cached, then
 * writes through one service — mostly called directly, as a member who is not the owner, the way an
 * admin or a reseller will act on a client's restaurant — and reads again at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const s = () => t.services;
const db = () => t.runtime.database.db;

/** What a diner's phone reads (GET /api/menus/customer), or null when the restaurant is gone (404). */
async function diner(restaurantId: string): Promise<CustomerMenu | null> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/menus/customer?restaurantId=${restaurantId}`,
  });
  if (response.statusCode === 404) return null;
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message as CustomerMenu;
}
const dishesOf = (menu: CustomerMenu | null) =>
  (menu?.menus ?? []).flatMap((entry) => entry.categories.flatMap((category) => category.dishes));
const firstDish = (menu: CustomerMenu | null) => dishesOf(menu)[0];

/**
 * A restaurant open to diners, built through the services as its owner: a subscription from the
 * test checkout, the ingredient Egg, the restaurant-wide customization Size, the dish Quiche ($9.50,
 * with Egg, Size and the own dietary tag "Farm fresh") in the category Plates of the published menu
 * Daily. Also a member holding every flag, as the caller of the changes.
 */
async function openRestaurant() {
  const owner = await createOwner(t);
  const id = owner.restaurant.id;
  const as = callerOf(owner.user);
  const plan = await s().billing.plan();
  // "Pay (test)" on the built-in test checkout; its events make the subscription active.
  await (s().payments as LocalPayments).payCheckout(
    await s().billing.startCheckout(as, { price_id: plan.monthly_product.price.id }),
    { number: '', name: '' },
    '',
  );
  const {
    insertedIngredients: [egg],
  } = await s().ingredients.create(as, { ingredients: ['Egg'] });
  const [size] = await s().customizations.set(as, [
    customizationInputSchema.parse({
      name: 'Size',
      isCustom: true,
      isFixedPrice: true,
      options: [{ name: 'Large', price: 2 }],
    }),
  ]);
  const dish = await s().dishes.create(
    as,
    dishInputSchema.parse({ name: 'Quiche', price: 9.5, customizations: { selected: [size!._id] } }),
  );
  await db().insert(dishIngredients).values({ dishId: dish._id, ingredientId: egg!._id, position: 0 });
  await s().dietary.update(as, { type: 'diets', name: 'Farm fresh', dish_id: dish._id });
  const category = await s().categories.create(
    as,
    createCategorySchema.parse({ name: 'Plates', dishes: [dish._id] }),
  );
  const menu = await s().menus.create(as, {
    input: menuInputSchema.parse({ name: 'Daily', categories: [{ category: category._id }], draft: false }),
    files: {},
  });
  const member = await createMember(t, id, {
    restaurant: true,
    menu: true,
    category: true,
    dish: true,
    ingredient: true,
  });
  const before = await diner(id);
  expect(firstDish(before)?.name).toBe('Quiche');
  return { owner, id, egg: egg!, size: size!, dish, category, menu, member, by: callerOf(member.user) };
}

describe('the public menu changes on the next request after a write through', () => {
  it('no service: a write straight to the database waits for the entry to expire (the cache holds)', async () => {
    const r = await openRestaurant();
    await db().update(dishes).set({ price: 12 }).where(eq(dishes.id, r.dish._id));
    expect(firstDish(await diner(r.id))?.price).toBe(9.5);
    // The same change through the service is seen at once.
    await s().dishes.update(r.by, r.dish._id, dishInputSchema.parse({ name: 'Quiche', price: 12 }));
    expect(firstDish(await diner(r.id))?.price).toBe(12);
  });

  it('a period that ended without news of the renewal does not make every request read the database', async () => {
    const r = await openRestaurant();
    // The provider has not reported the renewal yet: the period's end is behind us, still active.
    await db()
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(t.clock.now().getTime() - 60_000) })
      .where(eq(subscriptions.restaurantId, r.id));
    t.services.publicMenu.changed(r.id);
    expect(firstDish(await diner(r.id))?.price).toBe(9.5);
    // The entry holds: a write straight to the database is not read on the next request.
    await db().update(dishes).set({ price: 12 }).where(eq(dishes.id, r.dish._id));
    expect(firstDish(await diner(r.id))?.price).toBe(9.5);
  });

  it('dishes: a member changes the price, by a direct call and over HTTP', async () => {
    const r = await openRestaurant();
    await s().dishes.update(r.by, r.dish._id, dishInputSchema.parse({ name: 'Quiche', price: 10.75 }));
    expect(firstDish(await diner(r.id))?.price).toBe(10.75);

    const token = await tokenFor(t, r.member.user.username);
    const put = await t.call({
      method: 'PUT',
      url: `/api/dishes/${r.dish._id}`,
      token,
      payload: { name: 'Quiche', price: '11.25' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(firstDish(await diner(r.id))?.price).toBe(11.25);

    await s().dishes.remove(r.by, [r.dish._id]);
    expect(dishesOf(await diner(r.id))).toEqual([]);
  });

  it('menus: renaming, unpublishing and publishing again', async () => {
    const r = await openRestaurant();
    const update = (input: object) =>
      s().menus.update(r.by, r.menu._id, { input: menuUpdateSchema.parse(input), files: {} });
    await update({ name: 'Evening' });
    expect((await diner(r.id))?.menus.map((menu) => menu.name)).toEqual(['Evening']);
    await update({ draft: true });
    expect((await diner(r.id))?.menuNotFound).toBe(true);
    await update({ draft: false });
    expect((await diner(r.id))?.menus.map((menu) => menu.name)).toEqual(['Evening']);
  });

  it('the timeline: a menu closed all week, then a category closed all week', async () => {
    const r = await openRestaurant();
    const closed = {
      monday: false,
      tuesday: false,
      wednesday: false,
      thursday: false,
      friday: false,
      saturday: false,
      sunday: false,
      startTime: '09:00',
      endTime: '17:00',
    };
    await s().timeline.updateCategories(r.by, {
      menu_id: r.menu._id,
      categoriesAdjustments: [{ category: r.category._id, valid: closed, twentyFourHoursAvailable: false }],
    });
    expect((await diner(r.id))?.menus[0]?.categories).toEqual([]);
    await s().timeline.updateMenu(r.by, {
      _id: r.menu._id,
      valid: closed,
      twentyFourHoursMenuAvailable: false,
    });
    expect((await diner(r.id))?.menus).toEqual([]);
  });

  it('categories: renaming, and taking the dish out', async () => {
    const r = await openRestaurant();
    await s().categories.update(r.by, r.category._id, { name: 'Mains' });
    expect((await diner(r.id))?.menus[0]?.categories.map((category) => category.name)).toEqual(['Mains']);
    await s().categories.removeDish(r.by, { categoryID: r.category._id, dishID: r.dish._id });
    expect(dishesOf(await diner(r.id))).toEqual([]);
  });

  it('ingredients: renaming one a dish lists', async () => {
    const r = await openRestaurant();
    expect(firstDish(await diner(r.id))?.ingredients.map((item) => item.name)).toEqual(['Egg']);
    await s().ingredients.update(r.by, r.egg._id, { name: 'Free-range egg' });
    expect(firstDish(await diner(r.id))?.ingredients.map((item) => item.name)).toEqual(['Free-range egg']);
  });

  it('customizations: renaming the restaurant-wide list', async () => {
    const r = await openRestaurant();
    expect(firstDish(await diner(r.id))?.customizations.map((item) => item.name)).toEqual(['Size']);
    await s().customizations.set(r.by, [
      customizationInputSchema.parse({ ...r.size, name: 'Portion', options: r.size.options }),
    ]);
    expect(firstDish(await diner(r.id))?.customizations.map((item) => item.name)).toEqual(['Portion']);
  });

  it("dietary: renaming the restaurant's own tag follows into the dish", async () => {
    const r = await openRestaurant();
    expect(firstDish(await diner(r.id))?.dietary.diets).toEqual(['Farm fresh']);
    await s().dietary.update(r.by, { type: 'diets', name: 'Local farm', defaultValue: 'Farm fresh' });
    expect(firstDish(await diner(r.id))?.dietary.diets).toEqual(['Local farm']);
  });

  it('filters: the menu filter card', async () => {
    const r = await openRestaurant();
    await s().filters.set(r.by, filterOptionsSchema.parse({ title: 'Find your dish', enabled: true }));
    expect((await diner(r.id))?.restaurant.filterOptions?.title).toBe('Find your dish');
  });

  it('the CSV import: a dish imported into the menu’s category', async () => {
    const r = await openRestaurant();
    await s().csvImport.importDishes(r.by, { file: Buffer.from('name,price,category\nTart,7,Plates\n') });
    expect(
      dishesOf(await diner(r.id))
        .map((dish) => dish.name)
        .sort(),
    ).toEqual(['Quiche', 'Tart']);
  });

  it('billing: ending the subscription turns the menus into drafts', async () => {
    const r = await openRestaurant();
    const [customer] = await t.runtime.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.payerId, r.id));
    await (s().payments as LocalPayments).portalAction(
      { customerId: customer!.customerId, restaurantId: r.id },
      'end',
    );
    expect((await diner(r.id))?.menuNotFound).toBe(true);
  });

  it("accounts: deleting the owner's account takes the restaurant's page down", async () => {
    const r = await openRestaurant();
    await s().accounts.deleteAccount(callerOf(r.owner.user), PASSWORD, '127.0.0.1');
    expect(await diner(r.id)).toBeNull();
  });

  it("a location shows its parent's change at once", async () => {
    const r = await openRestaurant();
    const location = await createLocationOwner(t, r.id);
    expect(firstDish(await diner(location.restaurant.id))?.price).toBe(9.5);
    await s().dishes.update(r.by, r.dish._id, dishInputSchema.parse({ name: 'Quiche', price: 13 }));
    expect(firstDish(await diner(location.restaurant.id))?.price).toBe(13);
  });
});
