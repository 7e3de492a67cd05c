import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ownerSession } from './scene.ts';
import { expectFail, expectSuccess, type SpecClient, startSpecClient } from './spec-client.ts';
import { customization, dietaryLists, dish, filterOptions, ingredient, restaurant } from './spec-shapes.ts';

/**
 * The restaurant-wide parts of the owner area: Restaurant find ("the first item of the returned list
 * is used"), setCustomizations {customizations} (message is the array of customizations), dietary
 * considerations load (message.dietaryConsiderations) — doc 1 §7; updateDietary {name, type,
 * defaultValue, dish_id} and deleteDietary {type, name} — doc 2 §7; set-filter with the filter
 * options — doc 3 §7.3 and §3 FilterOptions.
 */

let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient();
});
afterAll(async () => {
  await api?.close();
});

const dietaryAnswer = z.looseObject({
  dietaryConsiderations: z.looseObject({ admin: dietaryLists }),
});

describe('the restaurant (doc 1 §7)', () => {
  it('Restaurant find answers a list whose first item is the caller’s restaurant', async () => {
    const { token, restaurantId } = await ownerSession(api);
    const list = expectSuccess(await api.send('GET', '/restaurants', { token }), z.array(restaurant).min(1));
    expect(list[0]).toMatchObject({
      _id: restaurantId,
      sideDishesLabel: 'Side Dishes',
      parentRestaurant: null,
    });
  });

  it('setCustomizations {customizations}: the message is the array of customizations', async () => {
    const { token } = await ownerSession(api);
    const [cheese] = expectSuccess(
      await api.send('POST', '/ingredients', { token, json: { ingredients: ['Cheese'] } }),
      z.looseObject({ insertedIngredients: z.array(ingredient) }),
    ).insertedIngredients;
    const saved = expectSuccess(
      await api.send('POST', '/restaurants/set-customizations', {
        token,
        json: {
          customizations: [
            {
              name: 'Size',
              isCustom: true,
              isFixedPrice: true,
              isAvailable: true,
              options: [
                { name: 'Regular', price: 0, isAvailable: true },
                { name: 'Large', price: 2.5, isAvailable: true },
              ],
            },
            {
              name: 'Extra',
              isCustom: false,
              isFixedPrice: false,
              isAvailable: true,
              options: [{ ingredient: cheese!._id, price: 10, isAvailable: true }],
            },
          ],
        },
      }),
      z.array(customization),
    );
    expect(saved.map((item) => item.name)).toEqual(['Size', 'Extra']);
    expect(saved[1]!.options[0]).toMatchObject({ ingredient: cheese!._id, price: 10 });
    const list = expectSuccess(await api.send('GET', '/restaurants', { token }), z.array(restaurant));
    expect(list[0]!.customizations.map((item) => item.name)).toEqual(['Size', 'Extra']);

    const broken = (options: unknown[], name = 'Toppings', isCustom = true) => ({
      customizations: [{ name, isCustom, isFixedPrice: true, isAvailable: true, options }],
    });
    expectFail(
      await api.send('POST', '/restaurants/set-customizations', {
        token,
        json: broken([{ name: 'Olives', price: 1 }], ''),
      }),
      400,
      'Please fill this field.',
    );
    expectFail(
      await api.send('POST', '/restaurants/set-customizations', {
        token,
        json: broken([{ price: 1, isAvailable: true }], 'Toppings', false),
      }),
      400,
      'This field is required',
    );
  });
});

