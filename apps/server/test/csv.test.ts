import { type CsvResult, messages } from '@carte/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  categoryDishes,
  dishes,
  dishIngredients,
  ingredients,
  menuCategories,
  menus,
} from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createLocationOwner, createMember, createOwner, tokenFor } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;
type Area = 'ingredients' | 'categories' | 'dishes';

/** Sends a file the way the upload dialog does: multipart, field `csv` (doc 1 §7). */
async function upload(
  area: Area,
  token: string | null,
  content: string | Buffer | null,
  options: { filename?: string; fields?: Record<string, string> } = {},
) {
  const form = new FormData();
  if (content !== null)
    form.append(
      'csv',
      new Blob([typeof content === 'string' ? content : new Uint8Array(content)]),
      options.filename ?? `${area}.csv`,
    );
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${area}/upload-csv`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: form,
  });
  return {
    status: response.statusCode,
    body: response.json() as { statusCode: number; confirmation: string; message: CsvResult & string },
  };
}

async function owner() {
  const created = await createOwner(t);
  return { ...created, token: await tokenFor(t, created.user.username) };
}

const addIngredient = async (restaurantId: string, name: string, position: number, parentId?: string) => {
  const [row] = await db()
    .insert(ingredients)
    .values({ restaurantId, name, position, parentId: parentId ?? null })
    .returning();
  return row!;
};
const addDish = async (restaurantId: string, name: string, position = 0) => {
  const [row] = await db().insert(dishes).values({ restaurantId, name, price: 5, position }).returning();
  return row!;
};
const addCategory = async (restaurantId: string, name: string, position = 0) => {
  const [row] = await db().insert(categories).values({ restaurantId, name, position }).returning();
  return row!;
};
const addMenu = async (restaurantId: string, name: string) => {
  const [row] = await db().insert(menus).values({ restaurantId, name }).returning();
  return row!;
};
const ingredientsOf = (restaurantId: string) =>
  db()
    .select()
    .from(ingredients)
    .where(eq(ingredients.restaurantId, restaurantId))
    .orderBy(asc(ingredients.position));
const categoriesOf = (restaurantId: string) =>
  db()
    .select()
    .from(categories)
    .where(eq(categories.restaurantId, restaurantId))
    .orderBy(asc(categories.position));
const dishesOf = (restaurantId: string) =>
  db().select().from(dishes).where(eq(dishes.restaurantId, restaurantId)).orderBy(asc(dishes.position));
const dishIdsOf = async (categoryId: string) =>
  (
    await db()
      .select()
      .from(categoryDishes)
      .where(eq(categoryDishes.categoryId, categoryId))
      .orderBy(asc(categoryDishes.position))
  ).map((row) => row.dishId);

describe('POST /api/ingredients/upload-csv', () => {
  it('imports name[,parent]: BOM, CRLF, quotes, blank lines, parents in the file, existing and repeated names', async () => {
    const me = await owner();
    const stranger = await owner();
    await addIngredient(stranger.restaurant.id, 'Garlic', 0);
    await addIngredient(me.restaurant.id, 'Tomato', 0);
    const herbs = await addIngredient(me.restaurant.id, 'Herbs', 1);
    await addIngredient(me.restaurant.id, 'Onion', 2, herbs.id);

    const csv = [
      '\uFEFFName,Parent', // 1 — header names in any case, after a byte-order mark
      'Cheese,', // 2
      '', // 3 — blank
      'Cheddar,cheese', // 4 — parent earlier in the file, another case
      '"Peppers, roasted",Vegetables', // 5 — parent later in the file
      'Vegetables,', // 6
      '"Chef\'s ""secret"" sauce",', // 7
      'tomato,', // 8 — exists already
      'Cheese,', // 9 — repeated
      ',Cheese', // 10 — no name
      'Blue cheese,Dairy', // 11 — unknown parent
      'Smoked cheddar,Cheddar', // 12 — a child cannot be a parent
      'Basil,basil', // 13 — its own parent
      'Oregano,Herbs', // 14 — an existing parent
      'Thyme,Onion', // 15 — an existing child
      'Garlic,', // 16 — exists only in another restaurant
      'Paprika,Garlic', // 17
    ].join('\r\n');
    const { status, body } = await upload('ingredients', me.token, csv);
    expect(status).toBe(200);
    expect(body.confirmation).toBe('Success');
    expect(body.message).toEqual({
      successMessage: '8 ingredient(s) uploaded successfully',
      existValidationError: ['tomato already exists, so will be ignored.'],
      duplicateErrors: ['Cheese is repeated in the file (rows 2, 9), so only row 2 is used.'],
      validationError: [
        { row: 10, message: messages.ingredientNameRequired },
        { row: 11, message: 'Parent ingredient Dairy does not exist.' },
        { row: 12, message: 'Cheddar is inside another ingredient, so it cannot be a parent.' },
        { row: 13, message: messages.csvOwnParent },
        { row: 15, message: 'Onion is inside another ingredient, so it cannot be a parent.' },
      ],
    });
    expect(body.message.successMessage).toBe(messages.csvUploaded(8));

    const rows = await ingredientsOf(me.restaurant.id);
    // New ingredients go to the end, in file order (doc 1 §4).
    expect(rows.map((row) => row.name)).toEqual([
      'Tomato',
      'Herbs',
      'Onion',
      'Cheese',
      'Cheddar',
      'Peppers, roasted',
      'Vegetables',
      'Chef\'s "secret" sauce',
      'Oregano',
      'Garlic',
      'Paprika',
    ]);
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('Cheddar')!.parentId).toBe(byName.get('Cheese')!.id);
    expect(byName.get('Peppers, roasted')!.parentId).toBe(byName.get('Vegetables')!.id);
    expect(byName.get('Oregano')!.parentId).toBe(herbs.id);
    expect(byName.get('Paprika')!.parentId).toBe(byName.get('Garlic')!.id);
    // The other restaurant's garlic is neither matched nor touched.
    expect((await ingredientsOf(stranger.restaurant.id)).map((row) => row.name)).toEqual(['Garlic']);
  });

  it('writes nothing when no row is valid', async () => {
    const me = await owner();
    const { status, body } = await upload('ingredients', me.token, 'name,parent\n,Herbs\nBasil,Nowhere\n');
    expect(status).toBe(200);
    expect(body.message.successMessage).toBe('0 ingredient(s) uploaded successfully');
    expect(body.message.validationError).toEqual([
      { row: 2, message: messages.ingredientNameRequired },
      { row: 3, message: 'Parent ingredient Nowhere does not exist.' },
    ]);
    expect(await ingredientsOf(me.restaurant.id)).toEqual([]);
  });

  it('reports a name longer than the form allows', async () => {
    const me = await owner();
    const { body } = await upload('ingredients', me.token, `name\n${'x'.repeat(101)}\n`);
    expect(body.message.validationError).toEqual([{ row: 2, message: messages.nameTooLong }]);
  });
});

describe('POST /api/categories/upload-csv', () => {
  it('imports name[,available][,dishes] with | lists of existing dishes; new categories go to the top', async () => {
    const me = await owner();
    const stranger = await owner();
    const tacos = await addDish(me.restaurant.id, 'Tacos al pastor', 0);
    const churros = await addDish(me.restaurant.id, 'Churros', 1);
    await addDish(stranger.restaurant.id, 'Secret Burger');
    await addCategory(stranger.restaurant.id, 'Mains');
    const drinks = await addCategory(me.restaurant.id, 'Drinks', 0);
    const menu = await addMenu(me.restaurant.id, 'Lunch');
    await db().insert(menuCategories).values({ menuId: menu.id, categoryId: drinks.id, position: 0 });

    const csv = [
      'NAME,Available,Dishes', // 1
      'Mains,yes,TACOS AL PASTOR | Churros', // 2
      '"Sweets, etc.",no,Churros', // 3
      'drinks,,', // 4 — exists
      'Specials,maybe,', // 5
      ',true,', // 6
      'Burgers,true,Secret Burger|Ghost', // 7 — another restaurant's dish is unknown here
      'Mains,no,', // 8 — repeated
      '', // 9
      'Sides', // 10 — short row: available defaults to true
    ].join('\n');
    const { status, body } = await upload('categories', me.token, csv, { fields: { menu: menu.id } });
    expect(status).toBe(200);
    expect(body.message).toEqual({
      successMessage: '3 categories uploaded successfully',
      existValidationError: ['drinks already exists, so will be ignored.'],
      duplicateErrors: ['Mains is repeated in the file (rows 2, 8), so only row 2 is used.'],
      validationError: [
        { row: 5, message: messages.csvAvailableInvalid },
        { row: 6, message: messages.categoryNameRequired },
        { row: 7, message: 'Dish Secret Burger does not exist.' },
        { row: 7, message: 'Dish Ghost does not exist.' },
      ],
    });

    const rows = await categoriesOf(me.restaurant.id);
    expect(rows.map((row) => [row.name, row.isAvailable])).toEqual([
      ['Mains', true],
      ['Sweets, etc.', false],
      ['Sides', true],
      ['Drinks', true],
    ]);
    expect(await dishIdsOf(rows[0]!.id)).toEqual([tacos.id, churros.id]);
    expect(await dishIdsOf(rows[1]!.id)).toEqual([churros.id]);
    // With `menu`, the new categories join the selected menu after its own.
    const joined = await db()
      .select()
      .from(menuCategories)
      .where(eq(menuCategories.menuId, menu.id))
      .orderBy(asc(menuCategories.position));
    expect(joined.map((row) => row.categoryId)).toEqual([drinks.id, rows[0]!.id, rows[1]!.id, rows[2]!.id]);
    expect((await categoriesOf(stranger.restaurant.id)).map((row) => row.name)).toEqual(['Mains']);
  });

  it("answers 404 for another restaurant's menu and changes nothing", async () => {
    const me = await owner();
    const stranger = await owner();
    const theirs = await addMenu(stranger.restaurant.id, 'Dinner');
    const { status, body } = await upload('categories', me.token, 'name\nMains\n', {
      fields: { menu: theirs.id },
    });
    expect(status).toBe(404);
    expect(body.message).toBe(messages.notFound);
    const malformed = await upload('categories', me.token, 'name\nMains\n', { fields: { menu: 'lunch' } });
    expect(malformed.status).toBe(404);
    expect(await categoriesOf(me.restaurant.id)).toEqual([]);
    expect(await db().select().from(menuCategories).where(eq(menuCategories.menuId, theirs.id))).toEqual([]);
  });

  it('writes nothing when no row is valid', async () => {
    const me = await owner();
    const { body } = await upload(
      'categories',
      me.token,
      'name,available,dishes\n,yes,\nX,perhaps,\nY,,Nothing\n',
    );
    expect(body.message.successMessage).toBe('0 categories uploaded successfully');
    expect(body.message.validationError.map((e) => e.row)).toEqual([2, 3, 4]);
    expect(await categoriesOf(me.restaurant.id)).toEqual([]);
  });
});

describe('POST /api/dishes/upload-csv', () => {
  const header = 'name,price,description,calories,alcoholPercentage,available,category,ingredients';

  it('imports dishes with the form rules, creating unknown ingredients and categories', async () => {
    const me = await owner();
    const stranger = await owner();
    const cilantro = await addIngredient(me.restaurant.id, 'Cilantro', 0);
    const churros = await addDish(me.restaurant.id, 'Churros', 0);
    const tacos = await addCategory(me.restaurant.id, 'Tacos', 0);
    await db().insert(categoryDishes).values({ categoryId: tacos.id, dishId: churros.id, position: 0 });
    await addIngredient(stranger.restaurant.id, 'Onion', 0);
    await addCategory(stranger.restaurant.id, 'Drinks');

    const csv = [
      header, // 1
      'Fish taco,4.50,"Crispy cod, cabbage & ""lime"" <b>crema</b>",320,,yes,Tacos,Cod|cilantro|Cabbage', // 2
      'Horchata,3,"Rice milk', // 3 — a line break inside quotes
      'with cinnamon",180,,no,Drinks|tacos,Rice| Cinnamon |', // 4
      'Michelada,7.25,Beer with lime,150,4.5 %,true,Drinks,Lime|Onion', // 5
      'churros,2,,,,,,', // 6 — exists
      '', // 7
      ',5,,,,,,', // 8
      'Bad price,"12,5x",,,,,,', // 9
      'Cold taco,3,,-5,,,,', // 10
      'Strong drink,8,,,120,,,', // 11
      'Fish taco,5,,,,,,', // 12 — repeated
      'Mystery,4,,abc,,,,New thing', // 13
      'Broken,abc,,,-1,sometimes,,', // 14
      ',,,,,,,', // 15 — an empty spreadsheet row is a blank line
    ].join('\n');
    const { status, body } = await upload('dishes', me.token, csv);
    expect(status).toBe(200);
    expect(body.message).toEqual({
      successMessage: '3 dishes uploaded successfully (6 new ingredients, 1 new category)',
      existValidationError: ['churros already exists, so will be ignored.'],
      duplicateErrors: ['Fish taco is repeated in the file (rows 2, 12), so only row 2 is used.'],
      validationError: [
        { row: 8, message: 'Dish name cannot be empty' },
        { row: 9, message: 'Price is not valid' },
        { row: 10, message: 'Calories can not be a negative number!' },
        { row: 11, message: 'Alcohol Percentage can not be greater than 100!' },
        { row: 13, message: messages.csvCaloriesInvalid },
        { row: 14, message: 'Price is not valid' },
        { row: 14, message: 'Alcohol Percentage can not be a negative number!' },
        { row: 14, message: messages.csvAvailableInvalid },
      ],
    });

    const rows = await dishesOf(me.restaurant.id);
    // New dishes go to the top, in file order (doc 1 §4).
    expect(rows.map((row) => row.name)).toEqual(['Fish taco', 'Horchata', 'Michelada', 'Churros']);
    const [fish, horchata, michelada] = rows;
    expect(fish).toMatchObject({
      price: 4.5,
      calories: 320,
      alcoholPercentage: null,
      isAvailable: true,
      // Plain text from the file, escaped into the rich-text description.
      description: '<p>Crispy cod, cabbage &amp; &quot;lime&quot; &lt;b&gt;crema&lt;/b&gt;</p>',
    });
    expect(horchata).toMatchObject({
      price: 3,
      isAvailable: false,
      description: '<p>Rice milk<br>with cinnamon</p>',
    });
    expect(michelada).toMatchObject({ price: 7.25, alcoholPercentage: 4.5, calories: 150 });

    // Unknown ingredients are created at the end (decisions §4); known ones are reused.
    const ingredientRows = await ingredientsOf(me.restaurant.id);
    expect(ingredientRows.map((row) => row.name)).toEqual([
      'Cilantro',
      'Cod',
      'Cabbage',
      'Rice',
      'Cinnamon',
      'Lime',
      'Onion',
    ]);
    const ingredientId = new Map(ingredientRows.map((row) => [row.name, row.id]));
    const uses = await db()
      .select()
      .from(dishIngredients)
      .where(eq(dishIngredients.dishId, fish!.id))
      .orderBy(asc(dishIngredients.position));
    expect(uses.map((use) => use.ingredientId)).toEqual([
      ingredientId.get('Cod'),
      cilantro.id,
      ingredientId.get('Cabbage'),
    ]);

    // "Drinks" is created at the top of the owner's list; the dishes join the end of each category,
    // in file order (issue 22: the order a diner reads).
    const categoryRows = await categoriesOf(me.restaurant.id);
    expect(categoryRows.map((row) => row.name)).toEqual(['Drinks', 'Tacos']);
    expect(await dishIdsOf(categoryRows[0]!.id)).toEqual([horchata!.id, michelada!.id]);
    expect(await dishIdsOf(tacos.id)).toEqual([churros.id, fish!.id, horchata!.id]);

    // The workshop's own API reads the imported records back in the contract's shapes.
    const listed = await t.call<{ name: string; categories: string[] }[]>({
      method: 'GET',
      url: '/api/dishes',
      token: me.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.message.map((dish) => dish.name)).toEqual([
      'Fish taco',
      'Horchata',
      'Michelada',
      'Churros',
    ]);
    for (const url of ['/api/categories', '/api/ingredients']) {
      expect((await t.call({ method: 'GET', url, token: me.token })).status).toBe(200);
    }

    // The other restaurant's onion and drinks are neither matched nor touched.
    expect((await ingredientsOf(stranger.restaurant.id)).map((row) => row.name)).toEqual(['Onion']);
    expect((await categoriesOf(stranger.restaurant.id)).map((row) => row.name)).toEqual(['Drinks']);
    expect(await dishesOf(stranger.restaurant.id)).toEqual([]);
  });

  it('writes nothing — not even new ingredients — when no row is valid', async () => {
    const me = await owner();
    const csv = `${header}\n,4,,,,,Brand new,Saffron\nPaella,"12,5x",,,,,Brand new,Saffron\nTea,2,,-1,,,,Leaves\n`;
    const { body } = await upload('dishes', me.token, csv);
    expect(body.message.successMessage).toBe('0 dishes uploaded successfully');
    expect(body.message.validationError).toEqual([
      { row: 2, message: messages.dishNameRequired },
      { row: 3, message: messages.priceInvalid },
      { row: 4, message: messages.caloriesNegative },
    ]);
    expect(await dishesOf(me.restaurant.id)).toEqual([]);
    expect(await ingredientsOf(me.restaurant.id)).toEqual([]);
    expect(await categoriesOf(me.restaurant.id)).toEqual([]);
  });

  it('needs the name and price columns, and reads only UTF-8 files it can parse', async () => {
    const me = await owner();
    const noPrice = await upload('dishes', me.token, 'name,description\nSoup,Hot\n');
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.message).toBe(messages.csvMissingColumn('price'));

    const unclosed = await upload('dishes', me.token, 'name,price\n"Soup,4\nStew,5\n');
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.message).toMatch(/^The csv file could not be read/);

    const latin1 = await upload('dishes', me.token, Buffer.from('name,price\nCr\xe8me,4\n', 'latin1'));
    expect(latin1.status).toBe(400);
    expect(latin1.body.message).toBe(messages.csvNotUtf8);

    const empty = await upload('dishes', me.token, '');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(messages.csvEmpty);

    const utf8 = await upload('dishes', me.token, 'name,price\nCrème brûlée,6\n12" Pizza,10\n', {
      filename: 'MENU.CSV',
    });
    expect(utf8.status).toBe(200);
    // A quote inside an unquoted cell is kept as written.
    expect((await dishesOf(me.restaurant.id)).map((row) => row.name)).toEqual(['Crème brûlée', '12" Pizza']);
  });
});

describe('large and adversarial files (issue 8: one upload must not freeze every tenant)', () => {
  /** `count` names `prefix0|prefix1|…`. */
  const list = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}${i}`).join('|');

  it('a list of more than 200 names answers one message for its row; 200 are imported', async () => {
    const me = await owner();
    await addDish(me.restaurant.id, 'Soup');
    // The issue's file: one row naming 30,000 unknown dishes (199 KB) stalled the server for 10 s.
    const huge = list('Unknown dish ', 30_000);
    const categoriesCsv = `name,dishes\nBig,"${huge}"\nSmall,Soup\nRepeats,${'Soup|'.repeat(201)}\n`;
    const categoriesAnswer = await upload('categories', me.token, categoriesCsv);
    expect(categoriesAnswer.status).toBe(200);
    expect(categoriesAnswer.body.message).toEqual({
      successMessage: '1 category uploaded successfully',
      existValidationError: [],
      duplicateErrors: [],
      validationError: [
        { row: 2, message: messages.csvTooManyNames('dishes', 200) },
        // Names are counted as written, repeats too.
        { row: 4, message: messages.csvTooManyNames('dishes', 200) },
      ],
    });
    expect((await categoriesOf(me.restaurant.id)).map((row) => row.name)).toEqual(['Small']);

    const dishesCsv = [
      'name,price,category,ingredients',
      `Too many ingredients,5,,${list('i', 201)}`,
      `Too many categories,5,${list('c', 201)},`,
      `Full plate,5,Mains,${list('Ingredient ', 200)}`,
    ].join('\n');
    const dishesAnswer = await upload('dishes', me.token, dishesCsv);
    expect(dishesAnswer.body.message).toEqual({
      successMessage: '1 dish uploaded successfully (200 new ingredients, 1 new category)',
      existValidationError: [],
      duplicateErrors: [],
      validationError: [
        { row: 2, message: messages.csvTooManyNames('ingredients', 200) },
        { row: 3, message: messages.csvTooManyNames('category', 200) },
      ],
    });
    const [plate] = (await dishesOf(me.restaurant.id)).filter((dish) => dish.name === 'Full plate');
    const uses = await db()
      .select()
      .from(dishIngredients)
      .where(eq(dishIngredients.dishId, plate!.id))
      .orderBy(asc(dishIngredients.position));
    expect(uses).toHaveLength(200);
    const names = new Map((await ingredientsOf(me.restaurant.id)).map((row) => [row.id, row.name]));
    expect(uses.map((use) => names.get(use.ingredientId))).toEqual(list('Ingredient ', 200).split('|'));
  });

  it('lists the first 100 problems, existing and repeated names, and says how many more there are', async () => {
    const me = await owner();
    await db()
      .insert(categories)
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          restaurantId: me.restaurant.id,
          name: `Old ${i}`,
          position: i,
        })),
      );
    const lines = ['name,available,dishes'];
    for (let i = 0; i < 150; i++) lines.push(`Old ${i},yes,`); // rows 2–151: exist already
    for (let i = 0; i < 120; i++) lines.push(`Twice ${i},yes,`, `twice ${i},no,`); // rows 152–391: repeated
    for (let i = 0; i < 250; i++) lines.push(`Bad ${i},maybe,`); // rows 392–641: one problem each
    lines.push('Last,yes,Ghost|Phantom'); // row 642: two problems
    const { status, body } = await upload('categories', me.token, lines.join('\n'));
    expect(status).toBe(200);
    const answer = body.message;
    expect(answer.successMessage).toBe('120 categories uploaded successfully');

    expect(answer.existValidationError).toHaveLength(101);
    expect(answer.existValidationError[0]).toBe(messages.csvIgnored('Old 0'));
    expect(answer.existValidationError[99]).toBe(messages.csvIgnored('Old 99'));
    expect(answer.existValidationError[100]).toBe(messages.csvMoreExisting(50));

    expect(answer.duplicateErrors).toHaveLength(101);
    expect(answer.duplicateErrors[0]).toBe(messages.csvRepeated('Twice 0', [152, 153]));
    expect(answer.duplicateErrors[100]).toBe(messages.csvMoreRepeated(20));

    // 252 problems: the first 100 by row, then one entry for the rest, on the first row left out.
    expect(answer.validationError).toHaveLength(101);
    expect(answer.validationError.slice(0, 100)).toEqual(
      Array.from({ length: 100 }, (_, i) => ({ row: 392 + i, message: messages.csvAvailableInvalid })),
    );
    expect(answer.validationError[100]).toEqual({ row: 492, message: messages.csvMoreProblems(152) });
  });

  it('names at most ten rows of a name repeated on many', async () => {
    const me = await owner();
    const csv = `name\n${Array.from({ length: 500 }, () => 'Salt').join('\n')}\n`;
    const { body } = await upload('ingredients', me.token, csv);
    expect(body.message.successMessage).toBe(messages.csvUploaded(1));
    expect(body.message.duplicateErrors).toEqual([
      'Salt is repeated in the file (rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 490 more), so only row 2 is used.',
    ]);
  });

  it('answers a file of 10,000 rows with problems in full, and refuses one row more or a row over 1 MB', async () => {
    const me = await owner();
    await addDish(me.restaurant.id, 'Soup');
    // Every other row is valid; the others name 60 unknown dishes each (a 5 MB file).
    const lines = ['name,dishes'];
    for (let i = 0; i < 10_000; i++) {
      lines.push(i % 2 === 0 ? `Category ${i},Soup` : `Category ${i},${list(`Ghost ${i}-`, 60)}`);
    }
    const { status, body } = await upload('categories', me.token, lines.join('\n'));
    expect(status).toBe(200);
    expect(body.message.successMessage).toBe('5000 categories uploaded successfully');
    // 300,000 problems: rows 3 and 5 fill the first hundred, in the order of their lists.
    expect(body.message.validationError).toHaveLength(101);
    expect(body.message.validationError.slice(0, 100)).toEqual([
      ...Array.from({ length: 60 }, (_, i) => ({ row: 3, message: messages.csvUnknownDish(`Ghost 1-${i}`) })),
      ...Array.from({ length: 40 }, (_, i) => ({ row: 5, message: messages.csvUnknownDish(`Ghost 3-${i}`) })),
    ]);
    expect(body.message.validationError[100]).toEqual({
      row: 5,
      message: messages.csvMoreProblems(5000 * 60 - 100),
    });
    expect(await categoriesOf(me.restaurant.id)).toHaveLength(5000);

    const tooMany = await upload(
      'ingredients',
      me.token,
      `name\n${list('Row ', 10_001).replaceAll('|', '\n')}\n`,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(messages.csvTooManyRows(10_000));

    const longRow = await upload(
      'categories',
      me.token,
      `name,dishes\nSmall,Soup\nBig,"${'x|'.repeat(600_000)}"\n`,
    );
    expect(longRow.status).toBe(400);
    expect(longRow.body.message).toBe(messages.csvRowTooLong(3));
    expect(await categoriesOf(me.restaurant.id)).toHaveLength(5000);
  });

  it('refuses a row of more than 1,000 cells and more than 10,000 rows of empty cells', async () => {
    const me = await owner();
    // Rows of empty cells are skipped like blank lines, and rows of any length are read (csv-parse
    // once spent 40 µs on each row whose length differed from the header's).
    const fine = `name\n${',\n'.repeat(10_000)}Mains,,,,,,,,\nSides\n`;
    const read = await upload('categories', me.token, fine);
    expect(read.status).toBe(200);
    expect(read.body.message.successMessage).toBe('2 categories uploaded successfully');

    const wide = await upload('categories', me.token, `name\nA${','.repeat(1000)}\n`);
    expect(wide.status).toBe(400);
    expect(wide.body.message).toBe(messages.csvTooManyColumns(1000));
    // Ten million empty cells in one row: stopped at the first slice past a thousand.
    const wider = await upload('categories', me.token, `name\nA${','.repeat(9_000_000)}\n`);
    expect(wider.body.message).toBe(messages.csvTooManyColumns(1000));

    const blank = await upload('categories', me.token, `name\n${',\n'.repeat(10_001)}Soups\n`);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(messages.csvTooManyRows(10_000));
    expect((await categoriesOf(me.restaurant.id)).map((row) => row.name)).toEqual(['Mains', 'Sides']);
  });

  it('answers long cells at once: a % sign after 400,000 spaces is read without backtracking', async () => {
    const me = await owner();
    // The old trailing-% pattern took 18 s on 80,000 spaces (quadratic backtracking).
    const csv = `name,price,alcoholPercentage\nSpritz,6,"1${' '.repeat(400_000)}x"\nBeer,4,5 %\n`;
    const { status, body } = await upload('dishes', me.token, csv);
    expect(status).toBe(200);
    expect(body.message.validationError).toEqual([{ row: 2, message: messages.csvAlcoholInvalid }]);
    expect((await dishesOf(me.restaurant.id)).map((dish) => [dish.name, dish.alcoholPercentage])).toEqual([
      ['Beer', 5],
    ]);
  });

  it('reads a file in slices without splitting a line ending or a character at the seams', async () => {
    const me = await owner();
    // The parser reads 4 KB at a time: a \r\n across the seam at 32 KB, a two-byte è across the one at 64 KB.
    const header = 'name,price,notes\r\n';
    const filler = (name: string, bytes: number) => `${name},1,${'f'.repeat(bytes - name.length - 5)}\r\n`;
    const first = filler('A', 32 * 1024 + 1 - header.length);
    const second = filler('B', 64 * 1024 - 1 - 2 - 32 * 1024 - 1);
    const bytes = Buffer.from(`${header}${first}${second}Crème,5\r\nBad,x\r\n`);
    expect(bytes.subarray(32 * 1024 - 1, 32 * 1024 + 1).toString()).toBe('\r\n');
    expect(bytes.subarray(64 * 1024 - 1, 64 * 1024 + 1).toString()).toBe('è');
    const { status, body } = await upload('dishes', me.token, bytes);
    expect(status).toBe(200);
    expect(body.message.validationError).toEqual([{ row: 5, message: messages.priceInvalid }]);
    expect((await dishesOf(me.restaurant.id)).map((dish) => dish.name)).toEqual(['A', 'B', 'Crème']);
  });
});

