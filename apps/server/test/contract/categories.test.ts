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
import { category, csvResult, dish, menu } from './spec-shapes.ts';

/**
 * Categories as the specification's client calls them (doc 1 §7): createCategory (with menu id),
 * findCategoryById, updateCategory (path id), deleteCategory (body ids), loadCategories (optional
 * query menu), addDishesToCategory {categoryID, dishesID}, removeDishFromCategory {categoryID,
 * dishID}, uploadCategoryCSV (multipart field csv).
 */

let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient();
});
afterAll(async () => {
  await api?.close();
});

async function createMenu(token: string, name: string) {
  return expectSuccess(
    await api.send('POST', '/menus', {
      token,
      json: { name, showCTA: { title: 'REPORT AN ISSUE', content: 'x', emails: ['owner@carte.test'] } },
    }),
    menu,
  );
}

const createDish = async (token: string, name: string) =>
  expectSuccess(await api.send('POST', '/dishes', { token, json: { name, price: '4' } }), dish);

describe('categories (doc 1 §7)', () => {
  it('createCategory with the selected menu; findCategoryById; loadCategories, with and without ?menu', async () => {
    const { token } = await ownerSession(api);
    const lunch = await createMenu(token, 'Lunch');
    const soup = await createDish(token, 'Soup');
    const created = expectSuccess(
      await api.send('POST', '/categories', {
        token,
        json: { name: 'Starters', isAvailable: true, dishes: [soup._id], menu: lunch._id },
      }),
      category,
    );
    expect(created).toMatchObject({
      name: 'Starters',
      dishes: [soup._id],
      menu: lunch._id,
      fromParent: false,
    });
    const loose = expectSuccess(
      await api.send('POST', '/categories', { token, json: { name: 'Specials' } }),
      category,
    );
    expect(loose).toMatchObject({ isAvailable: true, dishes: [], menu: null });

    expect(expectSuccess(await api.send('GET', `/categories/${created._id}`, { token }), category)).toEqual(
      created,
    );
    const all = expectSuccess(await api.send('GET', '/categories', { token }), z.array(category));
    // New categories at the top (doc 1 §4).
    expect(all.map((entry) => entry._id)).toEqual([loose._id, created._id]);
    const ofLunch = expectSuccess(
      await api.send('GET', '/categories', { token, query: { menu: lunch._id } }),
      z.array(category),
    );
    expect(ofLunch.map((entry) => entry._id)).toEqual([created._id]);
  });

  it('createCategory answers the category form’s message (doc 1 §5)', async () => {
    const { token } = await ownerSession(api);
    expectFail(
      await api.send('POST', '/categories', { token, json: { name: '' } }),
      400,
      'Category name cannot be empty',
    );
  });

  it('updateCategory (path id); addDishesToCategory and removeDishFromCategory', async () => {
    const { token } = await ownerSession(api);
    const [soup, salad] = [await createDish(token, 'Soup'), await createDish(token, 'Salad')];
    const created = expectSuccess(
      await api.send('POST', '/categories', { token, json: { name: 'Starters' } }),
      category,
    );
    const updated = expectSuccess(
      await api.send('PUT', `/categories/${created._id}`, {
        token,
        json: { name: 'Small plates', isAvailable: false },
      }),
      category,
    );
    expect(updated).toMatchObject({ name: 'Small plates', isAvailable: false });

    const added = expectSuccess(
      await api.send('POST', '/categories/addDishes', {
        token,
        json: { categoryID: created._id, dishesID: [soup._id, salad._id] },
      }),
      category,
    );
    expect(added.dishes).toEqual([soup._id, salad._id]);
    const removed = expectSuccess(
      await api.send('POST', '/categories/removeDish', {
        token,
        json: { categoryID: created._id, dishID: soup._id },
      }),
      category,
    );
    expect(removed.dishes).toEqual([salad._id]);
  });

  it('deleteCategory (body ids) answers a message, like every delete', async () => {
    const { token } = await ownerSession(api);
    const ids = [];
    for (const name of ['One', 'Two']) {
      ids.push(expectSuccess(await api.send('POST', '/categories', { token, json: { name } }), category)._id);
    }
    const message = expectSuccess(
      await api.send('DELETE', '/categories', { token, json: { ids } }),
      z.string().min(1),
    );
    expect(message).toBe('Category deleted successfully');
    expect(expectSuccess(await api.send('GET', '/categories', { token }), z.array(category))).toEqual([]);
  });

  it('a copy is named "{name} (copy)"; a clash answers 412 (doc 1 §4)', async () => {
    const { token } = await ownerSession(api);
    const created = expectSuccess(
      await api.send('POST', '/categories', { token, json: { name: 'Pasta' } }),
      category,
    );
    const copy = expectSuccess(
      await api.send('POST', `/categories/${created._id}/clone`, { token, json: { isAvailable: false } }),
      category,
    );
    expect(copy).toMatchObject({ name: 'Pasta (copy)', isAvailable: false });
    expectFail(await api.send('POST', `/categories/${created._id}/clone`, { token, json: {} }), 412);
  });

  it('uploadCategoryCSV: multipart field csv; successMessage, existValidationError, validationError, duplicateErrors', async () => {
    const { token } = await ownerSession(api);
    await api.send('POST', '/categories', { token, json: { name: 'Drinks' } });
    const result = expectSuccess(
      await api.send('POST', '/categories/upload-csv', {
        token,
        form: multipart(
          {},
          { csv: csvFile('name,available\nSoups,true\nDrinks,true\nSoups,false\n,true\n') },
        ),
      }),
      csvResult,
    );
    expect(result.successMessage).not.toBe('');
    expect(result.existValidationError).toHaveLength(1);
    expect(result.duplicateErrors).toHaveLength(1);
    expect(result.validationError).toHaveLength(1);
    expectFail(
      await api.send('POST', '/categories/upload-csv', {
        token,
        form: multipart({}, { csv: csvFile('name\nSoups\n', 'categories.txt') }),
      }),
      400,
      'Please select a valid csv file',
    );
  });
});
