import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createOwner, tokenFor } from './factories.ts';
import { writeWebDist } from './web-dist.ts';

/**
 * Compressed answers (issue 11 §6): the web app's and the public menu's files are sent as the
 * brotli or gzip copy made at build time, by what the client accepts, with `Vary: Accept-Encoding`
 * and the immutable cache of hashed files; answers made per request (API JSON) are compressed above
 * 1 KB; ETags and 304s do not depend on the encoding.
 */
let t: TestApp;
let web: ReturnType<typeof writeWebDist>;
beforeAll(async () => {
  web = writeWebDist();
  t = await startTestApp({ WEB_DIST: web.dir });
});
afterAll(async () => {
  await t?.close();
  web?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const decoded = (res: Awaited<ReturnType<typeof get>>) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
};

describe("the web app's files", () => {
  it('sends the build-time brotli copy, else gzip, else the file, always varying on Accept-Encoding', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(br)).toBe(web.appScript);
    expect(br.rawPayload.length).toBeLessThan(web.appScript.length / 5);

    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(web.appScript);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.appScript);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("sends index.html's compressed copy for a client-side route, never cached as immutable", async () => {
    const res = await get('/login', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(web.index);
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});

describe("the public menu's files", () => {
  it('sends the hydration script precompressed, immutable, varying on Accept-Encoding', async () => {
    for (const [accept, encoding] of [
      ['br;q=1, gzip;q=0.5', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get('/public-menu/assets/main-abc123.js', { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/^accept-encoding$/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(res), accept).toBe(web.menuScript);
    }
  });

  it('sends the menu fonts as they are (woff2 is compressed already), immutable', async () => {
    const res = await get('/public-menu/assets/fonts/lato-latin-400-h400.woff2', {
      'accept-encoding': 'br, gzip',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/public-menu/assets/fonts/lato-latin-400-h400.woff2.br')).statusCode).toBe(404);
  });
});

describe('answers made per request', () => {
  it('compresses API JSON above 1 KB with brotli or gzip, and leaves small answers alone', async () => {
    const { user } = await createOwner(t);
    const authorization = `Bearer ${await tokenFor(t, user!.username)}`;
    const br = await get('/api/restaurants/templates', { authorization, 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(decoded(br)) as { message: { fonts: string[] } };
    expect(json.message.fonts).toContain('Playfair Display');
    const gzip = await get('/api/restaurants/templates', { authorization, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(json);
    const plain = await get('/api/restaurants/templates', { authorization });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(json);

    const small = await get('/api/restaurants/templates', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ statusCode: 401, confirmation: 'Fail' });
  });

  it('compresses the public page and the customer answer once, with one ETag whatever the encoding', async () => {
    const { restaurant } = await createOwner(t);
    // Over the 1 KB threshold, both the page and the answer.
    await t.runtime.database.db
      .update(restaurants)
      .set({ description: `<p>${'A family bistro by the river. '.repeat(60)}</p>` })
      .where(eq(restaurants.id, restaurant!.id));
    for (const url of [`/menu/${restaurant.id}`, `/api/menus/customer?restaurantId=${restaurant.id}`]) {
      const br = await get(url, { 'accept-encoding': 'br' });
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      const plain = await get(url);
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(decoded(br)).toBe(plain.body);
      expect(decoded(gzip)).toBe(plain.body);
      for (const res of [br, gzip, plain]) expect(res.headers.vary, url).toMatch(/^accept-encoding$/i);
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(gzip.headers.etag).toBe(plain.headers.etag);
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(gzip.headers.etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
    }
  });
});