describe('the uploaded file', () => {
  it.each<Area>(['ingredients', 'categories', 'dishes'])(
    '%s: answers "Please select a csv file" without a file and "Please select a valid csv file" for another name',
    async (area) => {
      const me = await owner();
      const none = await upload(area, me.token, null, { fields: { note: 'no file' } });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe(messages.csvRequired);

      const json = await t.call({
        method: 'POST',
        url: `/api/${area}/upload-csv`,
        payload: {},
        token: me.token,
      });
      expect(json.status).toBe(400);
      expect(json.body.message).toBe(messages.csvRequired);

      const wrong = await upload(area, me.token, 'name,price\nSoup,4\n', { filename: `${area}.txt` });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(messages.csvInvalid);
    },
  );

  it.each<Area>(['ingredients', 'categories', 'dishes'])('%s: a stranger gets 401', async (area) => {
    const { status } = await upload(area, null, 'name,price\nSoup,4\n');
    expect(status).toBe(401);
  });
});

describe('permissions (doc 1 §6)', () => {
  it.each([
    ['ingredients', 'ingredient'],
    ['categories', 'category'],
    ['dishes', 'dish'],
  ] as const)('%s: a member without the %s flag gets 403, one with it succeeds', async (area, flag) => {
    const me = await owner();
    const others = { menu: true, category: true, dish: true, ingredient: true, restaurant: true };
    const without = await createMember(t, me.restaurant.id, { ...others, [flag]: false });
    const withFlag = await createMember(t, me.restaurant.id, { [flag]: true });
    const csv = 'name,price\nSoup,4\n';

    const denied = await upload(area, await tokenFor(t, without.user.username), csv);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(messages.permissionDenied);

    const allowed = await upload(area, await tokenFor(t, withFlag.user.username), csv);
    expect(allowed.status).toBe(200);
    expect(allowed.body.message.validationError).toEqual([]);
  });

  it('a member with the dish flag only may use existing categories but not create new ones', async () => {
    const me = await owner();
    const mains = await addCategory(me.restaurant.id, 'Mains');
    const member = await createMember(t, me.restaurant.id, { dish: true });
    const csv = 'name,price,category,ingredients\nStew,9,mains,Beef\nBrunch plate,11,Brunch,Eggs\n';
    const { body } = await upload('dishes', await tokenFor(t, member.user.username), csv);
    expect(body.message.successMessage).toBe('1 dish uploaded successfully (1 new ingredient)');
    expect(body.message.validationError).toEqual([{ row: 3, message: 'Category Brunch does not exist.' }]);
    expect((await categoriesOf(me.restaurant.id)).map((row) => row.name)).toEqual(['Mains']);
    expect(await dishIdsOf(mains.id)).toHaveLength(1);
  });
});

