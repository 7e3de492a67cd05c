import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../app.ts';
import { listOperations, type Operation } from './operations.ts';
import { authProbes, multipartBody, type Probe, probesFor } from './probes.ts';
import { createWorld, emptyReport, type FuzzWorld, printReport, sendAll } from './runner.ts';
import { hostileUrlValues } from './values.ts';

/**
 * The fuzz suite (issue 8): every operation of /api/docs/json and every page outside /api, sent
 * hostile values, must never answer 5xx, and the server must still answer afterwards. Split over a
 * few files so vitest runs them side by side.
 */

const FUZZ_TIMEOUT = 600_000;

/** Deletions last, so the records the other operations aim at still exist while they run. */
const order = (operations: Operation[]) =>
  [...operations].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

async function startFuzzApp() {
  return startTestApp({ BILLING_PROVIDER: 'local' });
}

async function expectStillServing(t: TestApp) {
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
}

/** Signed in as an owner: the pass that reaches bodies. `part` of `parts` splits the operations. */
export function signedInFuzz(part: number, parts: number) {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFuzzApp();
  }, 60_000);
  afterAll(async () => t?.close());

  test(
    `signed-in owner: operations ${part + 1}/${parts} never answer 5xx`,
    async () => {
      const operations = order(await listOperations(t)).filter((_, index) => index % parts === part);
      const report = emptyReport();
      let world = await createWorld(t);
      for (const operation of operations) {
        await sendAll(t, probesFor(operation, world.ids), report, world.token);
        // Another restaurant's valid ids must answer 4xx too.
        if (operation.pathParams.length > 0) {
          await sendAll(t, probesFor(operation, world.foreign).slice(0, 2), report, world.token);
        }
        // An operation may end the session (sign-out, a changed password): start a new owner.
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/users/me',
          headers: { authorization: `Bearer ${world.token}` },
        });
        if (me.statusCode !== 200) world = await createWorld(t);
      }
      printReport(`signed in ${part + 1}/${parts}`, report);
      expect(report.sent).toBeGreaterThan(1000);
      expect(report.serverErrors.map((failure) => `${failure.status} ${failure.label}`)).toEqual([]);
      await expectStillServing(t);
    },
    FUZZ_TIMEOUT,
  );
}

