import { type FilterOptions, type Ingredient, messages } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createLocationOwner, memberWithToken, ownerWithToken, tokenFor } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const asOwner = () => ownerWithToken(t);
const asMember = (restaurantId: string, permissions: Record<string, boolean>) =>
  memberWithToken(t, restaurantId, permissions);

const createIngredients = async (token: string, names: string[]) =>
  (
    await t.call<{ insertedIngredients: Ingredient[] }>({
      method: 'POST',
      url: '/api/ingredients',
      token,
      payload: { ingredients: names },
    })
  ).body.message.insertedIngredients;

const setFilter = (token: string | undefined, payload: Record<string, unknown>) =>
  t.call<FilterOptions>({ method: 'POST', url: '/api/restaurants/set-filter', token, payload });
const getFilter = (token: string | undefined) =>
  t.call<FilterOptions>({ method: 'GET', url: '/api/restaurants/filter', token });

const storedOptions = async (restaurantId: string) =>
  (
    await t.runtime.database.db
      .select({ filterOptions: restaurants.filterOptions })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
  )[0]!.filterOptions;

const defaults: FilterOptions = {
  title: '',
  description: '',
  enabled: false,
  dietaryConsiderations: [],
  exclusive: false,
  filter: [],
  sort: { price: false, calories: false, alcoholPercentage: false },
  conjunction: 'AND',
};

describe('GET /api/restaurants/filter', () => {
  it('answers 401 without a token', async () => {
    expect((await getFilter(undefined)).status).toBe(401);
  });

  it('answers the defaults before the first save', async () => {
    const owner = await asOwner();
    const { status, body } = await getFilter(owner.token);
    expect(status).toBe(200);
    expect(body.message).toEqual(defaults);
  });

  it('is readable by a member without the menu flag (the public menu shows it anyway)', async () => {
    const owner = await asOwner();
    const member = await asMember(owner.restaurant.id, { dish: true });
    expect((await getFilter(member.token)).status).toBe(200);
  });

  it('leaves out ingredients deleted since the save', async () => {
    const owner = await asOwner();
    const [nuts, milk] = await createIngredients(owner.token, ['Nuts', 'Milk']);
    await setFilter(owner.token, {
      filter: [{ name: 'Allergens', ingredients: [nuts!._id, milk!._id] }],
    });
    const removed = await t.call({
      method: 'DELETE',
      url: '/api/ingredients',
      token: owner.token,
      payload: { ids: [milk!._id] },
    });
    expect(removed.status).toBe(200);
    const { body } = await getFilter(owner.token);
    expect(body.message.filter).toEqual([{ name: 'Allergens', ingredients: [nuts!._id] }]);
  });
});

/** A well-formed id no restaurant holds: validation answers before any lookup. */
const unknownId = '0123456789abcdef01234567';

