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
import { category, dish, id, menu, picture as pictureUrl, schedule, templates } from './spec-shapes.ts';

/**
 * The public customer menu as the specification's page reads it, without signing in (doc 2 §7
 * getCustomerMenu: GET /menus/customer with restaurantId and an optional mapId; customerDish:
 * GET restaurant/{id}/menu/{id}/dish/{id}), answered as doc 2 §3 "Customer menu response".
 * Publishing needs no subscription here (BILLING_PROVIDER=off).
 */

let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient({ BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await api?.close();
});

/** A dish as a diner sees it (doc 2 §3 Dish: _id, name, description, price, image). */
const publicDish = z.looseObject({
  _id: id,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  image: pictureUrl,
});

/** Customer menu response (doc 2 §3, §7): restaurant, menus, menusTimeline, menuNotFound, … */
const customerMenu = z.looseObject({
  restaurant: z.looseObject({ _id: id, name: z.string(), logo: pictureUrl }),
  menus: z.array(
    z.looseObject({
      _id: id,
      name: z.string(),
      cover: pictureUrl,
      logo: pictureUrl,
      selectedTemplate: z.enum(templates),
      fromParent: z.boolean(),
      categories: z.array(z.looseObject({ _id: id, name: z.string(), dishes: z.array(publicDish) })),
    }),
  ),
  menusTimeline: z.array(
    z.looseObject({
      _id: id,
      name: z.string(),
      cover: pictureUrl,
      valid: schedule,
      twentyFourHoursMenuAvailable: z.boolean(),
    }),
  ),
  menu_period_transition: z.number(),
  menuNotFound: z.boolean(),
  user: z.looseObject({ email: z.string() }).nullable(),
  parentRestaurant: z.looseObject({ name: z.string() }).nullable(),
});

/** An owner with one published menu holding one category and one dish with a picture. */
async function publishedScene() {
  const owner = await ownerSession(api);
  const { token } = owner;
  const created = expectSuccess(
    await api.send('POST', '/dishes', {
      token,
      form: multipart({ name: 'Pad thai', price: '13.90' }, { image: await picture('pad-thai.png') }),
    }),
    dish,
  );
  const noodles = expectSuccess(
    await api.send('POST', '/categories', { token, json: { name: 'Noodles', dishes: [created._id] } }),
    category,
  );
  const dinner = expectSuccess(
    await api.send('POST', '/menus', {
      token,
      form: multipart(
        {
          name: 'Dinner',
          categories: [{ category: noodles._id, valid: true }],
          showCTA: { title: 'REPORT AN ISSUE', content: 'x', emails: ['owner@carte.test'] },
          draft: 'false',
        },
        { cover: await picture('cover.png') },
      ),
    }),
    menu,
  );
  expect(dinner.draft).toBe(false);
  return { ...owner, dish: created, menu: dinner };
}

describe('the customer menu (doc 2 §7)', () => {
  it('getCustomerMenu answers restaurant, menus, menusTimeline and menuNotFound, with pictures as paths', async () => {
    const scene = await publishedScene();
    const answer = expectSuccess(
      await api.send('GET', '/menus/customer', { query: { restaurantId: scene.restaurantId } }),
      customerMenu,
    );
    expect(answer.menuNotFound).toBe(false);
    expect(answer.restaurant._id).toBe(scene.restaurantId);
    expect(answer.menus.map((entry) => entry._id)).toEqual([scene.menu._id]);
    expect(answer.menusTimeline.map((entry) => entry._id)).toEqual([scene.menu._id]);
    const served = answer.menus[0]!;
    expect(served.cover).toBe(scene.menu.cover);
    const shownDish = served.categories[0]!.dishes[0]!;
    expect(shownDish).toMatchObject({ _id: scene.dish._id, name: 'Pad thai', price: 13.9 });
    for (const url of [served.cover, shownDish.image]) {
      const shown = await api.fetchPicture(url!);
      expect(shown.status).toBe(200);
      expect(shown.contentType).toMatch(/^image\//);
    }

    // The optional mapId names a menu display (issue 15): one the restaurant does not have is no menu.
    expectFail(
      await api.send('GET', '/menus/customer', {
        query: { restaurantId: scene.restaurantId, mapId: 'a'.repeat(24) },
      }),
      404,
      'No menu found',
    );
  });

  it('a restaurant without published menus answers menuNotFound', async () => {
    const { restaurantId } = await ownerSession(api);
    const answer = expectSuccess(
      await api.send('GET', '/menus/customer', { query: { restaurantId } }),
      customerMenu,
    );
    expect(answer).toMatchObject({ menuNotFound: true, menus: [] });
  });

  it('customerDish: GET restaurant/{id}/menu/{id}/dish/{id}; an unknown dish answers "Dish not found"', async () => {
    const scene = await publishedScene();
    const shown = expectSuccess(
      await api.send(
        'GET',
        `/restaurant/${scene.restaurantId}/menu/${scene.menu._id}/dish/${scene.dish._id}`,
      ),
      publicDish,
    );
    expect(shown).toMatchObject({ _id: scene.dish._id, image: scene.dish.image });
    expectFail(
      await api.send(
        'GET',
        `/restaurant/${scene.restaurantId}/menu/${scene.menu._id}/dish/${'b'.repeat(24)}`,
      ),
      404,
      'Dish not found',
    );
  });
});
