import { type Layout, type LayoutLocation, messages } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, memberWithToken, ownerWithToken } from './factories.ts';
import { decodeImage, renderPdfPage } from './qr-decode.ts';

/**
 * A parent restaurant lays out its locations' displays in its own editor (issue 22, item 9): GET
 * /maps nests its locations after it, POST saves a location's tree, each location's displays take
 * only its own menus and its parent's, and the location's public display page follows at once.
 */

let t: TestApp;
beforeAll(async () => {
  // Publishing needs no subscription here: the tests are about which menus a display shows.
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
const unique = (label: string) => `${label} ${process.pid}-${++counter}`;

/** A published menu with one category of one dish, made by `token`'s restaurant. */
async function menuOf(token: string, label: string) {
  const dish = await t.call<{ _id: string }>({
    method: 'POST',
    url: '/api/dishes',
    token,
    payload: { name: unique(`${label} dish`), price: 6 },
  });
  const category = await t.call<{ _id: string }>({
    method: 'POST',
    url: '/api/categories',
    token,
    payload: { name: unique(`${label} mains`), dishes: [dish.body.message._id] },
  });
  const menu = await t.call<{ _id: string; name: string }>({
    method: 'POST',
    url: '/api/menus',
    token,
    payload: { name: unique(label), categories: [{ category: category.body.message._id }], draft: false },
  });
  expect(menu.status, JSON.stringify(menu.body)).toBe(200);
  return menu.body.message;
}

const getLayout = (token: string) => t.call<Layout>({ method: 'GET', url: '/api/maps', token });
const saveLayout = (token: string, payload: object) =>
  t.call<Layout>({ method: 'POST', url: '/api/maps', token, payload });

async function mustSave(token: string, payload: object): Promise<Layout> {
  const answer = await saveLayout(token, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.message;
}

/** One location's tree: `{ zone: { display: [menuIds] } }`, every id made by the browser. */
function location(restaurantId: string, zones: Record<string, Record<string, string[]>>) {
  return {
    _id: restaurantId,
    zones: Object.entries(zones).map(([zone, displays], index) => ({
      _id: `zone-${index}`,
      name: zone,
      maps: Object.entries(displays).map(([display, menus], place) => ({
        _id: `display-${index}-${place}`,
        name: display,
        menus: menus.map((menu) => ({ menu })),
      })),
    })),
  };
}

const locationIn = (layout: Layout, id: string): LayoutLocation => {
  const found = layout.locations.find((entry) => entry._id === id);
  if (!found) throw new Error(`location ${id} not in the layout`);
  return found;
};
const displayMenus = (layout: Layout, id: string) =>
  locationIn(layout, id).zones.flatMap((zone) =>
    zone.maps.map((display) => [display.name, display.menus.map((entry) => entry.menu.name)]),
  );

/** A parent with two locations, each with a menu of its own, and the parent's own menu. */
async function chain() {
  const parent = await ownerWithToken(t, { restaurantName: unique('Harbour Group') });
  const downtown = await locationOwnerWithToken(t, parent.restaurant.id);
  const seaside = await locationOwnerWithToken(t, parent.restaurant.id);
  const house = await menuOf(parent.token, 'House lunch');
  const downtownBrunch = await menuOf(downtown.token, 'Downtown brunch');
  const seasideOysters = await menuOf(seaside.token, 'Seaside oysters');
  return { parent, downtown, seaside, house, downtownBrunch, seasideOysters };
}

describe("GET /api/maps — a parent's locations nested after it", () => {
  it('lists the parent first, then each location with its zones and the menus its displays may hold', async () => {
    const { parent, downtown, seaside, house, downtownBrunch, seasideOysters } = await chain();
    // A franchise (held by another person since a transfer: parent_drafts false) arranges its own.
    const franchise = await locationOwnerWithToken(t, parent.restaurant.id);
    await t.runtime.database.db
      .update(restaurants)
      .set({ parentDrafts: false })
      .where(eq(restaurants.id, franchise.restaurant.id));
    // Another parent's location is not this parent's.
    const stranger = await ownerWithToken(t);
    await locationOwnerWithToken(t, stranger.restaurant.id);

    const { status, body } = await getLayout(parent.token);
    expect(status).toBe(200);
    expect(body.message.locations.map((entry) => [entry._id, entry.name, entry.zones])).toEqual([
      [parent.restaurant.id, parent.restaurant.name, []],
      [downtown.restaurant.id, downtown.restaurant.name, []],
      [seaside.restaurant.id, seaside.restaurant.name, []],
    ]);
    const offered = (id: string) =>
      locationIn(body.message, id).availableMenus.map((menu) => [menu.name, menu.fromParent]);
    expect(offered(parent.restaurant.id)).toEqual([[house.name, false]]);
    expect(offered(downtown.restaurant.id)).toEqual([
      [downtownBrunch.name, false],
      [house.name, true],
    ]);
    expect(offered(seaside.restaurant.id)).toEqual([
      [seasideOysters.name, false],
      [house.name, true],
    ]);

    // A location's own account keeps seeing only itself.
    const own = (await getLayout(downtown.token)).body.message;
    expect(own.locations.map((entry) => entry._id)).toEqual([downtown.restaurant.id]);
    expect(own.locations[0]!.availableMenus.map((menu) => menu.name)).toEqual([
      downtownBrunch.name,
      house.name,
    ]);
    expect((await getLayout(franchise.token)).body.message.locations.map((entry) => entry._id)).toEqual([
      franchise.restaurant.id,
    ]);
  });
});

describe("POST /api/maps — a parent saves its locations' trees", () => {
  it("saves a location's tree, which the location sees as its own, and leaves the other trees alone", async () => {
    const { parent, downtown, seaside, house, downtownBrunch } = await chain();
    const parentTree = await mustSave(parent.token, {
      locations: [location(parent.restaurant.id, { Hall: { 'Table 1': [house._id] } })],
    });

    const saved = await mustSave(parent.token, {
      locations: [
        location(downtown.restaurant.id, { Patio: { 'Table 1': [house._id, downtownBrunch._id] } }),
      ],
    });
    // The answer is the whole layout: the parent's tree as it was, the location's new one.
    expect(locationIn(saved, parent.restaurant.id)).toEqual(locationIn(parentTree, parent.restaurant.id));
    expect(locationIn(saved, seaside.restaurant.id).zones).toEqual([]);
    const patio = locationIn(saved, downtown.restaurant.id).zones[0]!;
    const table = patio.maps[0]!;
    expect(table.menus.map((entry) => [entry.menu.name, entry.menu.fromParent])).toEqual([
      [house.name, true],
      [downtownBrunch.name, false],
    ]);
    // Its public address is the location's (doc 2 §2).
    expect(table.url).toBe(`http://carte.test/menu/${downtown.restaurant.id}/${table._id}`);

    // The location's own account reads the same tree and may go on arranging it.
    const seen = (await getLayout(downtown.token)).body.message;
    expect(seen.locations[0]!.zones).toEqual(locationIn(saved, downtown.restaurant.id).zones);
    const renamed = await mustSave(downtown.token, {
      locations: [{ ...seen.locations[0]!, zones: [{ ...patio, name: 'Garden' }] }],
    });
    expect(renamed.locations[0]!.zones[0]!).toMatchObject({ _id: patio._id, name: 'Garden' });
    expect(
      locationIn((await getLayout(parent.token)).body.message, downtown.restaurant.id).zones[0]!.name,
    ).toBe('Garden');
  });

  it('saves the parent and several locations in one request', async () => {
    const { parent, downtown, seaside, house, downtownBrunch, seasideOysters } = await chain();
    const saved = await mustSave(parent.token, {
      locations: [
        location(seaside.restaurant.id, { Pier: { Bar: [seasideOysters._id, house._id] } }),
        location(parent.restaurant.id, { Hall: { 'Table 1': [house._id] } }),
        location(downtown.restaurant.id, { Patio: { 'Table 1': [downtownBrunch._id] } }),
      ],
    });
    expect(displayMenus(saved, parent.restaurant.id)).toEqual([['Table 1', [house.name]]]);
    expect(displayMenus(saved, downtown.restaurant.id)).toEqual([['Table 1', [downtownBrunch.name]]]);
    expect(displayMenus(saved, seaside.restaurant.id)).toEqual([['Bar', [seasideOysters.name, house.name]]]);
    // The answer keeps the GET order: the parent first, then its locations.
    expect(saved.locations.map((entry) => entry._id)).toEqual([
      parent.restaurant.id,
      downtown.restaurant.id,
      seaside.restaurant.id,
    ]);
  });

  it("never deadlocks: the parent's saves of several locations and the locations' own saves run side by side", async () => {
    const { parent, downtown, seaside, house, downtownBrunch, seasideOysters } = await chain();
    const everyone = (round: number) =>
      location(parent.restaurant.id, { [`Hall ${round}`]: { 'Table 1': [house._id] } });
    const saves = Array.from({ length: 4 }, (_, round) => [
      // The parent names its locations in both orders; the rows are locked by id all the same.
      saveLayout(parent.token, {
        locations: [
          location(seaside.restaurant.id, { [`Pier ${round}`]: { Bar: [seasideOysters._id] } }),
          everyone(round),
          location(downtown.restaurant.id, { [`Patio ${round}`]: { 'Table 1': [downtownBrunch._id] } }),
        ],
      }),
      saveLayout(parent.token, {
        locations: [
          location(downtown.restaurant.id, { [`Patio ${round}b`]: {} }),
          location(seaside.restaurant.id, { [`Pier ${round}b`]: {} }),
        ],
      }),
      saveLayout(downtown.token, { locations: [location(downtown.restaurant.id, { [`Own ${round}`]: {} })] }),
      saveLayout(seaside.token, { locations: [location(seaside.restaurant.id, { [`Own ${round}`]: {} })] }),
    ]).flat();
    const answers = await Promise.all(saves);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    // Each tree is one save's whole tree, never a mix of two.
    const after = (await getLayout(parent.token)).body.message;
    for (const entry of after.locations) expect(entry.zones).toHaveLength(1);
  });

  it("refuses a sibling's menu, a location's menu in the parent's display, and another location's zone; nothing is saved", async () => {
    const { parent, downtown, seaside, house, downtownBrunch, seasideOysters } = await chain();
    const before = await mustSave(parent.token, {
      locations: [
        location(parent.restaurant.id, { Hall: { 'Table 1': [house._id] } }),
        location(downtown.restaurant.id, { Patio: { 'Table 1': [downtownBrunch._id] } }),
        location(seaside.restaurant.id, { Pier: { Bar: [seasideOysters._id] } }),
      ],
    });
    const seasideZone = locationIn(before, seaside.restaurant.id).zones[0]!;
    const attempts: object[] = [
      // Seaside's own menu in a Downtown display.
      { locations: [location(downtown.restaurant.id, { Patio: { 'Table 1': [seasideOysters._id] } })] },
      // A valid change of the parent's tree in the same request goes nowhere either.
      {
        locations: [
          location(parent.restaurant.id, { Hall: { 'Table 1': [] } }),
          location(downtown.restaurant.id, {
            Patio: { 'Table 1': [downtownBrunch._id, seasideOysters._id] },
          }),
        ],
      },
      // A location's menu in the parent's display (the parent's displays hold its own menus only).
      { locations: [location(parent.restaurant.id, { Hall: { 'Table 1': [downtownBrunch._id] } })] },
      // Seaside's zone sent in Downtown's tree: a stored id stays in its location.
      { locations: [{ _id: downtown.restaurant.id, zones: [{ ...seasideZone, maps: [] }] }] },
    ];
    for (const payload of attempts) {
      const answer = await saveLayout(parent.token, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(404);
      expect(answer.body.message).toBe(messages.notFound);
    }
    // The location's own account is refused its sibling's menu the same way.
    const own = await saveLayout(downtown.token, {
      locations: [location(downtown.restaurant.id, { Patio: { 'Table 1': [seasideOysters._id] } })],
    });
    expect(own.status).toBe(404);
    expect((await getLayout(parent.token)).body.message).toEqual(before);
  });

  it("refuses a location that is not the caller's, and changes nothing", async () => {
    const { parent, downtown, seaside, house } = await chain();
    const stranger = await ownerWithToken(t);
    const strangersLocation = await locationOwnerWithToken(t, stranger.restaurant.id);
    const franchise = await locationOwnerWithToken(t, parent.restaurant.id);
    await t.runtime.database.db
      .update(restaurants)
      .set({ parentDrafts: false })
      .where(eq(restaurants.id, franchise.restaurant.id));
    const before = await mustSave(parent.token, {
      locations: [location(parent.restaurant.id, { Hall: { 'Table 1': [house._id] } })],
    });
    const strangersBefore = (await getLayout(strangersLocation.token)).body.message;

    const refusals: [string, object][] = [
      [parent.token, { locations: [location(strangersLocation.restaurant.id, { Hall: {} })] }],
      [parent.token, { locations: [location(stranger.restaurant.id, { Hall: {} })] }],
      [parent.token, { locations: [location(franchise.restaurant.id, { Hall: {} })] }],
      // Mixed with a valid change of the caller's own tree: all or nothing.
      [
        parent.token,
        {
          locations: [
            location(parent.restaurant.id, { Hall: { 'Table 1': [] } }),
            location(strangersLocation.restaurant.id, { Hall: {} }),
          ],
        },
      ],
      // A location arranges neither its parent nor its sibling.
      [downtown.token, { locations: [location(parent.restaurant.id, { Hall: {} })] }],
      [downtown.token, { locations: [location(seaside.restaurant.id, { Hall: {} })] }],
      // Another parent reaches none of these locations.
      [stranger.token, { locations: [location(downtown.restaurant.id, { Hall: {} })] }],
    ];
    for (const [token, payload] of refusals) {
      const answer = await saveLayout(token, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(404);
    }
    expect((await getLayout(parent.token)).body.message).toEqual(before);
    expect((await getLayout(strangersLocation.token)).body.message).toEqual(strangersBefore);
    expect((await getLayout(franchise.token)).body.message.locations[0]!.zones).toEqual([]);
    // The same location twice in one save is refused too.
    const twice = await saveLayout(parent.token, {
      locations: [location(downtown.restaurant.id, {}), location(downtown.restaurant.id, {})],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(messages.layoutIdRepeated);
  });

  it("lets the parent's owner and members with the restaurant flag arrange the locations; other members their own tree only", async () => {
    const { parent, downtown, seaside, house } = await chain();
    const manager = await memberWithToken(t, parent.restaurant.id, { restaurant: true });
    const waiter = await memberWithToken(t, parent.restaurant.id, { menu: true });
    const locationStaff = await memberWithToken(t, downtown.restaurant.id, {});

    expect((await getLayout(manager.token)).body.message.locations.map((entry) => entry._id)).toEqual([
      parent.restaurant.id,
      downtown.restaurant.id,
      seaside.restaurant.id,
    ]);
    await mustSave(manager.token, {
      locations: [location(downtown.restaurant.id, { Patio: { 'Table 1': [house._id] } })],
    });

    // Without the flag: the parent's own tree only; naming a location is refused with 403.
    expect((await getLayout(waiter.token)).body.message.locations.map((entry) => entry._id)).toEqual([
      parent.restaurant.id,
    ]);
    const refused = await saveLayout(waiter.token, {
      locations: [location(downtown.restaurant.id, { Patio: {} })],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.permissionDenied);
    await mustSave(waiter.token, { locations: [location(parent.restaurant.id, { Hall: {} })] });

    // The location's own members keep arranging it, whatever their flags (doc 3 §6).
    const own = await mustSave(locationStaff.token, {
      locations: [location(downtown.restaurant.id, { Patio: { 'Table 1': [house._id] }, Bar: {} })],
    });
    expect(own.locations[0]!.zones.map((zone) => zone.name)).toEqual(['Patio', 'Bar']);
  });
});

describe("a location's display page after the parent's save", () => {
  it('shows the new menu on the next request (the cached page is dropped)', async () => {
    const { parent, downtown, house, downtownBrunch } = await chain();
    const saved = await mustSave(parent.token, {
      locations: [location(downtown.restaurant.id, { Patio: { 'Table 1': [downtownBrunch._id] } })],
    });
    const display = locationIn(saved, downtown.restaurant.id).zones[0]!.maps[0]!;
    const url = `/menu/${downtown.restaurant.id}/${display._id}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(downtownBrunch.name);
    expect(first.body).not.toContain(house.name);
    // Served from the cache until something changes.
    const cached = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    // The parent adds its own menu to the location's display.
    const tree = locationIn(saved, downtown.restaurant.id);
    display.menus.push({ menu: { ...display.menus[0]!.menu, _id: house._id } });
    await mustSave(parent.token, { locations: [tree] });
    const after = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(house.name);
    expect(after.body).toContain(downtownBrunch.name);
  });
});

describe("a location's QR codes from the parent's editor", () => {
  it("encode the location's display address; print all takes the location; a member without the flag is refused", async () => {
    const { parent, downtown } = await chain();
    const saved = await mustSave(parent.token, {
      locations: [location(downtown.restaurant.id, { Patio: { 'Table 1': [], 'Table 2': [] } })],
    });
    const patio = locationIn(saved, downtown.restaurant.id).zones[0]!;
    const fetch = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

    const code = await fetch(`/api/restaurants/qr-code?format=png&mapId=${patio.maps[0]!._id}`, parent.token);
    expect(code.statusCode).toBe(200);
    expect(await decodeImage(code.rawPayload)).toBe(patio.maps[0]!.url);

    for (const query of [`locationId=${downtown.restaurant.id}`, `zoneId=${patio._id}`]) {
      const pdf = await fetch(`/api/restaurants/qr-cards.pdf?paper=a4&perPage=4&${query}`, parent.token);
      expect(pdf.statusCode, query).toBe(200);
      const sheet = await renderPdfPage(pdf.rawPayload);
      expect(sheet.text).toEqual(expect.arrayContaining(['Patio · Table 1', 'Patio · Table 2']));
    }

    const waiter = await memberWithToken(t, parent.restaurant.id, { menu: true });
    const refused = await fetch(
      `/api/restaurants/qr-code?format=png&mapId=${patio.maps[0]!._id}`,
      waiter.token,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(messages.displayNotFound);
    const stranger = await ownerWithToken(t);
    expect(
      (
        await fetch(
          `/api/restaurants/qr-cards.pdf?paper=a4&perPage=4&locationId=${downtown.restaurant.id}`,
          stranger.token,
        )
      ).statusCode,
    ).toBe(404);
  });
});
