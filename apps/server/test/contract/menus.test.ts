import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ownerSession } from './scene.ts';
import {
  expectFail,
  expectSuccess,
  multipart,
  picture,
  type SpecClient,
  startSpecClient,
} from './spec-client.ts';
import { category, dish, id, menu, schedule } from './spec-shapes.ts';

/**
 * Menus as the specification's client calls them (doc 1 §4 and §7: createMenu, findSingleMenu,
 * updateMenu as multipart with cover and logo, deleteMenu, loadMenus, reorderMenu,
 * removeCategoryFromMenu, selectCategories; doc 2 §7: updateMenuTimeline, updateCategoriesTimeline).
 * Publishing needs a subscription (`local` billing, none bought here).
 */

let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient();
});
afterAll(async () => {
  await api?.close();
});

const everyDay = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};

/** A menu as the menu form sends it (doc 1 §2 "Menu form", §7 updateMenu fields). */
const menuForm = (name: string) => ({
  name,
  description: 'Served from noon',
  categories: [] as { category: string; valid: boolean }[],
  colors: { primary: '#ff1616', secondary: '#83cdf1', tertiary: '#f46d26' },
  fonts: { primary: 'Lato', secondary: 'Open Sans', tertiary: 'Roboto' },
  showCTA: {
    title: 'REPORT AN ISSUE',
    content: 'Prices on this menu are set directly by the merchant',
    emails: ['owner@carte.test'],
  },
  selectedTemplate: 'Pizza Restaurant',
  displayIngredients: true,
  displayDietary: false,
  displaySideDishes: true,
  draft: true,
});

async function createCategory(token: string, name: string, dishes: string[] = []) {
  return expectSuccess(
    await api.send('POST', '/categories', { token, json: { name, isAvailable: true, dishes } }),
    category,
  );
}

async function createDish(token: string, name: string) {
  return expectSuccess(await api.send('POST', '/dishes', { token, json: { name, price: '9.50' } }), dish);
}

