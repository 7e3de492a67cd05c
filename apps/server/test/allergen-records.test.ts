import type { Category, CsvResult, DeclarationChangeEntry, Dish, Ingredient, Menu } from '@carte/domain';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrixDate } from '../src/features/allergens/allergen-matrix-pdf.ts';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, memberWithToken, ownerWithToken } from './factories.ts';

/**
 * What the owner reads back of declarations (issue 23 §6, §7): the kept history of a dish and an
 * ingredient, the menu's allergen matrix on screen and on paper, and the CSV files that carry the
 * declarations out of one restaurant and into another.
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

const raw = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** A kitchen: pesto (a parent) and its vegan child, a menu with two categories and three dishes. */
async function kitchen(restaurantName?: string) {
  const owner = await ownerWithToken(t, restaurantName ? { restaurantName } : {});
  const { token } = owner;
  const pesto = (
    await ok<{ insertedIngredients: Ingredient[] }>(token, 'POST', '/api/ingredients', {
      ingredients: ['Pesto'],
      allergens: { contains: ['nuts', 'milk'], mayContain: ['peanuts'] },
    })
  ).insertedIngredients[0]!;
  const veganPesto = (
    await ok<{ insertedIngredients: Ingredient[] }>(token, 'POST', '/api/ingredients', {
      ingredients: ['Vegan pesto'],
      parent: pesto._id,
      allergens: { contains: ['soybeans'] },
    })
  ).insertedIngredients[0]!;
  const menu = await ok<Menu>(token, 'POST', '/api/menus', { name: 'Dinner' });
  const pasta = await ok<Category>(token, 'POST', '/api/categories', { name: 'Pasta', menu: menu._id });
  const drinks = await ok<Category>(token, 'POST', '/api/categories', { name: 'Drinks', menu: menu._id });
  const trofie = await ok<Dish>(token, 'POST', '/api/dishes', {
    name: 'Trofie al pesto',
    price: '14',
    category: pasta._id,
    ingredients: [veganPesto._id],
    allergens: { contains: ['gluten'], mayContain: ['sesame'], declared: true },
    portion: '350 g',
  });
  const bread = await ok<Dish>(token, 'POST', '/api/dishes', {
    name: 'Focaccia',
    price: '4',
    category: pasta._id,
  });
  const water = await ok<Dish>(token, 'POST', '/api/dishes', {
    name: 'Still water',
    price: '2',
    category: drinks._id,
    allergens: { declared: true },
  });
  return { owner, token, pesto, veganPesto, menu, pasta, drinks, trofie, bread, water };
}

