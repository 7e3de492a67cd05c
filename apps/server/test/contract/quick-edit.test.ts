import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberSession, ownerSession } from './scene.ts';
import { expectFail, expectSuccess, type SpecClient, startSpecClient } from './spec-client.ts';

/**
 * Quick edit (doc 2 §7): "quick edit get (GET /settings/quick-edit) | by menuId | categories, dishes,
 * ingredients" and "quick edit update (PUT /settings/quick-edit) | menus, categories, dishes,
 * ingredients, customizations: each list of id and checked | message.menusUpdatedSuccessfully".
 * Publishing needs a subscription (BILLING_PROVIDER=off here, so it does not).
 */
let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient({ BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await api?.close();
});

const created = z.looseObject({ _id: z.string() });
const entry = z.looseObject({ _id: z.string(), name: z.string(), checked: z.boolean() });
const quickEdit = z.looseObject({
  categories: z.array(entry),
  dishes: z.array(entry),
  ingredients: z.array(entry),
});

describe('quick edit (doc 2 §7)', () => {
  it('reads a menu’s categories, dishes and ingredients and switches them with lists of id and checked', async () => {
    const { token } = await ownerSession(api);
    const basil = expectSuccess(
      await api.send('POST', '/ingredients', { token, json: { ingredients: ['Basil'] } }),
      z.looseObject({ insertedIngredients: z.array(created) }),
    ).insertedIngredients[0]!;
    const pizza = expectSuccess(
      await api.send('POST', '/dishes', {
        token,
        json: { name: 'Margherita', price: 9, ingredients: [basil._id] },
      }),
      created,
    );
    const pizzas = expectSuccess(
      await api.send('POST', '/categories', { token, json: { name: 'Pizzas', dishes: [pizza._id] } }),
      created,
    );
    const dinner = expectSuccess(
      await api.send('POST', '/menus', {
        token,
        json: { name: 'Dinner', categories: [{ category: pizzas._id, valid: true }] },
      }),
      created,
    );

    const read = expectSuccess(
      await api.send('GET', '/settings/quick-edit', { token, query: { menuId: dinner._id } }),
      quickEdit,
    );
    expect(read.categories.map((item) => [item._id, item.checked])).toEqual([[pizzas._id, true]]);
    expect(read.dishes.map((item) => [item._id, item.checked])).toEqual([[pizza._id, true]]);
    expect(read.ingredients.map((item) => [item._id, item.checked])).toEqual([[basil._id, true]]);

    const saved = expectSuccess(
      await api.send('PUT', '/settings/quick-edit', {
        token,
        json: {
          menus: [{ id: dinner._id, checked: true }],
          categories: [],
          dishes: [{ id: pizza._id, checked: false }],
          ingredients: [{ id: basil._id, checked: false }],
          customizations: [],
        },
      }),
      z.looseObject({ menusUpdatedSuccessfully: z.boolean() }),
    );
    expect(saved.menusUpdatedSuccessfully).toBe(true);
    const after = expectSuccess(
      await api.send('GET', '/settings/quick-edit', { token, query: { menuId: dinner._id } }),
      quickEdit,
    );
    expect([after.dishes[0]?.checked, after.ingredients[0]?.checked]).toEqual([false, false]);

    // A member without any of menu, category, dish or ingredient: "Permission denied".
    const member = await memberSession(api, (await ownerSession(api)).restaurantId, { restaurant: true });
    expectFail(
      await api.send('GET', '/settings/quick-edit', { token: member.token }),
      403,
      'Permission denied',
    );
  });
});
