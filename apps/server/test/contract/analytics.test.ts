import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ownerSession } from './scene.ts';
import { expectFail, expectSuccess, type SpecClient, startSpecClient } from './spec-client.ts';
import { category, dish, menu } from './spec-shapes.ts';

/**
 * The analytics tracker (doc 2 §7 and doc 3 §7.3: GET /gapi/get-data with query time 7, 30, 90,
 * this week/month/quarter/year), answered as doc 3 §3 "Analytics response". The views come from a
 * public menu page reporting them (decisions §4), sent here as the page's beacon sends them.
 */

let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient({ BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await api?.close();
});

/** Analytics response (doc 3 §3): the series' inner shape is not described, only their names. */
const analytics = z.looseObject({
  activeUsers: z.unknown(),
  bounceRate: z.unknown(),
  screenPageViewsPerSession: z.unknown(),
  sessionsPerUser: z.unknown(),
  screenPageViewsPerUser: z.unknown(),
  sources: z.array(z.unknown()),
  mostVisitedMenus: z.array(z.looseObject({ path: z.string(), title: z.string(), value: z.number() })),
  mostVisitedMenuItems: z.array(
    z.looseObject({ path: z.string(), title: z.string(), name: z.string(), value: z.number() }),
  ),
});

const browser = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1' };

describe('analytics (doc 2 §7, doc 3 §3)', () => {
  it('get-data answers the named series and the most visited menus and dishes for every time value', async () => {
    const { token, restaurantId } = await ownerSession(api);
    const created = expectSuccess(
      await api.send('POST', '/dishes', { token, json: { name: 'Ramen', price: 14 } }),
      dish,
    );
    const soups = expectSuccess(
      await api.send('POST', '/categories', { token, json: { name: 'Soups', dishes: [created._id] } }),
      category,
    );
    const dinner = expectSuccess(
      await api.send('POST', '/menus', {
        token,
        json: {
          name: 'Dinner',
          categories: [{ category: soups._id, valid: true }],
          showCTA: { title: 'REPORT AN ISSUE', content: 'x', emails: ['o@carte.test'] },
          draft: false,
        },
      }),
      menu,
    );
    const report = async (event: Record<string, unknown>) =>
      expectSuccess(
        await api.send('POST', '/gapi/events', { text: JSON.stringify(event), headers: browser }),
        z.looseObject({ recorded: z.boolean() }),
      );
    expect(
      (await report({ type: 'page_view', restaurantId, menuId: dinner._id, source: 'instagram.com' }))
        .recorded,
    ).toBe(true);
    await report({ type: 'dish_view', restaurantId, menuId: dinner._id, dishId: created._id });

    for (const time of ['7', '30', '90', 'this week', 'this month', 'this quarter', 'this year']) {
      const data = expectSuccess(
        await api.send('GET', '/gapi/get-data', { token, query: { time } }),
        analytics,
      );
      expect(data.mostVisitedMenus, time).toEqual([
        expect.objectContaining({ title: 'Dinner', value: 1, path: expect.stringContaining(dinner._id) }),
      ]);
      expect(data.mostVisitedMenuItems, time).toEqual([
        expect.objectContaining({ title: 'Dinner', name: 'Ramen', value: 1 }),
      ]);
    }
    expectFail(await api.send('GET', '/gapi/get-data', { token, query: { time: 'forever' } }), 400);
  });
});
