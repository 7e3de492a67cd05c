import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ownerSession } from './scene.ts';
import {
  csvFile,
  expectFail,
  expectSuccess,
  multipart,
  picture,
  type SpecClient,
  startSpecClient,
} from './spec-client.ts';
import { category, csvResult, dish, ingredient } from './spec-shapes.ts';

/**
 * Dishes as the specification's client calls them (doc 1 §7): createDish (multipart: dish fields,
 * isAvailable, category, image, ingredients as JSON), findDishById, updateDish (path id),
 * deleteDish {ids}, loadDishes, uploadDishCSV; a dish's ingredients are "objects each holding an
 * ingredient reference" (doc 1 §3); the image is a path the page can show.
 */

let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient();
});
afterAll(async () => {
  await api?.close();
});

async function createIngredients(token: string, names: string[]) {
  const answer = expectSuccess(
    await api.send('POST', '/ingredients', { token, json: { ingredients: names } }),
    z.object({ insertedIngredients: z.array(ingredient) }),
  );
  return answer.insertedIngredients;
}

const ingredientIds = (value: z.infer<typeof dish>) =>
  value.ingredients.map((entry) =>
    typeof entry.ingredient === 'string' ? entry.ingredient : entry.ingredient._id,
  );

/** Variants beside the picture (decisions: `imageVariants: {thumb, card, full}`). */
const variants = z.object({ thumb: z.string(), card: z.string(), full: z.string() });

