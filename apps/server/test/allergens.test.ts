import type { Category, CustomerMenu, Dish, Ingredient, Menu, PublicDish } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { ownerWithToken } from './factories.ts';

/**
 * Allergens that follow ingredients (issue 23 §1–2): the regulated list, declarations on ingredients
 * (a child adds to its parent's), a dish's allergens derived on the server with its own additions,
 * "declared" only when the owner confirmed, options carrying their ingredient's, the public answer
 * following an ingredient's change on the next request, and the kept history.
 */

let t: TestApp;
beforeAll(async () => {
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

async function publicDishes(restaurantId: string): Promise<Map<string, PublicDish>> {
  const response = await t.call<CustomerMenu>({
    method: 'GET',
    url: `/api/menus/customer?restaurantId=${restaurantId}`,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return new Map(
    response.body.message.menus.flatMap((menu) =>
      menu.categories.flatMap((category) => category.dishes.map((dish) => [dish.name, dish] as const)),
    ),
  );
}

async function kitchen() {
  const owner = await ownerWithToken(t);
  const { token } = owner;
  const created = await ok<{ insertedIngredients: Ingredient[] }>(token, 'POST', '/api/ingredients', {
    ingredients: ['Pesto'],
    allergens: { contains: ['nuts', 'milk'], mayContain: ['peanuts'] },
  });
  const pesto = created.insertedIngredients[0]!;
  const child = await ok<{ insertedIngredients: Ingredient[] }>(token, 'POST', '/api/ingredients', {
    ingredients: ['Vegan pesto'],
    parent: pesto._id,
    allergens: { contains: ['soybeans'] },
  });
  const veganPesto = child.insertedIngredients[0]!;
  const plain = await ok<{ insertedIngredients: Ingredient[] }>(token, 'POST', '/api/ingredients', {
    ingredients: ['Basil'],
  });
  const basil = plain.insertedIngredients[0]!;
  const menu = await ok<Menu>(token, 'POST', '/api/menus', { name: 'Dinner' });
  const pasta = await ok<Category>(token, 'POST', '/api/categories', { name: 'Pasta', menu: menu._id });
  return { owner, token, pesto, veganPesto, basil, menu, pasta };
}

describe('GET /api/allergens', () => {
  it('answers the 14 regulated allergens in order, without sign-in, with the US names mapped', async () => {
    const response = await t.call<{ key: string; name: string; us: string[] }[]>({
      method: 'GET',
      url: '/api/allergens',
    });
    expect(response.status).toBe(200);
    const list = response.body.message;
    expect(list).toHaveLength(14);
    expect(list[0]).toMatchObject({ key: 'gluten', name: 'Cereals containing gluten', us: ['Wheat'] });
    expect(list.map((item) => item.key)).toContain('sulphites');
    expect(list.find((item) => item.key === 'molluscs')?.us).toEqual([]);
  });
});

describe('declarations follow ingredients', () => {
  it('derives a dish’s allergens from its ingredients and its own additions; a child adds to its parent’s', async () => {
    const { token, pesto, veganPesto, basil, pasta } = await kitchen();
    expect(veganPesto.allergens).toEqual({ contains: ['soybeans'], mayContain: [] });
    expect(veganPesto.inheritedAllergens).toEqual({ contains: ['milk', 'nuts'], mayContain: ['peanuts'] });

    const dish = await ok<Dish>(token, 'POST', '/api/dishes', {
      name: 'Trofie',
      price: '14',
      category: pasta._id,
      ingredients: [veganPesto._id, basil._id],
      allergens: { contains: ['gluten'], mayContain: ['sesame', 'peanuts'], declared: true },
    });
    expect(dish.allergens).toEqual({
      contains: ['gluten', 'soybeans', 'milk', 'nuts'],
      mayContain: ['peanuts', 'sesame'],
      declared: true,
    });
    expect(dish.ownAllergens).toEqual({
      contains: ['gluten'],
      mayContain: ['peanuts', 'sesame'],
      declared: true,
    });

    // A blank is not a declaration: an undeclared dish with no allergens is not "free".
    const blank = await ok<Dish>(token, 'POST', '/api/dishes', {
      name: 'Bread',
      price: '3',
      category: pasta._id,
    });
    expect(blank.allergens).toEqual({ contains: [], mayContain: [], declared: false });
    const free = await ok<Dish>(token, 'POST', '/api/dishes', {
      name: 'Salad',
      price: '8',
      category: pasta._id,
      ingredients: [basil._id],
      allergens: { declared: true },
    });
    expect(free.allergens).toEqual({ contains: [], mayContain: [], declared: true });
    void pesto;
  });

  it('changes every dish that uses an ingredient, in the owner’s answers and the public answer, on the next request', async () => {
    const { owner, token, pesto, pasta, menu } = await kitchen();
    const dish = await ok<Dish>(token, 'POST', '/api/dishes', {
      name: 'Linguine',
      price: '13',
      category: pasta._id,
      ingredients: [pesto._id],
      allergens: { declared: true },
    });
    await ok(token, 'PUT', `/api/menus/${menu._id}`, { name: 'Dinner', draft: false });
    expect((await publicDishes(owner.restaurant.id)).get('Linguine')?.allergens).toEqual({
      contains: ['milk', 'nuts'],
      mayContain: ['peanuts'],
      declared: true,
    });

    const changed = await ok<Ingredient>(token, 'PUT', `/api/ingredients/${pesto._id}`, {
      name: 'Pesto',
      allergens: { contains: ['nuts'], mayContain: ['milk'] },
    });
    expect(changed.allergens).toEqual({ contains: ['nuts'], mayContain: ['milk'] });
    const read = await ok<Dish>(token, 'GET', `/api/dishes/${dish._id}`);
    expect(read.allergens).toEqual({ contains: ['nuts'], mayContain: ['milk'], declared: true });
    expect((await publicDishes(owner.restaurant.id)).get('Linguine')?.allergens).toEqual({
      contains: ['nuts'],
      mayContain: ['milk'],
      declared: true,
    });
  });

  it('gives each customization option its ingredient’s allergens, in the owner’s and the diner’s answers', async () => {
    const { owner, token, pesto, basil, pasta, menu } = await kitchen();
    const dish = await ok<Dish>(token, 'POST', '/api/dishes', {
      name: 'Gnocchi',
      price: '12',
      category: pasta._id,
      ingredients: [basil._id],
      allergens: { declared: true },
      customizations: {
        custom: [
          {
            name: 'Sauce',
            isCustom: false,
            isFixedPrice: true,
            options: [
              { ingredient: pesto._id, price: 1 },
              { ingredient: basil._id, price: 0 },
            ],
          },
          { name: 'Topping', isCustom: true, isFixedPrice: true, options: [{ name: 'Tomato', price: 0 }] },
        ],
      },
    });
    const [sauce] = dish.customizations.custom;
    expect(sauce?.options.map((option) => option.allergens)).toEqual([
      { contains: ['milk', 'nuts'], mayContain: ['peanuts'] },
      { contains: [], mayContain: [] },
    ]);
    await ok(token, 'PUT', `/api/menus/${menu._id}`, { name: 'Dinner', draft: false });
    const options = (await publicDishes(owner.restaurant.id))
      .get('Gnocchi')
      ?.customizations.flatMap((customization) => customization.options);
    expect(options?.find((option) => option.name === 'Pesto')?.allergens).toEqual({
      contains: ['milk', 'nuts'],
      mayContain: ['peanuts'],
    });
    expect(options?.find((option) => option.name === 'Basil')?.allergens).toEqual({
      contains: [],
      mayContain: [],
    });
    // An option without an ingredient declares nothing of its own.
    expect(options?.find((option) => option.name === 'Tomato')?.allergens).toBeUndefined();
  });

  it('refuses an unknown allergen key and changes nothing', async () => {
    const { token, pesto } = await kitchen();
    const response = await t.call({
      method: 'PUT',
      url: `/api/ingredients/${pesto._id}`,
      token,
      payload: { name: 'Pesto', allergens: { contains: ['pine'] } },
    });
    expect(response.status).toBe(400);
    const read = await ok<Ingredient>(token, 'GET', `/api/ingredients/${pesto._id}`);
    expect(read.allergens).toEqual({ contains: ['milk', 'nuts'], mayContain: ['peanuts'] });
  });
});

describe('labelling rules', () => {
  it('are saved with the settings, answered as `labelling` on the restaurant and, without the owner’s switch, on the public answer', async () => {
    const { owner, token, menu } = await kitchen();
    const before = await ok<{ labelling: unknown }[]>(token, 'GET', '/api/restaurants');
    expect(before[0]?.labelling).toEqual({
      region: 'other',
      calories: 'none',
      usStateNotice: 'none',
      blockIncomplete: false,
    });
    const labelling = { region: 'UK', calories: 'england', usStateNotice: 'none', blockIncomplete: true };
    await ok(token, 'POST', '/api/restaurants/update', { labelling });
    const after = await ok<{ labelling: unknown }[]>(token, 'GET', '/api/restaurants');
    expect(after[0]?.labelling).toEqual(labelling);

    await ok(token, 'PUT', `/api/menus/${menu._id}`, { name: 'Dinner', draft: false });
    const response = await t.call<CustomerMenu>({
      method: 'GET',
      url: `/api/menus/customer?restaurantId=${owner.restaurant.id}`,
    });
    expect(response.body.message.restaurant.labelling).toEqual({
      region: 'UK',
      calories: 'england',
      usStateNotice: 'none',
    });
  });

  it('refuses an unknown region and changes nothing', async () => {
    const { token } = await kitchen();
    const response = await t.call({
      method: 'POST',
      url: '/api/restaurants/update',
      token,
      payload: { labelling: { region: 'Mars' } },
    });
    expect(response.status).toBe(400);
    const read = await ok<{ labelling: { region: string } }[]>(token, 'GET', '/api/restaurants');
    expect(read[0]?.labelling.region).toBe('other');
  });
});