describe('menus (doc 1 §7)', () => {
  it('createMenu as JSON; findSingleMenu and loadMenus answer the same menu', async () => {
    const { token } = await ownerSession(api);
    const created = expectSuccess(await api.send('POST', '/menus', { token, json: menuForm('Lunch') }), menu);
    expect(created).toMatchObject({
      name: 'Lunch',
      selectedTemplate: 'Pizza Restaurant',
      displayDietary: false,
      draft: true,
      cover: null,
      logo: null,
    });
    expect(expectSuccess(await api.send('GET', `/menus/${created._id}`, { token }), menu)).toMatchObject(
      created,
    );
    const all = expectSuccess(await api.send('GET', '/menus', { token }), z.array(menu));
    expect(all.map((entry) => entry._id)).toEqual([created._id]);
  });

  it('createMenu and updateMenu as multipart, with cover and logo files answered as picture paths', async () => {
    const { token } = await ownerSession(api);
    const starters = await createCategory(token, 'Starters');
    const form = menuForm('Dinner');
    form.categories = [{ category: starters._id, valid: true }];
    const created = expectSuccess(
      await api.send('POST', '/menus', {
        token,
        form: multipart(form, { cover: await picture('cover.png'), logo: await picture('logo.jpg') }),
      }),
      menu,
    );
    expect(created.categories).toEqual([{ category: starters._id, valid: true }]);
    for (const url of [created.cover, created.logo]) {
      expect(url).not.toBeNull();
      const shown = await api.fetchPicture(url!);
      expect(shown.status).toBe(200);
      expect(shown.contentType).toMatch(/^image\//);
    }

    const updated = expectSuccess(
      await api.send('PUT', `/menus/${created._id}`, {
        token,
        form: multipart(
          {
            ...form,
            name: 'Late dinner',
            categories: [{ category: starters._id, valid: false }],
            displayIngredients: false,
          },
          { cover: await picture('new-cover.webp') },
        ),
      }),
      menu,
    );
    expect(updated).toMatchObject({
      name: 'Late dinner',
      displayIngredients: false,
      categories: [{ category: starters._id, valid: false }],
      logo: created.logo,
    });
    expect(updated.cover).not.toBe(created.cover);
    expect((await api.fetchPicture(updated.cover!)).status).toBe(200);

    // Pictures sent back as read are kept (doc 2 §5 "existing paths pass"); null or '' clears one.
    const cleared = expectSuccess(
      await api.send('PUT', `/menus/${created._id}`, {
        token,
        json: { name: updated.name, cover: updated.cover, logo: '' },
      }),
      menu,
    );
    expect(cleared).toMatchObject({ cover: updated.cover, logo: null });
  });

  it('a multipart name that looks like JSON stays the name', async () => {
    const { token } = await ownerSession(api);
    for (const name of ['["Specials"]', '[1]', '{"Chef":1}', 'null']) {
      const created = expectSuccess(
        await api.send('POST', '/menus', {
          token,
          form: multipart({ ...menuForm(name) }, { cover: await picture() }),
        }),
        menu,
      );
      expect(created.name).toBe(name);
    }
  });

  it('updateMenu with only some fields changes only those; publishing without a subscription answers 402', async () => {
    const { token } = await ownerSession(api);
    const created = expectSuccess(
      await api.send('POST', '/menus', { token, json: menuForm('Brunch') }),
      menu,
    );
    const renamed = expectSuccess(
      await api.send('PUT', `/menus/${created._id}`, { token, json: { name: 'Sunday brunch' } }),
      menu,
    );
    expect(renamed).toMatchObject({ ...created, name: 'Sunday brunch' });
    expectFail(
      await api.send('PUT', `/menus/${created._id}`, { token, json: { draft: false } }),
      402,
      'Payment not setup!',
    );
  });

  it('reorderMenu takes categoryDishes as one object {categoryID, dishes}, or a list of them', async () => {
    const { token } = await ownerSession(api);
    const [soup, salad] = [await createDish(token, 'Soup'), await createDish(token, 'Salad')];
    const starters = await createCategory(token, 'Starters', [soup._id, salad._id]);
    const mains = await createCategory(token, 'Mains');
    const form = menuForm('Lunch');
    form.categories = [
      { category: starters._id, valid: true },
      { category: mains._id, valid: true },
    ];
    const created = expectSuccess(await api.send('POST', '/menus', { token, json: form }), menu);

    const reordered = expectSuccess(
      await api.send('POST', '/menus/reorder', {
        token,
        json: {
          categories: [mains._id, starters._id],
          menu_id: created._id,
          categoryDishes: { categoryID: starters._id, dishes: [salad._id, soup._id] },
        },
      }),
      menu,
    );
    expect(reordered.categories.map((entry) => entry.category)).toEqual([mains._id, starters._id]);
    const read = expectSuccess(await api.send('GET', `/categories/${starters._id}`, { token }), category);
    expect(read.dishes).toEqual([salad._id, soup._id]);

    expectSuccess(
      await api.send('POST', '/menus/reorder', {
        token,
        json: {
          categories: [starters._id, mains._id],
          menu_id: created._id,
          categoryDishes: [{ categoryID: starters._id, dishes: [soup._id, salad._id] }],
        },
      }),
      menu,
    );
    const again = expectSuccess(await api.send('GET', `/categories/${starters._id}`, { token }), category);
    expect(again.dishes).toEqual([soup._id, salad._id]);
  });

  it('selectCategories {selected: [{category}], menu} and removeCategoryFromMenu {menuID, categoryID}', async () => {
    const { token } = await ownerSession(api);
    const created = expectSuccess(await api.send('POST', '/menus', { token, json: menuForm('Bar') }), menu);
    const drinks = await createCategory(token, 'Drinks');
    const snacks = await createCategory(token, 'Snacks');
    const selected = expectSuccess(
      await api.send('POST', '/menus/select-categories', {
        token,
        json: { selected: [{ category: drinks._id }, { category: snacks._id }], menu: created._id },
      }),
      menu,
    );
    expect(selected.categories.map((entry) => entry.category)).toEqual([drinks._id, snacks._id]);
    const removed = expectSuccess(
      await api.send('POST', '/menus/remove-category', {
        token,
        json: { menuID: created._id, categoryID: drinks._id },
      }),
      menu,
    );
    expect(removed.categories.map((entry) => entry.category)).toEqual([snacks._id]);
  });

  it('a copy is a draft named "{name} (copy)"; a clash answers 412 (doc 1 §4)', async () => {
    const { token } = await ownerSession(api);
    const created = expectSuccess(await api.send('POST', '/menus', { token, json: menuForm('Tapas') }), menu);
    const copy = expectSuccess(
      await api.send('POST', `/menus/${created._id}/copy`, { token, json: {} }),
      menu,
    );
    expect(copy).toMatchObject({ name: 'Tapas (copy)', draft: true });
    expectFail(await api.send('POST', `/menus/${created._id}/copy`, { token, json: {} }), 412);
  });

  it('deleteMenu (path id) answers its message', async () => {
    const { token } = await ownerSession(api);
    const created = expectSuccess(await api.send('POST', '/menus', { token, json: menuForm('Gone') }), menu);
    expectSuccess(await api.send('DELETE', `/menus/${created._id}`, { token }), z.string());
    expectFail(await api.send('GET', `/menus/${created._id}`, { token }), 404);
  });
});

describe('timelines (doc 2 §7)', () => {
  it('updateMenuTimeline {_id, valid, twentyFourHoursMenuAvailable}', async () => {
    const { token } = await ownerSession(api);
    const created = expectSuccess(await api.send('POST', '/menus', { token, json: menuForm('Lunch') }), menu);
    const valid = { ...everyDay, sunday: false, startTime: '11:00', endTime: '15:30' };
    const updated = expectSuccess(
      await api.send('POST', '/menus/update-timeline', {
        token,
        json: { _id: created._id, valid, twentyFourHoursMenuAvailable: false },
      }),
      menu,
    );
    expect(updated).toMatchObject({ valid, twentyFourHoursMenuAvailable: false });
    expectFail(
      await api.send('POST', '/menus/update-timeline', {
        token,
        json: {
          _id: created._id,
          valid: { ...valid, startTime: '1100' },
          twentyFourHoursMenuAvailable: false,
        },
      }),
      400,
    );
  });

  it('updateCategoriesTimeline {categoriesAdjustments, menu_id}', async () => {
    const { token } = await ownerSession(api);
    const desserts = await createCategory(token, 'Desserts');
    const form = menuForm('Dinner');
    form.categories = [{ category: desserts._id, valid: true }];
    const created = expectSuccess(await api.send('POST', '/menus', { token, json: form }), menu);
    const valid = { ...everyDay, startTime: '20:00', endTime: '23:00' };
    const adjustments = expectSuccess(
      await api.send('POST', '/categories/update-timeline', {
        token,
        json: {
          menu_id: created._id,
          categoriesAdjustments: [{ category: desserts._id, valid, twentyFourHoursAvailable: false }],
        },
      }),
      // Category adjustment (doc 2 §3): category name, valid days and hours, twentyFourHoursAvailable.
      z.array(
        z.object({
          category: z.object({ _id: id, name: z.string() }),
          valid: schedule,
          twentyFourHoursAvailable: z.boolean(),
        }),
      ),
    );
    // The timeline screen reads the menu with its categories by name (doc 2 §3 Menu).
    const timeline = expectSuccess(
      await api.send('GET', `/menus/${created._id}/timeline`, { token }),
      z.looseObject({
        menu,
        categories: z.array(z.looseObject({ category: z.looseObject({ _id: id, name: z.string() }) })),
      }),
    );
    expect(timeline.categories.map((entry) => entry.category.name)).toEqual(['Desserts']);
    expect(adjustments).toEqual([
      expect.objectContaining({
        category: expect.objectContaining({ name: 'Desserts' }),
        valid,
        twentyFourHoursAvailable: false,
      }),
    ]);
  });
});
