import {
  type Customization,
  type Dish,
  type Ingredient,
  messages,
  type WorkshopRestaurant,
} from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const setCustomizations = (token: string, customizations: unknown[]) =>
  t.call<Customization[]>({
    method: 'POST',
    url: '/api/restaurants/set-customizations',
    token,
    payload: { customizations },
  });

const savedList = async (token: string) =>
  (await t.call<WorkshopRestaurant[]>({ method: 'GET', url: '/api/restaurants', token })).body.message[0]!
    .customizations;

const size = {
  name: 'Size',
  isCustom: true,
  isFixedPrice: true,
  options: [
    { name: 'Small', price: 0 },
    { name: 'Large', price: 2.5 },
  ],
};

describe('POST /api/restaurants/set-customizations', () => {
  it('answers 401 without a token', async () => {
    const { status } = await t.call({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      payload: { customizations: [] },
    });
    expect(status).toBe(401);
  });

  it('replaces the list, gives ids, keeps the ids of kept ones, and answers the array (doc 1 §7)', async () => {
    const owner = await asOwner();
    const [ham, olive] = await createIngredients(owner.token, ['Ham', 'Olive']);
    const toppings = {
      name: 'Toppings',
      isCustom: false,
      isFixedPrice: false,
      options: [
        { ingredient: ham!._id, price: 10 },
        { ingredient: olive!._id, price: 5, isAvailable: false },
      ],
    };
    const first = await setCustomizations(owner.token, [size, toppings]);
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject([
      {
        name: 'Size',
        isCustom: true,
        isFixedPrice: true,
        isAvailable: true,
        options: [
          { name: 'Small', ingredient: null, price: 0, isAvailable: true },
          { name: 'Large', ingredient: null, price: 2.5, isAvailable: true },
        ],
      },
      {
        name: 'Toppings',
        isCustom: false,
        isFixedPrice: false,
        options: [
          { name: null, ingredient: ham!._id, price: 10, isAvailable: true },
          { name: null, ingredient: olive!._id, price: 5, isAvailable: false },
        ],
      },
    ]);
    const ids = first.body.message.flatMap((item) => [item._id, ...item.options.map((option) => option._id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(await savedList(owner.token)).toEqual(first.body.message);

    // A dish selects Size and Toppings; the next list drops Size and reorders.
    const [savedSize, savedToppings] = first.body.message;
    const dish = await t.call<Dish>({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: {
        name: 'Pizza',
        price: '10',
        customizations: { selected: [savedSize!._id, savedToppings!._id] },
      },
    });
    const second = await setCustomizations(owner.token, [
      { ...savedToppings, name: 'Extra toppings', options: [savedToppings!.options[0]] },
      {
        name: 'Crust',
        isCustom: true,
        isFixedPrice: true,
        isAvailable: false,
        options: [{ name: 'Thin', price: 0 }],
      },
    ]);
    expect(second.status).toBe(200);
    expect(second.body.message[0]).toMatchObject({
      _id: savedToppings!._id,
      name: 'Extra toppings',
      options: [{ _id: savedToppings!.options[0]!._id, ingredient: ham!._id }],
    });
    expect(second.body.message[1]).toMatchObject({ name: 'Crust', isAvailable: false });
    expect(second.body.message[1]!._id).not.toBe(savedSize!._id);
    expect(await savedList(owner.token)).toEqual(second.body.message);
    const after = await t.call<Dish>({
      method: 'GET',
      url: `/api/dishes/${dish.body.message._id}`,
      token: owner.token,
    });
    expect(after.body.message.customizations.selected).toEqual([savedToppings!._id]);

    const cleared = await setCustomizations(owner.token, []);
    expect(cleared.body.message).toEqual([]);
    expect(await savedList(owner.token)).toEqual([]);
  });

  it('answers the messages of doc 1 §5 and changes nothing', async () => {
    const owner = await asOwner();
    const [ham, cheese] = await createIngredients(owner.token, ['Ham', 'Cheese']);
    const saved = (await setCustomizations(owner.token, [size])).body.message;
    const ingredientOptions = (name: string, ids: string[]) => ({
      name,
      isCustom: false,
      isFixedPrice: true,
      options: ids.map((ingredient) => ({ ingredient, price: 1 })),
    });
    const cases: [unknown[], string][] = [
      [[{ ...size, name: '  ' }], messages.fillThisField],
      [[{ ...size, options: [{ name: '', price: 1 }] }], messages.fillThisField],
      [[{ ...size, options: [] }], messages.fillThisField],
      [
        [{ name: 'Sauce', isCustom: false, isFixedPrice: true, options: [{ price: 1 }] }],
        messages.fieldRequired,
      ],
      [[{ ...size, options: [{ name: 'Big', price: 'lots' }] }], messages.priceInvalid],
      [[size, { ...size, name: ' size ' }], messages.nameExists('size')],
      [
        [
          {
            ...size,
            options: [
              { name: 'Big', price: 1 },
              { name: 'big ', price: 2 },
            ],
          },
        ],
        messages.nameExists('big'),
      ],
      [
        [ingredientOptions('Meat', [ham!._id, cheese!._id, ham!._id])],
        messages.ingredientExistsAt('Ham', 'Meat'),
      ],
      [
        [ingredientOptions('Meat', [ham!._id]), ingredientOptions('Dairy', [cheese!._id, ham!._id])],
        messages.ingredientExistsAt('Ham', 'Meat'),
      ],
    ];
    for (const [list, message] of cases) {
      const { status, body } = await setCustomizations(owner.token, list);
      expect(status, JSON.stringify(list)).toBe(400);
      expect(body.message).toBe(message);
    }
    expect(await savedList(owner.token)).toEqual(saved);
  });

  it('needs the restaurant flag (doc 3 §6)', async () => {
    const owner = await asOwner();
    const without = await asMember(owner.restaurant.id, {
      menu: true,
      category: true,
      dish: true,
      ingredient: true,
      member: true,
    });
    const denied = await setCustomizations(without.token, [size]);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(messages.permissionDenied);
    const withFlag = await asMember(owner.restaurant.id, { restaurant: true });
    const allowed = await setCustomizations(withFlag.token, [size]);
    expect(allowed.status).toBe(200);
    expect(await savedList(owner.token)).toHaveLength(1);
  });

  it('another restaurant can neither use nor replace the first one’s records by id (404)', async () => {
    const a = await asOwner();
    const b = await asOwner();
    const [aHam] = await createIngredients(a.token, ['Ham']);
    const aList = (await setCustomizations(a.token, [size])).body.message;

    const foreignId = await setCustomizations(b.token, [{ ...size, _id: aList[0]!._id, name: 'Taken over' }]);
    expect(foreignId.status).toBe(404);
    const foreignIngredient = await setCustomizations(b.token, [
      { name: 'Meat', isCustom: false, isFixedPrice: true, options: [{ ingredient: aHam!._id, price: 1 }] },
    ]);
    expect(foreignIngredient.status).toBe(404);

    expect(await savedList(a.token)).toEqual(aList);
    expect(await savedList(b.token)).toEqual([]);
    // B's own list never touches A's.
    await setCustomizations(b.token, [size]);
    await setCustomizations(b.token, []);
    expect(await savedList(a.token)).toEqual(aList);
  });

  it("a location may offer its parent's ingredients; its list is its own", async () => {
    const parent = await asOwner();
    const [basil] = await createIngredients(parent.token, ['Basil']);
    const parentList = (await setCustomizations(parent.token, [size])).body.message;
    const location = await createLocationOwner(t, parent.restaurant.id);
    const token = await tokenFor(t, location.user.username);

    expect(await savedList(token)).toEqual([]);
    const { status, body } = await setCustomizations(token, [
      {
        name: 'Herbs',
        isCustom: false,
        isFixedPrice: true,
        options: [{ ingredient: basil!._id, price: 0.5 }],
      },
    ]);
    expect(status).toBe(200);
    expect(body.message[0]!.options[0]!.ingredient).toBe(basil!._id);
    // The parent's customization ids are not the location's to replace.
    const foreign = await setCustomizations(token, [{ ...size, _id: parentList[0]!._id }]);
    expect(foreign.status).toBe(404);
    expect(await savedList(parent.token)).toEqual(parentList);
  });
});
