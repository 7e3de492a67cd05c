import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { CustomerMenu } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.ts';
import { categories, categoryDishes, dishes, menuCategories, menus } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createOwner } from './factories.ts';
import { writeLargeRestaurant } from './large-restaurant.ts';
import { writeWebDist } from './web-dist.ts';

/**
 * The diner's side of issue 11: the menu's own fonts, self-hosted (§5); a page whose weight does
 * not grow with the restaurant (§7); and the dead ends (§8): a closed menu's link, a dead
 * restaurant link, the printable menu's diet marks.
 */
let t: TestApp;
let web: ReturnType<typeof writeWebDist>;
beforeAll(async () => {
  web = writeWebDist();
  t = await startTestApp({ WEB_DIST: web.dir });
  // Tuesday 8 January 2030, 18:00 in Paris.
  t.clock.advance(new Date('2030-01-08T18:00:00+01:00').getTime() - t.clock.now().getTime());
});
afterAll(async () => {
  await t?.close();
  web?.close();
});

const db = () => t.runtime.database.db;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const KB = 1024;

const scriptJson = (html: string, id: string) => {
  const match = html.match(new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`));
  return JSON.parse(match![1]!) as { data: CustomerMenu; partial?: string[]; descriptionsInPage?: boolean };
};
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const styles = (html: string) => [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);

async function menuWith(restaurantId: string, name: string, values: Partial<typeof menus.$inferInsert> = {}) {
  const [menu] = await db()
    .insert(menus)
    .values({
      restaurantId,
      name,
      description: '',
      draft: false,
      valid: everyDay('00:00', '00:00'),
      twentyFourHours: true,
      ...values,
    })
    .returning();
  const [category] = await db()
    .insert(categories)
    .values({ restaurantId, name: `${name} plates` })
    .returning();
  const [dish] = await db()
    .insert(dishes)
    .values({
      restaurantId,
      name: `${name} special`,
      price: 12,
      description: `<p>The ${name.toLowerCase()} special of the day.</p>`,
      dietary: {
        selected: { diets: ['Vegan'], foodTypes: ['Nuts'], other: [] },
        admin: { diets: [], foodTypes: [], other: [] },
      },
    })
    .returning();
  await db().insert(categoryDishes).values({ categoryId: category!.id, dishId: dish!.id, position: 0 });
  await db().insert(menuCategories).values({ menuId: menu!.id, categoryId: category!.id, position: 0 });
  return menu!;
}
function everyDay(startTime: string, endTime: string, days = [true, true, true, true, true, true, true]) {
  const [monday, tuesday, wednesday, thursday, friday, saturday, sunday] = days as boolean[];
  return { monday, tuesday, wednesday, thursday, friday, saturday, sunday, startTime, endTime } as {
    monday: boolean;
    tuesday: boolean;
    wednesday: boolean;
    thursday: boolean;
    friday: boolean;
    saturday: boolean;
    sunday: boolean;
    startTime: string;
    endTime: string;
  };
}
const weekdays = [true, true, true, true, true, false, false];

describe('the menu fonts (issue 11 §5)', () => {
  it("declares only the menu's families and weights, swapped in, from this origin, and preloads the title's", async () => {
    const { restaurant } = await createOwner(t);
    const menu = await menuWith(restaurant.id, 'Supper', {
      fonts: { primary: 'Playfair Display', secondary: 'Lato', tertiary: 'Lobster' },
    });
    const res = await get(`/menu/${restaurant.id}?menu=${menu.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // The Classic template draws names in the primary font at 700, text in the secondary at 400 and 700.
    expect(html).toContain(
      '<link rel="preload" href="/public-menu/assets/fonts/playfair-display-latin-700-h700.woff2" as="font" type="font/woff2" crossorigin>',
    );
    const [fontCss, pageCss] = styles(html);
    const faces = [...fontCss!.matchAll(/@font-face\{([^}]*)\}/g)].map((match) => match[1]!);
    const described = faces.map((face) => {
      const family = face.match(/font-family:"([^"]+)"/)![1];
      const weight = face.match(/font-weight:(\d+)/)![1];
      const url = face.match(/src:url\(([^)]+)\)/)![1]!;
      expect(face).toContain('font-display:swap');
      expect(face).toMatch(/unicode-range:U\+/);
      expect(url.startsWith('/public-menu/assets/fonts/')).toBe(true);
      return `${family} ${weight} ${url.includes('-latin-ext-') ? 'latin-ext' : 'latin'}`;
    });
    expect(described.sort()).toEqual(
      [
        'Lato 400 latin',
        'Lato 400 latin-ext',
        'Lato 700 latin',
        'Lato 700 latin-ext',
        'Playfair Display 700 latin',
        'Playfair Display 700 latin-ext',
      ].sort(),
    );
    // The tertiary font is not used by Classic; Lobster is not in this build either way.
    expect(fontCss).not.toContain('Lobster');
    expect(pageCss).toContain('.cm{');
    expect(html).toMatch(/--cm-f1:&quot;Playfair Display&quot;/);
    // Both inline styles are allowed by their hashes, nothing from another host.
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(
      `style-src-elem http://localhost:80/public-menu/ ${sha256(fontCss!)} ${sha256(pageCss!)}`,
    );
    expect(policy).toContain("font-src 'self'");
    expect(html).not.toMatch(/https?:\/\/(?!menu\.example|localhost|carte\.test)[a-z.]*fonts?\./i);

    // The chooser draws in the system's fonts: no face, no preload.
    const two = (await createOwner(t)).restaurant;
    await menuWith(two.id, 'Supper', {
      fonts: { primary: 'Playfair Display', secondary: 'Lato', tertiary: 'Lato' },
    });
    await menuWith(two.id, 'Brunch');
    const chooser = await get(`/menu/${two.id}`);
    expect(chooser.body).not.toContain('@font-face');
    expect(chooser.body).not.toContain('rel="preload"');
    expect(styles(chooser.body)).toHaveLength(1);

    const font = await get('/public-menu/assets/fonts/playfair-display-latin-700-h700.woff2');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
  });
});

