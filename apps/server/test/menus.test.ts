import { type Menu, messages } from '@carte/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryDishes, dishes, menuCategories, menus } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import {
  createOwner,
  locationOwnerWithToken,
  memberWithToken,
  ownerWithToken,
  tokenFor,
} from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;

const asOwner = () => ownerWithToken(t);
const asMember = (restaurantId: string, permissions: Record<string, boolean>) =>
  memberWithToken(t, restaurantId, permissions);
const asLocationOf = (parentRestaurantId: string) => locationOwnerWithToken(t, parentRestaurantId);

/** Records written straight to the tables, so these tests depend on no other route. */
async function addCategory(restaurantId: string, name: string, dishIds: string[] = []) {
  const [row] = await db().insert(categories).values({ restaurantId, name }).returning();
  if (dishIds.length > 0) {
    await db()
      .insert(categoryDishes)
      .values(dishIds.map((dishId, position) => ({ categoryId: row!.id, dishId, position })));
  }
  return row!;
}
async function addDish(restaurantId: string, name: string) {
  const [row] = await db().insert(dishes).values({ restaurantId, name, price: 9.5 }).returning();
  return row!;
}

const callMenus = <T = Menu>(token: string | undefined, method: string, url: string, payload?: unknown) =>
  t.call<T>({
    method: method as 'GET',
    url: `/api/menus${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createMenu(token: string, payload: Record<string, unknown> = {}) {
  const { status, body } = await callMenus(token, 'POST', '', { name: 'Lunch', ...payload });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.message;
}

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#cc3300' } })
    .png()
    .toBuffer();

/** A multipart request as the browser's form sends it (doc 1 §7: files as parts, objects as JSON text). */
async function sendForm(
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, unknown>,
  files: Record<string, { name: string; data: Buffer; type?: string }> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const [key, file] of Object.entries(files)) {
    form.append(key, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name);
  }
  const response = await t.app.inject({
    method,
    url: `/api/menus${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload: form,
  });
  return {
    status: response.statusCode,
    body: response.json() as { statusCode: number; confirmation: string; message: Menu & string },
  };
}

const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });

