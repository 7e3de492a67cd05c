import {
  type CategoryAdjustment,
  type CustomerMenu,
  customerMenuSchema,
  type Menu,
  type MenuTimeline,
  messages,
} from '@carte/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryDishes, dishes, menuCategories, menus } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, memberWithToken, ownerWithToken, tokenFor } from './factories.ts';

/**
 * The menu and category timelines (doc 2 §2 "Timeline screen", §5, §6, §7; decisions §4):
 * POST /api/menus/update-timeline, POST /api/categories/update-timeline, GET /api/menus/:id/timeline.
 * Owners' restaurants run on Europe/Paris (factories.ts); the clock is set to Wednesday 9 January
 * 2030, 12:30 there (UTC+1), so schedules are read on a known day.
 */
const paris = (day: number, time: string) =>
  new Date(`2030-01-${String(day).padStart(2, '0')}T${time}:00+01:00`);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  setClock(paris(9, '12:30'));
});
afterAll(async () => {
  await t?.close();
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
const hours = (startTime: string, endTime: string, days = everyDay) => ({ ...days, startTime, endTime });

// Tokens are signed on the test clock: a fresh one after each move of the clock.
const asOwner = () => ownerWithToken(t);
const asMember = (restaurantId: string, permissions: Record<string, boolean>) =>
  memberWithToken(t, restaurantId, permissions);
const asLocationOf = (parentRestaurantId: string) => locationOwnerWithToken(t, parentRestaurantId);

/** A menu (all day, every day, as new menus are) with categories, written straight to the tables. */
async function addMenu(restaurantId: string, name: string, categoryNames: string[] = [], draft = true) {
  const [menu] = await db().insert(menus).values({ restaurantId, name, draft }).returning();
  const created = [];
  for (const [position, categoryName] of categoryNames.entries()) {
    const [category] = await db().insert(categories).values({ restaurantId, name: categoryName }).returning();
    await db().insert(menuCategories).values({ menuId: menu!.id, categoryId: category!.id, position });
    created.push(category!);
  }
  return { menu: menu!, categories: created };
}

const post = <T>(token: string | undefined, url: string, payload: Record<string, unknown>) =>
  t.call<T>({ method: 'POST', url: `/api/${url}`, token, payload });
const updateMenu = (token: string | undefined, payload: Record<string, unknown>) =>
  post<Menu>(token, 'menus/update-timeline', payload);
const updateCategories = (token: string | undefined, payload: Record<string, unknown>) =>
  post<CategoryAdjustment[]>(token, 'categories/update-timeline', payload);
const readTimeline = (token: string | undefined, menuId: string) =>
  t.call<MenuTimeline>({ method: 'GET', url: `/api/menus/${menuId}/timeline`, token });

const storedMenu = async (id: string) => (await db().select().from(menus).where(eq(menus.id, id)))[0]!;
const storedAdjustment = async (menuId: string, categoryId: string) =>
  (
    await db()
      .select({ adjustment: menuCategories.adjustment })
      .from(menuCategories)
      .where(and(eq(menuCategories.menuId, menuId), eq(menuCategories.categoryId, categoryId)))
  )[0]!.adjustment;

describe('POST /api/menus/update-timeline', () => {
  it("sets the menu's days, hours and 24-hour flag and answers the menu", async () => {
    const { token, restaurant } = await asOwner();
    const { menu } = await addMenu(restaurant.id, 'Lunch');
    const valid = hours('11:00', '15:30', only('monday', 'tuesday', 'friday'));
    const { status, body } = await updateMenu(token, {
      _id: menu.id,
      valid,
      twentyFourHoursMenuAvailable: false,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.confirmation).toBe('Success');
    expect(body.message).toMatchObject({
      _id: menu.id,
      name: 'Lunch',
      valid,
      twentyFourHoursMenuAvailable: false,
    });

    // GET /menus/:id reads the same; the rest of the menu is untouched.
    const single = await t.call<Menu>({ method: 'GET', url: `/api/menus/${menu.id}`, token });
    expect(single.body.message).toMatchObject({ valid, twentyFourHoursMenuAvailable: false, draft: true });

    // Back to all day: the times are kept for when the flag is turned off again.
    const again = await updateMenu(token, { _id: menu.id, valid, twentyFourHoursMenuAvailable: true });
    expect(again.body.message).toMatchObject({ valid, twentyFourHoursMenuAvailable: true });
  });

  it('stores "H:mm" zero-padded and keeps an end before the start (it crosses midnight)', async () => {
    const { token, restaurant } = await asOwner();
    const { menu } = await addMenu(restaurant.id, 'Late');
    const { status, body } = await updateMenu(token, {
      _id: menu.id,
      valid: hours('9:05', '02:00'),
      twentyFourHoursMenuAvailable: false,
    });
    expect(status).toBe(200);
    expect(body.message.valid).toMatchObject({ startTime: '09:05', endTime: '02:00' });
    expect((await storedMenu(menu.id)).valid).toMatchObject({ startTime: '09:05', endTime: '02:00' });
  });

  it.each([
    ['0930', '12:00'],
    ['09:30', '1200'],
    ['9.30', '12:00'],
    ['24:00', '12:00'],
    ['09:60', '12:00'],
    ['', '12:00'],
    [930, '12:00'],
  ])(
    'refuses start %j / end %j with "Time must be HH:mm" and changes nothing',
    async (startTime, endTime) => {
      const { token, restaurant } = await asOwner();
      const { menu } = await addMenu(restaurant.id, 'Lunch');
      const { status, body } = await updateMenu(token, {
        _id: menu.id,
        valid: { ...everyDay, startTime, endTime },
        twentyFourHoursMenuAvailable: false,
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({ confirmation: 'Fail', message: messages.timeInvalid });
      const row = await storedMenu(menu.id);
      expect(row.twentyFourHours).toBe(true);
      expect(row.valid).toMatchObject({ startTime: '00:00' });
    },
  );

  it('refuses a missing time with the same message', async () => {
    const { token, restaurant } = await asOwner();
    const { menu } = await addMenu(restaurant.id, 'Lunch');
    const { status, body } = await updateMenu(token, {
      _id: menu.id,
      valid: { ...everyDay, endTime: '12:00' },
      twentyFourHoursMenuAvailable: false,
    });
    expect(status).toBe(400);
    expect(body.message).toBe(messages.timeInvalid);
  });

  it('needs the menu flag: a member without it gets 403, a member with it succeeds', async () => {
    const { restaurant } = await asOwner();
    const { menu } = await addMenu(restaurant.id, 'Lunch');
    const payload = { _id: menu.id, valid: hours('08:00', '10:00'), twentyFourHoursMenuAvailable: false };

    const without = await asMember(restaurant.id, { category: true, dish: true });
    const refused = await updateMenu(without.token, payload);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.permissionDenied);
    // The flag is checked before the body: a bad body still answers 403.
    expect((await updateMenu(without.token, { _id: 'nonsense' })).status).toBe(403);
    expect((await storedMenu(menu.id)).twentyFourHours).toBe(true);

    const withFlag = await asMember(restaurant.id, { menu: true });
    const accepted = await updateMenu(withFlag.token, payload);
    expect(accepted.status).toBe(200);
    expect(accepted.body.message.valid).toEqual(payload.valid);
  });

  it("answers 404 for another restaurant's menu and 401 without a session", async () => {
    const owner = await asOwner();
    const { menu } = await addMenu(owner.restaurant.id, 'Lunch');
    const stranger = await asOwner();
    const payload = { _id: menu.id, valid: hours('08:00', '10:00'), twentyFourHoursMenuAvailable: false };
    const { status } = await updateMenu(stranger.token, payload);
    expect(status).toBe(404);
    expect((await storedMenu(menu.id)).twentyFourHours).toBe(true);
    expect((await updateMenu(undefined, payload)).status).toBe(401);
  });

  it("refuses the parent's menus with 403 (read-only, doc 2 §6)", async () => {
    const parent = await asOwner();
    const { menu } = await addMenu(parent.restaurant.id, 'Parent lunch');
    const location = await asLocationOf(parent.restaurant.id);
    const { status } = await updateMenu(location.token, {
      _id: menu.id,
      valid: hours('08:00', '10:00'),
      twentyFourHoursMenuAvailable: false,
    });
    expect(status).toBe(403);
    expect((await storedMenu(menu.id)).twentyFourHours).toBe(true);
  });
});

describe('POST /api/categories/update-timeline', () => {
  it('sets, replaces and removes adjustments, answering the menu’s adjustments in its order', async () => {
    const { token, restaurant } = await asOwner();
    const {
      menu,
      categories: [starters, mains, desserts],
    } = await addMenu(restaurant.id, 'Lunch', ['Starters', 'Mains', 'Desserts']);
    const breakfastHours = hours('07:00', '10:00', only('saturday', 'sunday'));

    const first = await updateCategories(token, {
      menu_id: menu.id,
      categoriesAdjustments: [
        { category: desserts!.id, valid: hours('14:00', '23:00'), twentyFourHoursAvailable: false },
        { category: starters!.id, valid: breakfastHours, twentyFourHoursAvailable: false },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toEqual([
      {
        category: { _id: starters!.id, name: 'Starters' },
        valid: breakfastHours,
        twentyFourHoursAvailable: false,
      },
      {
        category: { _id: desserts!.id, name: 'Desserts' },
        valid: hours('14:00', '23:00'),
        twentyFourHoursAvailable: false,
      },
    ]);
    expect(await storedAdjustment(menu.id, mains!.id)).toBeNull();

    // Removing one and changing another in one call; the last entry of a category wins.
    const second = await updateCategories(token, {
      menu_id: menu.id,
      categoriesAdjustments: [
        { category: starters!.id, remove: true },
        { category: desserts!.id, valid: hours('1:00', '2:00'), twentyFourHoursAvailable: false },
        {
          category: desserts!.id,
          valid: hours('12:00', '12:00', only('friday')),
          twentyFourHoursAvailable: true,
        },
      ],
    });
    expect(second.status).toBe(200);
    expect(second.body.message).toEqual([
      {
        category: { _id: desserts!.id, name: 'Desserts' },
        valid: hours('12:00', '12:00', only('friday')),
        twentyFourHoursAvailable: true,
      },
    ]);
    expect(await storedAdjustment(menu.id, starters!.id)).toBeNull();

    // The timeline read lists every category with its adjustment or null, and the restaurant's zone.
    const read = await readTimeline(token, menu.id);
    expect(read.status).toBe(200);
    expect(read.body.message.timeZone).toBe('Europe/Paris');
    expect(read.body.message.menu).toMatchObject({ _id: menu.id, name: 'Lunch', fromParent: false });
    expect(read.body.message.categories).toEqual([
      { category: { _id: starters!.id, name: 'Starters', isAvailable: true }, adjustment: null },
      { category: { _id: mains!.id, name: 'Mains', isAvailable: true }, adjustment: null },
      {
        category: { _id: desserts!.id, name: 'Desserts', isAvailable: true },
        adjustment: { valid: hours('12:00', '12:00', only('friday')), twentyFourHoursAvailable: true },
      },
    ]);
  });

  it('keeps each menu’s adjustment of a shared category apart', async () => {
    const { token, restaurant } = await asOwner();
    const lunch = await addMenu(restaurant.id, 'Lunch', ['Drinks']);
    const drinks = lunch.categories[0]!;
    const [dinner] = await db()
      .insert(menus)
      .values({ restaurantId: restaurant.id, name: 'Dinner' })
      .returning();
    await db().insert(menuCategories).values({ menuId: dinner!.id, categoryId: drinks.id, position: 0 });

    await updateCategories(token, {
      menu_id: lunch.menu.id,
      categoriesAdjustments: [
        { category: drinks.id, valid: hours('11:00', '14:00'), twentyFourHoursAvailable: false },
      ],
    });
    expect(await storedAdjustment(lunch.menu.id, drinks.id)).toMatchObject({ startTime: '11:00' });
    expect(await storedAdjustment(dinner!.id, drinks.id)).toBeNull();
  });

  it.each([
    [{ valid: hours('0700', '10:00'), twentyFourHoursAvailable: false }, messages.timeInvalid],
    [{ valid: hours('07:00', '10'), twentyFourHoursAvailable: false }, messages.timeInvalid],
    [{ valid: hours('07:00', '10:00') }, messages.adjustmentIncomplete],
    [{}, messages.adjustmentIncomplete],
  ])('refuses %j with the specification’s message and changes nothing', async (entry, message) => {
    const { token, restaurant } = await asOwner();
    const {
      menu,
      categories: [a, b],
    } = await addMenu(restaurant.id, 'Lunch', ['A', 'B']);
    const { status, body } = await updateCategories(token, {
      menu_id: menu.id,
      categoriesAdjustments: [
        { category: a!.id, valid: hours('07:00', '10:00'), twentyFourHoursAvailable: false },
        { category: b!.id, ...entry },
      ],
    });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(await storedAdjustment(menu.id, a!.id)).toBeNull();
  });

  it('answers 404 for a category outside the menu, and changes nothing', async () => {
    const { token, restaurant } = await asOwner();
    const {
      menu,
      categories: [inside],
    } = await addMenu(restaurant.id, 'Lunch', ['Inside']);
    const [outside] = await db()
      .insert(categories)
      .values({ restaurantId: restaurant.id, name: 'Outside' })
      .returning();
    const stranger = await asOwner();
    const theirs = await addMenu(stranger.restaurant.id, 'Theirs', ['Their category']);

    for (const categoryId of [outside!.id, theirs.categories[0]!.id]) {
      const { status } = await updateCategories(token, {
        menu_id: menu.id,
        categoriesAdjustments: [
          { category: inside!.id, valid: hours('07:00', '10:00'), twentyFourHoursAvailable: false },
          { category: categoryId, valid: hours('07:00', '10:00'), twentyFourHoursAvailable: false },
        ],
      });
      expect(status).toBe(404);
    }
    expect(await storedAdjustment(menu.id, inside!.id)).toBeNull();
  });

  it('needs the menu flag: a member without it gets 403, a member with it succeeds', async () => {
    const { restaurant } = await asOwner();
    const {
      menu,
      categories: [a],
    } = await addMenu(restaurant.id, 'Lunch', ['A']);
    const payload = {
      menu_id: menu.id,
      categoriesAdjustments: [
        { category: a!.id, valid: hours('07:00', '10:00'), twentyFourHoursAvailable: false },
      ],
    };
    // The category flag alone is not enough: the adjustment belongs to the menu.
    const without = await asMember(restaurant.id, { category: true, dish: true, ingredient: true });
    expect((await updateCategories(without.token, payload)).status).toBe(403);
    expect(await storedAdjustment(menu.id, a!.id)).toBeNull();

    const withFlag = await asMember(restaurant.id, { menu: true });
    const accepted = await updateCategories(withFlag.token, payload);
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toHaveLength(1);
  });

  it("answers 404 for another restaurant's menu and 401 without a session", async () => {
    const owner = await asOwner();
    const {
      menu,
      categories: [a],
    } = await addMenu(owner.restaurant.id, 'Lunch', ['A']);
    const stranger = await asOwner();
    const payload = {
      menu_id: menu.id,
      categoriesAdjustments: [
        { category: a!.id, valid: hours('07:00', '10:00'), twentyFourHoursAvailable: false },
      ],
    };
    expect((await updateCategories(stranger.token, payload)).status).toBe(404);
    expect((await updateCategories(undefined, payload)).status).toBe(401);
    expect(await storedAdjustment(menu.id, a!.id)).toBeNull();
  });

  it("refuses the parent's menus with 403", async () => {
    const parent = await asOwner();
    const {
      menu,
      categories: [a],
    } = await addMenu(parent.restaurant.id, 'Parent lunch', ['A']);
    const location = await asLocationOf(parent.restaurant.id);
    const { status } = await updateCategories(location.token, {
      menu_id: menu.id,
      categoriesAdjustments: [{ category: a!.id, remove: true }],
    });
    expect(status).toBe(403);
  });
});

describe('GET /api/menus/:id/timeline', () => {
  it("shows the parent's menus read-only (fromParent) on the location's clock", async () => {
    const parent = await asOwner();
    const {
      menu,
      categories: [a],
    } = await addMenu(parent.restaurant.id, 'Parent lunch', ['A']);
    await db()
      .update(menuCategories)
      .set({ adjustment: { ...hours('07:00', '10:00'), twentyFourHoursAvailable: false } })
      .where(eq(menuCategories.menuId, menu.id));
    const location = await asLocationOf(parent.restaurant.id);
    const { status, body } = await readTimeline(location.token, menu.id);
    expect(status).toBe(200);
    expect(body.message.menu).toMatchObject({ _id: menu.id, fromParent: true });
    expect(body.message.categories).toEqual([
      {
        category: { _id: a!.id, name: 'A', isAvailable: true },
        adjustment: { valid: hours('07:00', '10:00'), twentyFourHoursAvailable: false },
      },
    ]);
  });

  it("answers 404 for another restaurant's menu, 400 for a bad id and 401 without a session", async () => {
    const owner = await asOwner();
    const { menu } = await addMenu(owner.restaurant.id, 'Lunch', ['A']);
    const stranger = await asOwner();
    expect((await readTimeline(stranger.token, menu.id)).status).toBe(404);
    expect((await readTimeline(owner.token, 'not-an-id')).status).toBe(400);
    expect((await readTimeline(undefined, menu.id)).status).toBe(401);
  });

  it('is readable by a member without the menu flag (reading, like GET /menus/:id)', async () => {
    const owner = await asOwner();
    const { menu } = await addMenu(owner.restaurant.id, 'Lunch');
    const member = await asMember(owner.restaurant.id, { dish: true });
    expect((await readTimeline(member.token, menu.id)).status).toBe(200);
  });
});

describe('the public menu follows the timelines (decisions §4)', () => {
  async function customer(restaurantId: string): Promise<CustomerMenu> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/menus/customer?restaurantId=${restaurantId}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return customerMenuSchema.parse(res.json().message);
  }
  const shown = async (restaurantId: string) =>
    (await customer(restaurantId)).menus.map((menu) => [menu.name, menu.categories.map((c) => c.name)]);

  it('shows or hides a menu and its categories at the current time after a change', async () => {
    setClock(paris(9, '12:30')); // a Wednesday
    const { token, restaurant, user } = await asOwner();
    const {
      menu,
      categories: [mains, breakfast],
    } = await addMenu(restaurant.id, 'Brunch', ['Mains', 'Breakfast'], false);
    // The public menu shows categories with dishes.
    for (const category of [mains!, breakfast!]) {
      const [dish] = await db()
        .insert(dishes)
        .values({ restaurantId: restaurant.id, name: `${category.name} dish`, price: 5 })
        .returning();
      await db().insert(categoryDishes).values({ categoryId: category.id, dishId: dish!.id, position: 0 });
    }
    expect(await shown(restaurant.id)).toEqual([['Brunch', ['Mains', 'Breakfast']]]);

    // Evenings only: closed at 12:30, listed in the timeline with its new hours.
    await updateMenu(token, {
      _id: menu.id,
      valid: hours('18:00', '23:00'),
      twentyFourHoursMenuAvailable: false,
    });
    const closed = await customer(restaurant.id);
    expect(closed.menus).toEqual([]);
    expect(closed.menusTimeline).toEqual([
      expect.objectContaining({
        _id: menu.id,
        valid: hours('18:00', '23:00'),
        twentyFourHoursMenuAvailable: false,
      }),
    ]);

    // Open again around noon; Breakfast gets its own morning hours and drops out.
    await updateMenu(token, {
      _id: menu.id,
      valid: hours('11:00', '15:00'),
      twentyFourHoursMenuAvailable: false,
    });
    await updateCategories(token, {
      menu_id: menu.id,
      categoriesAdjustments: [
        { category: breakfast!.id, valid: hours('07:00', '10:00'), twentyFourHoursAvailable: false },
      ],
    });
    expect(await shown(restaurant.id)).toEqual([['Brunch', ['Mains']]]);

    // "Use the menu's hours" again: Breakfast is back.
    await updateCategories(token, {
      menu_id: menu.id,
      categoriesAdjustments: [{ category: breakfast!.id, remove: true }],
    });
    expect(await shown(restaurant.id)).toEqual([['Brunch', ['Mains', 'Breakfast']]]);

    // A Tuesday window across midnight belongs to Tuesday: open at Wednesday 01:00, closed at 03:00.
    await updateMenu(token, {
      _id: menu.id,
      valid: hours('22:00', '02:00', only('tuesday')),
      twentyFourHoursMenuAvailable: false,
    });
    setClock(paris(9, '01:00'));
    expect((await shown(restaurant.id)).map(([name]) => name)).toEqual(['Brunch']);
    setClock(paris(9, '03:00'));
    expect(await shown(restaurant.id)).toEqual([]);

    // The 24-hour flag opens every checked day all day, whatever the times say. The clock went
    // back, so the owner signs in again on it.
    const again = await tokenFor(t, user.username);
    await updateMenu(again, {
      _id: menu.id,
      valid: hours('22:00', '02:00', only('wednesday')),
      twentyFourHoursMenuAvailable: true,
    });
    expect(await shown(restaurant.id)).toEqual([['Brunch', ['Mains', 'Breakfast']]]);
    setClock(paris(9, '12:30'));
  });
});
