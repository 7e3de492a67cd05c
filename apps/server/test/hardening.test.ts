import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CsvResult,
  type Dish,
  LAYOUT_BODY_LIMIT,
  type Menu,
  messages,
  QUICK_EDIT_BODY_LIMIT,
} from '@carte/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { errorForLog } from '../src/db/errors.ts';
import { dishes, logs, menus } from '../src/db/schema.ts';
import { deleteOldLogs, logRetentionQueue } from '../src/features/logs/log-retention.ts';
import { FORM_LIMITS } from '../src/http/form.ts';
import { JSON_BODY_LIMIT } from '../src/http/json-body.ts';
import { startTestApp, type TestApp } from './app.ts';
import { ownerWithToken } from './factories.ts';
import { multipartBody } from './fuzz/probes.ts';

/** Issue 8, one finding at a time: what used to answer 500 answers 4xx, and what it must not do. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'local' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;
const json = (body: string) => ({ headers: { 'content-type': 'application/json' }, payload: body });
const multipart = (parts: Parameters<typeof multipartBody>[0]) => ({
  headers: { 'content-type': 'multipart/form-data; boundary=carteFuzzBoundary' },
  payload: multipartBody(parts),
});
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
const randomIds = (count: number) =>
  Array.from({ length: count }, (_, i) => i.toString(16).padStart(24, '0'));
const uploadsInTmp = () => readdirSync(tmpdir()).filter((name) => name.startsWith('carte-upload-'));
/** The temporary files made since `before` (they are removed just after the answer is sent). */
async function leftUploads(before: string[]): Promise<string[]> {
  const left = () => uploadsInTmp().filter((name) => !before.includes(name));
  await expect.poll(() => left().length, { timeout: 2_000 }).toBe(0);
  return left();
}

describe('strings PostgreSQL cannot store (one rule in domain)', () => {
  it('answers 400 for NUL and lone surrogates anywhere a string is stored, and stores nothing', async () => {
    const { token, restaurant } = await ownerWithToken(t);
    const attempts: [string, string, string][] = [
      ['POST', '/api/menus', '{"name":"Lunch\\u0000"}'],
      ['POST', '/api/menus', '{"name":"Lunch","description":"a\\ud800b"}'],
      ['POST', '/api/menus', '{"name":"Lunch","templateMeta":{"classic":{"colors":{"a":"\\udc00"}}}}'],
      ['POST', '/api/menus', '{"name":"Lunch","templateMeta":{"\\u0000":1}}'],
      [
        'POST',
        '/api/dishes',
        '{"name":"Soup","price":"4","dietaryConsiderations":{"selected":{"diets":["\\u0000"],"foodTypes":[],"other":[]},"admin":{"diets":[],"foodTypes":[],"other":[]}}}',
      ],
      ['POST', '/api/ingredients', '{"ingredients":["To\\u0000mato"]}'],
      ['POST', '/api/categories', '{"name":"\\ud83d"}'],
      ['POST', '/api/users/login', '{"username":"a\\u0000","password":"x"}'],
    ];
    for (const [method, url, body] of attempts) {
      const response = await t.call({ method: method as 'POST', url, token, ...json(body) });
      expect([url, body, response.status, response.body.message]).toEqual([
        url,
        body,
        400,
        url.includes('templateMeta') || body.includes('templateMeta')
          ? expect.any(String)
          : messages.textInvalid,
      ]);
    }
    const stored = await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id));
    expect(stored).toEqual([]);
    // A whole emoji (a surrogate pair) is text like any other.
    const emoji = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token,
      payload: { name: 'Lunch 🍕' },
    });
    expect(emoji.status).toBe(200);
    expect(emoji.body.message.name).toBe('Lunch 🍕');
  });

  it('refuses them in multipart text fields and in CSV cells too', async () => {
    const { token } = await ownerWithToken(t);
    const form = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token,
      ...multipart([
        { name: 'name', data: 'Soup\u0000' },
        { name: 'price', data: '4' },
      ]),
    });
    expect([form.status, form.body.message]).toEqual([400, messages.textInvalid]);
    const csv = await t.call<CsvResult>({
      method: 'POST',
      url: '/api/ingredients/upload-csv',
      token,
      ...multipart([{ name: 'csv', filename: 'i.csv', data: 'name\nTo\u0000mato\nBasil\n' }]),
    });
    expect(csv.status).toBe(200);
    expect(csv.body.message.validationError).toEqual([{ row: 2, message: messages.textInvalid }]);
    expect(csv.body.message.successMessage).toBe(messages.csvUploaded(1));
  });
});

