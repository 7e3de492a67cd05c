import {
  type Category,
  type ComplianceProblem,
  type Dish,
  type Ingredient,
  type Labelling,
  type Menu,
  type MenuCompliance,
  messages,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dishes, dishIngredients, menus } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, ownerWithToken } from './factories.ts';

/**
 * The check before publishing (issue 23 §5): GET /api/menus/{id}/compliance lists what a menu's
 * dishes lack for the restaurant's labelling rules (EU, England, US chain), and every path that
 * publishes a menu answers 409 with that list, changing nothing, only when the restaurant set
 * "Don't publish an incomplete menu".
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;

async function ok<T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await t.call<T>({ method, url, token, ...(payload ? { payload } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message;
}

const rules = (labelling: Partial<Labelling>) => ({
  labelling: {
    region: 'other',
    calories: 'none',
    usStateNotice: 'none',
    blockIncomplete: false,
    ...labelling,
  },
});
const emptyLists = { diets: [] as string[], foodTypes: [] as string[], other: [] as string[] };

/**
 * A restaurant with a draft "Dinner" menu whose "Mains" category holds four dishes: "Risotto"
 * declared with calories and portion; "Soup" undeclared, without calories or portion; "Vegan bowl"
 * tagged Vegan with a milk ingredient (declared, calories, portion); "Trofie" naming Pesto, which
 * is switched off (declared, calories, portion). A second, complete "Lunch" menu holds "Risotto".
 */
async function restaurant() {
  const owner = await ownerWithToken(t);
  const { token } = owner;
  const made = await ok<{ insertedIngredients: Ingredient[] }>(token, 'POST', '/api/ingredients', {
    ingredients: ['Butter'],
    allergens: { contains: ['milk'] },
  });
  const butter = made.insertedIngredients[0]!;
  const pestoMade = await ok<{ insertedIngredients: Ingredient[] }>(token, 'POST', '/api/ingredients', {
    ingredients: ['Pesto'],
  });
  const pesto = pestoMade.insertedIngredients[0]!;
  const dinner = await ok<Menu>(token, 'POST', '/api/menus', { name: 'Dinner' });
  const lunch = await ok<Menu>(token, 'POST', '/api/menus', { name: 'Lunch' });
  const mains = await ok<Category>(token, 'POST', '/api/categories', { name: 'Mains', menu: dinner._id });
  const starters = await ok<Category>(token, 'POST', '/api/categories', {
    name: 'Starters',
    menu: lunch._id,
  });
  const complete = { allergens: { declared: true }, calories: 480, portion: '350 g' };
  const dish = (name: string, payload: object, category = mains._id) =>
    ok<Dish>(token, 'POST', '/api/dishes', { name, price: '12', category, ...payload });
  const risotto = await dish('Risotto', complete);
  const soup = await dish('Soup', {});
  const bowl = await dish('Vegan bowl', { ...complete, ingredients: [butter._id] });
  // Tagged as the platform's lists would tag it (the form keeps to the lists the restaurant has).
  await db()
    .update(dishes)
    .set({ dietary: { selected: emptyLists, admin: { ...emptyLists, diets: ['Vegan'] } } })
    .where(eq(dishes.id, bowl._id));
  const trofie = await dish('Trofie', { ...complete, ingredients: [pesto._id] });
  const lunchDish = await dish('Salad', complete, starters._id);
  await ok(token, 'PUT', '/api/settings/quick-edit', {
    menus: [],
    categories: [],
    dishes: [],
    ingredients: [{ id: pesto._id, checked: false }],
    customizations: [],
  });
  return { owner, token, dinner, lunch, mains, risotto, soup, bowl, trofie, lunchDish, pesto };
}

const compliance = (token: string, menuId: string) =>
  ok<MenuCompliance>(token, 'GET', `/api/menus/${menuId}/compliance`);
const lines = (problems: ComplianceProblem[]) =>
  problems.map((problem) => `${problem.dishName}: ${problem.message}`);

