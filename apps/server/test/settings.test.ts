import {
  type CustomerMenu,
  type MenuCatalog,
  messages,
  type Restaurant,
  restaurantTypes,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  categoryDishes,
  dishes,
  media,
  menuCategories,
  menus,
  restaurants,
} from '../src/db/schema.ts';
import { storeImage } from '../src/features/media/index.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createOwner, memberWithToken, ownerWithToken, tokenFor } from './factories.ts';

/**
 * The restaurant's profile (doc 2 §2 Settings, §3 Restaurant, §5, §6, §7): GET /api/restaurants,
 * POST|PUT /api/restaurants/update (JSON or multipart), GET /api/restaurants/templates, and what the
 * public menu shows of it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;

type Answer = {
  status: number;
  body: { statusCode: number; confirmation: string; message: Restaurant & string };
};

const update = (
  token: string | undefined,
  payload: Record<string, unknown>,
  method: 'POST' | 'PUT' = 'POST',
) =>
  t.call<Restaurant & string>({ method, url: '/api/restaurants/update', token, payload }) as Promise<Answer>;

const read = async (token: string) => {
  const { status, body } = await t.call<Restaurant[]>({ method: 'GET', url: '/api/restaurants', token });
  expect(status).toBe(200);
  return body.message[0]!;
};

/** The Settings form as the browser sends it: text fields, objects as JSON text, the logo as a file. */
async function sendForm(
  token: string,
  fields: Record<string, unknown>,
  logo?: { name: string; data: Buffer; type?: string },
  method: 'POST' | 'PUT' = 'POST',
): Promise<Answer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (logo)
    form.append('logo', new Blob([new Uint8Array(logo.data)], { type: logo.type ?? 'image/png' }), logo.name);
  const response = await t.app.inject({
    method,
    url: '/api/restaurants/update',
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
  return { status: response.statusCode, body: response.json() };
}

const png = (width = 240, height = 180, background = '#cc3300') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#33cc66' } })
    .gif()
    .toBuffer();
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

/** What a diner's phone reads. */
async function diner(restaurantId: string): Promise<CustomerMenu> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/menus/customer?restaurantId=${restaurantId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message as CustomerMenu;
}

/** A published menu open all day, with one dish, written straight to the tables. */
async function publishMenu(restaurantId: string, name = 'All Day') {
  const [menu] = await db()
    .insert(menus)
    .values({
      restaurantId,
      name,
      draft: false,
      twentyFourHours: true,
      colors: { primary: '#1d3557', secondary: '#ffd166', tertiary: '#84cef1' },
    })
    .returning();
  const [category] = await db().insert(categories).values({ restaurantId, name: 'Plates' }).returning();
  const [dish] = await db().insert(dishes).values({ restaurantId, name: 'Quiche', price: 9.5 }).returning();
  await db().insert(menuCategories).values({ menuId: menu!.id, categoryId: category!.id, position: 0 });
  await db().insert(categoryDishes).values({ categoryId: category!.id, dishId: dish!.id, position: 0 });
  return menu!;
}

const fullForm = {
  name: 'Taco Wheels',
  restaurantType: 'FOOD_TRUCK',
  description: '<p>Street food <strong>done right</strong>.</p><script>alert(1)</script>',
  timeZone: 'America/New_York',
  menu_period_transition: 30,
  sideDishesLabel: 'Goes well with',
  cta: {
    type: 'order_online',
    label: 'Order now',
    link: 'order.tacowheels.example',
    newTab: true,
    color: 'secondary',
    lightText: false,
    enabled: true,
  },
  social: [
    { media: 'instagram', url: 'instagram.com/tacowheels' },
    { media: 'facebook', url: 'https://facebook.com/tacowheels' },
    { media: 'yelp', url: '' },
  ],
  qrSettings: { colorDark: '#112233', colorLight: '#fafafa', backgroundImageAlpha: 0.4 },
  selectedQrTemplate: 'template_3',
  templateMeta: {
    template_3: { title: 'Scan me', text_top: 'Our menu', wifi_name: 'Tacos', wifi_password: 'salsa123' },
    template_1: { title: '' },
  },
};

describe('POST|PUT /api/restaurants/update', () => {
  it('saves every field of the form, answers the restaurant and GET reads it back', async () => {
    const owner = await ownerWithToken(t);
    const { status, body } = await update(owner.token, fullForm);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.confirmation).toBe('Success');
    const expected = {
      _id: owner.restaurant.id,
      name: 'Taco Wheels',
      restaurantType: 'FOOD_TRUCK',
      // Sanitized as dish descriptions are: the script is gone, the formatting kept.
      description: '<p>Street food <strong>done right</strong>.</p>',
      timeZone: 'America/New_York',
      menu_period_transition: 30,
      sideDishesLabel: 'Goes well with',
      // https:// added when missing (doc 1 §5).
      cta: { ...fullForm.cta, link: 'https://order.tacowheels.example' },
      // Empty addresses dropped, one per kind, in the form's order of kinds, https:// added.
      social: [
        { media: 'facebook', icon: 'facebook', url: 'https://facebook.com/tacowheels' },
        { media: 'instagram', icon: 'instagram', url: 'https://instagram.com/tacowheels' },
      ],
      qrSettings: fullForm.qrSettings,
      selectedQrTemplate: 'template_3',
      // Empty card fields are not kept.
      templateMeta: { template_3: fullForm.templateMeta.template_3 },
    };
    expect(body.message).toMatchObject(expected);
    expect(await read(owner.token)).toMatchObject(expected);
  });

  it('changes only the fields sent, by POST or PUT; an empty upsell label means "Side Dishes"', async () => {
    const owner = await ownerWithToken(t);
    await update(owner.token, fullForm);
    const { status, body } = await update(
      owner.token,
      { menu_period_transition: 0, sideDishesLabel: '  ' },
      'PUT',
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toMatchObject({
      name: 'Taco Wheels',
      restaurantType: 'FOOD_TRUCK',
      menu_period_transition: 0,
      sideDishesLabel: 'Side Dishes',
      selectedQrTemplate: 'template_3',
    });
  });

  it('reads the multipart form of doc 2 §7: fields, social/qrSettings/cta/templateMeta as JSON, the type', async () => {
    const owner = await ownerWithToken(t);
    const { status, body } = await sendForm(owner.token, {
      ...fullForm,
      restaurantType: 'CAFE',
      menu_period_transition: '45',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toMatchObject({
      restaurantType: 'CAFE',
      menu_period_transition: 45,
      cta: { type: 'order_online', link: 'https://order.tacowheels.example', color: 'secondary' },
      social: [{ media: 'facebook' }, { media: 'instagram' }],
      qrSettings: { backgroundImageAlpha: 0.4 },
      selectedQrTemplate: 'template_3',
    });
  });

  it('accepts every business type of the list', async () => {
    const owner = await ownerWithToken(t);
    for (const type of restaurantTypes) {
      const { status, body } = await update(owner.token, { restaurantType: type });
      expect(status, type).toBe(200);
      expect(body.message.restaurantType).toBe(type);
    }
  });

  it('keeps call_to_order numbers and take_me_there street addresses as written', async () => {
    const owner = await ownerWithToken(t);
    const call = await update(owner.token, {
      cta: { ...fullForm.cta, type: 'call_to_order', link: '+1 (212) 555-0100' },
    });
    expect(call.body.message.cta.link).toBe('+1 (212) 555-0100');
    const there = await update(owner.token, {
      cta: { ...fullForm.cta, type: 'take_me_there', link: '12 Market St, Springfield' },
    });
    expect(there.body.message.cta.link).toBe('12 Market St, Springfield');
    const maps = await update(owner.token, {
      cta: { ...fullForm.cta, type: 'take_me_there', link: 'maps.app.goo.gl/abc' },
    });
    expect(maps.body.message.cta.link).toBe('https://maps.app.goo.gl/abc');
  });
});

describe('validation (doc 2 §5): the first problem, in the specification’s words', () => {
  // Values no form can send (its selects offer the lists only) get zod's own words, naming the choices.
  const invalid = expect.stringMatching(/^Invalid/);
  const cases: [string, Record<string, unknown>, string | ReturnType<typeof expect.stringMatching>][] = [
    [
      'an empty name, in the type sent',
      { name: ' ', restaurantType: 'FOOD_TRUCK' },
      'Food truck name cannot be empty',
    ],
    [
      'an empty restaurant name',
      { name: '', restaurantType: 'RESTAURANT' },
      'Restaurant name cannot be empty',
    ],
    ['a long name', { name: 'x'.repeat(101) }, messages.nameTooLong],
    ['an unknown business type', { restaurantType: 'SPACESHIP' }, invalid],
    [
      'a description over 200 characters of text',
      { description: `<p>${'a'.repeat(201)}</p>` },
      'Description must be at most 200 characters',
    ],
    ['a transition period over 60', { menu_period_transition: 61 }, messages.menuTransitionInvalid],
    ['a negative transition period', { menu_period_transition: -1 }, messages.menuTransitionInvalid],
    [
      'a transition period that is not a number',
      { menu_period_transition: 'soon' },
      messages.menuTransitionInvalid,
    ],
    ['a fractional transition period', { menu_period_transition: 2.5 }, messages.menuTransitionInvalid],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, messages.timeZoneInvalid],
    [
      'a long upsell label',
      { sideDishesLabel: 'x'.repeat(41) },
      'Upsell label must be at most 40 characters',
    ],
    ['an enabled button without a link', { cta: { ...fullForm.cta, link: '' } }, messages.fieldRequired],
    [
      'a button leading to script',
      { cta: { ...fullForm.cta, link: 'javascript:alert(1)' } },
      messages.linkInvalid,
    ],
    [
      'a call_to_order without a number',
      { cta: { ...fullForm.cta, type: 'call_to_order', link: 'call us!' } },
      messages.phoneInvalid,
    ],
    ['an unknown button colour', { cta: { ...fullForm.cta, color: 'pink' } }, invalid],
    [
      'a long button label',
      { cta: { ...fullForm.cta, label: 'x'.repeat(41) } },
      'Label must be at most 40 characters',
    ],
    [
      'a social link that is not an address',
      { social: [{ media: 'yelp', url: 'not a link' }] },
      messages.linkInvalid,
    ],
    [
      'a social network twice',
      {
        social: [
          { media: 'yelp', url: 'yelp.com/a' },
          { media: 'yelp', url: 'yelp.com/b' },
        ],
      },
      'Yelp is listed more than once',
    ],
    ['an unknown social network', { social: [{ media: 'myspace', url: 'myspace.com/a' }] }, invalid],
    [
      'a QR colour that is not #rrggbb',
      { qrSettings: { ...fullForm.qrSettings, colorDark: 'red' } },
      messages.colorInvalid,
    ],
    [
      'a background opacity over 1',
      { qrSettings: { ...fullForm.qrSettings, backgroundImageAlpha: 1.5 } },
      messages.qrBackgroundAlphaRange,
    ],
    ['an unknown QR template', { selectedQrTemplate: 'template_9' }, invalid],
    [
      'a WiFi name longer than an SSID',
      { templateMeta: { template_1: { wifi_name: 'x'.repeat(33) } } },
      'This field must be at most 32 characters',
    ],
    ['a media id that is not one', { logoMedia: 'abc' }, invalid],
  ];

  it.each(cases)('refuses %s', async (_label, payload, message) => {
    const owner = await ownerWithToken(t);
    const before = await read(owner.token);
    const { status, body } = await update(owner.token, payload);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, confirmation: 'Fail', message });
    expect(await read(owner.token)).toEqual(before);
  });

  it('names the stored type when the form sends a name alone', async () => {
    const owner = await ownerWithToken(t);
    await update(owner.token, { restaurantType: 'BAKERY' });
    const { status, body } = await update(owner.token, { name: '' });
    expect(status).toBe(400);
    expect(body.message).toBe('Bakery name cannot be empty');
  });

  it('counts the text a reader sees: 200 characters with their markup pass', async () => {
    const owner = await ownerWithToken(t);
    const description = `<p><strong>${'a'.repeat(150)}</strong> ${'&amp;'.repeat(49)}</p>`;
    const { status, body } = await update(owner.token, { description });
    expect(status, JSON.stringify(body)).toBe(200);
  });
});