describe('bodies of the wrong kind (object first)', () => {
  it('answers 400 "Invalid input" for null, a list, a number or a string on routes with cross-field rules', async () => {
    const { token } = await ownerWithToken(t);
    for (const url of [
      '/api/users/register',
      '/api/users/verify-account-and-enter-password',
      '/api/users/reset-password/abc',
    ]) {
      for (const body of ['null', '[]', '42', '"x"', 'true']) {
        const response = await t.call({ method: 'POST', url, ...json(body) });
        expect([url, body, response.status, response.body.message]).toEqual([
          url,
          body,
          400,
          messages.invalidInput,
        ]);
      }
    }
    const password = await t.call({
      method: 'PUT',
      url: '/api/users/update-account-password',
      token,
      ...json('null'),
    });
    expect([password.status, password.body.message]).toEqual([400, messages.invalidInput]);
    // No body at all, or a multipart body on a JSON route, is the same.
    const none = await t.call({ method: 'POST', url: '/api/users/register' });
    expect([none.status, none.body.message]).toEqual([400, messages.invalidInput]);
  });

  it('answers 400 for a body nested 5,000 deep, before parsing it', async () => {
    const { token } = await ownerWithToken(t);
    const deep = `{"name":"Lunch","templateMeta":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const response = await t.call({ method: 'POST', url: '/api/menus', token, ...json(deep) });
    expect([response.status, response.body.message]).toEqual([400, messages.tooDeep]);
    // Within the body limit of depth, templateMeta keeps its own smaller one.
    const eleven = `{"name":"Lunch","templateMeta":${'{"a":'.repeat(11)}1${'}'.repeat(11)}}`;
    const meta = await t.call({ method: 'POST', url: '/api/menus', token, ...json(eleven) });
    expect([meta.status, meta.body.message]).toEqual([400, messages.tooDeep]);
    // And through multipart, where JSON arrives as text.
    const form = await t.call({
      method: 'POST',
      url: '/api/menus',
      token,
      ...multipart([
        { name: 'name', data: 'Lunch' },
        { name: 'templateMeta', data: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
      ]),
    });
    expect([form.status, form.body.message]).toEqual([400, messages.tooDeep]);
  });
});

describe('bodies refused before they are read (issue 21)', () => {
  const MiB = 1024 * 1024;
  /** Not JSON at all: a 413 for it proves the limit answered before any parsing. */
  const junk = (bytes: number) => json('{'.repeat(bytes));

  it('answers 413 in the envelope past 1 MiB on an ordinary route, unparsed', async () => {
    const { token } = await ownerWithToken(t);
    const over = await t.call({
      method: 'POST',
      url: '/api/categories',
      token,
      ...junk(JSON_BODY_LIMIT + 1),
    });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ statusCode: 413, confirmation: 'Fail' });
    // Just under the limit the same text is read, and refused as what it is.
    const under = await t.call({
      method: 'POST',
      url: '/api/categories',
      token,
      ...json(`"${'x'.repeat(1000)}"`),
    });
    expect(under.status).toBe(400);
  });

  it('lets the layout and quick edit take their larger legal bodies, and nothing beyond', async () => {
    const { token } = await ownerWithToken(t);
    // A 2 MiB layout is legal in size (names and echoed menus): read, validated, saved.
    const padded = JSON.stringify({ locations: [], note: 'x'.repeat(2 * MiB) });
    const layout = await t.call({ method: 'POST', url: '/api/maps', token, ...json(padded) });
    expect(layout.status, JSON.stringify(layout.body).slice(0, 200)).toBe(200);
    const tooBig = await t.call({ method: 'POST', url: '/api/maps', token, ...junk(LAYOUT_BODY_LIMIT + 1) });
    expect(tooBig.status).toBe(413);
    const quick = await t.call({
      method: 'PUT',
      url: '/api/settings/quick-edit',
      token,
      ...junk(QUICK_EDIT_BODY_LIMIT + 1),
    });
    expect(quick.status).toBe(413);
    const quickLegal = await t.call({
      method: 'PUT',
      url: '/api/settings/quick-edit',
      token,
      ...json(JSON.stringify({ dishes: [], note: 'x'.repeat(2 * MiB) })),
    });
    expect(quickLegal.status).not.toBe(413);
  });
});

describe('numbers and lists past what the database takes', () => {
  it('refuses prices past numeric(10,2) and calories past integer, in forms and in CSV rows', async () => {
    const { token, restaurant } = await ownerWithToken(t);
    for (const payload of [
      { name: 'Soup', price: '100000000' },
      { name: 'Soup', price: 1e308 },
      { name: 'Soup', price: '99999999999999.99' },
    ]) {
      const response = await t.call({ method: 'POST', url: '/api/dishes', token, payload });
      expect([response.status, response.body.message]).toEqual([400, messages.priceInvalid]);
    }
    const calories = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token,
      payload: { name: 'Soup', price: '4', calories: 2_147_483_648 },
    });
    expect([calories.status, calories.body.message]).toEqual([400, messages.caloriesTooHigh]);
    const option = await t.call({
      method: 'POST',
      url: '/api/restaurants/set-customizations',
      token,
      payload: {
        customizations: [
          { name: 'Size', isCustom: true, isFixedPrice: true, options: [{ name: 'XL', price: 1e308 }] },
        ],
      },
    });
    expect([option.status, option.body.message]).toEqual([400, messages.priceInvalid]);

    const csv = await t.call<CsvResult>({
      method: 'POST',
      url: '/api/dishes/upload-csv',
      token,
      ...multipart([
        {
          name: 'csv',
          filename: 'd.csv',
          data: 'name,price,calories\nHuge,1e308,1\nBig,100000000,1\nFat,1,2147483648\nFine,99999999.99,2147483647\n',
        },
      ]),
    });
    expect(csv.status).toBe(200);
    expect(csv.body.message.validationError.map((error) => error.row)).toEqual([2, 3, 4]);
    const stored = await db().select().from(dishes).where(eq(dishes.restaurantId, restaurant.id));
    expect(stored.map((dish) => [dish.name, dish.price, dish.calories])).toEqual([
      ['Fine', 99999999.99, 2147483647],
    ]);
  });

  it('refuses more than 10,000 ids in one list (PostgreSQL binds at most 65,535 parameters)', async () => {
    const { token } = await ownerWithToken(t);
    const category = await t.call<{ _id: string }>({
      method: 'POST',
      url: '/api/categories',
      token,
      payload: { name: 'Mains' },
    });
    const tooMany = await t.call({
      method: 'POST',
      url: '/api/categories/addDishes',
      token,
      payload: { categoryID: category.body.message._id, dishesID: randomIds(10_001) },
    });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, messages.tooManyItems(10_000)]);
    // 70,000 ids (1.9 MB) are past the body limit: refused before they are read (issue 21).
    const unread = await t.call({
      method: 'POST',
      url: '/api/categories/addDishes',
      token,
      payload: { categoryID: category.body.message._id, dishesID: randomIds(70_000) },
    });
    expect(unread.status).toBe(413);
    // At the cap, the ids are looked up (none is the caller's): an answer, not a crash.
    const atCap = await t.call({
      method: 'POST',
      url: '/api/categories/addDishes',
      token,
      payload: { categoryID: category.body.message._id, dishesID: randomIds(10_000) },
    });
    expect(atCap.status).toBeLessThan(500);
    expect(atCap.status).toBeGreaterThanOrEqual(400);
  });
});

describe('multipart (issue 8: memory and malformed bodies)', () => {
  it('answers 400 for multipart without a boundary, truncated or malformed', async () => {
    const { token } = await ownerWithToken(t);
    const bodies: [Record<string, string>, string | Buffer][] = [
      [{ 'content-type': 'multipart/form-data' }, 'x'],
      [
        { 'content-type': 'multipart/form-data; boundary=carteFuzzBoundary' },
        multipartBody([{ name: 'name', data: 'a' }]).subarray(0, 40),
      ],
      [
        { 'content-type': 'multipart/form-data; boundary=carteFuzzBoundary' },
        '--carteFuzzBoundary\r\nnonsense\r\n\r\n',
      ],
    ];
    for (const url of ['/api/dishes', '/api/menus', '/api/dishes/upload-csv']) {
      for (const [headers, payload] of bodies) {
        const response = await t.call({ method: 'POST', url, token, headers, payload });
        expect([url, response.status, response.body.message]).toEqual([url, 400, messages.formInvalid]);
      }
    }
  });

  it('keeps only the file parts a route reads, on disk, and removes them after the answer', async () => {
    const { token } = await ownerWithToken(t);
    const before = uploadsInTmp();
    const junk = Buffer.alloc(5 * 1024 * 1024, 1);
    const response = await t.call<Dish>({
      method: 'POST',
      url: '/api/dishes',
      token,
      ...multipart([
        { name: 'junk1', filename: 'junk1.bin', data: junk },
        { name: 'name', data: 'Soup' },
        { name: 'price', data: '4' },
        { name: 'junk2', filename: 'junk2.png', data: junk },
        { name: 'image', filename: 'soup.png', data: await png() },
        { name: 'image', filename: 'second.png', data: junk },
      ]),
    });
    expect(response.status).toBe(200);
    expect(response.body.message.image).not.toBeNull();
    expect(await leftUploads(before)).toEqual([]);
  });

  it('answers 413 past the form bounds and 400 for a file over 10 MB, leaving no file behind', async () => {
    const { token } = await ownerWithToken(t);
    const before = uploadsInTmp();
    const tenMegabytes = Buffer.alloc(10 * 1024 * 1024 - 1024, 1);
    const total = await t.call({
      method: 'POST',
      url: '/api/menus',
      token,
      ...multipart([
        { name: 'name', data: 'Lunch' },
        { name: 'a', filename: 'a.bin', data: tenMegabytes },
        { name: 'b', filename: 'b.bin', data: tenMegabytes },
        { name: 'c', filename: 'c.bin', data: tenMegabytes },
      ]),
    });
    expect(total.status).toBe(413);
    const fields = await t.call({
      method: 'POST',
      url: '/api/menus',
      token,
      ...multipart(Array.from({ length: FORM_LIMITS.fields + 1 }, (_, i) => ({ name: `f${i}`, data: 'x' }))),
    });
    expect(fields.status).toBe(413);
    const big = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token,
      ...multipart([
        { name: 'name', data: 'Soup' },
        { name: 'price', data: '4' },
        { name: 'image', filename: 'huge.png', data: Buffer.alloc(11 * 1024 * 1024, 1) },
      ]),
    });
    expect([big.status, big.body.message]).toEqual([400, messages.fileTooBig('huge.png')]);
    expect(await leftUploads(before)).toEqual([]);
  });
});

describe('the test checkout pages (BILLING_PROVIDER=local)', () => {
  it('answer a 4xx page, not a 500, to malformed requests', async () => {
    const cases: [string, string, Record<string, string>, string][] = [
      ['POST', '/billing/checkout/cs_local_x/complete', { 'content-type': 'application/json' }, '{"a":'],
      ['POST', '/billing/checkout/cs_local_x/cancel', { 'content-type': 'text/xml' }, '<a/>'],
      ['GET', '/billing/checkout/a%00b', {}, ''],
      ['POST', '/billing/portal/x/end', { 'content-type': 'multipart/form-data' }, 'x'],
    ];
    for (const [method, url, headers, payload] of cases) {
      const response = await t.app.inject({
        method: method as 'POST',
        url,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect([url, response.statusCode < 500, response.statusCode >= 400]).toEqual([url, true, true]);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });
});

describe('logs: no parameters in the log, and a retention job', () => {
  it('logs a failed statement with its SQL and the number of its parameters, not their values', async () => {
    const huge = 'x'.repeat(7 * 1024 * 1024);
    const error = await db()
      .execute(sql`select ${huge}::int as n`)
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message).length).toBeGreaterThan(huge.length);
    const logged = JSON.stringify(errorForLog(error));
    expect(logged.length).toBeLessThan(5000);
    // PostgreSQL's own message quotes the value: only its first few hundred characters are kept.
    expect(logged).not.toContain('x'.repeat(400));
    expect(errorForLog(error)).toMatchObject({ message: 'Failed query', params: '1 omitted' });
  });

  it('deletes log rows older than LOG_RETENTION_DAYS and keeps the rest; the job is scheduled daily', async () => {
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
    const rows = [31, 45, 400, 29, 1].map((age) => ({
      url: `/api/test/${age}`,
      statusCode: 400,
      method: 'GET',
      createdAt: days(age),
    }));
    await db().insert(logs).values(rows);
    const deleted = await deleteOldLogs(db(), { retentionDays: 30, now });
    expect(deleted).toBeGreaterThanOrEqual(3);
    const left = (await db().select({ url: logs.url }).from(logs)).map((row) => row.url);
    expect(left).toEqual(expect.arrayContaining(['/api/test/29', '/api/test/1']));
    expect(left.filter((url) => ['/api/test/31', '/api/test/45', '/api/test/400'].includes(url))).toEqual([]);
    const schedules = await t.runtime.boss.getSchedules();
    expect(schedules.map((schedule) => schedule.name)).toContain(logRetentionQueue);
  });
});

describe('BILLING_PROVIDER (issue 8: free subscriptions by default)', () => {
  const base = { DATA_DIR: path.join(tmpdir(), 'carte-config-test'), JWT_SECRET: 'x'.repeat(40) };
  it('must be set explicitly in production on an external database', () => {
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/carte' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/carte' }),
    ).toThrow(/BILLING_PROVIDER/);
    for (const provider of ['off', 'local'] as const) {
      expect(
        loadConfig({
          ...base,
          NODE_ENV: 'production',
          DATABASE_URL: 'postgres://db.example/carte',
          BILLING_PROVIDER: provider,
        }).billingProvider,
      ).toBe(provider);
    }
  });

  it('keeps the local default for the embedded first run and for development', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).billingProvider).toBe('local');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db.example/carte' }).billingProvider).toBe(
      'local',
    );
  });
});
