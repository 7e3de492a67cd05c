import { type CustomerMenu, type Layout, messages } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, memberWithToken, ownerWithToken } from './factories.ts';
import { crop, decode, decodeImage, renderPdfPage } from './qr-decode.ts';

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

/** A menu with one category holding one dish, published unless asked otherwise. */
async function menuOf(token: string, label: string, draft = false) {
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
    payload: { name: unique(label), categories: [{ category: category.body.message._id }], draft },
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

/** One location with zones given as `{ zone: { display: [menuIds] } }`, every id made by the browser. */
function tree(restaurantId: string, zones: Record<string, Record<string, string[]>>) {
  return {
    locations: [
      {
        _id: restaurantId,
        name: 'ignored',
        zones: Object.entries(zones).map(([zone, displays], index) => ({
          _id: `zone-${index}-new`,
          name: zone,
          maps: Object.entries(displays).map(([display, menus], place) => ({
            _id: `display-${index}-${place}`,
            name: display,
            menus: menus.map((menu) => ({ menu: { _id: menu } })),
          })),
        })),
      },
    ],
  };
}

const customer = (restaurantId: string, mapId?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/menus/customer?restaurantId=${restaurantId}${mapId ? `&mapId=${mapId}` : ''}`,
  });
const shownMenus = (body: string) =>
  (JSON.parse(body).message as CustomerMenu).menus.map((menu) => menu.name);

describe('GET|POST /api/maps — the layout tree', () => {
  it('answers a restaurant without locations as its one location, empty at first', async () => {
    const owner = await ownerWithToken(t);
    const { status, body } = await getLayout(owner.token);
    expect(status).toBe(200);
    expect(body.message.locations).toEqual([
      { _id: owner.restaurant.id, name: owner.restaurant.name, zones: [], availableMenus: [] },
    ]);
  });

  it('saves the tree, replacing the browser-made ids (with a dash) by real ones, and reads it back', async () => {
    const owner = await ownerWithToken(t);
    const lunch = await menuOf(owner.token, 'Lunch');
    const dinner = await menuOf(owner.token, 'Dinner');
    const saved = await mustSave(
      owner.token,
      tree(owner.restaurant.id, {
        Terrace: { 'Table 1': [lunch._id, dinner._id], 'Table 2': [dinner._id] },
        Bar: {},
      }),
    );
    const [location] = saved.locations;
    expect(location!.zones.map((zone) => zone.name)).toEqual(['Terrace', 'Bar']);
    const terrace = location!.zones[0]!;
    expect(terrace.maps.map((display) => display.name)).toEqual(['Table 1', 'Table 2']);
    for (const id of [terrace._id, location!.zones[1]!._id, ...terrace.maps.map((display) => display._id)]) {
      expect(id).toMatch(/^[0-9a-f]{24}$/);
    }
    const table1 = terrace.maps[0]!;
    expect(table1.menus.map((entry) => entry.menu.name)).toEqual([lunch.name, dinner.name]);
    expect(table1.menus[0]!.menu).toMatchObject({ _id: lunch._id, draft: false, fromParent: false });
    expect(table1.url).toBe(`http://carte.test/menu/${owner.restaurant.id}/${table1._id}`);

    // Read back as saved; saved again as read, nothing moves (ids, names, order).
    expect((await getLayout(owner.token)).body.message).toEqual(saved);
    expect(await mustSave(owner.token, saved)).toEqual(saved);

    // A rename keeps the display's id, so its printed QR code keeps working.
    terrace.maps[1]!.name = '  Table 2 by the window ';
    const renamed = await mustSave(owner.token, saved);
    expect(renamed.locations[0]!.zones[0]!.maps[1]).toMatchObject({
      _id: terrace.maps[1]!._id,
      name: 'Table 2 by the window',
    });

    // Deleting a zone deletes its displays.
    const withoutBar = await mustSave(owner.token, {
      locations: [{ ...renamed.locations[0], zones: [renamed.locations[0]!.zones[0]] }],
    });
    expect(withoutBar.locations[0]!.zones.map((zone) => zone.name)).toEqual(['Terrace']);
  });

  it('refuses a menu twice in one display with the specification’s message, and bad names and ids', async () => {
    const owner = await ownerWithToken(t);
    const lunch = await menuOf(owner.token, 'Lunch');
    const cases: [object, string][] = [
      [
        tree(owner.restaurant.id, { Terrace: { 'Table 1': [lunch._id, lunch._id] } }),
        messages.menuAlreadyInMap,
      ],
      [tree(owner.restaurant.id, { '  ': {} }), messages.zoneNameRequired],
      [tree(owner.restaurant.id, { Terrace: { '': [] } }), messages.displayNameRequired],
      [
        { locations: [{ _id: owner.restaurant.id, zones: [{ _id: 'nodash', name: 'Terrace', maps: [] }] }] },
        messages.layoutIdInvalid,
      ],
      [
        {
          locations: [
            {
              _id: owner.restaurant.id,
              zones: [
                { _id: 'zone-a', name: 'Terrace', maps: [{ _id: 'table-a', name: 'T1', menus: [] }] },
                { _id: 'zone-b', name: 'Bar', maps: [{ _id: 'table-a', name: 'T2', menus: [] }] },
              ],
            },
          ],
        },
        // Browser-made ids may repeat (each is replaced); stored ones may not.
        'ok',
      ],
      [
        {
          locations: [
            {
              _id: owner.restaurant.id,
              zones: [
                { _id: lunch._id, name: 'Terrace', maps: [] },
                { _id: lunch._id, name: 'Bar', maps: [] },
              ],
            },
          ],
        },
        messages.layoutIdRepeated,
      ],
      [
        { locations: [{ _id: owner.restaurant.id, zones: [{ _id: lunch._id, name: 'Terrace', maps: [] }] }] },
        // A 24-hex id that is not one of the restaurant's zones is refused whatever it is.
        messages.notFound,
      ],
    ];
    for (const [payload, message] of cases) {
      const answer = await saveLayout(owner.token, payload);
      if (message === 'ok') {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        await mustSave(owner.token, { locations: [{ _id: owner.restaurant.id, zones: [] }] });
        continue;
      }
      expect(answer.body.message, JSON.stringify(payload)).toBe(message);
      expect(answer.status).toBe(message === messages.notFound ? 404 : 400);
    }
    expect((await getLayout(owner.token)).body.message.locations[0]!.zones).toEqual([]);
  });

  it("refuses another restaurant's menus, zones, displays and location, and changes nothing", async () => {
    const owner = await ownerWithToken(t);
    const other = await ownerWithToken(t);
    const mine = await menuOf(owner.token, 'Mine');
    const theirs = await menuOf(other.token, 'Theirs');
    const before = await mustSave(
      owner.token,
      tree(owner.restaurant.id, { Terrace: { 'Table 1': [mine._id] } }),
    );
    const theirLayout = await mustSave(
      other.token,
      tree(other.restaurant.id, { Hall: { 'Table 9': [theirs._id] } }),
    );
    const theirZone = theirLayout.locations[0]!.zones[0]!;
    const theirDisplay = theirZone.maps[0]!;

    const attempts = [
      tree(owner.restaurant.id, { Terrace: { 'Table 1': [mine._id, theirs._id] } }),
      { locations: [{ _id: owner.restaurant.id, zones: [{ ...theirZone, maps: [] }] }] },
      {
        locations: [
          {
            _id: owner.restaurant.id,
            zones: [{ _id: 'z-1', name: 'Terrace', maps: [{ ...theirDisplay, menus: [] }] }],
          },
        ],
      },
      { locations: [{ _id: other.restaurant.id, zones: [] }] },
    ];
    for (const payload of attempts) {
      const answer = await saveLayout(owner.token, payload);
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    }
    expect((await getLayout(owner.token)).body.message).toEqual(before);
    expect((await getLayout(other.token)).body.message).toEqual(theirLayout);
  });

  it('needs a signed-in member of a restaurant; any member may arrange the layout (doc 3 §6)', async () => {
    const owner = await ownerWithToken(t);
    expect((await t.call({ method: 'GET', url: '/api/maps' })).status).toBe(401);
    const member = await memberWithToken(t, owner.restaurant.id, {});
    const saved = await mustSave(member.token, tree(owner.restaurant.id, { Terrace: { 'Table 1': [] } }));
    expect((await getLayout(owner.token)).body.message).toEqual(saved);
  });

  it("lets a location place its parent's menus, read-only and marked fromParent (decisions §4)", async () => {
    const parent = await ownerWithToken(t);
    const inherited = await menuOf(parent.token, 'Parent lunch');
    const location = await locationOwnerWithToken(t, parent.restaurant.id);
    const own = await menuOf(location.token, 'Location dinner');
    const saved = await mustSave(
      location.token,
      tree(location.restaurant.id, { Patio: { 'Table 1': [inherited._id, own._id] } }),
    );
    const display = saved.locations[0]!.zones[0]!.maps[0]!;
    expect(display.menus.map((entry) => [entry.menu.name, entry.menu.fromParent])).toEqual([
      [inherited.name, true],
      [own.name, false],
    ]);
    // The location's panel offers its own menus, then its parent's.
    expect(saved.locations[0]!.availableMenus.map((menu) => [menu.name, menu.fromParent])).toEqual([
      [own.name, false],
      [inherited.name, true],
    ]);
    // A location does not arrange its parent's layout (test/displays-locations.test.ts: the reverse).
    expect(
      (await saveLayout(location.token, { locations: [{ _id: parent.restaurant.id, zones: [] }] })).status,
    ).toBe(404);
    const answer = await customer(location.restaurant.id, display._id);
    expect(shownMenus(answer.body)).toEqual([inherited.name, own.name]);
  });

  it('drops a deleted menu from every display', async () => {
    const owner = await ownerWithToken(t);
    const lunch = await menuOf(owner.token, 'Lunch');
    const dinner = await menuOf(owner.token, 'Dinner');
    await mustSave(
      owner.token,
      tree(owner.restaurant.id, { Terrace: { 'Table 1': [lunch._id, dinner._id] } }),
    );
    const removed = await t.call({ method: 'DELETE', url: `/api/menus/${lunch._id}`, token: owner.token });
    expect(removed.status).toBe(200);
    const layout = (await getLayout(owner.token)).body.message;
    expect(layout.locations[0]!.zones[0]!.maps[0]!.menus.map((entry) => entry.menu._id)).toEqual([
      dinner._id,
    ]);
  });
});