describe('dietary considerations (doc 1 §7, doc 2 §7)', () => {
  it('load answers message.dietaryConsiderations; updateDietary adds and renames; deleteDietary removes', async () => {
    const { token } = await ownerSession(api);
    const loaded = expectSuccess(await api.send('GET', '/dietary', { token }), dietaryAnswer);
    expect(loaded.dietaryConsiderations.admin.diets.length).toBeGreaterThan(0);

    const created = expectSuccess(
      await api.send('POST', '/dishes', { token, json: { name: 'Falafel', price: 8 } }),
      dish,
    );
    expectSuccess(
      await api.send('POST', '/dishes/update-dietary', {
        token,
        json: { name: 'House special', type: 'other', defaultValue: '', dish_id: created._id },
      }),
      dietaryAnswer,
    );
    const renamed = expectSuccess(
      await api.send('POST', '/dishes/update-dietary', {
        token,
        json: { name: 'Chef special', type: 'other', defaultValue: 'House special', dish_id: created._id },
      }),
      z.looseObject({ dietaryConsiderations: z.looseObject({ own: dietaryLists }) }),
    );
    expect(renamed.dietaryConsiderations.own.other).toEqual(['Chef special']);
    // Adding an existing one, and renaming onto one (doc 2 §5: case-insensitive, trimmed).
    expectFail(
      await api.send('POST', '/dishes/update-dietary', {
        token,
        json: { name: ' chef SPECIAL ', type: 'other', defaultValue: null, dish_id: null },
      }),
      400,
      'chef SPECIAL is already in Other list!',
    );
    expectSuccess(
      await api.send('POST', '/dishes/update-dietary', {
        token,
        json: { name: 'Smoked in house', type: 'other' },
      }),
      dietaryAnswer,
    );
    expectFail(
      await api.send('POST', '/dishes/update-dietary', {
        token,
        json: { name: 'smoked IN house ', type: 'other', defaultValue: 'Chef special' },
      }),
      400,
      'Dietary already exists.',
    );
    expectFail(
      await api.send('POST', '/dishes/update-dietary', { token, json: { name: '', type: 'diets' } }),
      400,
      'Dietary cannot be empty',
    );
    const removed = expectSuccess(
      await api.send('POST', '/dishes/delete-dietary', {
        token,
        json: { type: 'other', name: 'Chef special' },
      }),
      z.looseObject({ dietaryConsiderations: z.looseObject({ own: dietaryLists }) }),
    );
    expect(removed.dietaryConsiderations.own.other).toEqual(['Smoked in house']);
  });
});

describe('the admins’ dietary lists (doc 3 §7.3)', () => {
  it('admin dietary read returns message.dietaryConsiderations; owners get 403', async () => {
    // The super admin of the test server (SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD), signed in by email.
    const admin = expectSuccess(
      await api.send('POST', '/users/login', {
        json: { email: 'root@carte.test', password: 'RootPass123', reCaptchaToken: 'x' },
      }),
      z.looseObject({ accessToken: z.string() }),
    );
    const read = expectSuccess(
      await api.send('GET', '/admin/dietary', { token: admin.accessToken }),
      dietaryAnswer,
    );
    expect(read.dietaryConsiderations.admin.foodTypes.length).toBeGreaterThan(0);
    const { token } = await ownerSession(api);
    expectFail(await api.send('GET', '/admin/dietary', { token }), 403, 'Permission denied');
  });
});

describe('menu filters (doc 3 §7.3, §3 FilterOptions)', () => {
  it('set-filter takes the filter options as written, conjunctions "or"/"and" included', async () => {
    const { token } = await ownerSession(api);
    const [peanut] = expectSuccess(
      await api.send('POST', '/ingredients', { token, json: { ingredients: ['Peanut'] } }),
      z.looseObject({ insertedIngredients: z.array(ingredient) }),
    ).insertedIngredients;
    const options = {
      title: 'Find your dish',
      description: 'Pick what suits you.',
      enabled: true,
      dietaryConsiderations: ['Vegan'],
      exclusive: true,
      filter: [{ name: 'Nuts', ingredients: [peanut!._id] }],
      sort: { price: true, calories: false, alcoholPercentage: false },
      conjunction: 'or',
    };
    const saved = expectSuccess(
      await api.send('POST', '/restaurants/set-filter', { token, json: options }),
      filterOptions,
    );
    expect(saved).toMatchObject({ ...options, conjunction: expect.stringMatching(/^or$/i) });
    expect(expectSuccess(await api.send('GET', '/restaurants/filter', { token }), filterOptions)).toEqual(
      saved,
    );
  });
});