describe('who may change the settings (doc 2 §6: settings need the restaurant permission)', () => {
  it('answers 401 without a token, to every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/restaurants'],
      ['GET', '/api/restaurants/templates'],
      ['POST', '/api/restaurants/update'],
      ['PUT', '/api/restaurants/update'],
    ] as const) {
      const response = await t.call({ method, url, payload: method === 'GET' ? undefined : { name: 'x' } });
      expect(response.status, `${method} ${url}`).toBe(401);
    }
  });

  it('a member without the restaurant flag reads the restaurant but gets 403 on update, and nothing changes', async () => {
    const owner = await ownerWithToken(t);
    const member = await memberWithToken(t, owner.restaurant.id, {
      menu: true,
      category: true,
      dish: true,
      ingredient: true,
      member: true,
    });
    expect((await read(member.token))._id).toBe(owner.restaurant.id);
    const { status, body } = await update(member.token, { name: 'Hijacked' });
    expect(status).toBe(403);
    expect(body.message).toBe(messages.permissionDenied);
    // Even an invalid body: the flag is checked before the body is read.
    expect((await update(member.token, { name: '' })).status).toBe(403);
    expect((await read(owner.token)).name).toBe(owner.restaurant.name);
  });

  it('the QR design is the restaurant flag’s too: a member without it cannot change colours, template or card texts', async () => {
    const owner = await ownerWithToken(t);
    const member = await memberWithToken(t, owner.restaurant.id, {
      menu: true,
      category: true,
      dish: true,
      ingredient: true,
      member: true,
    });
    const before = await read(owner.token);
    const qrFields = {
      qrSettings: { colorDark: '#aa0000', colorLight: '#ffffee', backgroundImageAlpha: 0.3 },
      selectedQrTemplate: 'template_4',
      templateMeta: { template_4: { title: 'Hijacked card' } },
    };
    for (const method of ['POST', 'PUT'] as const) {
      const json = await update(member.token, qrFields, method);
      expect(json.status, `${method} JSON`).toBe(403);
      expect(json.body.message).toBe(messages.permissionDenied);
      const form = await sendForm(member.token, qrFields, undefined, method);
      expect(form.status, `${method} multipart`).toBe(403);
      expect(form.body.message).toBe(messages.permissionDenied);
    }
    const after = await read(owner.token);
    expect(after.qrSettings).toEqual(before.qrSettings);
    expect(after.selectedQrTemplate).toBe(before.selectedQrTemplate);
    expect(after.templateMeta).toEqual(before.templateMeta);
    // What the cards print did not move either.
    const design = await t.call<{ selectedQrTemplate: string }>({
      method: 'GET',
      url: '/api/restaurants/qr-settings',
      token: owner.token,
    });
    expect(design.body.message.selectedQrTemplate).toBe(before.selectedQrTemplate);

    // The same fields from a member holding the flag are saved.
    const trusted = await memberWithToken(t, owner.restaurant.id, { restaurant: true });
    expect((await update(trusted.token, qrFields)).status).toBe(200);
    expect((await read(owner.token)).selectedQrTemplate).toBe('template_4');
  });

  it('a member holding the restaurant flag updates the restaurant they belong to', async () => {
    const owner = await ownerWithToken(t);
    const member = await memberWithToken(t, owner.restaurant.id, { restaurant: true });
    const { status, body } = await update(member.token, { name: 'Renamed by member' });
    expect(status).toBe(200);
    expect(body.message._id).toBe(owner.restaurant.id);
    expect((await read(owner.token)).name).toBe('Renamed by member');
  });

  it('admins, who have no restaurant, get 403', async () => {
    const admin = await createOwner(t, { role: 'ADMIN' });
    const token = await tokenFor(t, admin.user.username);
    expect((await update(token, { name: 'Platform' })).status).toBe(403);
  });

  it('another restaurant’s settings are out of reach: an update changes only the caller’s own', async () => {
    const a = await ownerWithToken(t);
    const b = await ownerWithToken(t);
    await update(b.token, { ...fullForm, name: 'B Original' });
    const beforeB = await read(b.token);
    // Ids in the body name nothing: the restaurant is the session's.
    const { status, body } = await update(a.token, { ...fullForm, name: 'A New', _id: b.restaurant.id });
    expect(status).toBe(200);
    expect(body.message._id).toBe(a.restaurant.id);
    expect(await read(b.token)).toEqual(beforeB);
    const [rowB] = await db().select().from(restaurants).where(eq(restaurants.id, b.restaurant.id));
    expect(rowB!.name).toBe('B Original');
  });
});