describe('the public menu of a display (/menu/{restaurantId}/{mapId})', () => {
  it('answers only the published menus of the display, in its order; an unknown display is "No menu found"', async () => {
    const owner = await ownerWithToken(t);
    const lunch = await menuOf(owner.token, 'Lunch');
    const dinner = await menuOf(owner.token, 'Dinner');
    const brunch = await menuOf(owner.token, 'Brunch');
    const draft = await menuOf(owner.token, 'Secret', true);
    const saved = await mustSave(
      owner.token,
      tree(owner.restaurant.id, {
        Terrace: { 'Table 1': [dinner._id, lunch._id, draft._id], 'Table 2': [brunch._id] },
      }),
    );
    const [table1, table2] = saved.locations[0]!.zones[0]!.maps;

    const whole = await customer(owner.restaurant.id);
    expect(shownMenus(whole.body).sort()).toEqual([brunch.name, dinner.name, lunch.name].sort());
    const one = await customer(owner.restaurant.id, table1!._id);
    expect(one.statusCode).toBe(200);
    expect(shownMenus(one.body)).toEqual([dinner.name, lunch.name]);
    expect((JSON.parse(one.body).message as CustomerMenu).menusTimeline.map((entry) => entry.name)).toEqual([
      dinner.name,
      lunch.name,
    ]);
    expect(shownMenus((await customer(owner.restaurant.id, table2!._id)).body)).toEqual([brunch.name]);
    // Each answer has its own ETag: a display's is never the restaurant's nor another display's.
    const etags = new Set([whole, one].map((answer) => answer.headers.etag));
    etags.add((await customer(owner.restaurant.id, table2!._id)).headers.etag);
    expect(etags.size).toBe(3);

    const page = await t.app.inject({ method: 'GET', url: `/menu/${owner.restaurant.id}/${table2!._id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(brunch.name);
    expect(page.body).not.toContain(lunch.name);
    expect(page.body).not.toContain(dinner.name);

    // Another restaurant's display is unknown here.
    const other = await ownerWithToken(t);
    const theirs = await mustSave(other.token, tree(other.restaurant.id, { Hall: { 'Table 9': [] } }));
    const foreign = theirs.locations[0]!.zones[0]!.maps[0]!._id;
    const unknown = await customer(owner.restaurant.id, foreign);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No menu found');
    const missingPage = await t.app.inject({ method: 'GET', url: `/menu/${owner.restaurant.id}/${foreign}` });
    expect(missingPage.statusCode).toBe(404);
    expect(missingPage.body).toContain('No menu found');
  });

  it('shows a layout change at once: the cached page and its ETag follow the display', async () => {
    const owner = await ownerWithToken(t);
    const lunch = await menuOf(owner.token, 'Lunch');
    const dinner = await menuOf(owner.token, 'Dinner');
    const saved = await mustSave(
      owner.token,
      tree(owner.restaurant.id, { Terrace: { 'Table 1': [lunch._id] } }),
    );
    const display = saved.locations[0]!.zones[0]!.maps[0]!;
    const url = `/menu/${owner.restaurant.id}/${display._id}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.body).toContain(lunch.name);
    expect(first.body).not.toContain(dinner.name);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    display.menus = [{ menu: { ...display.menus[0]!.menu, _id: dinner._id } }];
    await mustSave(owner.token, saved);
    const after = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(dinner.name);
    expect(after.body).not.toContain(lunch.name);
  });
});

describe('the QR code of a display', () => {
  it("encodes the display's own address; another restaurant's display is refused", async () => {
    const owner = await ownerWithToken(t);
    const saved = await mustSave(owner.token, tree(owner.restaurant.id, { Terrace: { 'Table 1': [] } }));
    const display = saved.locations[0]!.zones[0]!.maps[0]!;
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/qr-code?format=png&mapId=${display._id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(await decodeImage(file.rawPayload)).toBe(
      `http://carte.test/menu/${owner.restaurant.id}/${display._id}`,
    );

    const other = await ownerWithToken(t);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/qr-code?format=png&mapId=${display._id}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(messages.displayNotFound);
  });
});

describe('print all (issue 15): one PDF with a named card per display', () => {
  it('prints a card per display of a zone or the whole location, each leading to its display', async () => {
    const owner = await ownerWithToken(t);
    const saved = await mustSave(
      owner.token,
      tree(owner.restaurant.id, { Terrace: { 'Table 1': [], 'Table 2': [] }, Bar: { Counter: [] } }),
    );
    const [terrace, bar] = saved.locations[0]!.zones;
    const pdfOf = async (query: string, token = owner.token) =>
      t.app.inject({
        method: 'GET',
        url: `/api/restaurants/qr-cards.pdf?paper=a4&perPage=4&${query}`,
        headers: { authorization: `Bearer ${token}` },
      });

    const zone = await pdfOf(`zoneId=${terrace!._id}`);
    expect(zone.statusCode).toBe(200);
    const sheet = await renderPdfPage(zone.rawPayload);
    expect(sheet.text).toEqual(expect.arrayContaining(['Terrace · Table 1', 'Terrace · Table 2']));
    expect(sheet.text).not.toContain('Bar · Counter');
    // The first two cards (the top row) lead to the two displays, in order.
    const half = { w: sheet.widthPt / 2, h: sheet.heightPt / 2 };
    expect(decode(crop(sheet, { x: 0, y: 0, w: half.w, h: half.h }))).toBe(terrace!.maps[0]!.url);
    expect(decode(crop(sheet, { x: half.w, y: 0, w: half.w, h: half.h }))).toBe(terrace!.maps[1]!.url);

    const whole = await renderPdfPage((await pdfOf(`locationId=${owner.restaurant.id}`)).rawPayload);
    expect(whole.text).toEqual(
      expect.arrayContaining(['Terrace · Table 1', 'Terrace · Table 2', 'Bar · Counter']),
    );
    expect(decode(crop(whole, { x: 0, y: half.h, w: half.w, h: half.h }))).toBe(bar!.maps[0]!.url);

    // Another restaurant's zone or location is refused.
    const other = await ownerWithToken(t);
    expect((await pdfOf(`zoneId=${terrace!._id}`, other.token)).statusCode).toBe(404);
    expect((await pdfOf(`locationId=${owner.restaurant.id}`, other.token)).statusCode).toBe(404);
  });
});