describe('creating menus', () => {
  it('creates a draft with the default colours, call-to-action and the creator’s email, new menus last', async () => {
    const { token, user } = await asOwner();
    const first = await createMenu(token, { name: 'Breakfast' });
    expect(first).toMatchObject({
      name: 'Breakfast',
      description: '',
      draft: true,
      fromParent: false,
      categories: [],
      cover: null,
      logo: null,
      colors: { primary: '#ff1616', secondary: '#83cdf1', tertiary: '#f46d26' },
      selectedTemplate: 'Classic Template',
      showCTA: {
        title: 'REPORT AN ISSUE',
        content: 'Prices on this menu are set directly by the merchant',
        emails: [user.email],
      },
      displayIngredients: true,
      displayDietary: true,
      displaySideDishes: true,
      twentyFourHoursMenuAvailable: true,
      valid: { monday: true, sunday: true, startTime: '00:00', endTime: '00:00' },
    });
    const second = await createMenu(token, { name: 'Dinner' });
    const { body } = await callMenus<Menu[]>(token, 'GET', '');
    expect(body.message.map((menu) => menu._id)).toEqual([first._id, second._id]);
  });

  it('keeps categories in the order given and rejects categories it cannot see', async () => {
    const { token, restaurant } = await asOwner();
    const a = await addCategory(restaurant.id, 'Starters');
    const b = await addCategory(restaurant.id, 'Mains');
    const menu = await createMenu(token, {
      categories: [
        { category: b.id, valid: true },
        { category: a.id, valid: false },
      ],
    });
    expect(menu.categories).toEqual([
      { category: b.id, valid: true },
      { category: a.id, valid: false },
    ]);

    const stranger = await asOwner();
    const theirs = await addCategory(stranger.restaurant.id, 'Theirs');
    const { status } = await callMenus(token, 'POST', '', {
      name: 'Sneaky',
      categories: [{ category: theirs.id }],
    });
    expect(status).toBe(404);
    const rows = await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id));
    expect(rows.map((row) => row.name)).not.toContain('Sneaky');
  });

  it.each([
    [{ name: '   ' }, messages.menuNameRequired],
    [{}, messages.menuNameRequired],
    [
      { name: 'Brunch', showCTA: { title: 'T', content: 'C', emails: ['a@carte.test', 'A@carte.test '] } },
      messages.menuCtaEmailsUnique,
    ],
    [{ name: 'Brunch', showCTA: { title: 'T', content: 'C', emails: [] } }, messages.menuCtaEmailRequired],
    [{ name: 'Brunch', colors: { primary: 'red', secondary: '#000000', tertiary: '#000000' } }, undefined],
  ])('refuses %j with the specification’s message', async (payload, message) => {
    const { token, restaurant } = await asOwner();
    const { status, body } = await callMenus(token, 'POST', '', payload);
    expect(status).toBe(400);
    expect(body.confirmation).toBe('Fail');
    if (message) expect(body.message).toBe(message);
    expect(await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id))).toEqual([]);
  });

  it('accepts a multipart form with a cover and a logo, re-encoded and served at their URLs', async () => {
    const { token } = await asOwner();
    const { status, body } = await sendForm(
      token,
      'POST',
      '',
      {
        name: 'Pictures',
        description: 'With a cover',
        colors: { primary: '#111111', secondary: '#222222', tertiary: '#333333' },
        showCTA: { title: 'Tell us', content: 'Hi', emails: ['chef@carte.test'] },
        displayDietary: 'false',
        draft: 'true',
      },
      {
        cover: { name: 'cover.png', data: await png(900, 600) },
        logo: { name: 'logo.png', data: await png() },
      },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const menu = body.message;
    expect(menu).toMatchObject({
      name: 'Pictures',
      description: 'With a cover',
      colors: { primary: '#111111', secondary: '#222222', tertiary: '#333333' },
      showCTA: { title: 'Tell us', content: 'Hi', emails: ['chef@carte.test'] },
      displayDietary: false,
      draft: true,
    });
    expect(menu.coverVariants?.thumb).toMatch(/^\/media\/cover\/[0-9a-f]{24}\/thumb\.webp$/);
    // The specification's one URL is the largest variant; the variants sit beside it.
    expect(menu.cover).toBe(menu.coverVariants?.full);
    expect(menu.logo).toMatch(/^\/media\/logo\/[0-9a-f]{24}\/full\.webp$/);
    const thumb = await fetchMedia(menu.coverVariants!.thumb);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
    expect((await fetchMedia(menu.logoVariants!.full)).statusCode).toBe(200);
  });

  it('refuses a file that is not an image, whatever its name, and stores nothing', async () => {
    const { token, restaurant } = await asOwner();
    const fake = await sendForm(
      token,
      'POST',
      '',
      { name: 'Bad cover' },
      {
        cover: { name: 'cover.png', data: Buffer.from('not an image at all') },
      },
    );
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(messages.fileNotAllowed);
    const wrongType = await sendForm(
      token,
      'POST',
      '',
      { name: 'Bad cover' },
      {
        cover: { name: 'cover.gif', data: await png() },
      },
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe(messages.fileNotAllowed);
    expect(await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id))).toEqual([]);
  });
});

describe('publishing', () => {
  it('answers 402 "Payment not setup!" without a subscription, on create and on update, and changes nothing', async () => {
    const { token, restaurant } = await asOwner();
    const created = await callMenus(token, 'POST', '', { name: 'Live', draft: false });
    expect(created.status).toBe(402);
    expect(created.body).toMatchObject({
      statusCode: 402,
      confirmation: 'Fail',
      message: 'Payment not setup!',
    });
    expect(await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id))).toEqual([]);

    const menu = await createMenu(token, { name: 'Draft' });
    const published = await callMenus(token, 'PUT', `/${menu._id}`, { name: 'Renamed', draft: false });
    expect(published.status).toBe(402);
    expect(published.body.message).toBe(messages.paymentNotSetup);
    const [row] = await db().select().from(menus).where(eq(menus.id, menu._id));
    expect(row).toMatchObject({ name: 'Draft', draft: true });

    const multipart = await sendForm(token, 'PUT', `/${menu._id}`, { name: 'Draft', draft: 'false' });
    expect(multipart.status).toBe(402);
  });

  it('always allows unpublishing', async () => {
    const { token } = await asOwner();
    const menu = await createMenu(token);
    // Published earlier (e.g. while subscribed): set directly, since publishing is refused here.
    await db().update(menus).set({ draft: false }).where(eq(menus.id, menu._id));
    const { status, body } = await callMenus(token, 'PUT', `/${menu._id}`, { draft: true });
    expect(status).toBe(200);
    expect(body.message).toMatchObject({ draft: true, name: 'Lunch' });
  });

  it('publishes when BILLING_PROVIDER is off', async () => {
    const free = await startTestApp({ BILLING_PROVIDER: 'off' });
    try {
      const owner = await createOwner(free);
      const token = await tokenFor(free, owner.user.username);
      const created = await free.call<Menu>({
        method: 'POST',
        url: '/api/menus',
        token,
        payload: { name: 'Live at once', draft: false },
      });
      expect(created.status).toBe(200);
      expect(created.body.message.draft).toBe(false);
      const draft = await free.call<Menu>({
        method: 'POST',
        url: '/api/menus',
        token,
        payload: { name: 'Later' },
      });
      const published = await free.call<Menu>({
        method: 'PUT',
        url: `/api/menus/${draft.body.message._id}`,
        token,
        payload: { draft: false },
      });
      expect(published.status).toBe(200);
      expect(published.body.message.draft).toBe(false);
    } finally {
      await free.close();
    }
  });
});

