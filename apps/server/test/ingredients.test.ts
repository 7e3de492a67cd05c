import { type Customization, type Dish, type Ingredient, messages } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingredients } from '../src/db/schema.ts';
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
const asLocation = async (parentId: string) => {
  const owner = await createLocationOwner(t, parentId);
  return { ...owner, token: await tokenFor(t, owner.user.username) };
};

type CreateResult = { insertedIngredients: Ingredient[]; errors: string[] };

const create = (token: string, names: string[], parent?: string) =>
  t.call<CreateResult>({
    method: 'POST',
    url: '/api/ingredients',
    token,
    payload: { ingredients: names, ...(parent ? { parent } : {}) },
  });

const list = async (token: string, query = '') =>
  (await t.call<Ingredient[]>({ method: 'GET', url: `/api/ingredients${query}`, token })).body.message;

const names = (items: Ingredient[]) => items.map((item) => item.name);

describe('ingredients: sign-in', () => {
  it('answers 401 to every route without a token', async () => {
    const id = 'b'.repeat(24);
    const calls = [
      { method: 'GET', url: '/api/ingredients' },
      { method: 'GET', url: `/api/ingredients/${id}` },
      { method: 'POST', url: '/api/ingredients', payload: { ingredients: ['x'] } },
      { method: 'PUT', url: `/api/ingredients/${id}`, payload: { name: 'x' } },
      { method: 'DELETE', url: '/api/ingredients', payload: { ids: [id] } },
      { method: 'POST', url: `/api/ingredients/${id}/clone`, payload: {} },
    ] as const;
    for (const call of calls) {
      const { status } = await t.call(call);
      expect(status, `${call.method} ${call.url}`).toBe(401);
    }
  });
});

describe('POST /api/ingredients', () => {
  it('creates the new names at the end and reports the ones that exist or repeat', async () => {
    const owner = await asOwner();
    const first = await create(owner.token, ['Tomato', ' Basil ']);
    expect(first.status).toBe(200);
    expect(first.body.message.errors).toEqual([]);
    expect(first.body.message.insertedIngredients).toMatchObject([
      { name: 'Tomato', parent: null, count: 0, isAvailable: true, fromParent: false },
      { name: 'Basil', parent: null, count: 0, isAvailable: true, fromParent: false },
    ]);

    const second = await create(owner.token, ['Olive oil', 'tomato', 'Garlic', ' olive OIL', 'BASIL ']);
    expect(second.status).toBe(200);
    expect(names(second.body.message.insertedIngredients)).toEqual(['Olive oil', 'Garlic']);
    expect(second.body.message.errors).toEqual([
      messages.nameExists('tomato'),
      messages.nameExists('olive OIL'),
      messages.nameExists('BASIL'),
    ]);
    // New ingredients go to the end (doc 1 §4).
    expect(names(await list(owner.token))).toEqual(['Tomato', 'Basil', 'Olive oil', 'Garlic']);
  });

  it('answers the messages of doc 2 §5 for an empty list or an empty name', async () => {
    const owner = await asOwner();
    const empty = await create(owner.token, []);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(messages.ingredientRequired);
    const blank = await create(owner.token, ['Salt', '  ']);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(messages.fieldRequired);
    expect(await list(owner.token)).toEqual([]);
  });

  it('creates children under a top-level parent, never under a child', async () => {
    const owner = await asOwner();
    const [cheese] = (await create(owner.token, ['Cheese'])).body.message.insertedIngredients;
    const children = await create(owner.token, ['Mozzarella', 'Parmesan'], cheese!._id);
    expect(children.body.message.insertedIngredients).toMatchObject([
      { name: 'Mozzarella', parent: { _id: cheese!._id, name: 'Cheese' } },
      { name: 'Parmesan', parent: { _id: cheese!._id, name: 'Cheese' } },
    ]);
    const grandchild = await create(
      owner.token,
      ['Buffalo mozzarella'],
      children.body.message.insertedIngredients[0]!._id,
    );
    expect(grandchild.status).toBe(400);
    expect(grandchild.body.message).toBe(messages.ingredientParentInvalid);
  });
});

