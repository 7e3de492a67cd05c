import {
  type CustomerMenu,
  customerMenuSchema,
  messages,
  type QuickEdit,
  type QuickEditResult,
  type QuickEditUpdateInput,
} from '@carte/domain';
import { eq, inArray } from 'drizzle-orm';
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
  subscriptions,
} from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, memberWithToken, ownerWithToken } from './factories.ts';

/**
 * Quick edit (doc 2 §2, §4, §6, §7; /toggle-list): GET and PUT /api/settings/quick-edit. The test
 * app runs the built-in test checkout (BILLING_PROVIDER=local), so publishing needs a subscription.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;

/**
 * A restaurant's workshop written straight to the tables: a published "Lunch" menu and a draft
 * "Dinner", a "Mains" category in Lunch holding a burger (bun, pickles) and a soup (no pickles),
 * a "Desserts" category in no menu, and a restaurant-wide "Size" customization with two options
 * selected by the burger.
 */
async function workshop(restaurantId: string) {
  const tag = newId().slice(-6);
  const [lunch] = await db()
    .insert(menus)
    .values({ restaurantId, name: `Lunch ${tag}`, draft: false, position: 0 })
    .returning();
  const [dinner] = await db()
    .insert(menus)
    .values({ restaurantId, name: `Dinner ${tag}`, draft: true, position: 1 })
    .returning();
  const [mains] = await db()
    .insert(categories)
    .values({ restaurantId, name: `Mains ${tag}` })
    .returning();
  const [desserts] = await db()
    .insert(categories)
    .values({ restaurantId, name: `Desserts ${tag}`, position: 1 })
    .returning();
  const [bun] = await db()
    .insert(ingredients)
    .values({ restaurantId, name: `Bun ${tag}` })
    .returning();
  const [pickles] = await db()
    .insert(ingredients)
    .values({ restaurantId, name: `Pickles ${tag}` })
    .returning();
  const [size] = await db()
    .insert(customizations)
    .values({
      restaurantId,
      name: `Size ${tag}`,
      options: [
        { _id: newId(), name: 'Large', ingredient: null, price: 2, isAvailable: true },
        { _id: newId(), name: 'Small', ingredient: null, price: 0, isAvailable: true },
      ],
    })
    .returning();
  const [burger] = await db()
    .insert(dishes)
    .values({
      restaurantId,
      name: `Burger ${tag}`,
      price: 12,
      customizations: { selected: [size!.id], custom: [] },
    })
    .returning();
  const [soup] = await db()
    .insert(dishes)
    .values({ restaurantId, name: `Soup ${tag}`, price: 6 })
    .returning();
  const [cake] = await db()
    .insert(dishes)
    .values({ restaurantId, name: `Cake ${tag}`, price: 5 })
    .returning();
  await db()
    .insert(dishIngredients)
    .values([
      { dishId: burger!.id, ingredientId: bun!.id, position: 0 },
      { dishId: burger!.id, ingredientId: pickles!.id, position: 1 },
      { dishId: soup!.id, ingredientId: bun!.id, position: 0 },
    ]);
  await db()
    .insert(categoryDishes)
    .values([
      { categoryId: mains!.id, dishId: burger!.id, position: 0 },
      { categoryId: mains!.id, dishId: soup!.id, position: 1 },
      { categoryId: desserts!.id, dishId: cake!.id, position: 0 },
    ]);
  await db()
    .insert(menuCategories)
    .values([
      { menuId: lunch!.id, categoryId: mains!.id, position: 0 },
      { menuId: dinner!.id, categoryId: desserts!.id, position: 0 },
    ]);
  return {
    lunch: lunch!,
    dinner: dinner!,
    mains: mains!,
    desserts: desserts!,
    bun: bun!,
    pickles: pickles!,
    size: size!,
    large: size!.options[0]!,
    burger: burger!,
    soup: soup!,
    cake: cake!,
  };
}

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

const read = (token: string, menuId?: string) =>
  t.call<QuickEdit>({
    method: 'GET',
    url: `/api/settings/quick-edit${menuId ? `?menuId=${menuId}` : ''}`,
    token,
  });
const save = (token: string, payload: QuickEditUpdateInput | unknown) =>
  t.call<QuickEditResult>({
    method: 'PUT',
    url: '/api/settings/quick-edit',
    token,
    payload: payload as object,
  });

async function customer(restaurantId: string): Promise<CustomerMenu> {
  const res = await t.app.inject({ method: 'GET', url: `/api/menus/customer?restaurantId=${restaurantId}` });
  expect(res.statusCode, res.body).toBe(200);
  return customerMenuSchema.parse(res.json().message);
}
const publicDishNames = (menu: CustomerMenu) =>
  menu.menus.flatMap((item) =>
    item.categories.flatMap((category) => category.dishes.map((dish) => dish.name)),
  );