describe('GET /api/menus/{id}/compliance', () => {
  it('EU: lists the undeclared dish, the contradicted diet and the switched-off ingredient, per dish', async () => {
    const { token, dinner, lunch, soup } = await restaurant();
    await ok(token, 'POST', '/api/restaurants/update', rules({ region: 'EU' }));
    const answer = await compliance(token, dinner._id);
    expect(answer.rules).toEqual({
      region: 'EU',
      calories: 'none',
      usStateNotice: 'none',
      blockIncomplete: false,
    });
    expect(answer.complete).toBe(false);
    expect(lines(answer.problems)).toEqual([
      'Soup: No allergen declaration',
      'Vegan bowl: Tagged “Vegan” but contains milk',
      'Trofie: Names Pesto, an ingredient switched off',
    ]);
    expect(answer.problems[0]).toEqual({
      dishId: soup._id,
      dishName: 'Soup',
      kind: 'allergens',
      message: messages.complianceNoDeclaration,
    });
    // A menu whose dishes are all in order is complete.
    expect(await compliance(token, lunch._id)).toMatchObject({ problems: [], complete: true });
  });

  it('England: asks calories and the portion of every dish, and the UK asks declarations', async () => {
    const { token, dinner } = await restaurant();
    await ok(token, 'POST', '/api/restaurants/update', rules({ region: 'UK', calories: 'england' }));
    const answer = await compliance(token, dinner._id);
    expect(lines(answer.problems.filter((problem) => problem.dishName === 'Soup'))).toEqual([
      'Soup: No allergen declaration',
      'Soup: No calories',
      'Soup: No portion size',
    ]);
    expect(answer.problems.filter((problem) => problem.dishName === 'Risotto')).toEqual([]);
  });

  it('US chain: asks calories only; an undeclared dish is not a problem there', async () => {
    const { token, dinner, soup } = await restaurant();
    await ok(token, 'POST', '/api/restaurants/update', rules({ region: 'US', calories: 'us-chain' }));
    const answer = await compliance(token, dinner._id);
    expect(answer.problems.filter((problem) => problem.dishId === soup._id).map((p) => p.kind)).toEqual([
      'calories',
    ]);
    expect(answer.problems.map((problem) => problem.kind)).not.toContain('allergens');
    expect(answer.problems.map((problem) => problem.kind)).not.toContain('portion');
  });

  it("answers 404 for another restaurant's menu; a location reads its parent's menu under its own rules", async () => {
    const { owner, token, dinner } = await restaurant();
    await ok(token, 'POST', '/api/restaurants/update', rules({ region: 'EU' }));
    const stranger = await ownerWithToken(t);
    const refused = await t.call({
      method: 'GET',
      url: `/api/menus/${dinner._id}/compliance`,
      token: stranger.token,
    });
    expect(refused.status).toBe(404);

    const location = await locationOwnerWithToken(t, owner.restaurant.id);
    const read = await compliance(location.token, dinner._id);
    expect(read.rules.region).toBe('other');
    expect(read.problems.map((problem) => problem.kind).sort()).toEqual(['diet', 'ingredient']);
  });
});