describe('declaration history (issue 23 §6)', () => {
  it('answers a dish’s and an ingredient’s kept changes, newest first, with who and the before and after', async () => {
    const { owner, token, pesto, trofie } = await kitchen();
    await ok<Dish>(token, 'PUT', `/api/dishes/${trofie._id}`, {
      allergens: { contains: ['gluten', 'eggs'], mayContain: ['sesame'], declared: true },
      calories: 640,
    });
    // Saving the same declaration again keeps nothing new.
    await ok<Dish>(token, 'PUT', `/api/dishes/${trofie._id}`, { name: 'Trofie al pesto genovese' });

    const history = await ok<DeclarationChangeEntry[]>(
      token,
      'GET',
      `/api/dishes/${trofie._id}/declaration-history`,
    );
    const words = history.map((change) => [change.field, change.before, change.after]);
    expect(words).toEqual(
      expect.arrayContaining([
        [
          'allergens',
          { contains: ['gluten'], mayContain: ['sesame'], declared: true },
          { contains: ['gluten', 'eggs'], mayContain: ['sesame'], declared: true },
        ],
        ['calories', null, 640],
        ['allergens', null, { contains: ['gluten'], mayContain: ['sesame'], declared: true }],
        ['portion', null, '350 g'],
      ]),
    );
    expect(history).toHaveLength(4);
    expect(history.every((change) => change.username === owner.user.username)).toBe(true);
    // Newest first: the update's two changes before the creation's.
    const times = history.map((change) => Date.parse(change.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(history.slice(0, 2).map((change) => change.field)).toEqual(
      expect.arrayContaining(['allergens', 'calories']),
    );

    await ok(token, 'PUT', `/api/ingredients/${pesto._id}`, {
      name: 'Pesto',
      allergens: { contains: ['nuts'], mayContain: [] },
    });
    const ingredientHistory = await ok<DeclarationChangeEntry[]>(
      token,
      'GET',
      `/api/ingredients/${pesto._id}/declaration-history`,
    );
    expect(ingredientHistory.map((change) => [change.field, change.before, change.after])).toEqual([
      [
        'allergens',
        { contains: ['milk', 'nuts'], mayContain: ['peanuts'] },
        { contains: ['nuts'], mayContain: [] },
      ],
      ['allergens', null, { contains: ['milk', 'nuts'], mayContain: ['peanuts'] }],
    ]);
  });

  it('is read like the record: a member of any flag and a location read it; another restaurant gets 404', async () => {
    const { owner, trofie, pesto } = await kitchen();
    const member = await memberWithToken(t, owner.restaurant.id, { menu: true });
    expect((await raw(member.token, `/api/dishes/${trofie._id}/declaration-history`)).statusCode).toBe(200);
    const location = await locationOwnerWithToken(t, owner.restaurant.id);
    const inherited = await raw(location.token, `/api/ingredients/${pesto._id}/declaration-history`);
    expect(inherited.statusCode).toBe(200);
    expect(inherited.json().message).toHaveLength(1);

    const stranger = await ownerWithToken(t);
    expect((await raw(stranger.token, `/api/dishes/${trofie._id}/declaration-history`)).statusCode).toBe(404);
    expect((await raw(stranger.token, `/api/ingredients/${pesto._id}/declaration-history`)).statusCode).toBe(
      404,
    );
  });
});

/**
 * The text of every page of a PDF, as lines: items whose baselines lie within 5 pt of each other
 * (a table row's marks and words sit a little apart), left to right.
 */
async function pdfLines(pdf: Buffer): Promise<string[][]> {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await task.promise;
  try {
    const pages: string[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const items = content.items
        .flatMap((item) =>
          'str' in item && item.str.trim()
            ? [{ x: item.transform[4] as number, y: item.transform[5] as number, text: item.str }]
            : [],
        )
        .sort((a, b) => b.y - a.y);
      const lines: { y: number; items: typeof items }[] = [];
      for (const item of items) {
        const line = lines.at(-1);
        if (line && line.y - item.y <= 5) line.items.push(item);
        else lines.push({ y: item.y, items: [item] });
      }
      pages.push(
        lines.map((line) =>
          line.items
            .sort((a, b) => a.x - b.x)
            .map((item) => item.text)
            .join(' '),
        ),
      );
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

describe('the allergen matrix (issue 23 §6)', () => {
  it('lists the menu’s dishes by category with each cell’s state and the last change of each declaration', async () => {
    const { owner, token, menu, pesto, trofie, bread, water } = await kitchen();
    // An ingredient's later change is the trofie's last change.
    t.clock.advance(60_000);
    await ok(token, 'PUT', `/api/ingredients/${pesto._id}`, {
      name: 'Pesto',
      allergens: { contains: ['nuts', 'milk'], mayContain: [] },
    });
    const matrix = await ok<{
      menu: { name: string };
      allergens: { key: string; short: string }[];
      categories: {
        name: string;
        dishes: {
          _id: string;
          name: string;
          allergens: { contains: string[]; mayContain: string[]; declared: boolean };
          lastChange: { username: string; ingredient: string | null } | null;
        }[];
      }[];
    }>(token, 'GET', `/api/menus/${menu._id}/allergen-matrix`);
    expect(matrix.menu.name).toBe('Dinner');
    expect(matrix.allergens.map((allergen) => allergen.key)).toHaveLength(14);
    expect(
      matrix.categories.map((category) => [category.name, category.dishes.map((dish) => dish.name)]),
    ).toEqual([
      ['Pasta', ['Trofie al pesto', 'Focaccia']],
      ['Drinks', ['Still water']],
    ]);
    const [trofieRow, breadRow] = matrix.categories[0]!.dishes;
    expect(trofieRow).toMatchObject({
      _id: trofie._id,
      allergens: { contains: ['gluten', 'soybeans', 'milk', 'nuts'], mayContain: ['sesame'], declared: true },
      lastChange: { username: owner.user.username, ingredient: 'Pesto' },
    });
    // Undeclared and never changed: "?" everywhere, no change kept.
    expect(breadRow).toMatchObject({
      _id: bread._id,
      allergens: { contains: [], mayContain: [], declared: false },
      lastChange: null,
    });
    expect(matrix.categories[1]!.dishes[0]).toMatchObject({
      _id: water._id,
      allergens: { declared: true },
      lastChange: { username: owner.user.username, ingredient: null },
    });
  });

  it('prints the same table as an A4 landscape PDF with the date, the restaurant, the menu and the legend', async () => {
    const { token, menu } = await kitchen('Trattoria Verde');
    const before = matrixDate(t.clock.now(), 'Europe/Paris');
    const response = await raw(token, `/api/menus/${menu._id}/allergen-matrix.pdf`);
    const after = matrixDate(t.clock.now(), 'Europe/Paris');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="allergens-dinner.pdf"');

    const task = getDocument({ data: new Uint8Array(response.rawPayload), verbosity: 0 });
    const document = await task.promise;
    const page = await document.getPage(1);
    const [, , width, height] = page.view as number[];
    // A4 landscape.
    expect(Math.round(width!)).toBe(842);
    expect(Math.round(height!)).toBe(595);
    await task.destroy();

    const [lines] = await pdfLines(response.rawPayload);
    const text = lines!.join('\n');
    expect(text).toContain('Allergen matrix — Dinner');
    expect(text).toContain('Trattoria Verde');
    expect([`Printed on ${before}`, `Printed on ${after}`].some((printed) => text.includes(printed))).toBe(
      true,
    );
    // The legend names every mark in words.
    for (const words of ['Contains', 'May contain', 'Free', 'Not declared']) expect(text).toContain(words);
    // The column headers are the allergens' short names.
    for (const name of ['Gluten', 'Tree nuts', 'Sulphites', 'Molluscs']) expect(text).toContain(name);
    // The undeclared focaccia: "?" in all 14 cells and no change kept.
    const focaccia = lines!.find((line) => line.startsWith('Focaccia'))!;
    expect(focaccia.match(/\?/g)).toHaveLength(14);
    expect(focaccia).toContain('No change kept');
    // The water, declared free: "–" in all 14 cells.
    const water = lines!.find((line) => line.startsWith('Still water'))!;
    expect(water.match(/–/g)).toHaveLength(14);
    // The trofie: 6 allergens marked (4 contained, 2 "may contain", drawn as ● and ◐) leave 8 free.
    const trofie = lines!.find((line) => line.startsWith('Trofie al pesto'))!;
    expect(trofie.match(/–/g)).toHaveLength(8);
    expect(trofie).toMatch(/·/);
    expect(text).toContain('Pasta');
    expect(text).toContain('Page 1 of 1');
  });

  it('needs the menu flag, lets a location print its parent’s menu, and answers 404 for another restaurant’s', async () => {
    const { owner, menu } = await kitchen();
    const cook = await memberWithToken(t, owner.restaurant.id, { dish: true });
    expect((await raw(cook.token, `/api/menus/${menu._id}/allergen-matrix.pdf`)).statusCode).toBe(403);
    const manager = await memberWithToken(t, owner.restaurant.id, { menu: true });
    expect((await raw(manager.token, `/api/menus/${menu._id}/allergen-matrix.pdf`)).statusCode).toBe(200);

    const location = await locationOwnerWithToken(t, owner.restaurant.id);
    const inherited = await raw(location.token, `/api/menus/${menu._id}/allergen-matrix.pdf`);
    expect(inherited.statusCode).toBe(200);
    const [lines] = await pdfLines(inherited.rawPayload);
    expect(lines!.some((line) => line.startsWith('Trofie al pesto'))).toBe(true);

    const stranger = await ownerWithToken(t);
    expect((await raw(stranger.token, `/api/menus/${menu._id}/allergen-matrix.pdf`)).statusCode).toBe(404);
    expect((await raw(stranger.token, `/api/menus/${menu._id}/allergen-matrix`)).statusCode).toBe(404);
  });
});

async function upload(area: 'ingredients' | 'dishes', token: string, content: string) {
  const form = new FormData();
  form.append('csv', new Blob([content]), `${area}.csv`);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${area}/upload-csv`,
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message as CsvResult;
}

describe('CSV allergen columns (issue 23 §7)', () => {
  it('round-trips: exported from one restaurant and imported into a fresh one, the declarations are the same', async () => {
    const { token, trofie } = await kitchen();
    await ok<Dish>(token, 'PUT', `/api/dishes/${trofie._id}`, {
      description: '<p>Short pasta, pesto &amp; beans</p><p>=SUM(A1)</p>',
    });
    const ingredientsFile = await raw(token, '/api/ingredients/export.csv');
    expect(ingredientsFile.statusCode).toBe(200);
    expect(ingredientsFile.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(ingredientsFile.headers['content-disposition']).toBe('attachment; filename="ingredients.csv"');
    expect(ingredientsFile.body.split('\r\n')[0]).toBe('name,parent,contains,mayContain');
    expect(ingredientsFile.body).toContain('Pesto,,Milk|Nuts,Peanuts');
    const dishesFile = await raw(token, '/api/dishes/export.csv');
    expect(dishesFile.statusCode).toBe(200);
    expect(dishesFile.body.split('\r\n')[0]).toBe(
      'name,price,description,calories,alcoholPercentage,available,category,ingredients,contains,mayContain,declared,portion',
    );

    const fresh = await ownerWithToken(t);
    const ingredientsResult = await upload('ingredients', fresh.token, ingredientsFile.body);
    expect(ingredientsResult.validationError).toEqual([]);
    const dishesResult = await upload('dishes', fresh.token, dishesFile.body);
    expect(dishesResult.validationError).toEqual([]);

    const pick = (list: Dish[]) =>
      Object.fromEntries(
        list.map((dish) => [
          dish.name,
          {
            allergens: dish.allergens,
            own: dish.ownAllergens,
            portion: dish.portion,
            description: dish.description,
            ingredients: dish.ingredients.map((item) => item.ingredient.name),
          },
        ]),
      );
    const original = pick(await ok<Dish[]>(token, 'GET', '/api/dishes'));
    const copied = pick(await ok<Dish[]>(fresh.token, 'GET', '/api/dishes'));
    expect(copied).toEqual(original);
    expect(copied['Trofie al pesto']!.allergens).toEqual({
      contains: ['gluten', 'soybeans', 'milk', 'nuts'],
      mayContain: ['peanuts', 'sesame'],
      declared: true,
    });
    const ingredientsOf = async (who: string) =>
      Object.fromEntries(
        (await ok<Ingredient[]>(who, 'GET', '/api/ingredients')).map((item) => [
          item.name,
          [item.allergens, item.inheritedAllergens],
        ]),
      );
    expect(await ingredientsOf(fresh.token)).toEqual(await ingredientsOf(token));
  });

  it('reads keys and names by any of the headers, separated by ; or |, and names an unknown word in the row’s problem', async () => {
    const { token } = await ownerWithToken(t);
    const ingredientsResult = await upload(
      'ingredients',
      token,
      'name,allergens,may contain\nTahini,sesame,peanuts | Tree nuts\nMayo,Egg; mustard,\nMystery,milk;unicorn,\n',
    );
    expect(ingredientsResult.validationError).toEqual([
      {
        row: 4,
        message:
          'Contains: "unicorn" is not one of the 14 allergens (use a key such as milk or a name such as Milk).',
      },
    ]);
    const list = await ok<Ingredient[]>(token, 'GET', '/api/ingredients');
    expect(list.map((item) => [item.name, item.allergens])).toEqual([
      ['Tahini', { contains: ['sesame'], mayContain: ['peanuts', 'nuts'] }],
      ['Mayo', { contains: ['eggs', 'mustard'], mayContain: [] }],
    ]);

    const dishesResult = await upload(
      'dishes',
      token,
      'name,price,ingredients,contains,mayContain,declared,portion\nHummus plate,9,Tahini,Dairy,,yes,250 g\nFries,4,,,Gluten,no,\nSoup,5,,,,perhaps,\n',
    );
    expect(dishesResult.validationError).toEqual([
      { row: 4, message: 'Declared must be true, false, yes, no, 1 or 0' },
    ]);
    const dishes = await ok<Dish[]>(token, 'GET', '/api/dishes');
    const byName = Object.fromEntries(dishes.map((dish) => [dish.name, dish]));
    expect(byName['Hummus plate']).toMatchObject({
      allergens: { contains: ['milk', 'sesame'], mayContain: ['peanuts', 'nuts'], declared: true },
      portion: '250 g',
    });
    expect(byName.Fries!.allergens).toEqual({ contains: [], mayContain: ['gluten'], declared: false });
    // The import's declarations are kept like a form's.
    const history = await ok<DeclarationChangeEntry[]>(
      token,
      'GET',
      `/api/dishes/${byName['Hummus plate']!._id}/declaration-history`,
    );
    expect(history.map((change) => change.field).sort()).toEqual(['allergens', 'portion']);
  });

  it('exports only the caller’s own records, to holders of the flag', async () => {
    const { owner, token } = await kitchen();
    const location = await locationOwnerWithToken(t, owner.restaurant.id);
    const inherited = await raw(location.token, '/api/dishes/export.csv');
    expect(inherited.statusCode).toBe(200);
    expect(inherited.body.trim().split('\r\n')).toHaveLength(1);
    const cook = await memberWithToken(t, owner.restaurant.id, { dish: true });
    expect((await raw(cook.token, '/api/dishes/export.csv')).statusCode).toBe(200);
    expect((await raw(cook.token, '/api/ingredients/export.csv')).statusCode).toBe(403);
    void token;
  });
});
