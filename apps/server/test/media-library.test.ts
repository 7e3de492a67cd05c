import {
  type Dish,
  MEDIA_PAGE_SIZE,
  type MediaItem,
  type MediaPage,
  type MediaUploadResult,
  type Menu,
  messages,
  RESTAURANT_LIMITS,
  type Restaurant,
} from '@carte/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../src/db/schema.ts';
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

type Upload = { name: string; data: Buffer; type?: string; field?: string };

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#d9480f' } })
    [format]()
    .toBuffer();

/** An upload form as the library's dialog sends it: `images[0]`, `images[1]`… */
const uploadForm = (files: Upload[], fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [index, file] of files.entries()) {
    form.append(
      file.field ?? `images[${index}]`,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

const upload = (token: string, files: Upload[]) =>
  t.call<MediaUploadResult>({
    method: 'POST',
    url: '/api/restaurants/upload-media',
    token,
    payload: uploadForm(files),
  });

/** Uploads and insists on success. */
const uploaded = async (token: string, files: Upload[]): Promise<MediaItem[]> => {
  const answer = await upload(token, files);
  if (answer.status !== 200) throw new Error(`upload failed: ${JSON.stringify(answer.body)}`);
  return answer.body.message.data;
};

const list = (token: string, page?: number | string) =>
  t.call<MediaPage>({
    method: 'GET',
    url: `/api/restaurants/media${page === undefined ? '' : `?page=${page}`}`,
    token,
  });

const edit = (token: string, body: unknown) =>
  t.call<MediaItem>({ method: 'POST', url: '/api/restaurants/media/edit', token, payload: body as object });

const remove = (token: string, body: unknown) =>
  t.call<string>({ method: 'DELETE', url: '/api/restaurants/media', token, payload: body as object });

const served = (url: string) => t.app.inject({ method: 'GET', url });

const pixelsOf = async (url: string) => {
  const file = await served(url);
  expect(file.statusCode, url).toBe(200);
  const meta = await sharp(file.rawPayload).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
};

describe('media library: sign-in and the dish flag', () => {
  it('answers 401 without a token', async () => {
    const calls = [
      () => list(''),
      () => upload('', [{ name: 'a.png', data: Buffer.from('x') }]),
      () => edit('', { img: 'a'.repeat(24), rect: { x: 0, y: 0, width: 1, height: 1 } }),
      () => remove('', { fileName: 'a.png' }),
    ];
    for (const call of calls) expect((await call()).status).toBe(401);
  });

  it('changing the library needs the dish flag; listing it is open to every member (every image field offers it)', async () => {
    const owner = await ownerWithToken(t);
    const [item] = await uploaded(owner.token, [{ name: 'tomato.png', data: await picture(300, 200) }]);
    const menuOnly = await memberWithToken(t, owner.restaurant.id, { menu: true });
    const noFlags = await memberWithToken(t, owner.restaurant.id, {});

    for (const member of [menuOnly, noFlags]) {
      const refused = [
        await upload(member.token, [{ name: 'b.png', data: await picture(50, 50) }]),
        await edit(member.token, { img: item!._id, rect: { x: 0, y: 0, width: 10, height: 10 } }),
        await remove(member.token, { fileName: item!.fileName }),
      ];
      for (const answer of refused) {
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe(messages.permissionDenied);
      }
      const read = await list(member.token);
      expect(read.status).toBe(200);
      expect(read.body.message.data.map((entry) => entry._id)).toEqual([item!._id]);
    }

    const dishMember = await memberWithToken(t, owner.restaurant.id, { dish: true });
    const added = await upload(dishMember.token, [{ name: 'basil.png', data: await picture(80, 80) }]);
    expect(added.status).toBe(200);
    const cropped = await edit(dishMember.token, {
      img: item!._id,
      rect: { x: 0, y: 0, width: 100, height: 100 },
    });
    expect(cropped.status).toBe(200);
    expect((await remove(dishMember.token, { fileName: 'basil.png' })).status).toBe(200);

    // An admin has no restaurant, so no library.
    const admin = await createOwner(t, { role: 'ADMIN' });
    const adminToken = await tokenFor(t, admin.user.username);
    expect((await list(adminToken)).status).toBe(403);
  });
});

describe('POST /api/restaurants/upload-media', () => {
  it('stores several images at once as WebP variants (a 600×600 thumbnail), in the order sent', async () => {
    const owner = await ownerWithToken(t);
    const answer = await upload(owner.token, [
      { name: 'wide.png', data: await picture(1600, 900) },
      { name: 'tall photo.jpg', data: await picture(500, 1000, 'jpeg'), type: 'image/jpeg' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.confirmation).toBe('Success');
    const { data, invalid } = answer.body.message;
    expect(invalid).toBe(0);
    expect(data.map((item) => item.fileName)).toEqual(['wide.png', 'tall photo.jpg']);
    const [wide, tall] = data as [MediaItem, MediaItem];
    expect(wide).toMatchObject({ width: 1600, height: 900 });
    expect(wide.key).toMatch(/^media\/[0-9a-f]{24}$/);
    expect(wide.image).toBe(wide.imageVariants.full);
    expect(await pixelsOf(wide.imageVariants.thumb)).toEqual({ format: 'webp', width: 600, height: 600 });
    expect(await pixelsOf(wide.image)).toEqual({ format: 'webp', width: 1600, height: 900 });
    expect(await pixelsOf(tall.imageVariants.thumb)).toEqual({ format: 'webp', width: 500, height: 500 });

    const page = await list(owner.token);
    expect(page.body.message.data.map((item) => item._id)).toEqual([wide._id, tall._id]);
  });

  it('refuses files by their content, stores the valid ones and counts the others', async () => {
    const owner = await ownerWithToken(t);
    const answer = await upload(owner.token, [
      { name: 'ok.webp', data: await picture(120, 120, 'webp'), type: 'image/webp' },
      { name: 'notes.png', data: Buffer.from('plain text, not a picture') },
      { name: 'anim.gif', data: await picture(40, 40, 'gif'), type: 'image/gif' },
      { name: 'renamed.jpg', data: await picture(40, 40, 'gif'), type: 'image/jpeg' },
      { name: 'truncated.png', data: (await picture(400, 400)).subarray(0, 120) },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.message.invalid).toBe(4);
    expect(answer.body.message.data.map((item) => item.fileName)).toEqual(['ok.webp']);
    expect((await list(owner.token)).body.message.pagination.total).toBe(1);
  });

  it('stores nothing when no file is valid, and says how many were not', async () => {
    const owner = await ownerWithToken(t);
    const answer = await upload(owner.token, [
      { name: 'a.txt', data: Buffer.from('hello'), type: 'text/plain' },
      { name: 'b.png', data: Buffer.from('still not a picture') },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('2 file(s) that you have uploaded is/are not valid.');
    expect((await list(owner.token)).body.message.pagination.total).toBe(0);
  });

  it('asks for an image when none is sent (JSON, an empty form, or files under other names)', async () => {
    const owner = await ownerWithToken(t);
    const empty = [
      await t.call({ method: 'POST', url: '/api/restaurants/upload-media', token: owner.token, payload: {} }),
      await t.call({
        method: 'POST',
        url: '/api/restaurants/upload-media',
        token: owner.token,
        payload: uploadForm([], { note: 'no files' }),
      }),
      await t.call({
        method: 'POST',
        url: '/api/restaurants/upload-media',
        token: owner.token,
        payload: uploadForm([{ name: 'a.png', data: await picture(20, 20), field: 'image' }]),
      }),
    ];
    for (const answer of empty) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.mediaImageRequired);
    }
  });

  it('refuses a file over 10 MB with the library’s message, and more than 10 files at once', async () => {
    const owner = await ownerWithToken(t);
    const big = await upload(owner.token, [
      { name: 'small.png', data: await picture(30, 30) },
      { name: 'huge.png', data: Buffer.alloc(10_485_760 + 1024, 7) },
    ]);
    expect(big.status).toBe(400);
    expect(big.body.message).toBe(messages.mediaFileTooLarge);

    const small = await picture(10, 10);
    const many = await upload(
      owner.token,
      Array.from({ length: 11 }, (_, index) => ({ name: `p${index}.png`, data: small })),
    );
    expect(many.status).toBe(413);
    expect(many.body.message).toBe(messages.mediaTooManyFiles(10));
    expect((await list(owner.token)).body.message.pagination.total).toBe(0);
  });

  it('keeps file names unique in the restaurant (the delete call names the file), without folders', async () => {
    const owner = await ownerWithToken(t);
    const image = await picture(20, 20);
    const first = await uploaded(owner.token, [
      { name: 'photo.png', data: image },
      { name: 'photo.png', data: image },
    ]);
    const second = await uploaded(owner.token, [
      { name: 'photo.png', data: image },
      { name: 'C:\\Users\\me\\photo (2).png', data: image },
    ]);
    expect([...first, ...second].map((item) => item.fileName)).toEqual([
      'photo.png',
      'photo (2).png',
      'photo (3).png',
      'photo (2) (2).png',
    ]);
    // Another restaurant has its own names.
    const other = await ownerWithToken(t);
    expect((await uploaded(other.token, [{ name: 'photo.png', data: image }]))[0]!.fileName).toBe(
      'photo.png',
    );
  });
});

describe('GET /api/restaurants/media (paging)', () => {
  it(`answers ${MEDIA_PAGE_SIZE} items a page, newest first, with page, total, total_pages and per_page`, async () => {
    const owner = await ownerWithToken(t);
    const small = await picture(16, 16);
    const batch = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: `dish-${from + index}.png`, data: small }));
    await uploaded(owner.token, batch(1, 10));
    await uploaded(owner.token, batch(11, 10));
    await uploaded(owner.token, batch(21, 6));

    const first = await list(owner.token, 1);
    expect(first.status).toBe(200);
    expect(first.body.message.pagination).toMatchObject({ page: 1, total: 26, total_pages: 2, per_page: 24 });
    expect(first.body.message.data).toHaveLength(24);
    // The last upload first; inside one upload, the order sent.
    expect(first.body.message.data.slice(0, 3).map((item) => item.fileName)).toEqual([
      'dish-21.png',
      'dish-22.png',
      'dish-23.png',
    ]);
    const second = await list(owner.token, 2);
    expect(second.body.message.pagination).toMatchObject({ page: 2, total: 26, total_pages: 2 });
    expect(second.body.message.data.map((item) => item.fileName)).toEqual(['dish-9.png', 'dish-10.png']);
    // Without a page: the first one. Past the end: the last one.
    expect((await list(owner.token)).body.message.pagination.page).toBe(1);
    const past = await list(owner.token, 9);
    expect(past.body.message.pagination.page).toBe(2);
    expect(past.body.message.data).toHaveLength(2);

    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const answer = await list(owner.token, bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toBe(messages.listPageInvalid);
    }
  });

  it('an empty library answers one empty page', async () => {
    const owner = await ownerWithToken(t);
    const answer = await list(owner.token);
    expect(answer.body.message).toEqual({
      data: [],
      pagination: { page: 1, per_page: 24, previous_page: null, next_page: null, total: 0, total_pages: 1 },
    });
  });
});

describe('POST /api/restaurants/media/edit', () => {
  it('saves the chosen area as a new item beside the original, named by its key, id or path', async () => {
    const owner = await ownerWithToken(t);
    const [original] = await uploaded(owner.token, [
      { name: 'pizza.jpg', data: await picture(800, 600, 'jpeg') },
    ]);
    const byId = await edit(owner.token, {
      img: original!._id,
      rect: { x: 100, y: 50, width: 250, height: 450 },
    });
    expect(byId.status).toBe(200);
    const version = byId.body.message;
    expect(version).toMatchObject({ fileName: 'pizza (edited).jpg', width: 250, height: 450 });
    expect(version._id).not.toBe(original!._id);
    expect(await pixelsOf(version.image)).toEqual({ format: 'webp', width: 250, height: 450 });
    // The original is untouched.
    expect(await pixelsOf(original!.image)).toEqual({ format: 'webp', width: 800, height: 600 });

    const byKey = await edit(owner.token, {
      img: original!.key,
      rect: { x: 0, y: 0, width: 125, height: 225 },
    });
    expect(byKey.body.message.fileName).toBe('pizza (edited) (2).jpg');
    const byUrl = await edit(owner.token, {
      img: `http://carte.test${original!.imageVariants.thumb}`,
      rect: { x: 0.4, y: 0.4, width: 799.6, height: 599.6 },
    });
    expect(byUrl.status).toBe(200);
    expect(byUrl.body.message).toMatchObject({ width: 800, height: 600 });
    // Editing a version makes another version of the same name.
    const again = await edit(owner.token, {
      img: version.image,
      rect: { x: 0, y: 0, width: 100, height: 100 },
    });
    expect(again.body.message.fileName).toBe('pizza (edited) (4).jpg');

    const page = await list(owner.token);
    expect(page.body.message.pagination.total).toBe(5);
    expect(page.body.message.data[0]!._id).toBe(again.body.message._id);
  });

  it('refuses an area outside the image, a missing one, and an unknown image', async () => {
    const owner = await ownerWithToken(t);
    const [item] = await uploaded(owner.token, [{ name: 'a.png', data: await picture(300, 200) }]);
    const outside = [
      { x: -1, y: 0, width: 10, height: 10 },
      { x: 0, y: 0, width: 301, height: 10 },
      { x: 250, y: 150, width: 60, height: 60 },
      { x: 0, y: 0, width: 0, height: 10 },
    ];
    for (const rect of outside) {
      const answer = await edit(owner.token, { img: item!._id, rect });
      expect(answer.status, JSON.stringify(rect)).toBe(400);
      expect(answer.body.message).toBe(messages.mediaCropOutside);
    }
    for (const body of [
      { img: item!._id },
      { img: item!._id, rect: { x: 'a', y: 0, width: 1, height: 1 } },
    ]) {
      const answer = await edit(owner.token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.mediaCropOutside);
    }
    const noImage = await edit(owner.token, { img: ' ', rect: { x: 0, y: 0, width: 1, height: 1 } });
    expect(noImage.body.message).toBe(messages.mediaImageMissing);
    for (const img of [
      'b'.repeat(24),
      'media/cccccccccccccccccccccccc',
      '/media/dish/x/full.webp',
      'hello',
    ]) {
      expect((await edit(owner.token, { img, rect: { x: 0, y: 0, width: 1, height: 1 } })).status, img).toBe(
        404,
      );
    }
    expect((await list(owner.token)).body.message.pagination.total).toBe(1);
  });
});

describe('DELETE /api/restaurants/media', () => {
  it('removes the item and its stored files; an unknown name answers 404', async () => {
    const owner = await ownerWithToken(t);
    const [keep, gone] = await uploaded(owner.token, [
      { name: 'keep.png', data: await picture(40, 40) },
      { name: 'gone.png', data: await picture(40, 40) },
    ]);
    const answer = await remove(owner.token, { fileName: 'gone.png' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.mediaDeleted);
    for (const url of Object.values(gone!.imageVariants))
      expect((await served(url)).statusCode, url).toBe(404);
    expect((await served(keep!.imageVariants.thumb)).statusCode).toBe(200);
    const rows = await t.runtime.database.db
      .select()
      .from(media)
      .where(eq(media.restaurantId, owner.restaurant.id));
    expect(rows.map((row) => row.fileName)).toEqual(['keep.png']);

    expect((await remove(owner.token, { fileName: 'gone.png' })).status).toBe(404);
    const empty = await remove(owner.token, { fileName: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(messages.mediaFileNameRequired);
  });
});

describe('one restaurant never reaches another’s media', () => {
  it('lists, edits, deletes and picks only its own items; a location does not see its parent’s', async () => {
    const a = await ownerWithToken(t);
    const b = await ownerWithToken(t);
    const [mine] = await uploaded(a.token, [{ name: 'secret.png', data: await picture(200, 200) }]);
    await uploaded(b.token, [{ name: 'other.png', data: await picture(50, 50) }]);

    const seen = await list(b.token);
    expect(seen.body.message.pagination.total).toBe(1);
    expect(JSON.stringify(seen.body)).not.toContain(mine!._id);

    const rect = { x: 0, y: 0, width: 10, height: 10 };
    for (const img of [mine!._id, mine!.key, mine!.image])
      expect((await edit(b.token, { img, rect })).status).toBe(404);
    expect((await remove(b.token, { fileName: 'secret.png' })).status).toBe(404);

    const dish = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token: b.token,
      payload: { name: 'Stolen', price: '1', imageMedia: mine!._id },
    });
    expect(dish.status).toBe(404);
    const menu = await t.call({
      method: 'POST',
      url: '/api/menus',
      token: b.token,
      payload: { name: 'Stolen', coverMedia: mine!._id },
    });
    expect(menu.status).toBe(404);

    const location = await locationOwnerWithToken(t, a.restaurant.id);
    expect((await list(location.token)).body.message.pagination.total).toBe(0);
    expect((await edit(location.token, { img: mine!._id, rect })).status).toBe(404);
    expect((await remove(location.token, { fileName: 'secret.png' })).status).toBe(404);

    // A's item is whole, files included.
    const still = await list(a.token);
    expect(still.body.message.data.map((item) => item._id)).toEqual([mine!._id]);
    expect((await served(mine!.image)).statusCode).toBe(200);
    expect((await list(b.token)).body.message.pagination.total).toBe(1);
  });
});

describe('the media picker', () => {
  it('a dish picked from the library owns a copy of the picture: deleting the item keeps the dish’s image', async () => {
    const owner = await ownerWithToken(t);
    const [item] = await uploaded(owner.token, [{ name: 'burger.png', data: await picture(900, 900) }]);
    const created = await t.call<Dish>({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: { name: 'Burger', price: '10', imageMedia: item!._id },
    });
    expect(created.status).toBe(200);
    const dish = created.body.message;
    expect(dish.image).toMatch(/^\/media\/dish\/[0-9a-f]{24}\/full\.webp$/);
    // Re-encoded to the dish's own shape (4:3, DISH_IMAGE_ASPECT; the card is 600×450).
    expect(await pixelsOf(dish.imageVariants!.card)).toEqual({ format: 'webp', width: 600, height: 450 });

    expect((await remove(owner.token, { fileName: 'burger.png' })).status).toBe(200);
    expect((await served(dish.imageVariants!.card)).statusCode).toBe(200);

    // An update may pick another item, sent as a multipart text field as the dish form does.
    const [next] = await uploaded(owner.token, [{ name: 'fries.png', data: await picture(400, 300) }]);
    const form = new FormData();
    form.append('name', 'Burger');
    form.append('imageMedia', next!._id);
    const updated = await t.call<Dish>({
      method: 'PUT',
      url: `/api/dishes/${dish._id}`,
      token: owner.token,
      payload: form,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message.image).not.toBe(dish.image);
    expect((await served(updated.body.message.image!)).statusCode).toBe(200);
    // The replaced copy is gone; the library item stays.
    expect((await served(dish.image!)).statusCode).toBe(404);
    expect((await served(next!.image)).statusCode).toBe(200);
  });

  it('a menu takes its cover and logo from the library', async () => {
    const owner = await ownerWithToken(t);
    const [cover, logo] = await uploaded(owner.token, [
      { name: 'cover.png', data: await picture(2000, 800) },
      { name: 'logo.png', data: await picture(300, 300) },
    ]);
    const created = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token: owner.token,
      payload: { name: 'Lunch', coverMedia: cover!._id, logoMedia: logo!._id },
    });
    expect(created.status).toBe(200);
    expect(created.body.message.cover).toMatch(/^\/media\/cover\//);
    expect(created.body.message.logo).toMatch(/^\/media\/logo\//);
    expect(await pixelsOf(created.body.message.cover!)).toEqual({ format: 'webp', width: 1800, height: 720 });

    const updated = await t.call<Menu>({
      method: 'PUT',
      url: `/api/menus/${created.body.message._id}`,
      token: owner.token,
      payload: { logoMedia: cover!._id },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message.cover).toBe(created.body.message.cover);
    expect(updated.body.message.logo).not.toBe(created.body.message.logo);
    expect((await served(created.body.message.logo!)).statusCode).toBe(404);
  });

  it('is refused to a user whose only flag is dish (doc 2 §6), and a malformed id is a 400', async () => {
    const owner = await ownerWithToken(t);
    const [item] = await uploaded(owner.token, [{ name: 'salad.png', data: await picture(100, 100) }]);
    const dishOnly = await memberWithToken(t, owner.restaurant.id, { dish: true });
    const refused = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token: dishOnly.token,
      payload: { name: 'Salad', price: '5', imageMedia: item!._id },
    });
    expect(refused.status).toBe(403);
    // The same member may still upload a file of their own for the dish.
    const plain = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token: dishOnly.token,
      payload: { name: 'Salad', price: '5' },
    });
    expect(plain.status).toBe(200);

    const dishAndIngredients = await memberWithToken(t, owner.restaurant.id, {
      dish: true,
      ingredient: true,
    });
    const allowed = await t.call<Dish>({
      method: 'POST',
      url: '/api/dishes',
      token: dishAndIngredients.token,
      payload: { name: 'Salad', price: '5', imageMedia: item!._id },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.message.image).toMatch(/^\/media\/dish\//);

    const malformed = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token: owner.token,
      payload: { name: 'Salad', price: '5', imageMedia: 'not-an-id' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(messages.mediaPickInvalid);
  });
});

/** A multipart form with text fields and picture parts named as the record's form names them. */
const recordForm = (fields: Record<string, string>, files: Record<string, Upload>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name);
  return form;
};

/** Creates a dish (JSON fields or a multipart form with its picture). */
const dishFrom = (token: string, payload: object) =>
  t.call<Dish>({ method: 'POST', url: '/api/dishes', token, payload });

const fileNames = async (token: string) =>
  ((await list(token)).body.message.data as MediaItem[]).map((item) => item.fileName).sort();

describe('pictures uploaded for dishes, menus and the restaurant join the library (issue 22)', () => {
  it('a dish photo, a menu cover and logo and the restaurant logo become items "Choose from media" can reuse', async () => {
    const owner = await ownerWithToken(t);
    const ramen = await picture(800, 600);
    const created = await dishFrom(
      owner.token,
      recordForm({ name: 'Tonkotsu', price: '14' }, { image: { name: 'ramen.png', data: ramen } }),
    );
    expect(created.status).toBe(200);
    const menu = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token: owner.token,
      payload: recordForm(
        { name: 'Dinner' },
        {
          cover: { name: 'cover.jpg', data: await picture(1600, 600, 'jpeg'), type: 'image/jpeg' },
          logo: { name: 'menu-logo.png', data: await picture(200, 200) },
        },
      ),
    });
    expect(menu.status).toBe(200);
    const settings = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants/update',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: recordForm({}, { logo: { name: 'house-logo.png', data: await picture(300, 120) } }),
    });
    expect(settings.statusCode).toBe(200);
    expect((settings.json() as { message: Restaurant }).message.logo).toBeTruthy();

    expect(await fileNames(owner.token)).toEqual([
      'cover.jpg',
      'house-logo.png',
      'menu-logo.png',
      'ramen.png',
    ]);
    const items = (await list(owner.token)).body.message.data;
    const photo = items.find((item) => item.fileName === 'ramen.png')!;
    // The library's own sizes (the whole picture, not the dish's crop), served like every item.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 800, height: 600 });
    expect((await served(photo.imageVariants.thumb)).statusCode).toBe(200);

    // Another dish reuses it from the library; deleting the first dish keeps the item.
    const reused = await dishFrom(owner.token, { name: 'Shoyu', price: '13', imageMedia: photo._id });
    expect(reused.status).toBe(200);
    expect(reused.body.message.image).toMatch(/^\/media\/dish\//);
    const deleted = await t.call({
      method: 'DELETE',
      url: '/api/dishes',
      token: owner.token,
      payload: { ids: [created.body.message._id] },
    });
    expect(deleted.status).toBe(200);
    expect((await served(photo.imageVariants.full)).statusCode).toBe(200);
  });

  it('the same file uploaded for a second dish, or already in the library, adds nothing; a pick adds nothing', async () => {
    const owner = await ownerWithToken(t);
    const data = await picture(640, 480);
    const [byHand] = await uploaded(owner.token, [{ name: 'tacos.png', data }]);
    const dishWith = (name: string, file: Upload) =>
      dishFrom(owner.token, recordForm({ name, price: '9' }, { image: file }));
    expect((await dishWith('Al pastor', { name: 'tacos.png', data })).status).toBe(200);
    expect((await dishWith('Carnitas', { name: 'carnitas.png', data: await picture(500, 400) })).status).toBe(
      200,
    );
    expect(
      (await dishWith('Carnitas 2', { name: 'carnitas.png', data: await picture(500, 400) })).status,
    ).toBe(200);
    const picked = await dishFrom(owner.token, { name: 'Barbacoa', price: '9', imageMedia: byHand!._id });
    expect(picked.status).toBe(200);
    expect(await fileNames(owner.token)).toEqual(['carnitas.png', 'tacos.png']);
  });

  it('a full library keeps its limit: the dish is saved with its photo, the library gains nothing', async () => {
    const owner = await ownerWithToken(t);
    await t.runtime.database.db.execute(
      sql`insert into media (id, restaurant_id, file_name, key)
          select substr(md5(random()::text || g), 1, 24), ${owner.restaurant.id}, 'Filler ' || g, 'media/filler-' || g
          from generate_series(1, ${RESTAURANT_LIMITS.media}) g`,
    );
    const created = await dishFrom(
      owner.token,
      recordForm(
        { name: 'Gyoza', price: '6' },
        { image: { name: 'gyoza.png', data: await picture(300, 200) } },
      ),
    );
    expect(created.status).toBe(200);
    expect((await served(created.body.message.image!)).statusCode).toBe(200);
    const [held] = await t.runtime.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(media)
      .where(eq(media.restaurantId, owner.restaurant.id));
    expect(held!.n).toBe(RESTAURANT_LIMITS.media);
  });
});