describe('publishing an incomplete menu', () => {
  const isDraft = async (id: string) => (await db().select().from(menus).where(eq(menus.id, id)))[0]?.draft;

  it('publishes as today when the restaurant did not ask for the block', async () => {
    const { token, dinner } = await restaurant();
    await ok(token, 'POST', '/api/restaurants/update', rules({ region: 'EU' }));
    const published = await ok<Menu>(token, 'PUT', `/api/menus/${dinner._id}`, { draft: false });
    expect(published.draft).toBe(false);
  });

  it('answers 409 with the problems on PUT and changes nothing, then publishes once the dishes are in order', async () => {
    const { token, dinner, soup, bowl, trofie, pesto } = await restaurant();
    await ok(token, 'POST', '/api/restaurants/update', rules({ region: 'EU', blockIncomplete: true }));
    const refused = await t.call<string>({
      method: 'PUT',
      url: `/api/menus/${dinner._id}`,
      token,
      payload: { name: 'Dinner renamed', draft: false },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This menu is incomplete for your labelling rules.');
    const body = refused.body as unknown as { problems: ComplianceProblem[] };
    expect(body.problems.map((problem) => `${problem.dishName} ${problem.kind}`)).toEqual([
      'Soup allergens',
      'Vegan bowl diet',
      'Trofie ingredient',
    ]);
    const [row] = await db().select().from(menus).where(eq(menus.id, dinner._id));
    expect(row).toMatchObject({ name: 'Dinner', draft: true });

    // Saving without publishing is never refused.
    expect((await ok<Menu>(token, 'PUT', `/api/menus/${dinner._id}`, { name: 'Dinner 2' })).draft).toBe(true);

    await db()
      .update(dishes)
      .set({ allergens: { contains: [], mayContain: [], declared: true } })
      .where(eq(dishes.id, soup._id));
    await db()
      .update(dishes)
      .set({
        dietary: {
          selected: { diets: [], foodTypes: [], other: [] },
          admin: { diets: [], foodTypes: [], other: [] },
        },
      })
      .where(eq(dishes.id, bowl._id));
    await ok(token, 'PUT', '/api/settings/quick-edit', {
      menus: [],
      categories: [],
      dishes: [],
      ingredients: [{ id: pesto._id, checked: true }],
      customizations: [],
    });
    void trofie;
    expect((await ok<Menu>(token, 'PUT', `/api/menus/${dinner._id}`, { draft: false })).draft).toBe(false);
  });

  it('refuses a new menu published at once and keeps none', async () => {
    const { token, mains } = await restaurant();
    await ok(token, 'POST', '/api/restaurants/update', rules({ region: 'EU', blockIncomplete: true }));
    const refused = await t.call<string>({
      method: 'POST',
      url: '/api/menus',
      token,
      payload: { name: 'Supper', draft: false, categories: [{ category: mains._id }] },
    });
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { problems: unknown[] }).problems).toHaveLength(3);
    const names = (await ok<Menu[]>(token, 'GET', '/api/menus')).map((menu) => menu.name);
    expect(names).not.toContain('Supper');
    // A new menu kept as a draft is fine.
    const draft = await ok<Menu>(token, 'POST', '/api/menus', {
      name: 'Supper',
      categories: [{ category: mains._id }],
    });
    expect(draft.draft).toBe(true);
  });

  it('quick edit: a save that publishes an incomplete menu answers 409 and switches nothing', async () => {
    const { token, dinner, lunch, risotto } = await restaurant();
    await ok(token, 'POST', '/api/restaurants/update', rules({ region: 'EU', blockIncomplete: true }));
    const refused = await t.call<string>({
      method: 'PUT',
      url: '/api/settings/quick-edit',
      token,
      payload: {
        menus: [
          { id: dinner._id, checked: true },
          { id: lunch._id, checked: true },
        ],
        categories: [],
        dishes: [{ id: risotto._id, checked: false }],
        ingredients: [],
        customizations: [],
      },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.menuIncomplete);
    expect((refused.body as unknown as { problems: ComplianceProblem[] }).problems.length).toBeGreaterThan(0);
    expect(await isDraft(dinner._id)).toBe(true);
    expect(await isDraft(lunch._id)).toBe(true);
    const [dish] = await db().select().from(dishes).where(eq(dishes.id, risotto._id));
    expect(dish?.isAvailable).toBe(true);

    // The complete menu alone publishes.
    const saved = await ok<{ menusUpdatedSuccessfully: boolean }>(token, 'PUT', '/api/settings/quick-edit', {
      menus: [{ id: lunch._id, checked: true }],
      categories: [],
      dishes: [],
      ingredients: [],
      customizations: [],
    });
    expect(saved.menusUpdatedSuccessfully).toBe(true);
    expect(await isDraft(lunch._id)).toBe(false);
  });

  it('quick edit: an ingredient switched off in the same save as the publish is counted', async () => {
    const { token, lunch, lunchDish, pesto } = await restaurant();
    // Pesto is switched back on, and Salad names it from now on.
    await ok(token, 'PUT', '/api/settings/quick-edit', {
      menus: [],
      categories: [],
      dishes: [],
      ingredients: [{ id: pesto._id, checked: true }],
      customizations: [],
    });
    await db().insert(dishIngredients).values({ dishId: lunchDish._id, ingredientId: pesto._id });
    await ok(token, 'POST', '/api/restaurants/update', rules({ blockIncomplete: true }));
    const refused = await t.call<string>({
      method: 'PUT',
      url: '/api/settings/quick-edit',
      token,
      payload: {
        menus: [{ id: lunch._id, checked: true }],
        categories: [],
        dishes: [],
        ingredients: [{ id: pesto._id, checked: false }],
        customizations: [],
      },
    });
    expect(refused.status).toBe(409);
    expect(lines((refused.body as unknown as { problems: ComplianceProblem[] }).problems)).toEqual([
      'Salad: Names Pesto, an ingredient switched off',
    ]);
    expect(await isDraft(lunch._id)).toBe(true);
  });
});