describe('a location and its parent (decisions §4, fromParent)', () => {
  it("sees the parent's names as existing, may use its ingredients, and never writes to the parent", async () => {
    const parent = await owner();
    const salt = await addIngredient(parent.restaurant.id, 'Salt', 0);
    const mains = await addCategory(parent.restaurant.id, 'Mains');
    const soup = await addDish(parent.restaurant.id, 'Soup');
    await db().insert(categoryDishes).values({ categoryId: mains.id, dishId: soup.id, position: 0 });
    const parentMenu = await addMenu(parent.restaurant.id, 'Lunch');
    const location = await createLocationOwner(t, parent.restaurant.id);
    const token = await tokenFor(t, location.user.username);

    const ing = await upload('ingredients', token, 'name,parent\nsalt,\nSea salt,Salt\n');
    expect(ing.body.message.existValidationError).toEqual(['salt already exists, so will be ignored.']);
    expect(ing.body.message.successMessage).toBe('1 ingredient(s) uploaded successfully');
    const [seaSalt] = await ingredientsOf(location.restaurant.id);
    expect(seaSalt).toMatchObject({ name: 'Sea salt', parentId: salt.id });

    const dish = await upload(
      'dishes',
      token,
      'name,price,category,ingredients\nsoup,3,,\nStew,9,Mains,\nBroth,4,,Salt|Pepper\n',
    );
    expect(dish.body.message).toMatchObject({
      successMessage: '1 dish uploaded successfully (1 new ingredient)',
      existValidationError: ['soup already exists, so will be ignored.'],
      validationError: [{ row: 3, message: messages.csvCategoryReadOnly('Mains') }],
    });
    const [broth] = await dishesOf(location.restaurant.id);
    const uses = await db().select().from(dishIngredients).where(eq(dishIngredients.dishId, broth!.id));
    expect(uses.map((use) => use.ingredientId)).toContain(salt.id);

    const readOnly = await upload('categories', token, 'name,dishes\nStarters,Soup\n', {
      fields: { menu: parentMenu.id },
    });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.message).toBe(messages.readOnlyFromParent);

    const cat = await upload('categories', token, 'name,dishes\nStarters,Soup|Broth\n');
    expect(cat.body.message.successMessage).toBe('1 category uploaded successfully');
    const [starters] = await categoriesOf(location.restaurant.id);
    expect(await dishIdsOf(starters!.id)).toEqual([soup.id, broth!.id]);

    // The parent's records are as they were.
    expect((await ingredientsOf(parent.restaurant.id)).map((row) => row.name)).toEqual(['Salt']);
    expect((await categoriesOf(parent.restaurant.id)).map((row) => row.name)).toEqual(['Mains']);
    expect((await dishesOf(parent.restaurant.id)).map((row) => row.name)).toEqual(['Soup']);
    expect(await dishIdsOf(mains.id)).toEqual([soup.id]);
    expect(await db().select().from(menuCategories).where(eq(menuCategories.menuId, parentMenu.id))).toEqual(
      [],
    );
  });
});

