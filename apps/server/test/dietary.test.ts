import { type DietaryLists, type Dish, messages } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createLocationOwner, createOwner, memberWithToken, ownerWithToken, tokenFor } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type View = { dietaryConsiderations: { admin: DietaryLists; own: DietaryLists } };

const asOwner = () => ownerWithToken(t);
const asMember = (restaurantId: string, permissions: Record<string, boolean>) =>
  memberWithToken(t, restaurantId, permissions);

const read = (token: string) => t.call<View>({ method: 'GET', url: '/api/dietary', token });
const update = (token: string, payload: Record<string, unknown>) =>
  t.call<View>({ method: 'POST', url: '/api/dishes/update-dietary', token, payload });
const remove = (token: string, payload: Record<string, unknown>) =>
  t.call<View>({ method: 'POST', url: '/api/dishes/delete-dietary', token, payload });
const own = async (token: string) => (await read(token)).body.message.dietaryConsiderations.own;

const createDish = async (token: string, selected: Partial<DietaryLists>) => {
  const { body } = await t.call<Dish>({
    method: 'POST',
    url: '/api/dishes',
    token,
    payload: {
      name: 'Bowl',
      price: '8',
      dietaryConsiderations: {
        selected: { diets: [], foodTypes: [], other: [], ...selected },
        admin: { diets: ['Vegan'], foodTypes: [], other: [] },
      },
    },
  });
  return body.message;
};
const dishDietary = async (token: string, id: string) =>
  (await t.call<Dish>({ method: 'GET', url: `/api/dishes/${id}`, token })).body.message.dietaryConsiderations;

describe('dietary: sign-in', () => {
  it('answers 401 to every route without a token', async () => {
    const calls = [
      { method: 'GET', url: '/api/dietary' },
      { method: 'GET', url: '/api/admin/dietary' },
      { method: 'POST', url: '/api/dishes/update-dietary', payload: { name: 'x', type: 'diets' } },
      { method: 'POST', url: '/api/dishes/delete-dietary', payload: { name: 'x', type: 'diets' } },
    ] as const;
    for (const call of calls) {
      const { status } = await t.call(call);
      expect(status, call.url).toBe(401);
    }
  });
});

describe('GET /api/dietary', () => {
  it('answers the platform lists, seeded once with defaults, and the restaurant’s own (empty)', async () => {
    const owner = await asOwner();
    const { status, body } = await read(owner.token);
    expect(status).toBe(200);
    const { admin, own: ownLists } = body.message.dietaryConsiderations;
    expect(admin.diets).toEqual(
      expect.arrayContaining(['Vegan', 'Vegetarian', 'Halal', 'Kosher', 'Gluten free']),
    );
    expect(admin.foodTypes).toEqual(expect.arrayContaining(['Peanuts', 'Milk', 'Sesame', 'Molluscs']));
    expect(admin.other).toEqual(['Spicy', 'Organic', 'Local', 'Raw']);
    expect(ownLists).toEqual({ diets: [], foodTypes: [], other: [] });
    const rows = await t.runtime.database.db.select().from(settings).where(eq(settings.key, 'dietary'));
    expect(rows).toHaveLength(1);
  });

  it('answers the same shape to admins at /admin/dietary, and 403 to owners there', async () => {
    const admin = await createOwner(t, { role: 'ADMIN' });
    const adminToken = await tokenFor(t, admin.user.username);
    const { status, body } = await t.call<View>({
      method: 'GET',
      url: '/api/admin/dietary',
      token: adminToken,
    });
    expect(status).toBe(200);
    expect(body.message.dietaryConsiderations.admin.diets).toContain('Vegan');
    expect(body.message.dietaryConsiderations.own).toEqual({ diets: [], foodTypes: [], other: [] });
    const owner = await asOwner();
    expect((await t.call({ method: 'GET', url: '/api/admin/dietary', token: owner.token })).status).toBe(403);
    // An admin has no restaurant: the owner's list is not for them.
    expect((await read(adminToken)).status).toBe(403);
  });
});