describe('page weight that does not grow with the restaurant (issue 11 §7)', () => {
  it('holds the chooser and a 50-dish menu of a large restaurant within 40 KB, shipping each dish once', async () => {
    const large = await writeLargeRestaurant(db(), {
      fonts: { primary: 'Playfair Display', secondary: 'Lato' },
    });
    const chooser = await get(`/menu/${large.restaurantId}`, { 'accept-encoding': 'br' });
    const menu = await get(`/menu/${large.restaurantId}?menu=${large.firstMenuId}`, {
      'accept-encoding': 'br',
    });
    const plainChooser = (await get(`/menu/${large.restaurantId}`)).body;
    const plainMenu = (await get(`/menu/${large.restaurantId}?menu=${large.firstMenuId}`)).body;
    const sizes = {
      chooser: {
        raw: plainChooser.length,
        br: chooser.rawPayload.length,
        gzip: gzipSync(plainChooser).length,
      },
      menu: { raw: plainMenu.length, br: menu.rawPayload.length, gzip: gzipSync(plainMenu).length },
    };
    console.log('large restaurant, bytes:', JSON.stringify(sizes));
    for (const size of Object.values(sizes)) {
      expect(size.br).toBeLessThanOrEqual(40 * KB);
      expect(size.gzip).toBeLessThanOrEqual(40 * KB);
    }
    // The chooser: the eight cards, no dish at all, in the markup, the data or the structured data.
    const chooserData = scriptJson(plainChooser, 'carte-menu-data');
    expect(chooserData.data.menus).toHaveLength(8);
    expect(chooserData.data.menus.every((entry) => entry.categories.length === 0)).toBe(true);
    expect(chooserData.partial).toHaveLength(8);
    expect(plainChooser).not.toContain('Dish number');
    // Its stylesheet is most of it (about 25 KB before compression).
    expect(sizes.chooser.raw).toBeLessThan(48 * KB);

    // A menu: its 50 dishes drawn once; the data keeps what filters and the dish page need, the
    // descriptions are read back from the markup; the other menus travel as cards.
    const menuData = scriptJson(plainMenu, 'carte-menu-data');
    expect(menuData.descriptionsInPage).toBe(true);
    const shown = menuData.data.menus.find((entry) => entry._id === large.firstMenuId)!;
    const listed = shown.categories.flatMap((category) => category.dishes);
    expect(listed).toHaveLength(50);
    expect(listed.every((dish) => dish.description === '' && dish.ingredients.length === 3)).toBe(true);
    expect(
      menuData.data.menus
        .filter((entry) => entry._id !== large.firstMenuId)
        .every((entry) => entry.categories.length === 0),
    ).toBe(true);
    const first = large.dishRows[0]!;
    expect(plainMenu.split(first.description).length - 1).toBe(1);
    expect(plainMenu).toContain(`data-desc="${first.id}"`);
    expect(plainMenu).not.toContain('Dish number 51<');
    // Compressed, the whole restaurant's data would not fit: this is what the page saves.
    const everything = JSON.stringify(
      (await get(`/api/menus/customer?restaurantId=${large.restaurantId}`)).json(),
    );
    expect(brotliCompressSync(everything).length).toBeGreaterThan(sizes.menu.br / 2);
  });
});