describe('reading and updating menus', () => {
  it('reads one menu and updates only the fields sent; categories replace the list in order', async () => {
    const { token, restaurant } = await asOwner();
    const [a, b, c] = [
      await addCategory(restaurant.id, 'A'),
      await addCategory(restaurant.id, 'B'),
      await addCategory(restaurant.id, 'C'),
    ];
    const menu = await createMenu(token, { categories: [{ category: a!.id }, { category: b!.id }] });
    const read = await callMenus(token, 'GET', `/${menu._id}`);
    expect(read.status).toBe(200);
    expect(read.body.message).toEqual(menu);

    const { status, body } = await callMenus(token, 'PUT', `/${menu._id}`, {
      name: 'Supper',
      description: 'Evenings',
      categories: [
        { category: c!.id, valid: true },
        { category: a!.id, valid: false },
      ],
      fonts: { primary: 'Lato', secondary: 'Lora', tertiary: 'Inter' },
      selectedTemplate: 'Sushi Restaurant',
      templateMeta: { 'sushi-restaurant': { primary: true } },
      showCTA: { title: 'Report', content: 'Thanks', emails: ['one@carte.test', 'two@carte.test'] },
      displayIngredients: false,
      displaySideDishes: false,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toMatchObject({
      name: 'Supper',
      description: 'Evenings',
      categories: [
        { category: c!.id, valid: true },
        { category: a!.id, valid: false },
      ],
      colors: menu.colors,
      fonts: { primary: 'Lato', secondary: 'Lora', tertiary: 'Inter' },
      selectedTemplate: 'Sushi Restaurant',
      templateMeta: { 'sushi-restaurant': { primary: true } },
      showCTA: { emails: ['one@carte.test', 'two@carte.test'] },
      displayIngredients: false,
      displayDietary: true,
      displaySideDishes: false,
      draft: true,
    });
    // A form that sends only the name leaves the rest alone.
    const renamed = await callMenus(token, 'PUT', `/${menu._id}`, { name: 'Late supper' });
    expect(renamed.body.message).toMatchObject({ name: 'Late supper', description: 'Evenings' });
    expect(renamed.body.message.categories.map((link) => link.category)).toEqual([c!.id, a!.id]);
  });

  it.each([
    [{ name: '' }, messages.menuNameRequired],
    [
      { showCTA: { title: 'T', content: 'C', emails: ['x@carte.test', 'x@carte.test'] } },
      messages.menuCtaEmailsUnique,
    ],
  ])('refuses the update %j and changes nothing', async (payload, message) => {
    const { token } = await asOwner();
    const menu = await createMenu(token);
    const { status, body } = await callMenus(token, 'PUT', `/${menu._id}`, payload);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect((await callMenus(token, 'GET', `/${menu._id}`)).body.message).toEqual(menu);
  });

  it('replaces and removes the cover and logo, deleting the old files', async () => {
    const { token } = await asOwner();
    const first = await sendForm(
      token,
      'POST',
      '',
      { name: 'Pics' },
      {
        cover: { name: 'a.png', data: await png() },
        logo: {
          name: 'l.webp',
          data: await sharp(await png())
            .webp()
            .toBuffer(),
          type: 'image/webp',
        },
      },
    );
    const menu = first.body.message;
    const replaced = await sendForm(
      token,
      'PUT',
      `/${menu._id}`,
      { name: 'Pics', removeLogo: 'true' },
      {
        cover: {
          name: 'b.jpg',
          data: await sharp(await png())
            .jpeg()
            .toBuffer(),
          type: 'image/jpeg',
        },
      },
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.message.cover).not.toBe(menu.cover);
    expect(replaced.body.message.logo).toBeNull();
    expect((await fetchMedia(menu.coverVariants!.thumb)).statusCode).toBe(404);
    expect((await fetchMedia(menu.logoVariants!.thumb)).statusCode).toBe(404);
    expect((await fetchMedia(replaced.body.message.coverVariants!.card)).statusCode).toBe(200);

    const cleared = await callMenus(token, 'PUT', `/${menu._id}`, { removeCover: true });
    expect(cleared.body.message.cover).toBeNull();
    expect((await fetchMedia(replaced.body.message.coverVariants!.card)).statusCode).toBe(404);
  });

  it('deletes a menu with its pictures but keeps its categories', async () => {
    const { token, restaurant } = await asOwner();
    const category = await addCategory(restaurant.id, 'Kept');
    const created = await sendForm(
      token,
      'POST',
      '',
      { name: 'Doomed', categories: [{ category: category.id, valid: true }] },
      { cover: { name: 'c.png', data: await png() } },
    );
    const menu = created.body.message;
    const { status, body } = await callMenus<string>(token, 'DELETE', `/${menu._id}`);
    expect(status).toBe(200);
    expect(body.message).toBe(messages.menuDeleted);
    expect((await callMenus(token, 'GET', `/${menu._id}`)).status).toBe(404);
    expect((await fetchMedia(menu.coverVariants!.thumb)).statusCode).toBe(404);
    expect(await db().select().from(categories).where(eq(categories.id, category.id))).toHaveLength(1);
    expect(await db().select().from(menuCategories).where(eq(menuCategories.menuId, menu._id))).toEqual([]);
  });
});

describe('ordering and choosing categories', () => {
  it('saves the order of categories and of dishes inside them (read back)', async () => {
    const { token, restaurant } = await asOwner();
    const [d1, d2, d3] = [
      await addDish(restaurant.id, 'Soup'),
      await addDish(restaurant.id, 'Salad'),
      await addDish(restaurant.id, 'Bread'),
    ];
    const a = await addCategory(restaurant.id, 'A', [d1!.id, d2!.id, d3!.id]);
    const b = await addCategory(restaurant.id, 'B');
    const c = await addCategory(restaurant.id, 'C');
    const menu = await createMenu(token, {
      categories: [{ category: a.id }, { category: b.id }, { category: c.id, valid: false }],
    });
    const { status, body } = await callMenus(token, 'POST', '/reorder', {
      menu_id: menu._id,
      categories: [c.id, a.id, b.id],
      categoryDishes: [{ categoryID: a.id, dishes: [d3!.id, d1!.id, d2!.id] }],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message.categories).toEqual([
      { category: c.id, valid: false },
      { category: a.id, valid: true },
      { category: b.id, valid: true },
    ]);
    const again = await callMenus(token, 'GET', `/${menu._id}`);
    expect(again.body.message.categories.map((link) => link.category)).toEqual([c.id, a.id, b.id]);
    const held = await t.call<{ dishes: string[] }>({ method: 'GET', url: `/api/categories/${a.id}`, token });
    expect(held.body.message.dishes).toEqual([d3!.id, d1!.id, d2!.id]);

    // A partial list moves those first and keeps the rest in their order.
    const partial = await callMenus(token, 'POST', '/reorder', { menu_id: menu._id, categories: [b.id] });
    expect(partial.body.message.categories.map((link) => link.category)).toEqual([b.id, c.id, a.id]);
  });

  it('refuses ids outside the menu or category with 404 and changes nothing', async () => {
    const { token, restaurant } = await asOwner();
    const dish = await addDish(restaurant.id, 'Soup');
    const loose = await addDish(restaurant.id, 'Loose');
    const a = await addCategory(restaurant.id, 'A', [dish.id]);
    const outside = await addCategory(restaurant.id, 'Outside');
    const menu = await createMenu(token, { categories: [{ category: a.id }] });
    const notInMenu = await callMenus(token, 'POST', '/reorder', {
      menu_id: menu._id,
      categories: [outside.id, a.id],
    });
    expect(notInMenu.status).toBe(404);
    const notInCategory = await callMenus(token, 'POST', '/reorder', {
      menu_id: menu._id,
      categories: [a.id],
      categoryDishes: [{ categoryID: a.id, dishes: [loose.id, dish.id] }],
    });
    expect(notInCategory.status).toBe(404);
    expect((await callMenus(token, 'GET', `/${menu._id}`)).body.message.categories).toEqual([
      { category: a.id, valid: true },
    ]);
  });

  it('adds categories at the end, keeping those already there, and removes one', async () => {
    const { token, restaurant } = await asOwner();
    const [a, b, c] = [
      await addCategory(restaurant.id, 'A'),
      await addCategory(restaurant.id, 'B'),
      await addCategory(restaurant.id, 'C'),
    ];
    const menu = await createMenu(token, { categories: [{ category: b!.id, valid: false }] });
    const selected = await callMenus(token, 'POST', '/select-categories', {
      menu: menu._id,
      selected: [{ category: a!.id }, { category: b!.id, valid: true }, { category: c!.id, valid: false }],
    });
    expect(selected.status, JSON.stringify(selected.body)).toBe(200);
    expect(selected.body.message.categories).toEqual([
      { category: b!.id, valid: false },
      { category: a!.id, valid: true },
      { category: c!.id, valid: false },
    ]);
    const removed = await callMenus(token, 'POST', '/remove-category', {
      menuID: menu._id,
      categoryID: a!.id,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message.categories.map((link) => link.category)).toEqual([b!.id, c!.id]);
    expect((await callMenus(token, 'GET', `/${menu._id}`)).body.message.categories).toHaveLength(2);
    // The category itself stays.
    expect(await db().select().from(categories).where(eq(categories.id, a!.id))).toHaveLength(1);
  });
});

describe('copying menus', () => {
  it('copies as a draft named "(copy)" with the same categories and its own pictures; 412 on a clash', async () => {
    const { token, restaurant } = await asOwner();
    const a = await addCategory(restaurant.id, 'A');
    const created = await sendForm(
      token,
      'POST',
      '',
      { name: 'Dinner', categories: [{ category: a.id, valid: false }] },
      { cover: { name: 'c.png', data: await png() } },
    );
    const original = created.body.message;
    await db().update(menus).set({ draft: false }).where(eq(menus.id, original._id));

    const copy = await callMenus(token, 'POST', `/${original._id}/copy`, {});
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.message).toMatchObject({
      name: 'Dinner (copy)',
      draft: true,
      fromParent: false,
      categories: [{ category: a.id, valid: false }],
      colors: original.colors,
      showCTA: original.showCTA,
    });
    expect(copy.body.message._id).not.toBe(original._id);
    expect(copy.body.message.cover).not.toBe(original.cover);

    // The same copy again clashes (case-insensitive); the client retries with another suffix.
    await callMenus(token, 'PUT', `/${copy.body.message._id}`, { name: 'DINNER (COPY)' });
    const clash = await callMenus(token, 'POST', `/${original._id}/copy`);
    expect(clash.status, JSON.stringify(clash.body)).toBe(412);
    expect(clash.body.confirmation).toBe('Fail');
    const retry = await callMenus(token, 'POST', `/${original._id}/copy`, { name: 'Dinner (copy) (copy)' });
    expect(retry.status).toBe(200);
    expect(retry.body.message.name).toBe('Dinner (copy) (copy)');

    // Deleting the original leaves the copies' pictures in place.
    await callMenus(token, 'DELETE', `/${original._id}`);
    expect((await fetchMedia(original.coverVariants!.thumb)).statusCode).toBe(404);
    const thumb = await fetchMedia(copy.body.message.coverVariants!.thumb);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });
});

describe('permissions', () => {
  it('answers 401 without a token on every route', async () => {
    const id = '0123456789abcdef01234567';
    for (const [method, url] of [
      ['GET', ''],
      ['POST', ''],
      ['GET', `/${id}`],
      ['PUT', `/${id}`],
      ['DELETE', `/${id}`],
      ['POST', '/reorder'],
      ['POST', '/select-categories'],
      ['POST', '/remove-category'],
      ['POST', `/${id}/copy`],
    ] as const) {
      const { status } = await callMenus(undefined, method, url, method === 'GET' ? undefined : {});
      expect(status, `${method} ${url}`).toBe(401);
    }
  });

  it('needs the menu flag for every write; reads need only sign-in', async () => {
    const { token: ownerToken, restaurant } = await asOwner();
    const category = await addCategory(restaurant.id, 'A');
    const menu = await createMenu(ownerToken, { categories: [{ category: category.id }] });
    const reader = await asMember(restaurant.id, { dish: true, category: true });
    expect((await callMenus(reader.token, 'GET', '')).status).toBe(200);
    expect((await callMenus(reader.token, 'GET', `/${menu._id}`)).status).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '', { name: 'No' }],
      ['PUT', `/${menu._id}`, { name: 'No' }],
      ['DELETE', `/${menu._id}`, undefined],
      ['POST', '/reorder', { menu_id: menu._id, categories: [category.id] }],
      ['POST', '/select-categories', { menu: menu._id, selected: [{ category: category.id }] }],
      ['POST', '/remove-category', { menuID: menu._id, categoryID: category.id }],
      ['POST', `/${menu._id}/copy`, {}],
      // Without the flag even an invalid body is a 403, not a validation answer.
      ['POST', '', { name: '' }],
    ] as const) {
      const { status, body } = await callMenus(reader.token, method, url, payload);
      expect(status, `${method} ${url}`).toBe(403);
      expect(body.message).toBe(messages.permissionDenied);
    }

    const writer = await asMember(restaurant.id, { menu: true });
    const created = await callMenus(writer.token, 'POST', '', { name: 'By member' });
    expect(created.status).toBe(200);
    const id = created.body.message._id;
    expect((await callMenus(writer.token, 'PUT', `/${id}`, { name: 'Edited' })).status).toBe(200);
    expect(
      (
        await callMenus(writer.token, 'POST', '/select-categories', {
          menu: id,
          selected: [{ category: category.id }],
        })
      ).status,
    ).toBe(200);
    expect(
      (await callMenus(writer.token, 'POST', '/reorder', { menu_id: id, categories: [category.id] })).status,
    ).toBe(200);
    // Reordering dishes inside a category also needs the category flag.
    const dishOrder = await callMenus(writer.token, 'POST', '/reorder', {
      menu_id: id,
      categories: [category.id],
      categoryDishes: [{ categoryID: category.id, dishes: [] }],
    });
    expect(dishOrder.status).toBe(403);
    expect(
      (await callMenus(writer.token, 'POST', '/remove-category', { menuID: id, categoryID: category.id }))
        .status,
    ).toBe(200);
    expect((await callMenus(writer.token, 'POST', `/${id}/copy`, {})).status).toBe(200);
    expect((await callMenus(writer.token, 'DELETE', `/${id}`)).status).toBe(200);
  });

  it('a user without a restaurant (admin) is refused', async () => {
    const admin = await createOwner(t, { role: 'ADMIN' });
    const token = await tokenFor(t, admin.user.username);
    expect((await callMenus(token, 'GET', '')).status).toBe(403);
  });

  it('another restaurant can neither read nor change the menus by id (404 on every route)', async () => {
    const first = await asOwner();
    const category = await addCategory(first.restaurant.id, 'Theirs');
    const menu = await createMenu(first.token, { categories: [{ category: category.id }] });
    const second = await asOwner();
    const ownCategory = await addCategory(second.restaurant.id, 'Mine');
    const ownMenu = await createMenu(second.token, {
      name: 'Mine',
      categories: [{ category: ownCategory.id }],
    });

    const list = await callMenus<Menu[]>(second.token, 'GET', '');
    expect(list.body.message.map((m) => m._id)).toEqual([ownMenu._id]);
    for (const [method, url, payload] of [
      ['GET', `/${menu._id}`, undefined],
      ['PUT', `/${menu._id}`, { name: 'Hijacked' }],
      ['DELETE', `/${menu._id}`, undefined],
      ['POST', `/${menu._id}/copy`, {}],
      ['POST', '/reorder', { menu_id: menu._id, categories: [category.id] }],
      ['POST', '/select-categories', { menu: menu._id, selected: [{ category: ownCategory.id }] }],
      ['POST', '/remove-category', { menuID: menu._id, categoryID: category.id }],
      // Their category inside my own menu is unknown to me too.
      ['POST', '/select-categories', { menu: ownMenu._id, selected: [{ category: category.id }] }],
      ['POST', '/remove-category', { menuID: ownMenu._id, categoryID: category.id }],
      ['PUT', `/${ownMenu._id}`, { categories: [{ category: category.id }] }],
      [
        'POST',
        '/reorder',
        {
          menu_id: ownMenu._id,
          categories: [ownCategory.id],
          categoryDishes: [{ categoryID: category.id, dishes: [] }],
        },
      ],
    ] as const) {
      const { status } = await callMenus(second.token, method, url, payload);
      expect(status, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
    }
    const [row] = await db().select().from(menus).where(eq(menus.id, menu._id));
    expect(row).toMatchObject({ name: 'Lunch' });
    expect((await callMenus(first.token, 'GET', `/${menu._id}`)).body.message).toEqual(menu);
  });
});

describe('menus inherited from a parent restaurant', () => {
  it('are listed read-only with fromParent, refuse every write with 403, and can be copied', async () => {
    const parent = await asOwner();
    const dish = await addDish(parent.restaurant.id, 'Parent dish');
    const category = await addCategory(parent.restaurant.id, 'Parent category', [dish.id]);
    const parentMenu = await createMenu(parent.token, {
      name: 'Parent menu',
      categories: [{ category: category.id }],
    });
    const location = await asLocationOf(parent.restaurant.id);
    const own = await createMenu(location.token, { name: 'Location menu' });

    const list = await callMenus<Menu[]>(location.token, 'GET', '');
    expect(list.body.message.map((m) => [m._id, m.fromParent])).toEqual([
      [own._id, false],
      [parentMenu._id, true],
    ]);
    const single = await callMenus(location.token, 'GET', `/${parentMenu._id}`);
    expect(single.body.message).toMatchObject({ fromParent: true, categories: [{ category: category.id }] });

    for (const [method, url, payload] of [
      ['PUT', `/${parentMenu._id}`, { name: 'Mine now' }],
      ['DELETE', `/${parentMenu._id}`, undefined],
      ['POST', '/reorder', { menu_id: parentMenu._id, categories: [category.id] }],
      ['POST', '/select-categories', { menu: parentMenu._id, selected: [{ category: category.id }] }],
      ['POST', '/remove-category', { menuID: parentMenu._id, categoryID: category.id }],
      // The parent's category order belongs to the parent too.
      [
        'POST',
        '/reorder',
        {
          menu_id: own._id,
          categories: [],
          categoryDishes: [{ categoryID: category.id, dishes: [dish.id] }],
        },
      ],
    ] as const) {
      const { status, body } = await callMenus(location.token, method, url, payload);
      expect(status, `${method} ${url}`).toBe(403);
      expect(body.message).toBe(messages.readOnlyFromParent);
    }

    const copy = await callMenus(location.token, 'POST', `/${parentMenu._id}/copy`, {});
    expect(copy.status).toBe(200);
    expect(copy.body.message).toMatchObject({
      name: 'Parent menu (copy)',
      fromParent: false,
      draft: true,
      categories: [{ category: category.id, valid: true }],
    });
    const [row] = await db().select().from(menus).where(eq(menus.id, copy.body.message._id));
    expect(row!.restaurantId).toBe(location.restaurant.id);
    // The parent sees none of the location's menus.
    const parentList = await callMenus<Menu[]>(parent.token, 'GET', '');
    expect(parentList.body.message.map((m) => m._id)).toEqual([parentMenu._id]);
  });
});

describe('API description', () => {
  it('describes every /api/menus endpoint with its failure statuses in /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    for (const path of [
      '/api/menus',
      '/api/menus/{id}',
      '/api/menus/{id}/copy',
      '/api/menus/reorder',
      '/api/menus/select-categories',
      '/api/menus/remove-category',
    ]) {
      expect(Object.keys(paths)).toContain(path);
    }
    expect(Object.keys(paths['/api/menus'].post.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '402', '403']),
    );
    expect(Object.keys(paths['/api/menus/{id}/copy'].post.responses)).toContain('412');
  });
});
