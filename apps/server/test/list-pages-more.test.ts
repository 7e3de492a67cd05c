import {
  type AdminDma,
  type AdminLog,
  type AdminRestaurant,
  type AdminUser,
  type DmaClient,
  type MediaPage,
  type Member,
  type Menu,
  messages,
  type Paginated,
  type PendingDma,
  type PendingLicence,
} from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.ts';
import { logs, media, menus, restaurants, users } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, ownerWithToken, signIn } from './factories.ts';
import { invite, newReseller, sendRegisterLink, unique } from './support/resellers.ts';

/**
 * Issue 21: the other list routes asked one page at a time (decisions "More server pages"): the
 * shape and totals, search, sort, a page past the last, bad parameters, the whole list unchanged
 * without `page` and equal to its pages put together, and nobody else's rows.
 */
let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'local' });
  root = (await signIn(t, 'root@carte.test', 'RootPass123')).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;
const minute = 60_000;
const base = Date.UTC(2026, 0, 1);
const at = (i: number) => new Date(base + i * minute);

type Answer<T> = { status: number; body: { message: T } };
const get = <T>(token: string, url: string) => t.call<T>({ method: 'GET', url, token }) as Promise<Answer<T>>;
const join = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;
const pageOf = async <T>(token: string, path: string, query: string) => {
  const answer = await get<Paginated<T>>(token, join(path, query));
  expect(answer.status, `${path} ${query}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.message;
};
const meta = <T>({ data: _data, ...pagination }: Paginated<T>) => pagination;

/** Every page of `path` at `perPage`, put together, after checking each page's neighbours. */
async function allPages<T>(token: string, path: string, perPage: number): Promise<T[]> {
  const first = await pageOf<T>(token, path, `page=1&per_page=${perPage}`);
  const rows = [...first.data];
  for (let page = 2; page <= first.total_pages; page++) {
    const next = await pageOf<T>(token, path, `page=${page}&per_page=${perPage}`);
    expect([next.page, next.previous_page, next.next_page]).toEqual([
      page,
      page - 1,
      page < first.total_pages ? page + 1 : null,
    ]);
    rows.push(...next.data);
  }
  expect(rows).toHaveLength(first.total);
  return rows;
}

/** The shape of a list of `total` rows read 10 (then 7) at a time, and past its last page. */
async function expectShape<T>(token: string, path: string, total: number) {
  const pages = Math.ceil(total / 10);
  const first = await pageOf<T>(token, path, 'page=1');
  expect(meta(first)).toEqual({
    page: 1,
    per_page: 10,
    previous_page: null,
    next_page: pages > 1 ? 2 : null,
    total,
    total_pages: pages,
  });
  expect(first.data).toHaveLength(Math.min(10, total));
  const past = await pageOf<T>(token, path, 'page=99');
  expect(meta(past)).toMatchObject({ page: pages, next_page: null, total, total_pages: pages });
  expect(past.data).toHaveLength(total - (pages - 1) * 10);
}

/** A call without `page` answers the whole list as before: an array equal to its pages put together. */
async function expectWholeIsPages<T>(token: string, path: string) {
  const whole = await get<T[]>(token, path);
  expect(whole.status).toBe(200);
  expect(Array.isArray(whole.body.message)).toBe(true);
  expect(await allPages<T>(token, path, 7)).toEqual(whole.body.message);
  return whole.body.message;
}

/** Bad page, per_page and sort answer 400 with the catalogue's messages. */
async function expectRefusals(token: string, path: string) {
  for (const [query, message] of [
    ['page=0', messages.listPageInvalid],
    ['page=abc', messages.listPageInvalid],
    ['page=1.5', messages.listPageInvalid],
    ['page=1&per_page=0', messages.listPerPageInvalid],
    ['page=1&per_page=101', messages.listPerPageInvalid],
    ['page=1&sort=calories', messages.listSortInvalid],
    ['page=1&sort=created&order=up', messages.listSortInvalid],
  ] as const) {
    const answer = await get<string>(token, join(path, query));
    expect([answer.status, answer.body.message], `${path} ${query}`).toEqual([400, message]);
  }
}

const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('GET /api/menus with page', () => {
  it('pages, searches and sorts the menus, own first, and keeps the whole list', async () => {
    const parent = await ownerWithToken(t);
    const location = await locationOwnerWithToken(t, parent.restaurant.id);
    await db()
      .insert(menus)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          restaurantId: i < 20 ? location.restaurant.id : parent.restaurant.id,
          name: i < 20 ? `Menu ${i + 1}` : `Parent menu ${i - 19}`,
          position: 0,
          createdAt: at(i),
        })),
      );

    await expectShape<Menu>(location.token, '/api/menus', 23);
    const whole = await expectWholeIsPages<Menu>(location.token, '/api/menus');
    expect(whole.slice(0, 20).every((menu) => !menu.fromParent)).toBe(true);
    expect(whole.slice(20).every((menu) => menu.fromParent)).toBe(true);

    const found = await pageOf<Menu>(location.token, '/api/menus', 'page=1&search=MENU%202');
    expect(names(found.data).sort()).toEqual(['Menu 2', 'Menu 20', 'Parent menu 2'].sort());
    const byName = await pageOf<Menu>(location.token, '/api/menus', 'page=1&per_page=2&sort=name');
    expect(names(byName.data)).toEqual(['Menu 1', 'Menu 10']);
    const newest = await pageOf<Menu>(location.token, '/api/menus', 'page=1&per_page=1&sort=created');
    expect(names(newest.data)).toEqual(['Parent menu 3']);
    await expectRefusals(location.token, '/api/menus');

    // The parent sees its own three, never the location's.
    const parentPage = await pageOf<Menu>(parent.token, '/api/menus', 'page=1&per_page=100');
    expect(names(parentPage.data).sort()).toEqual(['Parent menu 1', 'Parent menu 2', 'Parent menu 3']);
  });
});

describe('GET /api/members with page', () => {
  it("pages the team, searches names and email, sorts, and never shows another restaurant's", async () => {
    const owner = await ownerWithToken(t);
    const other = await ownerWithToken(t);
    const member = (restaurantId: string, i: number, first: string) => ({
      username: `m_${newId()}`,
      email: `${first.toLowerCase()}${i}_${newId()}@carte.test`,
      firstName: `${first} ${i}`,
      lastName: 'Team',
      role: 'MEMBER' as const,
      personId: newId(),
      restaurantId,
      createdAt: at(i),
    });
    await db()
      .insert(users)
      .values([
        ...Array.from({ length: 23 }, (_, i) => member(owner.restaurant.id, i + 1, 'Mia')),
        ...Array.from({ length: 4 }, (_, i) => member(other.restaurant.id, i + 1, 'Stranger')),
      ]);

    await expectShape<Member>(owner.token, '/api/members', 23);
    const whole = await expectWholeIsPages<Member>(owner.token, '/api/members');
    expect(whole[0]!.firstName).toBe('Mia 1');
    expect(whole.some((row) => row.firstName.startsWith('Stranger'))).toBe(false);

    const found = await pageOf<Member>(owner.token, '/api/members', 'page=1&search=mia%202');
    expect(found.total).toBe(5);
    const byEmail = await pageOf<Member>(owner.token, '/api/members', 'page=1&search=mia17_');
    expect(byEmail.data.map((row) => row.firstName)).toEqual(['Mia 17']);
    const byName = await pageOf<Member>(
      owner.token,
      '/api/members',
      'page=1&per_page=2&sort=name&order=desc',
    );
    expect(byName.data.map((row) => row.firstName)).toEqual(['Mia 9', 'Mia 8']);
    const none = await pageOf<Member>(owner.token, '/api/members', 'page=1&search=stranger');
    expect(meta(none)).toMatchObject({ total: 0, total_pages: 1, page: 1 });
    await expectRefusals(owner.token, '/api/members');
  });
});

describe("the admin's lists with page", () => {
  it('GET /api/admin/users and /api/admin/restaurants page, search and sort every restaurant', async () => {
    const tag = unique('zed').toLowerCase();
    const rows = Array.from({ length: 23 }, (_, i) => ({
      id: newId(),
      name: `Zed ${tag} ${String(i + 1).padStart(2, '0')}`,
      timeZone: 'UTC',
      createdAt: at(i),
    }));
    await db().insert(restaurants).values(rows);
    await db()
      .insert(users)
      .values(
        rows.map((restaurant, i) => ({
          username: `${tag}_${String(i + 1).padStart(2, '0')}`,
          email: `${tag}_${i + 1}@carte.test`,
          role: 'RESTAURANT' as const,
          personId: newId(),
          restaurantId: restaurant.id,
          createdAt: at(i),
        })),
      );
    // Menus counted on the page's rows only, as in the whole list.
    await db()
      .insert(menus)
      .values([0, 0, 5].map((i, k) => ({ restaurantId: rows[i]!.id, name: 'Lunch', draft: k === 1 })));

    const usersPath = `/api/admin/users?search=${tag}`;
    await expectShape<AdminUser>(root, usersPath, 23);
    await expectWholeIsPages<AdminUser>(root, '/api/admin/users');
    const byRestaurant = await pageOf<AdminUser>(root, '/api/admin/users', `page=1&search=zed%20${tag}%2007`);
    expect(byRestaurant.data.map((row) => row.username)).toEqual([`${tag}_07`]);
    const byUsername = await pageOf<AdminUser>(root, usersPath, 'page=1&per_page=2&sort=username');
    expect(byUsername.data.map((row) => row.username)).toEqual([`${tag}_01`, `${tag}_02`]);
    const newestUser = await pageOf<AdminUser>(root, usersPath, 'page=1&per_page=1');
    expect(newestUser.data[0]!.username).toBe(`${tag}_23`);
    await expectRefusals(root, '/api/admin/users');

    const restaurantsPath = `/api/admin/restaurants?search=${tag}`;
    await expectShape<AdminRestaurant>(root, restaurantsPath, 23);
    const whole = await expectWholeIsPages<AdminRestaurant>(root, '/api/admin/restaurants');
    const first = whole.find((row) => row._id === rows[0]!.id);
    expect(first).toMatchObject({ menus: 2, publishedMenus: 1, ownerUsername: `${tag}_01` });
    const byName = await pageOf<AdminRestaurant>(root, restaurantsPath, 'page=3&sort=name&order=desc');
    expect(names(byName.data)).toEqual([`Zed ${tag} 03`, `Zed ${tag} 02`, `Zed ${tag} 01`]);
    expect(byName.data[2]).toEqual(first);
    const byOwner = await pageOf<AdminRestaurant>(root, '/api/admin/restaurants', `page=1&search=${tag}_06`);
    expect(names(byOwner.data)).toEqual([`Zed ${tag} 06`]);
    await expectRefusals(root, '/api/admin/restaurants');

    // Owners never read the admin's lists, paged or not.
    const owner = await ownerWithToken(t);
    expect((await get(owner.token, '/api/admin/users?page=1')).status).toBe(403);
    expect((await get(owner.token, '/api/admin/restaurants?page=1')).status).toBe(403);
  });

  it('GET /api/admin/logs answers the shared page shape, newest first, filtered and searched', async () => {
    const tag = unique('zz').toLowerCase();
    await db()
      .insert(logs)
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          url: `/api/${tag}/${i + 1}`,
          message: i % 9 === 0 ? `boom ${tag}` : null,
          statusCode: i % 2 ? 500 : 404,
          method: 'GET',
          createdAt: new Date(Date.now() + 3_600_000 + i * minute),
        })),
      );
    const path = `/api/admin/logs?route=${tag}`;
    const first = await pageOf<AdminLog>(root, path, '');
    expect(meta(first)).toEqual({
      page: 1,
      per_page: 20,
      previous_page: null,
      next_page: 2,
      total: 45,
      total_pages: 3,
    });
    expect(first.data[0]!.url).toBe(`/api/${tag}/45`);
    const rows = await allPages<AdminLog>(root, path, 20);
    expect(rows.map((row) => row.url)).toEqual(Array.from({ length: 45 }, (_, i) => `/api/${tag}/${45 - i}`));
    const past = await pageOf<AdminLog>(root, path, 'page=9');
    expect([past.page, past.data.length]).toEqual([3, 5]);
    const oldest = await pageOf<AdminLog>(root, path, 'per_page=1&order=asc');
    expect(oldest.data[0]!.url).toBe(`/api/${tag}/1`);
    const failed = await pageOf<AdminLog>(root, join(path, 'status=500'), 'page=1');
    expect(failed.total).toBe(22);
    const searched = await pageOf<AdminLog>(root, '/api/admin/logs', `search=boom%20${tag}`);
    expect(searched.total).toBe(5);
    await expectRefusals(root, '/api/admin/logs');
  });
});

describe("the reseller's lists with page", () => {
  it("GET /api/dma/clients: the shared shape, 5 a page, only the reseller's own clients", async () => {
    const reseller = await newReseller(t, root, 'Paging Partners');
    const other = await newReseller(t, root, 'Other Partners');
    const client = (dmaId: string, i: number, label: string) => ({
      username: `${label}_${String(i).padStart(2, '0')}_${newId().slice(-6)}`,
      email: `${label}${i}_${newId()}@carte.test`,
      role: 'DMA_CLIENT' as const,
      personId: newId(),
      dmaId,
      createdAt: at(i),
    });
    await db()
      .insert(users)
      .values([
        ...Array.from({ length: 12 }, (_, i) => client(reseller.id, i + 1, 'mine')),
        ...Array.from({ length: 3 }, (_, i) => client(other.id, i + 1, 'theirs')),
      ]);
    const first = await pageOf<DmaClient>(reseller.token, '/api/dma/clients', '');
    expect(meta(first)).toEqual({
      page: 1,
      per_page: 5,
      previous_page: null,
      next_page: 2,
      total: 12,
      total_pages: 3,
    });
    const rows = await allPages<DmaClient>(reseller.token, '/api/dma/clients', 5);
    expect(rows.map((row) => row.username.slice(0, 7))).toEqual(
      Array.from({ length: 12 }, (_, i) => `mine_${String(12 - i).padStart(2, '0')}`),
    );
    expect(rows.every((row) => row.subscription === null)).toBe(true);
    const past = await pageOf<DmaClient>(reseller.token, '/api/dma/clients', 'page=7');
    expect([past.page, past.data.length]).toEqual([3, 2]);
    const found = await pageOf<DmaClient>(reseller.token, '/api/dma/clients', 'search=MINE_1');
    expect(found.total).toBe(3);
    const theirs = await pageOf<DmaClient>(reseller.token, '/api/dma/clients', 'search=theirs');
    expect(theirs.total).toBe(0);
    const byName = await pageOf<DmaClient>(reseller.token, '/api/dma/clients', 'per_page=2&sort=username');
    expect(byName.data.map((row) => row.username.slice(0, 7))).toEqual(['mine_01', 'mine_02']);
    await expectRefusals(reseller.token, '/api/dma/clients');
  });

  it('GET /api/dma/clients-temporary, /api/admin/dma-list and /api/admin/dma-list-pending page', async () => {
    const reseller = await newReseller(t, root, `Licence ${unique('co')}`);
    const stranger = await newReseller(t, root, 'Stranger Partners');
    for (let i = 0; i < 12; i++) await invite(t, reseller);
    await invite(t, stranger);
    await expectShape<PendingLicence>(reseller.token, '/api/dma/clients-temporary', 12);
    const licences = await expectWholeIsPages<PendingLicence>(reseller.token, '/api/dma/clients-temporary');
    expect(licences).toHaveLength(12);
    const one = licences[4]!.data.client.email;
    const found = await pageOf<PendingLicence>(
      reseller.token,
      '/api/dma/clients-temporary',
      `page=1&search=${encodeURIComponent(one)}`,
    );
    expect(found.data.map((row) => row.token)).toEqual([licences[4]!.token]);
    const oldest = await pageOf<PendingLicence>(
      reseller.token,
      '/api/dma/clients-temporary',
      'page=1&per_page=1&order=asc',
    );
    expect(oldest.data[0]!.token).toBe(licences[11]!.token);
    await expectRefusals(reseller.token, '/api/dma/clients-temporary');

    const tag = unique('pend').toLowerCase();
    for (let i = 0; i < 11; i++) await sendRegisterLink(t, root, `${tag}-${i}@carte.test`);
    await expectShape<PendingDma>(root, `/api/admin/dma-list-pending?search=${tag}`, 11);
    await expectWholeIsPages<PendingDma>(root, '/api/admin/dma-list-pending');
    await expectRefusals(root, '/api/admin/dma-list-pending');

    const dmas = await expectWholeIsPages<AdminDma>(root, '/api/admin/dma-list');
    const mine = await pageOf<AdminDma>(root, '/api/admin/dma-list', `page=1&search=${reseller.username}`);
    expect(mine.data).toEqual(dmas.filter((dma) => dma._id === reseller.id));
    const byEmail = await pageOf<AdminDma>(root, '/api/admin/dma-list', `page=1&per_page=100&sort=email`);
    const emails = byEmail.data.map((row) => row.email.toLowerCase());
    expect(emails).toEqual([...emails].sort());
    await expectRefusals(root, '/api/admin/dma-list');
    expect((await get(reseller.token, '/api/admin/dma-list?page=1')).status).toBe(403);
  });
});

describe('GET /api/restaurants/media keeps doc 2 §7 shape', () => {
  it('reads its page with the shared paging and takes per_page', async () => {
    const owner = await ownerWithToken(t);
    await db()
      .insert(media)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          restaurantId: owner.restaurant.id,
          key: `k${i}-${newId()}`,
          fileName: `photo-${i + 1}.png`,
          width: 10,
          height: 10,
          createdAt: at(i),
        })),
      );
    const first = await pageOf<MediaPage['data'][number]>(owner.token, '/api/restaurants/media', '');
    expect(first).toMatchObject({
      pagination: { page: 1, per_page: 24, previous_page: null, next_page: 2, total: 30, total_pages: 2 },
    });
    const small = (await get<MediaPage>(owner.token, '/api/restaurants/media?page=2&per_page=7')).body
      .message;
    expect(small.pagination).toEqual({
      page: 2,
      per_page: 7,
      previous_page: 1,
      next_page: 3,
      total: 30,
      total_pages: 5,
    });
    expect(small.data.map((item) => item.fileName)).toEqual(
      [23, 22, 21, 20, 19, 18, 17].map((n) => `photo-${n}.png`),
    );
    for (const bad of ['per_page=0', 'per_page=101', 'per_page=x']) {
      const answer = await get<string>(owner.token, `/api/restaurants/media?${bad}`);
      expect([answer.status, answer.body.message], bad).toEqual([400, messages.listPerPageInvalid]);
    }
  });
});