describe('POST /api/restaurants/set-filter', () => {
  it('answers 401 without a token', async () => {
    expect((await setFilter(undefined, {})).status).toBe(401);
  });

  it('stores the options and answers them; a read gives them back (doc 3 §2.7)', async () => {
    const owner = await asOwner();
    const [nuts, milk, chili] = await createIngredients(owner.token, ['Nuts', 'Milk', 'Chili']);
    const options: FilterOptions = {
      title: 'Find your dish',
      description: 'Pick what you like',
      enabled: true,
      dietaryConsiderations: ['Vegan', 'Gluten free'],
      exclusive: true,
      filter: [
        { name: 'Allergens', ingredients: [nuts!._id, milk!._id] },
        { name: 'Spicy', ingredients: [chili!._id] },
      ],
      sort: { price: true, calories: false, alcoholPercentage: true },
      conjunction: 'AND',
    };
    const saved = await setFilter(owner.token, options);
    expect(saved.status).toBe(200);
    expect(saved.body.confirmation).toBe('Success');
    expect(saved.body.message).toEqual(options);
    expect((await getFilter(owner.token)).body.message).toEqual(options);
    expect(await storedOptions(owner.restaurant.id)).toEqual(options);
  });

  it('fills left-out fields with their defaults and trims text', async () => {
    const owner = await asOwner();
    const { status, body } = await setFilter(owner.token, { title: '  Filters  ', enabled: true });
    expect(status).toBe(200);
    expect(body.message).toEqual({ ...defaults, title: 'Filters', enabled: true });
  });

  it('names an ingredient once per filter', async () => {
    const owner = await asOwner();
    const [nuts] = await createIngredients(owner.token, ['Nuts']);
    const { body } = await setFilter(owner.token, {
      filter: [{ name: 'Nuts', ingredients: [nuts!._id, nuts!._id] }],
    });
    expect(body.message.filter).toEqual([{ name: 'Nuts', ingredients: [nuts!._id] }]);
  });

  describe('validation answers 400 with the first message and changes nothing', () => {
    it.each([
      [
        'a description over 200 characters',
        { description: 'x'.repeat(201) },
        'Description must be at most 200 characters',
      ],
      [
        'a category filter without a name',
        { filter: [{ name: '  ', ingredients: [] }] },
        messages.fieldRequired,
      ],
      [
        'two category filters with the same name (any case)',
        {
          filter: [
            { name: 'Spicy', ingredients: [unknownId] },
            { name: 'spicy', ingredients: [unknownId] },
          ],
        },
        'spicy already exists.',
      ],
      [
        'a category filter without ingredients (issue 11 §1)',
        { filter: [{ name: 'Spicy', ingredients: [] }] },
        messages.filterIngredientsRequired,
      ],
    ])('%s', async (_label, payload, message) => {
      const owner = await asOwner();
      await setFilter(owner.token, { title: 'Before' });
      const { status, body } = await setFilter(owner.token, payload);
      expect(status).toBe(400);
      expect(body.confirmation).toBe('Fail');
      expect(body.message).toBe(message);
      expect((await storedOptions(owner.restaurant.id))?.title).toBe('Before');
    });

    it('refuses ingredient ids that are not ids, an unknown conjunction and non-boolean sorts', async () => {
      const owner = await asOwner();
      for (const payload of [
        { filter: [{ name: 'A', ingredients: ['nope'] }] },
        { conjunction: 'XOR' },
        { sort: { price: 'yes' } },
        { enabled: 'true' },
      ]) {
        expect((await setFilter(owner.token, payload)).status).toBe(400);
      }
    });
  });

  it('answers 403 to a member without the menu flag and saves for a member with it (doc 3 §6)', async () => {
    const owner = await asOwner();
    const without = await asMember(owner.restaurant.id, { dish: true, category: true, ingredient: true });
    const denied = await setFilter(without.token, { title: 'No' });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(messages.permissionDenied);
    expect(await storedOptions(owner.restaurant.id)).toBeNull();

    const withFlag = await asMember(owner.restaurant.id, { menu: true });
    const allowed = await setFilter(withFlag.token, { title: 'Yes' });
    expect(allowed.status).toBe(200);
    expect((await getFilter(owner.token)).body.message.title).toBe('Yes');
  });

  it("answers 404 for another restaurant's ingredient ids and changes nothing", async () => {
    const first = await asOwner();
    const second = await asOwner();
    const [theirs] = await createIngredients(first.token, ['Truffle']);
    const [mine] = await createIngredients(second.token, ['Basil']);
    await setFilter(second.token, { title: 'Mine' });
    const { status } = await setFilter(second.token, {
      title: 'Changed',
      filter: [{ name: 'Fancy', ingredients: [mine!._id, theirs!._id] }],
    });
    expect(status).toBe(404);
    expect((await getFilter(second.token)).body.message.title).toBe('Mine');
    // …and the first restaurant's own settings are neither read nor changed by the second.
    expect(await storedOptions(first.restaurant.id)).toBeNull();
  });

  it("lets a location use its parent's ingredients, and keeps the two cards apart", async () => {
    const parent = await asOwner();
    const [nuts] = await createIngredients(parent.token, ['Nuts']);
    await setFilter(parent.token, { title: 'Parent' });
    const location = await createLocationOwner(t, parent.restaurant.id);
    const token = await tokenFor(t, location.user.username);
    expect((await getFilter(token)).body.message).toEqual(defaults);
    const { status } = await setFilter(token, {
      title: 'Location',
      filter: [{ name: 'Nuts', ingredients: [nuts!._id] }],
    });
    expect(status).toBe(200);
    expect((await getFilter(parent.token)).body.message.title).toBe('Parent');
    expect((await getFilter(token)).body.message.filter[0]!.ingredients).toEqual([nuts!._id]);
  });
});