/** Every availability flag of a restaurant, to prove a refused save changed nothing. */
async function flags(restaurantId: string) {
  const [m, c, d, i, z] = await Promise.all([
    db().select({ id: menus.id, draft: menus.draft }).from(menus).where(eq(menus.restaurantId, restaurantId)),
    db()
      .select({ id: categories.id, on: categories.isAvailable })
      .from(categories)
      .where(eq(categories.restaurantId, restaurantId)),
    db()
      .select({ id: dishes.id, on: dishes.isAvailable })
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurantId)),
    db()
      .select({ id: ingredients.id, on: ingredients.isAvailable })
      .from(ingredients)
      .where(eq(ingredients.restaurantId, restaurantId)),
    db()
      .select({ id: customizations.id, on: customizations.isAvailable, options: customizations.options })
      .from(customizations)
      .where(eq(customizations.restaurantId, restaurantId)),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  return { m: byId(m), c: byId(c), d: byId(d), i: byId(i), z: byId(z) };
}

describe('GET /api/settings/quick-edit', () => {
  it('lists every section with its switches for the owner; menuId narrows categories, dishes and ingredients', async () => {
    const owner = await ownerWithToken(t);
    const w = await workshop(owner.restaurant.id);

    const all = await read(owner.token);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const data = all.body.message;
    expect(data.menuId).toBeNull();
    expect(data.menus).toEqual([
      { _id: w.lunch.id, name: w.lunch.name, checked: true, fromParent: false },
      { _id: w.dinner.id, name: w.dinner.name, checked: false, fromParent: false },
    ]);
    expect(data.categories?.map((item) => [item.name, item.dishCount])).toEqual([
      [w.mains.name, 2],
      [w.desserts.name, 1],
    ]);
    expect(data.dishes?.map((item) => item._id).sort()).toEqual([w.burger.id, w.soup.id, w.cake.id].sort());
    expect(data.dishes?.find((item) => item._id === w.burger.id)).toMatchObject({
      checked: true,
      categories: [{ _id: w.mains.id, name: w.mains.name }],
    });
    expect(data.ingredients?.find((item) => item._id === w.bun.id)).toMatchObject({
      checked: true,
      dishCount: 2,
    });
    expect(data.customizations).toEqual([
      {
        _id: w.size.id,
        name: w.size.name,
        checked: true,
        fromParent: false,
        options: w.size.options.map((option) => ({ _id: option._id, name: option.name, checked: true })),
      },
    ]);

    const narrowed = (await read(owner.token, w.lunch.id)).body.message;
    expect(narrowed.menuId).toBe(w.lunch.id);
    expect(narrowed.menus).toHaveLength(2);
    expect(narrowed.categories?.map((item) => item._id)).toEqual([w.mains.id]);
    expect(narrowed.dishes?.map((item) => item._id).sort()).toEqual([w.burger.id, w.soup.id].sort());
    expect(narrowed.ingredients?.map((item) => item._id).sort()).toEqual([w.bun.id, w.pickles.id].sort());

    // A menu with no categories narrows to nothing.
    const [empty] = await db()
      .insert(menus)
      .values({ restaurantId: owner.restaurant.id, name: 'Empty' })
      .returning();
    const none = (await read(owner.token, empty!.id)).body.message;
    expect([none.categories, none.dishes, none.ingredients]).toEqual([[], [], []]);
  });

  it('shows a member only the sections of their flags, and refuses a member without any of them', async () => {
    const owner = await ownerWithToken(t);
    await workshop(owner.restaurant.id);

    const dishOnly = await memberWithToken(t, owner.restaurant.id, { dish: true });
    const answer = (await read(dishOnly.token)).body.message;
    expect(Object.keys(answer).sort()).toEqual(['dishes', 'menuId']);

    const menuAndIngredient = await memberWithToken(t, owner.restaurant.id, { menu: true, ingredient: true });
    expect(Object.keys((await read(menuAndIngredient.token)).body.message).sort()).toEqual([
      'ingredients',
      'menuId',
      'menus',
    ]);

    // The restaurant flag opens customizations, but not quick edit by itself (doc 2 §6).
    const withRestaurant = await memberWithToken(t, owner.restaurant.id, {
      category: true,
      restaurant: true,
    });
    expect(Object.keys((await read(withRestaurant.token)).body.message).sort()).toEqual([
      'categories',
      'customizations',
      'menuId',
    ]);
    for (const permissions of [{}, { restaurant: true }, { member: true }] as Record<string, boolean>[]) {
      const member = await memberWithToken(t, owner.restaurant.id, permissions);
      const refused = await read(member.token);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(messages.permissionDenied);
      expect((await save(member.token, {})).status).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/settings/quick-edit' })).status).toBe(401);
  });

  it("answers 404 for another restaurant's menu", async () => {
    const owner = await ownerWithToken(t);
    const other = await ownerWithToken(t);
    const theirs = await workshop(other.restaurant.id);
    const answer = await read(owner.token, theirs.lunch.id);
    expect(answer.status).toBe(404);
    const bad = await t.call({
      method: 'GET',
      url: '/api/settings/quick-edit?menuId=nope',
      token: owner.token,
    });
    expect(bad.status).toBe(400);
  });
});

describe('PUT /api/settings/quick-edit', () => {
  it('switches every section in one save and answers menusUpdatedSuccessfully', async () => {
    const owner = await ownerWithToken(t);
    await subscribe(owner.restaurant.id);
    const w = await workshop(owner.restaurant.id);

    const answer = await save(owner.token, {
      menus: [
        { id: w.lunch.id, checked: false },
        { id: w.dinner.id, checked: true },
      ],
      categories: [{ id: w.desserts.id, checked: false }],
      dishes: [{ id: w.soup.id, checked: false }],
      ingredients: [{ id: w.pickles.id, checked: false }],
      customizations: [{ id: w.size.id, checked: true, options: [{ id: w.large._id, checked: false }] }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toEqual({ menusUpdatedSuccessfully: true, notice: messages.changesMade });

    const after = (await read(owner.token)).body.message;
    expect(after.menus?.map((item) => item.checked)).toEqual([false, true]);
    expect(after.categories?.find((item) => item._id === w.desserts.id)?.checked).toBe(false);
    expect(after.dishes?.find((item) => item._id === w.soup.id)?.checked).toBe(false);
    expect(after.ingredients?.find((item) => item._id === w.pickles.id)?.checked).toBe(false);
    expect(after.customizations?.[0]?.options.map((option) => option.checked)).toEqual([false, true]);

    // An empty save is fine and changes nothing.
    const before = await flags(owner.restaurant.id);
    expect((await save(owner.token, {})).body.message).toEqual({
      menusUpdatedSuccessfully: true,
      notice: messages.changesMade,
    });
    expect(await flags(owner.restaurant.id)).toEqual(before);
  });

  it('answers the first problem in words and changes nothing', async () => {
    const owner = await ownerWithToken(t);
    const w = await workshop(owner.restaurant.id);
    const before = await flags(owner.restaurant.id);
    const cases: [unknown, string][] = [
      [{ dishes: [{ id: 'not-an-id', checked: false }] }, messages.quickEditIdInvalid],
      [{ dishes: [{ checked: false }] }, messages.quickEditIdInvalid],
      [{ dishes: [{ id: w.soup.id }] }, messages.quickEditCheckedInvalid],
      [{ dishes: [{ id: w.soup.id, checked: 'no' }] }, messages.quickEditCheckedInvalid],
      [
        {
          dishes: [
            { id: w.soup.id, checked: false },
            { id: w.soup.id, checked: true },
          ],
        },
        messages.quickEditRepeated,
      ],
      [
        { customizations: [{ id: w.size.id, checked: true, options: [{ id: 'x', checked: true }] }] },
        messages.quickEditIdInvalid,
      ],
      [[], messages.invalidInput],
    ];
    for (const [payload, message] of cases) {
      const answer = await save(owner.token, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.message, JSON.stringify(payload)).toBe(message);
    }
    expect(await flags(owner.restaurant.id)).toEqual(before);
  });

  it('refuses a section the member has no flag for, and saves nothing of the rest', async () => {
    const owner = await ownerWithToken(t);
    const w = await workshop(owner.restaurant.id);
    const before = await flags(owner.restaurant.id);
    const cases: [Record<string, boolean>, QuickEditUpdateInput][] = [
      [
        { dish: true },
        { dishes: [{ id: w.soup.id, checked: false }], menus: [{ id: w.lunch.id, checked: false }] },
      ],
      [
        { dish: true },
        { dishes: [{ id: w.soup.id, checked: false }], categories: [{ id: w.mains.id, checked: false }] },
      ],
      [{ menu: true }, { ingredients: [{ id: w.bun.id, checked: false }] }],
      [{ ingredient: true }, { dishes: [{ id: w.soup.id, checked: false }] }],
      [{ dish: true }, { customizations: [{ id: w.size.id, checked: false }] }],
    ];
    for (const [permissions, payload] of cases) {
      const member = await memberWithToken(t, owner.restaurant.id, permissions);
      const answer = await save(member.token, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(403);
      expect(answer.body.message).toBe(messages.permissionDenied);
    }
    expect(await flags(owner.restaurant.id)).toEqual(before);

    // With the flag, the same member's own section is saved.
    const member = await memberWithToken(t, owner.restaurant.id, { dish: true, restaurant: true });
    const allowed = await save(member.token, {
      dishes: [{ id: w.soup.id, checked: false }],
      customizations: [{ id: w.size.id, checked: false }],
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const [soup] = await db().select().from(dishes).where(eq(dishes.id, w.soup.id));
    expect(soup?.isAvailable).toBe(false);
  });

  it('refuses ids of another restaurant (404) and changes nothing, neither there nor here', async () => {
    const owner = await ownerWithToken(t);
    const mine = await workshop(owner.restaurant.id);
    const other = await ownerWithToken(t);
    const theirs = await workshop(other.restaurant.id);
    const mineBefore = await flags(owner.restaurant.id);
    const theirsBefore = await flags(other.restaurant.id);
    const payloads: QuickEditUpdateInput[] = [
      { menus: [{ id: theirs.lunch.id, checked: false }] },
      { categories: [{ id: theirs.mains.id, checked: false }] },
      {
        dishes: [
          { id: mine.soup.id, checked: false },
          { id: theirs.burger.id, checked: false },
        ],
      },
      { ingredients: [{ id: theirs.bun.id, checked: false }] },
      { customizations: [{ id: theirs.size.id, checked: false }] },
      // Another customization's option under the caller's own customization.
      {
        customizations: [
          { id: mine.size.id, checked: true, options: [{ id: theirs.large._id, checked: false }] },
        ],
      },
      { dishes: [{ id: newId(), checked: false }] },
    ];
    for (const payload of payloads) {
      const answer = await save(owner.token, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(404);
    }
    expect(await flags(owner.restaurant.id)).toEqual(mineBefore);
    expect(await flags(other.restaurant.id)).toEqual(theirsBefore);
  });

  it('without a subscription, saves everything but the menus and says so', async () => {
    const owner = await ownerWithToken(t);
    const w = await workshop(owner.restaurant.id);

    const answer = await save(owner.token, {
      menus: [
        { id: w.dinner.id, checked: true },
        { id: w.lunch.id, checked: false },
      ],
      dishes: [{ id: w.soup.id, checked: false }],
      categories: [{ id: w.desserts.id, checked: false }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toEqual({
      menusUpdatedSuccessfully: false,
      notice: 'Changes have been made successfully (except menus)',
    });
    const rows = await db()
      .select({ id: menus.id, draft: menus.draft })
      .from(menus)
      .where(inArray(menus.id, [w.lunch.id, w.dinner.id]));
    // Neither menu changed: the unpublish was not made either ("except menus").
    expect(Object.fromEntries(rows.map((row) => [row.id, row.draft]))).toEqual({
      [w.lunch.id]: false,
      [w.dinner.id]: true,
    });
    const [soup] = await db().select().from(dishes).where(eq(dishes.id, w.soup.id));
    const [desserts] = await db().select().from(categories).where(eq(categories.id, w.desserts.id));
    expect([soup?.isAvailable, desserts?.isAvailable]).toEqual([false, false]);
    // The public menu shows the rest at once.
    expect(publicDishNames(await customer(owner.restaurant.id))).toEqual([w.burger.name]);

    // Unpublishing alone needs no subscription.
    const unpublish = await save(owner.token, { menus: [{ id: w.lunch.id, checked: false }] });
    expect(unpublish.body.message.menusUpdatedSuccessfully).toBe(true);
    expect((await customer(owner.restaurant.id)).menuNotFound).toBe(true);
  });

  it('a dish switched off leaves the public menu on the next request, and comes back when switched on', async () => {
    const owner = await ownerWithToken(t);
    const w = await workshop(owner.restaurant.id);
    // Read first, so the public menu's cache holds the restaurant.
    expect(publicDishNames(await customer(owner.restaurant.id))).toEqual([w.burger.name, w.soup.name]);

    await save(owner.token, { dishes: [{ id: w.burger.id, checked: false }] });
    expect(publicDishNames(await customer(owner.restaurant.id))).toEqual([w.soup.name]);
    const page = await t.app.inject({ method: 'GET', url: `/menu/${owner.restaurant.id}` });
    expect(page.body).not.toContain(w.burger.name);

    await save(owner.token, { dishes: [{ id: w.burger.id, checked: true }] });
    expect(publicDishNames(await customer(owner.restaurant.id))).toEqual([w.burger.name, w.soup.name]);
  });

  it('an ingredient switched off takes the dishes using it off the public menu; a category or option too', async () => {
    const owner = await ownerWithToken(t);
    const w = await workshop(owner.restaurant.id);
    await customer(owner.restaurant.id);

    await save(owner.token, { ingredients: [{ id: w.pickles.id, checked: false }] });
    // The burger holds pickles; the soup does not.
    expect(publicDishNames(await customer(owner.restaurant.id))).toEqual([w.soup.name]);
    await save(owner.token, { ingredients: [{ id: w.pickles.id, checked: true }] });
    const back = await customer(owner.restaurant.id);
    expect(publicDishNames(back)).toEqual([w.burger.name, w.soup.name]);
    const burger = () =>
      back.menus[0]?.categories[0]?.dishes.find((dish) => dish._id === w.burger.id)?.customizations[0];
    expect(burger()?.options.map((option) => option.name)).toEqual(['Large', 'Small']);

    // An option switched off is no longer offered; the whole customization neither.
    await save(owner.token, {
      customizations: [{ id: w.size.id, checked: true, options: [{ id: w.large._id, checked: false }] }],
    });
    const fewer = await customer(owner.restaurant.id);
    expect(
      fewer.menus[0]?.categories[0]?.dishes
        .find((dish) => dish._id === w.burger.id)
        ?.customizations[0]?.options.map((option) => option.name),
    ).toEqual(['Small']);

    // A category switched off hides with its dishes.
    await save(owner.token, { categories: [{ id: w.mains.id, checked: false }] });
    expect(publicDishNames(await customer(owner.restaurant.id))).toEqual([]);
  });
});

describe('locations', () => {
  it("lists the parent's records locked and refuses to switch them; the parent's switch shows at the location", async () => {
    const parent = await ownerWithToken(t);
    const p = await workshop(parent.restaurant.id);
    const location = await locationOwnerWithToken(t, parent.restaurant.id);
    const own = await workshop(location.restaurant.id);

    const data = (await read(location.token)).body.message;
    const lock = (list: { _id: string; fromParent: boolean }[] | undefined, id: string) =>
      list?.find((item) => item._id === id)?.fromParent;
    expect(lock(data.menus, p.lunch.id)).toBe(true);
    expect(lock(data.menus, own.lunch.id)).toBe(false);
    expect(lock(data.dishes, p.burger.id)).toBe(true);
    expect(lock(data.categories, p.mains.id)).toBe(true);
    expect(lock(data.ingredients, p.pickles.id)).toBe(true);
    expect(lock(data.customizations, p.size.id)).toBe(true);
    // Own records first.
    expect(data.menus?.[0]?.fromParent).toBe(false);
    // The parent's menu may be read through menuId.
    expect((await read(location.token, p.lunch.id)).status).toBe(200);

    const parentBefore = await flags(parent.restaurant.id);
    const locationBefore = await flags(location.restaurant.id);
    const refused: QuickEditUpdateInput[] = [
      {
        dishes: [
          { id: own.soup.id, checked: false },
          { id: p.burger.id, checked: false },
        ],
      },
      { menus: [{ id: p.lunch.id, checked: false }] },
      { categories: [{ id: p.mains.id, checked: false }] },
      { ingredients: [{ id: p.pickles.id, checked: false }] },
      { customizations: [{ id: p.size.id, checked: true, options: [{ id: p.large._id, checked: false }] }] },
    ];
    for (const payload of refused) {
      const answer = await save(location.token, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(403);
      expect(answer.body.message).toBe(messages.readOnlyFromParent);
    }
    expect(await flags(parent.restaurant.id)).toEqual(parentBefore);
    expect(await flags(location.restaurant.id)).toEqual(locationBefore);

    // Sending an inherited record as it is changes nothing and is not refused (a whole list saved back).
    const sameState = await save(location.token, {
      dishes: [
        { id: p.burger.id, checked: true },
        { id: own.soup.id, checked: false },
      ],
    });
    expect(sameState.status, JSON.stringify(sameState.body)).toBe(200);
    expect(await flags(parent.restaurant.id)).toEqual(parentBefore);

    // The parent switches its burger off: the location's public page follows on the next request.
    const seen = publicDishNames(await customer(location.restaurant.id));
    expect(seen).toContain(p.burger.name);
    await save(parent.token, { dishes: [{ id: p.burger.id, checked: false }] });
    expect(publicDishNames(await customer(location.restaurant.id))).not.toContain(p.burger.name);
  });
});