/** Without a token and with hostile tokens; then the pages outside /api (public menu, test checkout, media). */
export function signedOutAndPagesFuzz() {
  let t: TestApp;
  let world: FuzzWorld;
  beforeAll(async () => {
    t = await startFuzzApp();
    world = await createWorld(t);
  }, 60_000);
  afterAll(async () => t?.close());

  test(
    'signed out and with hostile tokens: no operation answers 5xx',
    async () => {
      const operations = order(await listOperations(t));
      const report = emptyReport();
      for (const operation of operations) {
        const probes = probesFor(operation, world.ids);
        // Sign-in is checked before the body is read, so signed-in routes need only a sample.
        await sendAll(t, operation.signedIn ? probes.filter((_, i) => i % 8 === 0) : probes, report);
        await sendAll(t, authProbes(operation, world.ids), report);
      }
      printReport('signed out', report);
      expect(report.sent).toBeGreaterThan(1000);
      expect(report.serverErrors.map((failure) => `${failure.status} ${failure.label}`)).toEqual([]);
      await expectStillServing(t);
    },
    FUZZ_TIMEOUT,
  );

  test(
    'pages outside /api (public menu, test checkout, media, templates, the web app) never answer 5xx',
    async () => {
      const report = emptyReport();
      const { ids, token } = world;
      // A real checkout session and, once paid, a real manage-page token.
      const product = await t.call<{ monthly_product: { price: { id: string } } }>({
        method: 'GET',
        url: '/api/subscription/base-product',
        token,
      });
      const openCheckout = async () => {
        const session = await t.call<string>({
          method: 'POST',
          url: '/api/subscription/checkout-session',
          token,
          payload: { price_id: product.body.message.monthly_product.price.id },
        });
        expect(session.status).toBe(200);
        return session.body.message;
      };
      const sessionId = await openCheckout();
      const pages: Probe[] = [];
      const page = (label: string, method: string, url: string, extra: Partial<Probe> = {}) =>
        pages.push({ label: `${method} ${url.slice(0, 80)} ${label}`, method, url, ...extra });

      const bad = hostileUrlValues.filter((value) => value.raw !== '');
      const bodies: [string, Partial<Probe>][] = [
        ['no body', {}],
        ['json null', { headers: { 'content-type': 'application/json' }, payload: 'null' }],
        ['bad json', { headers: { 'content-type': 'application/json' }, payload: '{"a":' }],
        [
          'deep json',
          {
            headers: { 'content-type': 'application/json' },
            payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
          },
        ],
        [
          'urlencoded',
          { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%ZZ&%00=%00' },
        ],
        ['multipart no boundary', { headers: { 'content-type': 'multipart/form-data' }, payload: 'x' }],
        [
          'multipart file',
          {
            headers: { 'content-type': 'multipart/form-data; boundary=carteFuzzBoundary' },
            payload: multipartBody([{ name: 'x', filename: 'a.bin', data: Buffer.alloc(1024 * 1024) }]),
          },
        ],
        ['text', { headers: { 'content-type': 'text/plain' }, payload: '\u0000' }],
        [
          '13 MB',
          { headers: { 'content-type': 'application/json' }, payload: `"${'a'.repeat(13 * 1024 * 1024)}"` },
        ],
      ];

      // The public menu and its dish pages.
      const menuPaths = (r: string, d: string, m: string) => [
        `/menu/${r}`,
        `/menu/${r}/${m}`,
        `/menu/${r}/dish/${d}/menuSelected/${m}`,
        `/api/restaurant/${r}/menu/${m}/dish/${d}`,
      ];
      for (const url of menuPaths(ids.restaurant, ids.dish, ids.menu)) {
        page('valid', 'GET', url);
        for (const query of [
          'menu=%00',
          `menu=${ids.menu}`,
          'diet=%ED%A0%80',
          `avoid=${'a,'.repeat(5000)}`,
          'sort=%00',
          'f=x&f=y',
          '__proto__[x]=1',
        ]) {
          page(`?${query.slice(0, 20)}`, 'GET', `${url}?${query}`);
        }
      }
      for (const value of bad) {
        for (const url of menuPaths(value.raw, value.raw, value.raw)) page(value.label, 'GET', url);
        for (const url of menuPaths(ids.restaurant, value.raw, ids.menu))
          page(`dish ${value.label}`, 'GET', url);
      }
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        for (const url of menuPaths(ids.restaurant, ids.dish, ids.menu))
          page('method', method, url, bodies[1]![1]);
      }

      // The test checkout and the manage page (BILLING_PROVIDER=local).
      const checkoutPaths = (id: string) => [
        ['GET', `/billing/checkout/${id}`],
        ['POST', `/billing/checkout/${id}/cancel`],
        ['POST', `/billing/checkout/${id}/apply-code`],
        ['GET', `/billing/setup/${id}`],
        ['POST', `/billing/setup/${id}/complete`],
        ['POST', `/billing/setup/${id}/cancel`],
        ['GET', `/billing/invoice/${id}`],
        ['GET', `/billing/invoice/${id}/pdf`],
      ];
      const portalPaths = (tokenValue: string) => [
        ['GET', `/billing/portal/${tokenValue}`],
        ['POST', `/billing/portal/${tokenValue}/cancel`],
        ['POST', `/billing/portal/${tokenValue}/resume`],
        ['POST', `/billing/portal/${tokenValue}/fail-renewal`],
        ['POST', `/billing/portal/${tokenValue}/end`],
        ['POST', `/billing/portal/${tokenValue}/add-card`],
      ];
      for (const value of [...bad, { label: 'valid', raw: sessionId }]) {
        for (const [method, url] of [...checkoutPaths(value.raw), ...portalPaths(value.raw)]) {
          for (const [label, extra] of bodies)
            page(`${value.label} ${label}`, method!, url!, method === 'GET' ? {} : extra);
          page(`${value.label} back`, method!, `${url}?back=%00&back=${'a'.repeat(3000)}`);
        }
        for (const method of ['PUT', 'DELETE', 'PATCH'])
          page(`${value.label} method`, method, `/billing/checkout/${value.raw}`);
      }
      await sendAll(t, pages, report);

      // Pay, then fuzz the manage page with a real token.
      const pay = await t.app.inject({
        method: 'POST',
        url: `/billing/checkout/${await openCheckout()}/complete`,
      });
      expect(pay.statusCode).toBe(303);
      const portal = await t.call<{ url: string }>({
        method: 'POST',
        url: '/api/subscription/customer-portal-session',
        token,
        payload: { url: '/dashboard' },
      });
      expect(portal.status).toBe(200);
      const portalToken = new URL(portal.body.message.url, 'http://x').pathname.split('/').at(-1)!;
      const portalProbes: Probe[] = [];
      for (const [method, url] of portalPaths(portalToken)) {
        for (const [label, extra] of bodies) {
          portalProbes.push({
            label: `${method} portal ${label}`,
            method: method!,
            url: url!,
            ...(method === 'GET' ? {} : extra),
          });
        }
        portalProbes.push({
          label: `${method} portal back`,
          method: method!,
          url: `${url}?back=%00&back=%ED%A0%80`,
        });
      }
      await sendAll(t, portalProbes, report, undefined, 1);

      // Templates, media, the web app and unknown paths.
      const others: Probe[] = [];
      for (const name of ['ingredients', 'categories', 'dishes', '%00', '..%2f..%2fpackage.json']) {
        others.push({ label: 'template', method: 'GET', url: `/templates/${name}.csv` });
      }
      for (const value of bad) {
        others.push({ label: `media ${value.label}`, method: 'GET', url: `/media/${value.raw}` });
        others.push({ label: `page ${value.label}`, method: 'GET', url: `/${value.raw}` });
        others.push({ label: `api ${value.label}`, method: 'GET', url: `/api/${value.raw}` });
      }
      others.push({ label: 'media deep', method: 'GET', url: `/media/${'a/'.repeat(500)}x` });
      for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        for (const url of [
          '/api/menus',
          '/api/users/me',
          '/templates/dishes.csv',
          '/media/x',
          '/api/health',
        ]) {
          others.push({
            label: 'wrong method',
            method,
            url,
            headers: { 'content-type': 'application/json' },
            payload: '{',
          });
        }
      }
      await sendAll(t, others, report, token);

      printReport('pages', report);
      expect(report.sent).toBeGreaterThan(500);
      expect(report.serverErrors.map((failure) => `${failure.status} ${failure.label}`)).toEqual([]);
      await expectStillServing(t);
    },
    FUZZ_TIMEOUT,
  );
}