describe('/api/docs', () => {
  it('describes the upload routes and the templates', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const area of ['ingredients', 'categories', 'dishes']) {
      expect(paths).toContain(`/api/${area}/upload-csv`);
      expect(paths).toContain(`/templates/${area}.csv`);
    }
  });
});

describe('GET /templates/{name}.csv', () => {
  it('serves the three templates, which import cleanly as they are', async () => {
    const me = await owner();
    const expected = { ingredients: 3, categories: 3, dishes: 3 };
    for (const area of ['ingredients', 'categories', 'dishes'] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/templates/${area}.csv` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${area}-template.csv"`);
      const lines = response.body.trim().split('\n');
      expect(lines.length).toBe(expected[area] + 1);

      const { status, body } = await upload(area, me.token, response.rawPayload, {
        filename: `${area}-template.csv`,
      });
      expect(status).toBe(200);
      expect(body.message.validationError).toEqual([]);
      expect(body.message.duplicateErrors).toEqual([]);
      expect(body.message.existValidationError).toEqual([]);
      expect(body.message.successMessage).toMatch(new RegExp(`^${expected[area]} `));
    }
    const names = (await dishesOf(me.restaurant.id)).map((row) => row.name);
    expect(names).toEqual(['Margherita Pizza', 'Caesar Salad', 'Craft IPA']);
    const pizza = await db()
      .select({ name: ingredients.name })
      .from(dishIngredients)
      .innerJoin(ingredients, eq(ingredients.id, dishIngredients.ingredientId))
      .where(
        and(
          eq(dishIngredients.dishId, (await dishesOf(me.restaurant.id))[0]!.id),
          inArray(ingredients.name, ['Mozzarella']),
        ),
      );
    // The dishes template reuses the ingredients template's mozzarella.
    expect(pizza).toEqual([{ name: 'Mozzarella' }]);
  });

  it('answers 404 for any other template', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/templates/menus.csv' });
    expect(response.statusCode).toBe(404);
  });
});
