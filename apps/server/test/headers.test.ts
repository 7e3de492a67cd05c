import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { createOwner, signIn } from './factories.ts';

/**
 * The security headers (docs/security.md, "Headers"): a Content-Security-Policy for the owner app,
 * the public menu, the test checkout pages and Swagger UI, each checked against the page it guards
 * (its inline style or script is allowed by exactly its hash); and the `Authorization` scheme read
 * as RFC 7235 writes it.
 */

const BOOT_SCRIPT = 'window.carteBoot = Date.now();';
let t: TestApp;
let webDist: string;

beforeAll(async () => {
  // A built web app of our own: index.html with one inline script, to see it allowed by its hash.
  webDist = mkdtempSync(path.join(tmpdir(), 'carte-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log("app")');
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><script>${BOOT_SCRIPT}</script><script type="module" src="/assets/index-abc.js"></script>` +
      '<script type="application/json" id="data">{"not":"run"}</script></head><body><div id="root"></div></body></html>',
  );
  t = await startTestApp({ WEB_DIST: webDist, BILLING_PROVIDER: 'local' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The policy as a map of directive → sources. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The text of every `<style>` element of a page. */
const styles = (html: string) => [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);

describe('the owner app (index.html and every other answer)', () => {
  it('runs scripts of its own origin only, the inline ones of index.html by their hash', async () => {
    const page = await get('/dashboard');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(BOOT_SCRIPT);
    const policy = directives(page.headers['content-security-policy']);
    // One hash: the JSON data block never runs, the module is allowed by its address.
    expect(policy.get('script-src')).toEqual(["'self'", sha256(BOOT_SCRIPT)]);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the same policy with the app’s files and the API’s answers', async () => {
    const spa = (await get('/')).headers['content-security-policy'];
    expect((await get('/assets/index-abc.js')).headers['content-security-policy']).toBe(spa);
    const health = await get('/api/health');
    expect(health.headers['content-security-policy']).toBe(spa);
  });
});

describe('the public menu', () => {
  it('runs only its own module, allows its inline style by hash and may be framed by any site', async () => {
    const { restaurant } = await createOwner(t);
    // Without TRUST_PROXY a forwarded protocol is not believed; CSP's http: sources match https too.
    const page = await get(`/menu/${restaurant.id}`, { host: 'menu.example', 'x-forwarded-proto': 'https' });
    expect(page.statusCode).toBe(200);
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(['http://menu.example/public-menu/']);
    expect(policy.get('style-src-elem')).toEqual([
      'http://menu.example/public-menu/',
      ...styles(page.body).map(sha256),
    ]);
    expect(styles(page.body)).toHaveLength(1);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(['*']);
    expect(page.headers['x-frame-options']).toBeUndefined();
  });

  it('names the origin it was asked on, or the public address when the host is not one', async () => {
    const { restaurant } = await createOwner(t);
    const local = await get(`/menu/${restaurant.id}`, { host: '127.0.0.1:3000' });
    expect(directives(local.headers['content-security-policy']).get('script-src')).toEqual([
      'http://127.0.0.1:3000/public-menu/',
    ]);
    const forged = await get(`/menu/${restaurant.id}`, { host: "evil.example; script-src 'unsafe-inline'" });
    expect(directives(forged.headers['content-security-policy']).get('script-src')).toEqual([
      'http://carte.test/public-menu/',
    ]);
  });

  it('sends the policy with the "No menu found" page too', async () => {
    const page = await get('/menu/000000000000000000000000');
    expect(page.statusCode).toBe(404);
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(['*']);
    expect(policy.get('style-src-elem')).toContain(sha256(styles(page.body)[0]!));
  });
});

describe('the test checkout pages', () => {
  it('run no script and load nothing but their own inline style', async () => {
    const page = await get('/billing/checkout/no_such_session');
    expect(page.statusCode).toBe(404);
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toBeUndefined();
    expect(policy.get('style-src')).toEqual(styles(page.body).map(sha256));
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('Swagger UI', () => {
  it('has its own, looser policy, on /api/docs only', async () => {
    const docs = await get('/api/docs/');
    expect(docs.statusCode).toBe(200);
    const policy = directives(docs.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    const spa = (await get('/')).headers['content-security-policy'];
    expect(docs.headers['content-security-policy']).not.toBe(spa);
    expect((await get('/api/health')).headers['content-security-policy']).toBe(spa);
  });
});

describe('the Authorization header (RFC 7235)', () => {
  it('takes the Bearer scheme in any case, with any spaces before the token', async () => {
    const { user } = await createOwner(t);
    const { accessToken } = await signIn(t, user.username);
    const me = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization } });
    for (const header of [
      `Bearer ${accessToken}`,
      `bearer ${accessToken}`,
      `BEARER ${accessToken}`,
      `bEaReR    ${accessToken}`,
      `  Bearer ${accessToken}  `,
    ]) {
      expect((await me(header)).statusCode, header).toBe(200);
    }
    for (const header of [
      `Basic ${accessToken}`,
      `Bearer${accessToken}`,
      'Bearer',
      `Bearer ${accessToken} extra`,
      `Token ${accessToken}`,
    ]) {
      expect((await me(header)).statusCode, header).toBe(401);
    }
  });
});
