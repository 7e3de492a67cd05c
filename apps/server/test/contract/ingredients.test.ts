import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ownerSession } from './scene.ts';
import {
  csvFile,
  expectFail,
  expectSuccess,
  multipart,
  type SpecClient,
  startSpecClient,
} from './spec-client.ts';
import { csvResult, ingredient } from './spec-shapes.ts';

/**
 * Ingredients as the specification's client calls them (doc 1 §7, doc 2 §7): createIngredient
 * {ingredients: [names]} (answer insertedIngredients and message.errors listing duplicates),
 * updateIngredient (path id, {name, id}), deleteIngredient (body ids), loadIngredients (query
 * exceptChildren, exceptParentID), uploadIngredientCSV.
 */

let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient();
});
afterAll(async () => {
  await api?.close();
});

const created = z.looseObject({ insertedIngredients: z.array(ingredient), errors: z.array(z.string()) });

describe('ingredients (doc 1 §7, doc 2 §7)', () => {
  it('createIngredient {ingredients: [names]}: insertedIngredients, and errors naming duplicates', async () => {
    const { token } = await ownerSession(api);
    const first = expectSuccess(
      await api.send('POST', '/ingredients', { token, json: { ingredients: ['Tomato', 'Basil'] } }),
      created,
    );
    expect(first.insertedIngredients.map((item) => item.name)).toEqual(['Tomato', 'Basil']);
    expect(first.errors).toEqual([]);
    const second = expectSuccess(
      await api.send('POST', '/ingredients', {
        token,
        json: { ingredients: ['tomato', 'Garlic', 'Garlic'] },
      }),
      created,
    );
    expect(second.insertedIngredients.map((item) => item.name)).toEqual(['Garlic']);
    expect(second.errors).toHaveLength(2);
    expect(second.errors[0]).toMatch(/already exists\.$/);
    expectFail(
      await api.send('POST', '/ingredients', { token, json: { ingredients: [] } }),
      400,
      'You must add at least one ingredient to submit.',
    );
  });

  it('updateIngredient (path id, {name, id}) and loadIngredients with exceptChildren and exceptParentID', async () => {
    const { token } = await ownerSession(api);
    const [cheese, mozzarella] = expectSuccess(
      await api.send('POST', '/ingredients', { token, json: { ingredients: ['Cheese', 'Mozzarella'] } }),
      created,
    ).insertedIngredients;
    const renamed = expectSuccess(
      await api.send('PUT', `/ingredients/${cheese!._id}`, {
        token,
        json: { name: 'Cheeses', id: cheese!._id },
      }),
      ingredient,
    );
    expect(renamed.name).toBe('Cheeses');
    expectFail(
      await api.send('PUT', `/ingredients/${cheese!._id}`, { token, json: { name: '', id: cheese!._id } }),
      400,
      'This field is required',
    );
    const child = expectSuccess(
      await api.send('PUT', `/ingredients/${mozzarella!._id}`, {
        token,
        json: { name: 'Mozzarella', id: mozzarella!._id, parent: cheese!._id },
      }),
      ingredient,
    );
    expect(child.parent).not.toBeNull();

    const names = async (query: Record<string, string>) =>
      expectSuccess(await api.send('GET', '/ingredients', { token, query }), z.array(ingredient)).map(
        (item) => item.name,
      );
    expect(await names({})).toEqual(['Cheeses', 'Mozzarella']);
    expect(await names({ exceptChildren: 'true' })).toEqual(['Cheeses']);
    expect(await names({ exceptParentID: cheese!._id })).toEqual([]);
    expect(
      expectSuccess(await api.send('GET', `/ingredients/${cheese!._id}`, { token }), ingredient).name,
    ).toBe('Cheeses');
  });

  it('deleteIngredient (body ids) answers a message', async () => {
    const { token } = await ownerSession(api);
    const [salt] = expectSuccess(
      await api.send('POST', '/ingredients', { token, json: { ingredients: ['Salt'] } }),
      created,
    ).insertedIngredients;
    expectSuccess(
      await api.send('DELETE', '/ingredients', { token, json: { ids: [salt!._id] } }),
      z.string(),
    );
    expect(expectSuccess(await api.send('GET', '/ingredients', { token }), z.array(ingredient))).toEqual([]);
  });

  it('a clone is named "{name} (copy)"; a clash answers 412 (doc 2 §4)', async () => {
    const { token } = await ownerSession(api);
    const [pepper] = expectSuccess(
      await api.send('POST', '/ingredients', { token, json: { ingredients: ['Pepper'] } }),
      created,
    ).insertedIngredients;
    const copy = expectSuccess(
      await api.send('POST', `/ingredients/${pepper!._id}/clone`, { token, json: {} }),
      ingredient,
    );
    expect(copy.name).toBe('Pepper (copy)');
    expectFail(await api.send('POST', `/ingredients/${pepper!._id}/clone`, { token, json: {} }), 412);
  });

  it('uploadIngredientCSV: multipart field csv', async () => {
    const { token } = await ownerSession(api);
    const result = expectSuccess(
      await api.send('POST', '/ingredients/upload-csv', {
        token,
        form: multipart({}, { csv: csvFile('name,parent\nHerbs,\nThyme,Herbs\nThyme,\n') }),
      }),
      csvResult,
    );
    expect(result.duplicateErrors).toHaveLength(1);
    const all = expectSuccess(await api.send('GET', '/ingredients', { token }), z.array(ingredient));
    expect(all.map((item) => item.name).sort()).toEqual(['Herbs', 'Thyme']);
  });
});