describe('POST /api/dishes/update-dietary', () => {
  it('adds to the own list, also selecting it on dish_id', async () => {
    const owner = await asOwner();
    const dish = await createDish(owner.token, {});
    const added = await update(owner.token, { name: ' Low carb ', type: 'diets' });
    expect(added.status).toBe(200);
    expect(added.body.message.dietaryConsiderations.own).toEqual({
      diets: ['Low carb'],
      foodTypes: [],
      other: [],
    });
    expect(added.body.message.dietaryConsiderations.admin.diets).toContain('Vegan');

    const withDish = await update(owner.token, { name: 'Mushrooms', type: 'foodTypes', dish_id: dish._id });
    expect(withDish.status).toBe(200);
    expect(await dishDietary(owner.token, dish._id)).toEqual({
      selected: { diets: [], foodTypes: ['Mushrooms'], other: [] },
      admin: { diets: ['Vegan'], foodTypes: [], other: [] },
    });
    expect(await own(owner.token)).toEqual({ diets: ['Low carb'], foodTypes: ['Mushrooms'], other: [] });
  });

  it('renames an own entry in the list and in every dish', async () => {
    const owner = await asOwner();
    await update(owner.token, { name: 'Homemade', type: 'other' });
    await update(owner.token, { name: 'Seasonal', type: 'other' });
    const first = await createDish(owner.token, { other: ['Homemade', 'Seasonal'] });
    const second = await createDish(owner.token, { other: ['Seasonal'] });

    const renamed = await update(owner.token, {
      name: 'House made',
      type: 'other',
      defaultValue: 'Homemade',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message.dietaryConsiderations.own.other).toEqual(['House made', 'Seasonal']);
    expect((await dishDietary(owner.token, first._id)).selected.other).toEqual(['House made', 'Seasonal']);
    expect((await dishDietary(owner.token, second._id)).selected.other).toEqual(['Seasonal']);

    // A change of case of its own name is no clash.
    const cased = await update(owner.token, { name: 'SEASONAL', type: 'other', defaultValue: 'Seasonal' });
    expect(cased.status).toBe(200);
    expect((await dishDietary(owner.token, second._id)).selected.other).toEqual(['SEASONAL']);
  });

  it('answers the messages of doc 2 §5 and changes nothing', async () => {
    const owner = await asOwner();
    await update(owner.token, { name: 'Low carb', type: 'diets' });
    await update(owner.token, { name: 'Raw vegan', type: 'diets' });
    const before = await own(owner.token);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: '   ', type: 'diets' }, 400, messages.dietaryRequired],
      [{ type: 'diets' }, 400, messages.dietaryRequired],
      [{ name: ' low CARB ', type: 'diets' }, 400, messages.dietaryInList('low CARB', 'Diets')],
      [{ name: 'vegan', type: 'diets' }, 400, messages.dietaryInList('vegan', 'Diets')],
      [{ name: 'Peanuts', type: 'foodTypes' }, 400, messages.dietaryInList('Peanuts', 'Food Types')],
      [{ name: 'spicy', type: 'other' }, 400, messages.dietaryInList('spicy', 'Other')],
      [{ name: ' raw VEGAN', type: 'diets', defaultValue: 'Low carb' }, 400, messages.dietaryExists],
      [{ name: 'Halal', type: 'diets', defaultValue: 'Low carb' }, 400, messages.dietaryExists],
      [{ name: 'Plant based', type: 'diets', defaultValue: 'Vegan' }, 400, messages.dietaryPlatformReadOnly],
      [{ name: 'Something', type: 'diets', defaultValue: 'Not there' }, 404, messages.notFound],
      [{ name: 'X', type: 'colours' }, 400, expect.any(String) as unknown as string],
    ];
    for (const [payload, status, message] of cases) {
      const answer = await update(owner.token, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(status);
      expect(answer.body.message).toEqual(message);
    }
    expect(await own(owner.token)).toEqual(before);
  });

  it('refuses a dish_id of another restaurant (404) or of the parent (403), adding nothing', async () => {
    const a = await asOwner();
    const b = await asOwner();
    const aDish = await createDish(a.token, {});
    const foreign = await update(b.token, { name: 'Nutty', type: 'other', dish_id: aDish._id });
    expect(foreign.status).toBe(404);
    expect(await own(b.token)).toEqual({ diets: [], foodTypes: [], other: [] });
    expect((await dishDietary(a.token, aDish._id)).selected.other).toEqual([]);

    const location = await createLocationOwner(t, a.restaurant.id);
    const locationToken = await tokenFor(t, location.user.username);
    const inherited = await update(locationToken, { name: 'Nutty', type: 'other', dish_id: aDish._id });
    expect(inherited.status).toBe(403);
    expect(await own(locationToken)).toEqual({ diets: [], foodTypes: [], other: [] });
  });
});

