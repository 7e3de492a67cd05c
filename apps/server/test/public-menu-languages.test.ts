import { gzipSync } from 'node:zlib';
import type { Category, CustomerMenu, Dish, Menu, StoredTranslations } from '@carte/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, dishes, menus, restaurants } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { ownerWithToken } from './factories.ts';
import { writeLargeRestaurant } from './large-restaurant.ts';
import { decodeImage } from './qr-decode.ts';
import { writeWebDist } from './web-dist.ts';

/**
 * The diner's language (issue 24 §5, §6): `?lang=` and `Accept-Language` choose among the
 * restaurant's languages, the texts come from the stored translations field by field (stale and
 * unaccepted machine drafts fall back to the default language), the page says its language and
 * offers the others, the cache holds each language apart, and a QR code may name a language.
 */
let t: TestApp;
let web: ReturnType<typeof writeWebDist>;
beforeAll(async () => {
  web = writeWebDist();
  t = await startTestApp({ WEB_DIST: web.dir, BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await t?.close();
  web?.close();
});

const KB = 1024;
const db = () => t.runtime.database.db;

async function ok<T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await t.call<T>({ method, url, token, ...(payload ? { payload } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const made = (text: string, source: string, machine = false) =>
  machine ? { text, source, machine } : { text, source };

/** A bistro in English with French and German: a menu partly translated. */
async function bistro(options: { showMachine?: boolean } = {}) {
  const owner = await ownerWithToken(t);
  const { token } = owner;
  const id = owner.restaurant.id;
  const menu = await ok<Menu>(token, 'POST', '/api/menus', { name: 'Dinner' });
  const mains = await ok<Category>(token, 'POST', '/api/categories', { name: 'Mains', menu: menu._id });
  const add = (payload: object) =>
    ok<Dish>(token, 'POST', '/api/dishes', { price: '12', category: mains._id, ...payload });
  const steak = await add({ name: 'Steak frites', description: '<p>Grilled <strong>beef</strong></p>' });
  const salad = await add({ name: 'Green salad' });
  await ok(token, 'PUT', `/api/menus/${menu._id}`, { name: 'Dinner', draft: false });
  await db()
    .update(restaurants)
    .set({
      languages: { default: 'en', others: ['fr', 'de'] },
      showMachineTranslations: options.showMachine ?? false,
    })
    .where(eq(restaurants.id, id));
  await db()
    .update(menus)
    .set({ translations: { fr: { name: made('Dîner', 'Dinner') } } })
    .where(eq(menus.id, menu._id));
  await db()
    .update(categories)
    .set({ translations: { fr: { name: made('Plats', 'Mains') } } })
    .where(eq(categories.id, mains._id));
  await db()
    .update(dishes)
    .set({
      translations: {
        fr: {
          name: made('Steak-frites', 'Steak frites'),
          description: made('<p>Bœuf <strong>grillé</strong></p>', '<p>Grilled <strong>beef</strong></p>'),
        },
      },
    })
    .where(eq(dishes.id, steak._id));
  // French made from an older name (stale); German drafted by a machine, not accepted yet.
  await db()
    .update(dishes)
    .set({
      translations: {
        fr: { name: made('Salade de saison', 'Seasonal salad') },
        de: { name: made('Grüner Salat', 'Green salad', true) },
      } satisfies StoredTranslations,
    })
    .where(eq(dishes.id, salad._id));
  t.services.publicMenu.changed(id);
  return { owner, token, id, menu, mains, steak, salad };
}

describe('the diner reads the menu in a language (issue 24 §5)', () => {
  it('?lang=fr serves French field by field, with English where a translation is missing or stale', async () => {
    const { id, menu } = await bistro();
    const res = await get(`/menu/${id}?lang=fr`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Dîner');
    expect(html).toContain('Plats');
    expect(html).toContain('Steak-frites');
    // Rich text stays rich text.
    expect(html).toContain('<p>Bœuf <strong>grillé</strong></p>');
    // Stale: the English name.
    expect(html).toContain('Green salad');
    expect(html).not.toContain('Salade de saison');
    // The page's own words are French; the dish links keep the language.
    expect(html).toContain('Aller au menu');
    expect(html).toMatch(
      /href="\/menu\/[0-9a-f]{24}\/dish\/[0-9a-f]{24}\/menuSelected\/[0-9a-f]{24}\?lang=fr"/,
    );
    // One language only: no English name of a translated field.
    expect(html).not.toContain('>Steak frites<');
    // The structured data names its language.
    expect(html).toContain('"inLanguage":"fr"');
    // The menu's own address answers the same.
    const own = await get(`/menu/${id}?menu=${menu._id}&lang=fr`);
    expect(own.body).toContain('Steak-frites');
  });

  it('names the language in <html lang>, links each language with hreflang and x-default, and offers a switch in their own names', async () => {
    const { id, menu } = await bistro();
    const html = (await get(`/menu/${id}?lang=de`)).body;
    expect(html).toContain('<html lang="de">');
    // The only menu is the restaurant's screen: its address in each language.
    const address = `http://carte.test/menu/${id}?menu=${menu._id}`;
    for (const tag of ['en', 'fr', 'de'])
      expect(html).toContain(`<link rel="alternate" hreflang="${tag}" href="${address}&#38;lang=${tag}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${address}">`);
    const nav = html.slice(
      html.indexOf('<nav class="cm-langs"'),
      html.indexOf('</nav>', html.indexOf('cm-langs')),
    );
    expect(nav).toContain('aria-label="Sprache"');
    expect(nav).toContain(`href="/menu/${id}?menu=${menu._id}&amp;lang=fr" hrefLang="fr" lang="fr"`);
    expect(nav).toContain('>Français</a>');
    expect(nav).toContain('>English</a>');
    expect(nav).toMatch(/lang="de" aria-current="true">Deutsch<\/a>/);
  });

  it('without ?lang, Accept-Language chooses among the restaurant languages (a region falls back to its language), with Vary: Accept-Language', async () => {
    const { id } = await bistro();
    const french = await get(`/menu/${id}`, { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('Steak-frites');
    expect(french.headers.vary).toBe('Accept-Encoding, Accept-Language');
    const japanese = await get(`/menu/${id}`, { 'accept-language': 'ja' });
    expect(japanese.body).toContain('<html lang="en">');
    expect(japanese.body).toContain('Steak frites');
    expect(japanese.headers.vary).toBe('Accept-Encoding, Accept-Language');
    // ?lang= wins over the browser and the answer no longer depends on it.
    const asked = await get(`/menu/${id}?lang=en`, { 'accept-language': 'fr' });
    expect(asked.body).toContain('<html lang="en">');
    expect(asked.headers.vary).toBe('Accept-Encoding');
  });

  it('an unknown or unoffered language falls back without error', async () => {
    const { id } = await bistro();
    for (const lang of ['xx', 'it', '%E2%9C%93', 'a'.repeat(200)]) {
      const res = await get(`/menu/${id}?lang=${lang}`);
      expect(res.statusCode, lang).toBe(200);
      expect(res.body).toContain('<html lang="en">');
      expect(res.body).toContain('Steak frites');
    }
    // With a browser asking French, an unoffered ?lang= lets the browser choose.
    const res = await get(`/menu/${id}?lang=it`, { 'accept-language': 'fr' });
    expect(res.body).toContain('<html lang="fr">');
  });

  it('shows a machine draft only when the owner allows it', async () => {
    const hidden = await bistro();
    expect((await get(`/menu/${hidden.id}?lang=de`)).body).not.toContain('Grüner Salat');
    const shown = await bistro({ showMachine: true });
    expect((await get(`/menu/${shown.id}?lang=de`)).body).toContain('Grüner Salat');
  });

  it('the dish page and a display keep the language', async () => {
    const { id, menu, steak, token } = await bistro();
    const dish = await get(`/menu/${id}/dish/${steak._id}/menuSelected/${menu._id}?lang=fr`);
    expect(dish.statusCode).toBe(200);
    expect(dish.body).toContain('<html lang="fr">');
    expect(dish.body).toContain('Steak-frites');
    expect(dish.body).toContain(`href="/menu/${id}?menu=${menu._id}&amp;lang=fr"`);
    const layout = await ok<{ locations: { zones: { maps: { _id: string }[] }[] }[] }>(
      token,
      'POST',
      '/api/maps',
      {
        locations: [
          {
            _id: id,
            name: 'ignored',
            zones: [
              {
                _id: 'zone-0-new',
                name: 'Terrace',
                maps: [{ _id: 'display-0-0', name: 'Table 1', menus: [{ menu: { _id: menu._id } }] }],
              },
            ],
          },
        ],
      },
    );
    const displayId = layout.locations[0]!.zones[0]!.maps[0]!._id;
    const shown = await get(`/menu/${id}/${displayId}?lang=fr`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<html lang="fr">');
    expect(shown.body).toContain('Steak-frites');
    expect(shown.body).toContain(
      `hreflang="de" href="http://carte.test/menu/${id}/${displayId}?menu=${menu._id}&#38;lang=de"`,
    );
  });

  it('the page words exist in French: the dish not found page', async () => {
    const { id, menu } = await bistro();
    const res = await get(`/menu/${id}/dish/${'0'.repeat(24)}/menuSelected/${menu._id}?lang=fr`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Plat introuvable');
  });

  it('GET /api/menus/customer?lang= answers translated texts and names the language', async () => {
    const { id, menu, steak } = await bistro();
    const res = await get(`/api/menus/customer?restaurantId=${id}&lang=fr`);
    expect(res.statusCode).toBe(200);
    const answer = res.json().message as CustomerMenu;
    expect(answer.language).toEqual({ served: 'fr', default: 'en', others: ['fr', 'de'] });
    expect(answer.menus[0]!.name).toBe('Dîner');
    expect(answer.menusTimeline[0]!.name).toBe('Dîner');
    expect(answer.menus[0]!.categories[0]!.name).toBe('Plats');
    const names = answer.menus[0]!.categories[0]!.dishes.map((dish) => dish.name).sort();
    expect(names).toEqual(['Green salad', 'Steak-frites']);
    const english = (await get(`/api/menus/customer?restaurantId=${id}`)).json().message as CustomerMenu;
    expect(english.menus[0]!.name).toBe('Dinner');
    expect(english.language?.served).toBe('en');
    expect(res.headers.etag).not.toBe((await get(`/api/menus/customer?restaurantId=${id}`)).headers.etag);
    const dish = await get(`/api/restaurant/${id}/menu/${menu._id}/dish/${steak._id}?lang=fr`);
    expect(dish.statusCode).toBe(200);
    expect(dish.json().message.name).toBe('Steak-frites');
    expect(dish.json().message.description).toBe('<p>Bœuf <strong>grillé</strong></p>');
    const browser = await get(`/api/menus/customer?restaurantId=${id}`, { 'accept-language': 'fr' });
    expect((browser.json().message as CustomerMenu).menus[0]!.name).toBe('Dîner');
    expect(browser.headers.vary).toBe('Accept-Encoding, Accept-Language');
  });

  it('a restaurant with one language answers as before: no Vary on the language, no switch, no alternates', async () => {
    const owner = await ownerWithToken(t);
    const menu = await ok<Menu>(owner.token, 'POST', '/api/menus', { name: 'Lunch' });
    await ok(owner.token, 'PUT', `/api/menus/${menu._id}`, { name: 'Lunch', draft: false });
    const res = await get(`/menu/${owner.restaurant.id}?lang=fr`, { 'accept-language': 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).not.toContain('hreflang');
    expect(res.body).not.toContain('<nav class="cm-langs"');
    const api = await get(`/api/menus/customer?restaurantId=${owner.restaurant.id}`);
    expect(api.json().message.language).toBeUndefined();
  });
});

describe('the public-menu cache per language (issue 24 §5)', () => {
  it('holds each language apart (its own ETag, drawn once) and an edit drops them all', async () => {
    const { id, token, steak, mains } = await bistro();
    const pages = t.services.publicMenu.pages;
    const french = await get(`/menu/${id}?lang=fr`);
    const english = await get(`/menu/${id}?lang=en`);
    expect(french.headers.etag).not.toBe(english.headers.etag);
    const before = pages.renders;
    const again = await get(`/menu/${id}?lang=fr`);
    const browser = await get(`/menu/${id}`, { 'accept-language': 'fr' });
    // Both from the cache: the browser's French is the same page as ?lang=fr.
    expect(pages.renders).toBe(before);
    expect(again.headers.etag).toBe(french.headers.etag);
    expect(browser.headers.etag).toBe(french.headers.etag);
    expect(
      (await get(`/menu/${id}?lang=fr`, { 'if-none-match': french.headers.etag as string })).statusCode,
    ).toBe(304);

    // An owner's edit through the API drops every language.
    await ok(token, 'PUT', `/api/dishes/${steak._id}`, {
      name: 'Steak frites',
      price: '19',
      category: mains._id,
    });
    const frenchAfter = await get(`/menu/${id}?lang=fr`);
    const englishAfter = await get(`/menu/${id}?lang=en`);
    expect(frenchAfter.headers.etag).not.toBe(french.headers.etag);
    expect(englishAfter.headers.etag).not.toBe(english.headers.etag);
    expect(frenchAfter.body).toContain('19');
    expect(englishAfter.body).toContain('19');
    // A translation changed (and told) shows at once in its language.
    await db()
      .update(dishes)
      .set({ translations: { fr: { name: made('Entrecôte-frites', 'Steak frites') } } })
      .where(eq(dishes.id, steak._id));
    t.services.publicMenu.changed(id);
    expect((await get(`/menu/${id}?lang=fr`)).body).toContain('Entrecôte-frites');
  });

  it('a large restaurant in three languages: the page carries one language only and stays within 40 KB', async () => {
    const large = await writeLargeRestaurant(db(), {
      fonts: { primary: 'Playfair Display', secondary: 'Lato' },
    });
    await db()
      .update(restaurants)
      .set({ languages: { default: 'en', others: ['fr', 'de'] } })
      .where(eq(restaurants.id, large.restaurantId));
    for (const dish of large.dishRows) {
      const number = dish.name.replace('Dish number ', '');
      await db()
        .update(dishes)
        .set({
          translations: {
            fr: {
              name: made(`Plat numéro ${number}`, dish.name),
              description: made(`<p>Plat maison ${number} : mijoté, de saison.</p>`, dish.description),
            },
            de: { name: made(`Gericht Nummer ${number}`, dish.name) },
          },
        })
        .where(inArray(dishes.id, [dish.id]));
    }
    t.services.publicMenu.changed(large.restaurantId);
    const url = `/menu/${large.restaurantId}?menu=${large.firstMenuId}&lang=fr`;
    const plain = (await get(url)).body;
    const br = (await get(url, { 'accept-encoding': 'br' })).rawPayload.length;
    const sizes = { raw: plain.length, br, gzip: gzipSync(plain).length };
    console.log('large restaurant in French of three languages, bytes:', JSON.stringify(sizes));
    expect(sizes.gzip).toBeLessThanOrEqual(40 * KB);
    expect(sizes.br).toBeLessThanOrEqual(40 * KB);
    expect(plain).toContain('Plat numéro 1<');
    expect(plain).not.toContain('Gericht Nummer');
    expect(plain).not.toContain('Dish number 1<');
  });
});

describe('QR codes and cards in a language (issue 24 §6)', () => {
  it('encode the menu address with ?lang= for one of the restaurant languages, 400 for another', async () => {
    const { id, token } = await bistro();
    const code = await t.app.inject({
      method: 'GET',
      url: '/api/restaurants/qr-code?lang=fr',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(code.statusCode).toBe(200);
    expect(await decodeImage(code.rawPayload)).toBe(`http://carte.test/menu/${id}?lang=fr`);
    for (const url of ['/api/restaurants/qr-code?lang=it', '/api/restaurants/qr-cards.pdf?lang=it']) {
      const refused = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message).toBe("Please choose one of the restaurant's languages");
    }
    const cards = await t.app.inject({
      method: 'GET',
      url: '/api/restaurants/qr-cards.pdf?lang=de',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cards.statusCode).toBe(200);
    expect(cards.headers['content-type']).toContain('application/pdf');
  });
});

describe('dietary tags and filters in the diner’s language', () => {
  it('shows a tag by its translated label while filters keep matching its name', async () => {
    const owner = await ownerWithToken(t);
    const { token } = owner;
    const id = owner.restaurant.id;
    const menu = await ok<Menu>(token, 'POST', '/api/menus', { name: 'Dinner' });
    const mains = await ok<Category>(token, 'POST', '/api/categories', { name: 'Mains', menu: menu._id });
    await ok(token, 'POST', '/api/dishes/update-dietary', { name: 'Fiery', type: 'other' });
    await ok<Dish>(token, 'POST', '/api/dishes', {
      name: 'Chili',
      price: '12',
      category: mains._id,
      dietaryConsiderations: {
        selected: { diets: [], foodTypes: [], other: ['Fiery'] },
        admin: { diets: [], foodTypes: [], other: [] },
      },
    });
    await ok(token, 'PUT', `/api/menus/${menu._id}`, { name: 'Dinner', draft: false });
    await db()
      .update(restaurants)
      .set({
        languages: { default: 'en', others: ['fr'] },
        translations: { fr: { 'dietary.Fiery': made('Épicé', 'Fiery') } },
      })
      .where(eq(restaurants.id, id));

    const french = await t.call<CustomerMenu>({
      method: 'GET',
      url: `/api/menus/customer?restaurantId=${id}&lang=fr`,
    });
    expect(french.body.message.language?.labels).toEqual({ Fiery: 'Épicé' });
    // The dish keeps the tag's name: the diner's filters match on it.
    expect(french.body.message.menus[0]?.categories[0]?.dishes[0]?.dietary.other).toEqual(['Fiery']);
    const page = await get(`/menu/${id}?lang=fr`);
    expect(page.body).toContain('Épicé');
    const english = await get(`/menu/${id}?lang=en`);
    expect(english.body).not.toContain('Épicé');
    expect(english.body).toContain('Fiery');
  });
});

describe('the platform’s dietary tags', () => {
  it('are listed for translation once a dish carries one, and read translated on the page', async () => {
    const owner = await ownerWithToken(t);
    const { token } = owner;
    const id = owner.restaurant.id;
    const menu = await ok<Menu>(token, 'POST', '/api/menus', { name: 'Dinner' });
    const mains = await ok<Category>(token, 'POST', '/api/categories', { name: 'Mains', menu: menu._id });
    await ok<Dish>(token, 'POST', '/api/dishes', {
      name: 'Curry',
      price: '12',
      category: mains._id,
      dietaryConsiderations: {
        selected: { diets: [], foodTypes: [], other: [] },
        admin: { diets: ['Vegan'], foodTypes: [], other: [] },
      },
    });
    await ok(token, 'PUT', `/api/menus/${menu._id}`, { name: 'Dinner', draft: false });
    await ok(token, 'POST', '/api/restaurants/update', { languages: { default: 'en', others: ['fr'] } });

    const list = await ok<{ items: { kind: string; field: string; source: string }[] }>(
      token,
      'GET',
      '/api/translations/fr',
    );
    expect(list.items.find((row) => row.field === 'dietary.Vegan')).toMatchObject({
      kind: 'restaurant',
      source: 'Vegan',
    });
    await ok(token, 'PUT', '/api/translations/fr', {
      items: [{ kind: 'restaurant', id, field: 'dietary.Vegan', text: 'Végétalien' }],
    });
    const page = await get(`/menu/${id}?lang=fr`);
    expect(page.body).toContain('Végétalien');
  });
});