describe("the diner's dead ends (issue 11 §8)", () => {
  it('a link to a closed menu says when it is served and when next, and offers what is open now', async () => {
    const { restaurant } = await createOwner(t);
    const lunch = await menuWith(restaurant.id, 'Lunch', {
      valid: everyDay('11:00', '16:00', weekdays),
      twentyFourHours: false,
      position: 0,
    });
    const dinner = await menuWith(restaurant.id, 'Dinner', {
      valid: everyDay('17:00', '23:00'),
      twentyFourHours: false,
      position: 1,
    });
    const res = await get(`/menu/${restaurant.id}?menu=${lunch.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Lunch is served 11:00–16:00, Monday to Friday.');
    expect(res.body).toContain('Next time: Wednesday at 11:00.');
    expect(res.body).toContain('Here is what we are serving right now.');
    expect(res.body).toContain(`href="/menu/${restaurant.id}?menu=${dinner.id}"`);
    expect(res.body).toContain('Choose a menu:');

    // Nothing open: the same words, then when each menu opens.
    const truck = (await createOwner(t)).restaurant;
    const brunch = await menuWith(truck.id, 'Brunch', {
      valid: everyDay('09:00', '13:00', [false, false, false, false, false, true, true]),
      twentyFourHours: false,
    });
    const closed = await get(`/menu/${truck.id}?menu=${brunch.id}`);
    expect(closed.body).toContain('Brunch is served 09:00–13:00, Saturday and Sunday.');
    expect(closed.body).toContain('Nothing is being served right now.');
    expect(closed.body).toContain('Brunch opens Saturday at 09:00.');
  });

  it('a dead restaurant link answers 404 with a styled, friendly page', async () => {
    for (const url of [
      `/menu/${newId()}`,
      '/menu/not-an-id',
      `/menu/${newId()}/dish/${newId()}/menuSelected/${newId()}`,
    ]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    }
    const html = (await get(`/menu/${newId()}`)).body;
    expect(html).toContain('<h1 class="cm-title">No menu found</h1>');
    expect(html).toContain('This link or QR code no longer leads to a menu.');
    expect(html).toContain('Ask a member of staff for the current menu');
    // The template's look: its theme variables on the root, its stylesheet in the head.
    expect(html).toMatch(/<div class="cm cm--classic cm-view-empty" style="--cm-c1:[^"]*--cm-f2:/);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('the printable menu keeps the diet and allergen marks', async () => {
    const { restaurant } = await createOwner(t);
    const menu = await menuWith(restaurant.id, 'Tasting');
    const res = await get(`/menu/${restaurant.id}?print=1&menu=${menu.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<li class="cm-badge cm-badge--diet">Vegan</li>');
    expect(res.body).toContain('<li class="cm-badge cm-badge--food">Contains nuts</li>');
    expect(styles(res.body).at(-1)).toContain('@media print');
  });

  it("the report block speaks to the guest around the specification's words", async () => {
    const { restaurant } = await createOwner(t);
    const menu = await menuWith(restaurant.id, 'Bar');
    const html = (await get(`/menu/${restaurant.id}?menu=${menu.id}`)).body;
    expect(html).toContain(
      'Something not quite right, or a question about a dish? We would love to hear from you.',
    );
    expect(html).toContain('>Report an issue</a>');
    expect(html).toContain('>Send an inquiry</a>');
    expect(html).toContain('subject=ISSUE%20REPORT');
    // The owner's title and note (the defaults) as written, the title shown in sentence case.
    expect(html).toContain(
      '<h2 id="cm-report-title" class="cm-report-title cm-report-title--caps">REPORT AN ISSUE</h2>',
    );
    expect(html).toContain(
      '<p class="cm-report-note">Prices on this menu are set directly by the merchant</p>',
    );
  });
});
