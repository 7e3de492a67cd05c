import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { routeTable } from './route-table.ts';
import { buildWorld, idsOf, messageOf, send, type World } from './tenants.ts';

/**
 * The public routes take restaurant, menu and dish ids from anyone, by design. What they must never
 * do is show one restaurant's records under another's id. One probe per public entry of the table.
 */
let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
  world = await buildWorld(t, ['owner of A', 'owner of a location of B']);
});

afterAll(async () => {
  await t?.close();
});

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** A view reported the way a public menu page reports it. */
const report = (event: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/gapi/events',
    remoteAddress: '203.0.113.7',
    headers: { 'user-agent': browser, 'content-type': 'application/json' },
    payload: JSON.stringify(event),
  });

/** Names of B's menu and dish as its owner reads them. */
async function namesOfB() {
  const token = world.ownerB.token;
  const menu = await send(t, token, 'GET /api/menus/{id}', { params: { id: world.b.menu } });
  const dish = await send(t, token, 'GET /api/dishes/{id}', { params: { id: world.b.dish } });
  return [messageOf<{ name: string }>(menu).name, messageOf<{ name: string }>(dish).name];
}

const probes: Record<string, () => Promise<void>> = {
  'POST /api/gapi/events': async () => {
    const a = world.actors['owner of A']!;
    const location = world.actors['owner of a location of B']!;
    const { b } = world;
    // Anyone may report views; here they name B's menu and dish under A's restaurant id.
    for (const event of [
      { type: 'page_view', restaurantId: a.own.restaurantId, menuId: b.menu },
      { type: 'dish_view', restaurantId: a.own.restaurantId, menuId: b.menu, dishId: b.dish },
      { type: 'dish_view', restaurantId: a.own.restaurantId, menuId: a.own.menu, dishId: b.dish },
      { type: 'page_view', restaurantId: a.own.restaurantId, menuId: a.own.menu },
      // A location's page shows its parent's menus: these views are the location's own.
      { type: 'page_view', restaurantId: location.own.restaurantId, menuId: b.menu },
      { type: 'dish_view', restaurantId: location.own.restaurantId, menuId: b.menu, dishId: b.dish },
    ]) {
      expect((await report(event)).statusCode).toBe(200);
    }
    const ofA = await send(t, a.token, 'GET /api/gapi/get-data', { query: { time: '7' } });
    expect(ofA.status, ofA.text).toBe(200);
    for (const id of idsOf(b)) expect(ofA.text, `B's id ${id} in A's analytics`).not.toContain(id);
    for (const name of await namesOfB())
      expect(ofA.text, `B's "${name}" in A's analytics`).not.toContain(name);
    // A's own menu is still counted and named.
    const data = messageOf<{ mostVisitedMenus: { menuId: string }[] }>(ofA);
    expect(data.mostVisitedMenus.map((row) => row.menuId)).toEqual([a.own.menu]);

    const ofLocation = await send(t, location.token, 'GET /api/gapi/get-data', { query: { time: '7' } });
    const shown = messageOf<{
      mostVisitedMenus: { menuId: string }[];
      mostVisitedMenuItems: { dishId: string }[];
    }>(ofLocation);
    expect(shown.mostVisitedMenus.map((row) => row.menuId)).toEqual([b.menu]);
    expect(shown.mostVisitedMenuItems.map((row) => row.dishId)).toEqual([b.dish]);
  },

  'GET /api/menus/customer': async () => {
    const a = world.actors['owner of A']!;
    // A diner switching "to" B's menu from A's page gets A's menus only.
    const answer = await send(t, null, 'GET /api/menus/customer', {
      query: { restaurantId: a.own.restaurantId, menuId: world.b.menu },
    });
    expect(answer.status, answer.text).toBe(200);
    for (const id of idsOf(world.b)) expect(answer.text, `B's id ${id} under A`).not.toContain(id);
    const own = await send(t, null, 'GET /api/menus/customer', {
      query: { restaurantId: a.own.restaurantId },
    });
    expect(messageOf<{ menus: unknown }>(answer).menus).toEqual(messageOf<{ menus: unknown }>(own).menus);
  },

  'GET /api/restaurant/{restaurantId}/menu/{menuId}/dish/{dishId}': async () => {
    const a = world.actors['owner of A']!.own;
    const { b } = world;
    const key = 'GET /api/restaurant/{restaurantId}/menu/{menuId}/dish/{dishId}';
    const dish = (restaurantId: string, menuId: string, dishId: string) =>
      send(t, null, key, { params: { restaurantId, menuId, dishId } });
    // B's own dish is public; under A's id, or in A's menu, it is not found.
    expect((await dish(b.restaurantId, b.menu, b.dish)).status).toBe(200);
    expect((await dish(a.restaurantId, b.menu, b.dish)).status).toBe(404);
    expect((await dish(a.restaurantId, a.menu, b.dish)).status).toBe(404);
    expect((await dish(b.restaurantId, a.menu, a.dish)).status).toBe(404);
  },
};

describe('public routes never show one restaurant’s records under another', () => {
  it('has a probe for every public entry of the route table that names one', () => {
    const named = Object.entries(routeTable)
      .filter(([, entry]) => entry.kind === 'public' && entry.probe)
      .map(([key]) => key);
    expect(Object.keys(probes).sort()).toEqual(named.sort());
  });

  it.each(Object.keys(probes))('%s', async (key) => {
    await probes[key]!();
  });
});

describe('public pages (served outside /api, so not in the API document)', () => {
  it("never show B's menu or dish under A's address", async () => {
    const a = world.actors['owner of A']!.own;
    const { b } = world;
    const names = await namesOfB();
    const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    const own = await page(`/menu/${b.restaurantId}/dish/${b.dish}/menuSelected/${b.menu}`);
    for (const name of names) expect(own, 'B shows its own dish').toContain(name);
    for (const url of [
      `/menu/${a.restaurantId}/dish/${b.dish}/menuSelected/${b.menu}`,
      `/menu/${a.restaurantId}/dish/${b.dish}/menuSelected/${a.menu}`,
      `/menu/${a.restaurantId}/${b.menu}`,
    ]) {
      const body = await page(url);
      for (const name of names) expect(body, `${url} shows "${name}"`).not.toContain(name);
    }
  });
});