describe('GET /api/ingredients', () => {
  it('filters children out, and one ingredient with its children (the parent picker)', async () => {
    const owner = await asOwner();
    const [fruit, nut] = (await create(owner.token, ['Fruit', 'Nut'])).body.message.insertedIngredients;
    await create(owner.token, ['Apple', 'Pear'], fruit!._id);
    await create(owner.token, ['Almond'], nut!._id);

    expect(names(await list(owner.token))).toEqual(['Fruit', 'Nut', 'Apple', 'Pear', 'Almond']);
    expect(names(await list(owner.token, '?exceptChildren=true'))).toEqual(['Fruit', 'Nut']);
    expect(names(await list(owner.token, `?exceptParentID=${fruit!._id}`))).toEqual(['Nut', 'Almond']);
    expect(names(await list(owner.token, `?exceptChildren=true&exceptParentID=${nut!._id}`))).toEqual([
      'Fruit',
    ]);

    const bad = await t.call({
      method: 'GET',
      url: '/api/ingredients?exceptParentID=nope',
      token: owner.token,
    });
    expect(bad.status).toBe(400);
  });

  it('reads one ingredient, with the number of dishes using it', async () => {
    const owner = await asOwner();
    const [egg] = (await create(owner.token, ['Egg'])).body.message.insertedIngredients;
    for (const name of ['Omelette', 'Quiche']) {
      await t.call({
        method: 'POST',
        url: '/api/dishes',
        token: owner.token,
        payload: { name, price: '5', ingredients: [egg!._id] },
      });
    }
    const { status, body } = await t.call<Ingredient>({
      method: 'GET',
      url: `/api/ingredients/${egg!._id}`,
      token: owner.token,
    });
    expect(status).toBe(200);
    expect(body.message).toMatchObject({ _id: egg!._id, name: 'Egg', count: 2, fromParent: false });
    expect(body.message.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('PUT /api/ingredients/:id', () => {
  it('renames, moves and toggles an ingredient', async () => {
    const owner = await asOwner();
    const [herb, basil] = (await create(owner.token, ['Herb', 'Basl'])).body.message.insertedIngredients;
    const { status, body } = await t.call<Ingredient>({
      method: 'PUT',
      url: `/api/ingredients/${basil!._id}`,
      token: owner.token,
      payload: { name: ' Basil ', parent: herb!._id, isAvailable: false },
    });
    expect(status).toBe(200);
    expect(body.message).toMatchObject({
      name: 'Basil',
      parent: { _id: herb!._id, name: 'Herb' },
      isAvailable: false,
    });
    // A case change of its own name is no clash; `parent: null` moves it back to the top.
    const back = await t.call<Ingredient>({
      method: 'PUT',
      url: `/api/ingredients/${basil!._id}`,
      token: owner.token,
      payload: { name: 'BASIL', parent: null },
    });
    expect(back.body.message).toMatchObject({ name: 'BASIL', parent: null, isAvailable: false });
  });

  it('answers the messages of doc 2 §5 and the tree rules, changing nothing', async () => {
    const owner = await asOwner();
    const [a, b] = (await create(owner.token, ['Onion', 'Leek'])).body.message.insertedIngredients;
    const [child] = (await create(owner.token, ['Shallot'], a!._id)).body.message.insertedIngredients;
    const cases: [string, Record<string, unknown>, string][] = [
      [b!._id, { name: '' }, messages.fieldRequired],
      [b!._id, { name: '   ' }, messages.fieldRequired],
      [b!._id, { name: ' onion ' }, messages.nameExists('onion')],
      [b!._id, { name: 'Leek', parent: b!._id }, messages.ingredientParentInvalid],
      [b!._id, { name: 'Leek', parent: child!._id }, messages.ingredientParentInvalid],
      // Onion has a child: making it a child would make Shallot a grandchild.
      [a!._id, { name: 'Onion', parent: b!._id }, messages.ingredientParentInvalid],
    ];
    for (const [id, payload, message] of cases) {
      const { status, body } = await t.call({
        method: 'PUT',
        url: `/api/ingredients/${id}`,
        token: owner.token,
        payload,
      });
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.message).toBe(message);
    }
    expect(await list(owner.token)).toMatchObject([
      { name: 'Onion', parent: null },
      { name: 'Leek', parent: null },
      { name: 'Shallot', parent: { _id: a!._id } },
    ]);
  });
});

describe('DELETE /api/ingredients', () => {
  it('deletes all or none; dishes, children and customization options let go of them', async () => {
    const owner = await asOwner();
    const other = await asOwner();
    const [chili, garlic, keep] = (await create(owner.token, ['Chili', 'Garlic', 'Keep'])).body.message
      .insertedIngredients;
    const [jalapeno] = (await create(owner.token, ['Jalapeño'], chili!._id)).body.message.insertedIngredients;
    const [foreign] = (await create(other.token, ['Foreign'])).body.message.insertedIngredients;
    const dish = await t.call<Dish>({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: { name: 'Salsa', price: '3', ingredients: [chili!._id, keep!._id] },
    });
    await t.call({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token: owner.token,
      payload: {
        customizations: [
          {
            name: 'Heat',
            isCustom: false,
            isFixedPrice: true,
            options: [
              { ingredient: chili!._id, price: 1 },
              { ingredient: keep!._id, price: 2 },
            ],
          },
        ],
      },
    });

    const mixed = await t.call({
      method: 'DELETE',
      url: '/api/ingredients',
      token: owner.token,
      payload: { ids: [garlic!._id, foreign!._id] },
    });
    expect(mixed.status).toBe(404);
    expect(await list(owner.token)).toHaveLength(4);

    const { status, body } = await t.call({
      method: 'DELETE',
      url: '/api/ingredients',
      token: owner.token,
      payload: { ids: [chili!._id, garlic!._id] },
    });
    expect(status).toBe(200);
    expect(body.message).toBe(messages.ingredientDeleted);
    expect(await list(owner.token)).toMatchObject([
      { name: 'Keep', count: 1 },
      { _id: jalapeno!._id, parent: null },
    ]);
    const after = await t.call<Dish>({
      method: 'GET',
      url: `/api/dishes/${dish.body.message._id}`,
      token: owner.token,
    });
    expect(after.body.message.ingredients).toEqual([{ ingredient: { _id: keep!._id, name: 'Keep' } }]);
    const restaurant = await t.call<{ customizations: Customization[] }[]>({
      method: 'GET',
      url: '/api/restaurants',
      token: owner.token,
    });
    expect(restaurant.body.message[0]!.customizations[0]!.options).toMatchObject([{ ingredient: keep!._id }]);
    expect(await list(other.token)).toHaveLength(1);
  });
});

describe('POST /api/ingredients/:id/clone', () => {
  it("copies as name + ' (copy)', then answers 412 for the same name", async () => {
    const owner = await asOwner();
    const [pepper] = (await create(owner.token, ['Pepper'])).body.message.insertedIngredients;
    const first = await t.call<Ingredient>({
      method: 'POST',
      url: `/api/ingredients/${pepper!._id}/clone`,
      token: owner.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({ name: 'Pepper (copy)', fromParent: false, count: 0 });
    expect(first.body.message._id).not.toBe(pepper!._id);

    const second = await t.call({
      method: 'POST',
      url: `/api/ingredients/${pepper!._id}/clone`,
      token: owner.token,
      payload: {},
    });
    expect(second.status).toBe(412);
    expect(second.body.message).toBe(messages.nameExists('Pepper (copy)'));

    const named = await t.call<Ingredient>({
      method: 'POST',
      url: `/api/ingredients/${pepper!._id}/clone`,
      token: owner.token,
      payload: { name: 'Pepper (copy) (copy)' },
    });
    expect(named.status).toBe(200);
    expect(names(await list(owner.token))).toEqual(['Pepper', 'Pepper (copy)', 'Pepper (copy) (copy)']);
  });
});

describe('ingredients: permissions (doc 1 §6)', () => {
  it('a member without the ingredient flag gets 403 on every change; with it, succeeds; both may read', async () => {
    const owner = await asOwner();
    const [salt] = (await create(owner.token, ['Salt'])).body.message.insertedIngredients;
    const without = await asMember(owner.restaurant.id, { dish: true, menu: true, category: true });
    const withFlag = await asMember(owner.restaurant.id, { ingredient: true });
    const changes = [
      { method: 'POST', url: '/api/ingredients', payload: { ingredients: ['Sugar'] } },
      { method: 'PUT', url: `/api/ingredients/${salt!._id}`, payload: { name: 'Sea salt' } },
      { method: 'POST', url: `/api/ingredients/${salt!._id}/clone`, payload: {} },
      { method: 'DELETE', url: '/api/ingredients', payload: { ids: [salt!._id] } },
    ] as const;
    for (const call of changes) {
      const { status, body } = await t.call({ ...call, token: without.token });
      expect(status, `${call.method} ${call.url}`).toBe(403);
      expect(body.message).toBe(messages.permissionDenied);
    }
    // The flag is checked before the body: no validation answer without it.
    expect((await create(without.token, [])).status).toBe(403);
    expect(names(await list(without.token))).toEqual(['Salt']);
    for (const call of changes) {
      const { status } = await t.call({ ...call, token: withFlag.token });
      expect(status, `${call.method} ${call.url}`).toBe(200);
    }
  });
});

describe('ingredients: another restaurant (STYLE rule 5)', () => {
  it('can neither read nor change the first restaurant’s ingredients by id (404)', async () => {
    const a = await asOwner();
    const b = await asOwner();
    const [secret] = (await create(a.token, ['Secret spice'])).body.message.insertedIngredients;
    const calls = [
      { method: 'GET', url: `/api/ingredients/${secret!._id}` },
      { method: 'PUT', url: `/api/ingredients/${secret!._id}`, payload: { name: 'Mine' } },
      { method: 'POST', url: `/api/ingredients/${secret!._id}/clone`, payload: {} },
      { method: 'DELETE', url: '/api/ingredients', payload: { ids: [secret!._id] } },
      { method: 'POST', url: '/api/ingredients', payload: { ingredients: ['Child'], parent: secret!._id } },
    ] as const;
    for (const call of calls) {
      const { status } = await t.call({ ...call, token: b.token });
      expect(status, `${call.method} ${call.url}`).toBe(404);
    }
    // B's own ingredient cannot be hung under A's either.
    const [own] = (await create(b.token, ['Own'])).body.message.insertedIngredients;
    const move = await t.call({
      method: 'PUT',
      url: `/api/ingredients/${own!._id}`,
      token: b.token,
      payload: { name: 'Own', parent: secret!._id },
    });
    expect(move.status).toBe(404);
    // The same name is free in another restaurant.
    expect((await create(b.token, ['Secret spice'])).body.message.errors).toEqual([]);
    expect(names(await list(b.token))).toEqual(['Own', 'Secret spice']);
    const [row] = await t.runtime.database.db
      .select()
      .from(ingredients)
      .where(eq(ingredients.id, secret!._id));
    expect(row!.name).toBe('Secret spice');
  });
});

describe('ingredients: a location and its parent (decisions §4)', () => {
  it('sees the parent’s ingredients read-only (403 on changes) and may clone them', async () => {
    const parent = await asOwner();
    const [dough] = (await create(parent.token, ['Dough'])).body.message.insertedIngredients;
    const location = await asLocation(parent.restaurant.id);
    await create(location.token, ['Own topping']);

    expect(await list(location.token)).toMatchObject([
      { name: 'Dough', fromParent: true },
      { name: 'Own topping', fromParent: false },
    ]);
    const read = await t.call<Ingredient>({
      method: 'GET',
      url: `/api/ingredients/${dough!._id}`,
      token: location.token,
    });
    expect(read.body.message.fromParent).toBe(true);

    const writes = [
      { method: 'PUT', url: `/api/ingredients/${dough!._id}`, payload: { name: 'Mine' } },
      { method: 'DELETE', url: '/api/ingredients', payload: { ids: [dough!._id] } },
    ] as const;
    for (const call of writes) {
      const { status, body } = await t.call({ ...call, token: location.token });
      expect(status, `${call.method} ${call.url}`).toBe(403);
      expect(body.message).toBe(messages.readOnlyFromParent);
    }
    // Names the location sees are taken, the parent's included.
    expect((await create(location.token, ['dough'])).body.message.errors).toEqual([
      messages.nameExists('dough'),
    ]);

    const clone = await t.call<Ingredient>({
      method: 'POST',
      url: `/api/ingredients/${dough!._id}/clone`,
      token: location.token,
    });
    expect(clone.status).toBe(200);
    expect(clone.body.message).toMatchObject({ name: 'Dough (copy)', fromParent: false });
    const rename = await t.call({
      method: 'PUT',
      url: `/api/ingredients/${clone.body.message._id}`,
      token: location.token,
      payload: { name: 'Our dough' },
    });
    expect(rename.status).toBe(200);
    // The parent sees none of the location's ingredients.
    expect(names(await list(parent.token))).toEqual(['Dough']);
  });
});