describe('the logo: upload, pick from media, remove', () => {
  it('stores an upload as WebP variants and answers its URL and variants', async () => {
    const owner = await ownerWithToken(t);
    const { status, body } = await sendForm(
      owner.token,
      { name: 'Logo House' },
      { name: 'logo.png', data: await png() },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const { logo, logoVariants } = body.message;
    expect(logo).toBe(logoVariants?.full);
    for (const url of Object.values(logoVariants!)) {
      const file = await fetchFile(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
    // The thumbnail the settings page shows at 100×100 keeps the whole logo (no crop).
    const thumb = await sharp((await fetchFile(logoVariants!.card)).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBeGreaterThanOrEqual(200);
  });

  it('refuses bad files by their content, with the messages of doc 2 §5, and keeps the old logo', async () => {
    const owner = await ownerWithToken(t);
    const first = await sendForm(owner.token, {}, { name: 'logo.png', data: await png() });
    const kept = first.body.message.logo;
    const cases: [{ name: string; data: Buffer; type?: string }, string][] = [
      [{ name: 'anim.gif', data: await gif(), type: 'image/gif' }, messages.fileNotAllowed],
      [{ name: 'sneaky.png', data: Buffer.from('<svg onload="alert(1)"></svg>') }, messages.fileNotAllowed],
      [{ name: 'renamed.jpg', data: await gif() }, messages.fileNotAllowed],
      [{ name: 'notes.txt', data: Buffer.from('hello'), type: 'text/plain' }, messages.fileNotAllowed],
      [{ name: 'huge.png', data: Buffer.alloc(10_485_760 + 1024, 7) }, messages.fileTooBig('huge.png')],
    ];
    for (const [file, message] of cases) {
      const { status, body } = await sendForm(owner.token, { name: 'Changed' }, file);
      expect(status, file.name).toBe(400);
      expect(body.message).toBe(message);
    }
    const after = await read(owner.token);
    expect(after.logo).toBe(kept);
    expect(after.name).toBe(owner.restaurant.name);
  });

  it('takes an item of the restaurant’s media library by id, as a copy that outlives the item', async () => {
    const owner = await ownerWithToken(t);
    const key = await storeImage(
      t.runtime.storage,
      { field: 'images', filename: 'brand.png', mimetype: 'image/png', size: 1, buffer: await png(400, 400) },
      'logo',
    );
    const [item] = await db()
      .insert(media)
      .values({ restaurantId: owner.restaurant.id, key, fileName: 'brand.png' })
      .returning();
    const { status, body } = await update(owner.token, { logoMedia: item!.id });
    expect(status, JSON.stringify(body)).toBe(200);
    const logo = body.message.logoVariants!;
    expect(logo.full).not.toContain(key);
    // The media item goes (its files too): the logo stays.
    await t.runtime.storage.delete(`${key}/full.webp`);
    await db().delete(media).where(eq(media.id, item!.id));
    expect((await fetchFile(logo.card)).statusCode).toBe(200);
  });

  it('refuses another restaurant’s media item (404) and changes nothing', async () => {
    const a = await ownerWithToken(t);
    const b = await ownerWithToken(t);
    const key = await storeImage(
      t.runtime.storage,
      { field: 'images', filename: 'b.png', mimetype: 'image/png', size: 1, buffer: await png() },
      'logo',
    );
    const [item] = await db()
      .insert(media)
      .values({ restaurantId: b.restaurant.id, key, fileName: 'b.png' })
      .returning();
    const before = await read(a.token);
    const { status, body } = await update(a.token, { name: 'Stolen', logoMedia: item!.id });
    expect(status).toBe(404);
    expect(body.confirmation).toBe('Fail');
    expect(await read(a.token)).toEqual(before);
  });

  it('removes the logo with removeLogo (its files go) and keeps it when its path is sent back', async () => {
    const owner = await ownerWithToken(t);
    const first = await sendForm(owner.token, {}, { name: 'logo.png', data: await png() });
    const saved = first.body.message;
    const kept = await update(owner.token, { name: 'Same logo', logo: saved.logo });
    expect(kept.body.message.logo).toBe(saved.logo);
    const removed = await sendForm(owner.token, { removeLogo: 'true' });
    expect(removed.status).toBe(200);
    expect(removed.body.message.logo).toBeNull();
    expect(removed.body.message.logoVariants).toBeNull();
    expect((await fetchFile(saved.logoVariants!.card)).statusCode).toBe(404);
  });

  it('a new logo replaces the old one, whose files are deleted', async () => {
    const owner = await ownerWithToken(t);
    const first = (await sendForm(owner.token, {}, { name: 'a.png', data: await png() })).body.message;
    const second = (
      await sendForm(
        owner.token,
        {},
        {
          name: 'b.webp',
          data: await sharp(await png())
            .webp()
            .toBuffer(),
          type: 'image/webp',
        },
      )
    ).body.message;
    expect(second.logo).not.toBe(first.logo);
    expect((await fetchFile(first.logoVariants!.card)).statusCode).toBe(404);
    expect((await fetchFile(second.logoVariants!.card)).statusCode).toBe(200);
  });
});

describe('the public menu shows the profile (doc 2 §2)', () => {
  it('logo, description, the button, social links; the cached answer is dropped on every change', async () => {
    const owner = await ownerWithToken(t);
    await publishMenu(owner.restaurant.id);
    const before = await diner(owner.restaurant.id);
    expect(before.restaurant.cta).toBeNull();
    expect(before.restaurant.social).toEqual([]);

    const saved = (await sendForm(owner.token, fullForm, { name: 'logo.png', data: await png() })).body
      .message;
    const after = await diner(owner.restaurant.id);
    expect(after.restaurant).toMatchObject({
      name: 'Taco Wheels',
      restaurantType: 'FOOD_TRUCK',
      description: '<p>Street food <strong>done right</strong>.</p>',
      logo: saved.logo,
      logoVariants: saved.logoVariants,
      sideDishesLabel: 'Goes well with',
      cta: { ...fullForm.cta, link: 'https://order.tacowheels.example' },
      social: [
        { media: 'facebook', url: 'https://facebook.com/tacowheels' },
        { media: 'instagram', url: 'https://instagram.com/tacowheels' },
      ],
    });
    expect(after.menu_period_transition).toBe(30);
    // The owner's email carries the issue reports (doc 1 §2).
    expect(after.user?.email).toBe(owner.user.email);

    // A button turned off is not sent to diners.
    await update(owner.token, { cta: { ...fullForm.cta, enabled: false } });
    expect((await diner(owner.restaurant.id)).restaurant.cta).toBeNull();
  });

  it('the page draws the button in the menu’s colour, the social icons and the issue-report mail', async () => {
    const owner = await ownerWithToken(t);
    await publishMenu(owner.restaurant.id);
    await update(owner.token, fullForm);
    const page = await t.app.inject({ method: 'GET', url: `/menu/${owner.restaurant.id}` });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    // Secondary colour of the menu (#ffd166) with the owner's dark text, which reads on it.
    expect(html).toMatch(
      /<a class="cm-cta" href="https:\/\/order\.tacowheels\.example" style="background:#ffd166;color:#000000" target="_blank" rel="noopener">Order now<\/a>/,
    );
    expect(html).toContain('href="https://instagram.com/tacowheels"');
    expect(html).toContain('<svg viewBox="0 0 24 24"');
    expect(html).toContain(`href="mailto:${owner.user.email}?subject=ISSUE%20REPORT`);
    expect(html).toContain('<strong>done right</strong>');
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('the restaurant’s own logo comes before the menu’s', async () => {
    const owner = await ownerWithToken(t);
    const menu = await publishMenu(owner.restaurant.id);
    await db().update(menus).set({ logo: 'logo/menu-only' }).where(eq(menus.id, menu.id));
    const withMenuLogo = await diner(owner.restaurant.id);
    expect(withMenuLogo.restaurant.logo).toContain('logo/menu-only');
    const saved = (await sendForm(owner.token, {}, { name: 'logo.png', data: await png() })).body.message;
    expect((await diner(owner.restaurant.id)).restaurant.logo).toBe(saved.logo);
  });
});

describe('GET /api/restaurants/templates (doc 1 §3)', () => {
  it('lists the three templates with their template_meta, and 50 fonts', async () => {
    const owner = await ownerWithToken(t);
    const { status, body } = await t.call<MenuCatalog>({
      method: 'GET',
      url: '/api/restaurants/templates',
      token: owner.token,
    });
    expect(status).toBe(200);
    const { templates, fonts } = body.message;
    expect(templates.map((template) => template.name)).toEqual([
      'Classic Template',
      'Pizza Restaurant',
      'Sushi Restaurant',
    ]);
    // Classic carries the theme defaults of doc 1 §3; its tertiary font is off.
    expect(templates[0]!.template_meta.colors).toMatchObject({
      primary: { enabled: true, default: '#ff1616' },
      secondary: { enabled: true, default: '#0080c6' },
      tertiary: { enabled: true, default: '#84cef1' },
    });
    expect(templates[0]!.template_meta.fonts.tertiary.enabled).toBe(false);
    for (const template of templates) {
      for (const group of [template.template_meta.colors, template.template_meta.fonts]) {
        for (const slot of Object.values(group)) expect(slot.description.length).toBeGreaterThan(0);
      }
    }
    expect(fonts).toHaveLength(50);
    expect(new Set(fonts).size).toBe(50);
    // Every default font of a template is one a menu may pick.
    for (const template of templates)
      for (const slot of Object.values(template.template_meta.fonts)) expect(fonts).toContain(slot.default);
  });
});