describe('POST /api/dishes/delete-dietary', () => {
  it('removes an own entry from the list and from every dish; platform entries stay (400)', async () => {
    const owner = await asOwner();
    await update(owner.token, { name: 'Truffle', type: 'foodTypes' });
    await update(owner.token, { name: 'Celery root', type: 'foodTypes' });
    const dish = await createDish(owner.token, { foodTypes: ['Truffle', 'Celery root'] });

    const { status, body } = await remove(owner.token, { type: 'foodTypes', name: 'truffle' });
    expect(status).toBe(200);
    expect(body.message.dietaryConsiderations.own.foodTypes).toEqual(['Celery root']);
    expect((await dishDietary(owner.token, dish._id)).selected.foodTypes).toEqual(['Celery root']);

    const platform = await remove(owner.token, { type: 'foodTypes', name: 'Milk' });
    expect(platform.status).toBe(400);
    expect(platform.body.message).toBe(messages.dietaryPlatformReadOnly);
    expect((await read(owner.token)).body.message.dietaryConsiderations.admin.foodTypes).toContain('Milk');

    const missing = await remove(owner.token, { type: 'foodTypes', name: 'Truffle' });
    expect(missing.status).toBe(404);
  });
});

describe('dietary: permissions and restaurants', () => {
  it('needs the dish flag, reading included (doc 1 §6)', async () => {
    const owner = await asOwner();
    await update(owner.token, { name: 'Local farm', type: 'other' });
    const without = await asMember(owner.restaurant.id, {
      menu: true,
      category: true,
      ingredient: true,
      restaurant: true,
    });
    const calls = [
      { method: 'GET', url: '/api/dietary' },
      { method: 'POST', url: '/api/dishes/update-dietary', payload: { name: 'Zero waste', type: 'other' } },
      { method: 'POST', url: '/api/dishes/delete-dietary', payload: { name: 'Local farm', type: 'other' } },
    ] as const;
    for (const call of calls) {
      const { status, body } = await t.call({ ...call, token: without.token });
      expect(status, call.url).toBe(403);
      expect(body.message).toBe(messages.permissionDenied);
    }
    const withFlag = await asMember(owner.restaurant.id, { dish: true });
    for (const call of calls) {
      const { status } = await t.call({ ...call, token: withFlag.token });
      expect(status, call.url).toBe(200);
    }
    expect(await own(owner.token)).toEqual({ diets: [], foodTypes: [], other: ['Zero waste'] });
  });

  it('keeps each restaurant’s list and dishes to itself', async () => {
    const a = await asOwner();
    const b = await asOwner();
    await update(a.token, { name: 'Chef special', type: 'other' });
    await update(b.token, { name: 'Chef special', type: 'other' });
    const aDish = await createDish(a.token, { other: ['Chef special'] });

    await update(b.token, { name: 'Special', type: 'other', defaultValue: 'Chef special' });
    await remove(b.token, { name: 'Special', type: 'other' });

    expect(await own(a.token)).toEqual({ diets: [], foodTypes: [], other: ['Chef special'] });
    expect((await dishDietary(a.token, aDish._id)).selected.other).toEqual(['Chef special']);
    expect(await own(b.token)).toEqual({ diets: [], foodTypes: [], other: [] });
  });
});