describe('dishes (doc 1 §7)', () => {
  it('createDish as multipart with its image and ingredients as JSON objects {ingredient}', async () => {
    const { token } = await ownerSession(api);
    const [tomato, basil] = await createIngredients(token, ['Tomato', 'Basil']);
    const pizzas = expectSuccess(
      await api.send('POST', '/categories', { token, json: { name: 'Pizzas' } }),
      category,
    );
    const created = expectSuccess(
      await api.send('POST', '/dishes', {
        token,
        form: multipart(
          {
            name: 'Margherita',
            description: '<p>Tomato &amp; basil</p>',
            price: '11.50',
            calories: '820',
            alcoholPercentage: '',
            isAvailable: 'true',
            category: pizzas._id,
            ingredients: [{ ingredient: tomato!._id }, { ingredient: basil!._id }],
            sideDishes: [],
            customizations: { selected: [], custom: [] },
          },
          { image: await picture('margherita.png') },
        ),
      }),
      dish.extend({ imageVariants: variants }),
    );
    expect(created).toMatchObject({
      name: 'Margherita',
      price: 11.5,
      calories: 820,
      alcoholPercentage: null,
      isAvailable: true,
      category: pizzas._id,
    });
    expect(ingredientIds(created)).toEqual([tomato!._id, basil!._id]);
    const shown = await api.fetchPicture(created.image!);
    expect(shown.status).toBe(200);
    expect(shown.contentType).toMatch(/^image\//);
    for (const url of Object.values(created.imageVariants)) {
      expect((await api.fetchPicture(url)).status).toBe(200);
    }

    expect(expectSuccess(await api.send('GET', `/dishes/${created._id}`, { token }), dish)).toEqual(created);
    const all = expectSuccess(await api.send('GET', '/dishes', { token }), z.array(dish));
    expect(all.map((entry) => entry._id)).toEqual([created._id]);
  });

  it('createDish as JSON takes ingredients as ids or as objects {ingredient}', async () => {
    const { token } = await ownerSession(api);
    const [rum, lime] = await createIngredients(token, ['Rum', 'Lime']);
    for (const ingredients of [
      [rum!._id, lime!._id],
      [{ ingredient: rum!._id }, { ingredient: lime!._id }],
    ]) {
      const created = expectSuccess(
        await api.send('POST', '/dishes', {
          token,
          json: { name: 'Daiquiri', price: 9, alcoholPercentage: 18, ingredients },
        }),
        dish,
      );
      expect(ingredientIds(created)).toEqual([rum!._id, lime!._id]);
      expect(created.image).toBeNull();
    }
  });

  it('a multipart name that looks like JSON stays the name', async () => {
    const { token } = await ownerSession(api);
    for (const name of ['["Specials"]', '[1]', '{"Chef":1}', 'null', '42']) {
      const created = expectSuccess(
        await api.send('POST', '/dishes', {
          token,
          form: multipart({ name, price: '5' }, { image: await picture() }),
        }),
        dish,
      );
      expect(created.name).toBe(name);
    }
  });

  it('answers the dish form’s messages (doc 1 §5)', async () => {
    const { token } = await ownerSession(api);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', price: '3' }, 'Dish name cannot be empty'],
      [{ name: 'Tea', price: 'three' }, 'Price is not valid'],
      [{ name: 'Tea', price: '3', calories: -1 }, 'Calories can not be a negative number!'],
      [
        { name: 'Tea', price: '3', alcoholPercentage: -1 },
        'Alcohol Percentage can not be a negative number!',
      ],
      [
        { name: 'Tea', price: '3', alcoholPercentage: 101 },
        'Alcohol Percentage can not be greater than 100!',
      ],
    ];
    for (const [json, message] of cases) {
      expectFail(await api.send('POST', '/dishes', { token, json }), 400, message);
    }
    const gif = { name: 'anim.gif', data: Buffer.from('GIF89a'), type: 'image/gif' };
    expectFail(
      await api.send('POST', '/dishes', {
        token,
        form: multipart({ name: 'Tea', price: '3' }, { image: gif }),
      }),
      400,
      'File not allowed',
    );
  });

  it('updateDish (path id) changes only the fields sent', async () => {
    const { token } = await ownerSession(api);
    const [flour] = await createIngredients(token, ['Flour']);
    const created = expectSuccess(
      await api.send('POST', '/dishes', {
        token,
        form: multipart(
          {
            name: 'Focaccia',
            description: '<p>Warm</p>',
            price: '6',
            calories: '400',
            ingredients: [{ ingredient: flour!._id }],
          },
          { image: await picture() },
        ),
      }),
      dish,
    );
    const repriced = expectSuccess(
      await api.send('PUT', `/dishes/${created._id}`, { token, json: { price: '6.50' } }),
      dish,
    );
    expect(repriced).toEqual({ ...created, price: 6.5 });

    const off = expectSuccess(
      await api.send('PUT', `/dishes/${created._id}`, { token, json: { isAvailable: false } }),
      dish,
    );
    expect(off).toMatchObject({ name: 'Focaccia', price: 6.5, calories: 400, isAvailable: false });
    expect(ingredientIds(off)).toEqual([flour!._id]);
    expect(off.image).toBe(created.image);

    const pictured = expectSuccess(
      await api.send('PUT', `/dishes/${created._id}`, {
        token,
        form: multipart({ name: 'Focaccia al rosmarino' }, { image: await picture('new.png') }),
      }),
      dish,
    );
    expect(pictured).toMatchObject({ name: 'Focaccia al rosmarino', price: 6.5, description: '<p>Warm</p>' });
    expect(pictured.image).not.toBe(created.image);
    expect((await api.fetchPicture(pictured.image!)).status).toBe(200);
    expectFail(
      await api.send('PUT', `/dishes/${created._id}`, { token, json: { name: '' } }),
      400,
      'Dish name cannot be empty',
    );

    // The dish sent back as read keeps its picture (doc 2 §5 "existing paths pass"); null clears it.
    const resent = expectSuccess(
      await api.send('PUT', `/dishes/${created._id}`, { token, json: { ...pictured, price: '7' } }),
      dish,
    );
    expect(resent).toEqual({ ...pictured, price: 7 });
    const cleared = expectSuccess(
      await api.send('PUT', `/dishes/${created._id}`, { token, form: multipart({ image: 'null' }) }),
      dish,
    );
    expect(cleared.image).toBeNull();
    expect((await api.fetchPicture(pictured.image!)).status).toBe(404);
  });

  it('deleteDish {ids} answers a message', async () => {
    const { token } = await ownerSession(api);
    const created = expectSuccess(
      await api.send('POST', '/dishes', { token, json: { name: 'Gone', price: 1 } }),
      dish,
    );
    expect(
      expectSuccess(await api.send('DELETE', '/dishes', { token, json: { ids: [created._id] } }), z.string()),
    ).toBe('Dish deleted successfully');
    expectFail(await api.send('GET', `/dishes/${created._id}`, { token }), 404);
  });

  it('a clone is unavailable and named "{name} (copy)"; a clash answers 412 (doc 2 §4)', async () => {
    const { token } = await ownerSession(api);
    const created = expectSuccess(
      await api.send('POST', '/dishes', { token, json: { name: 'Tiramisu', price: 7 } }),
      dish,
    );
    const copy = expectSuccess(
      await api.send('POST', `/dishes/${created._id}/clone`, { token, json: {} }),
      dish,
    );
    expect(copy).toMatchObject({ name: 'Tiramisu (copy)', isAvailable: false });
    expectFail(await api.send('POST', `/dishes/${created._id}/clone`, { token, json: {} }), 412);
  });

  it('uploadDishCSV: multipart field csv', async () => {
    const { token } = await ownerSession(api);
    const result = expectSuccess(
      await api.send('POST', '/dishes/upload-csv', {
        token,
        form: multipart({}, { csv: csvFile('name,price,ingredients\nPho,12,Noodles|Beef\nBanh mi,abc,\n') }),
      }),
      csvResult,
    );
    expect(result.validationError).toHaveLength(1);
    const all = expectSuccess(await api.send('GET', '/dishes', { token }), z.array(dish));
    expect(all.map((entry) => entry.name)).toEqual(['Pho']);
    expectFail(
      await api.send('POST', '/dishes/upload-csv', { token, form: multipart({ note: 'no file' }) }),
      400,
      'Please select a csv file',
    );
  });
});
