import type { Category, Dish, Ingredient, Menu } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { ownerWithToken } from './factories.ts';
import { writeWebDist } from './web-dist.ts';

/**
 * The diner's side of issue 23 on the server's page: each dish names its allergens in words (or
 * says they are not declared), "Avoid allergens" from a shared link greys what contains, may
 * contain or does not declare them, with the reason, and the labelling rules' calories and
 * sentences are on the page, from the owner's declarations through the real routes.
 */
let t: TestApp;
let web: ReturnType<typeof writeWebDist>;
beforeAll(async () => {
  web = writeWebDist();
  t = await startTestApp({ WEB_DIST: web.dir, BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await t?.close();
  web?.close();
});

async function ok<T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await t.call<T>({ method, url, token, ...(payload ? { payload } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message;
}

const page = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** A dish's list item in the page, found by its name. */
function itemOf(html: string, name: string): string {
  const at = html.indexOf(`>${name}</a>`);
  expect(at, `${name} is on the page`).toBeGreaterThan(-1);
  const start = html.lastIndexOf('<li ', at);
  return html.slice(start, html.indexOf('</li>', at));
}

async function kitchen() {
  const owner = await ownerWithToken(t);
  const { token } = owner;
  const created = await ok<{ insertedIngredients: Ingredient[] }>(token, 'POST', '/api/ingredients', {
    ingredients: ['Pesto'],
    allergens: { contains: ['nuts', 'milk'], mayContain: ['peanuts'] },
  });
  const pesto = created.insertedIngredients[0]!;
  const menu = await ok<Menu>(token, 'POST', '/api/menus', { name: 'Dinner' });
  const pasta = await ok<Category>(token, 'POST', '/api/categories', { name: 'Pasta', menu: menu._id });
  const add = (payload: object) =>
    ok<Dish>(token, 'POST', '/api/dishes', { price: '12', category: pasta._id, ...payload });
  await add({
    name: 'Trofie al pesto',
    ingredients: [pesto._id],
    calories: 640,
    portion: '350 g',
    allergens: { contains: ['gluten'], mayContain: ['sesame'], declared: true },
  });
  await add({ name: 'Green salad', calories: 120, portion: '200 g', allergens: { declared: true } });
  await add({ name: 'Soup of the day', calories: 210 });
  await ok(token, 'PUT', `/api/menus/${menu._id}`, { name: 'Dinner', draft: false });
  return { owner, token, menu };
}

describe('the public page names allergens (issue 23 §3)', () => {
  it('in words per dish, declared free and not declared apart, and greys them for "Avoid allergens"', async () => {
    const { owner } = await kitchen();
    const id = owner.restaurant.id;
    const html = await page(`/menu/${id}`);
    expect(itemOf(html, 'Trofie al pesto')).toContain(
      '<span>Contains: Gluten, Milk, Tree nuts</span><span>May contain: Peanuts, Sesame</span>',
    );
    expect(itemOf(html, 'Green salad')).toContain('None of the 14 regulated allergens');
    expect(itemOf(html, 'Soup of the day')).toContain('Allergens not declared — ask the staff');
    expect(html).toContain('<legend>Avoid allergens</legend>');
    expect(html).toContain('640 cal');

    // A shared link that avoids milk: the pesto dish and the undeclared soup greyed with their reason.
    const milk = await page(`/menu/${id}?allergen=milk`);
    const trofie = itemOf(milk, 'Trofie al pesto');
    expect(trofie).toContain('aria-disabled="true"');
    expect(trofie).toContain('<p class="cm-why">Contains Milk</p>');
    const soup = itemOf(milk, 'Soup of the day');
    expect(soup).toContain('aria-disabled="true"');
    expect(soup).toContain('<p class="cm-why">Allergens not declared</p>');
    expect(itemOf(milk, 'Green salad')).not.toContain('aria-disabled');
    const peanuts = await page(`/menu/${id}?allergen=peanuts`);
    expect(itemOf(peanuts, 'Trofie al pesto')).toContain('<p class="cm-why">May contain Peanuts</p>');
  });

  it('with England’s calorie rule: kcal per portion and the statement, shown even with dietary display off', async () => {
    const { owner, token, menu } = await kitchen();
    await ok(token, 'POST', '/api/restaurants/update', {
      labelling: { region: 'UK', calories: 'england', usStateNotice: 'none', blockIncomplete: false },
    });
    await ok(token, 'PUT', `/api/menus/${menu._id}`, { name: 'Dinner', draft: false, displayDietary: false });
    const html = await page(`/menu/${owner.restaurant.id}`);
    expect(itemOf(html, 'Trofie al pesto')).toContain('640 kcal per 350 g');
    expect(itemOf(html, 'Trofie al pesto')).toContain('Contains: Gluten, Milk, Tree nuts');
    expect(html.split('Adults need around 2000 kcal a day')).toHaveLength(2);
    // The structured data keeps to schema.org: calories and the portion in NutritionInformation.
    expect(html).toContain('"calories":"640 calories","servingSize":"350 g"');
  });
});
