import { messages } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { analyticsEvents } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createOwner, PASSWORD, tokenFor } from './factories.ts';

/** TRUST_PROXY (docs/security.md, finding 2; docs/deploy-and-scale.md): whose X-Forwarded-For is believed. */

const login = (t: TestApp, username: string, password: string, peer: string, forwardedFor?: string) =>
  t.call({
    method: 'POST',
    url: '/api/users/login',
    payload: { username, password },
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const throttled = { LOGIN_PAIR_MAX_FAILURES: '3' };

describe('the TRUST_PROXY setting', () => {
  const parse = (value?: string) =>
    loadConfig({ DATA_DIR: '/tmp/carte-config-test', JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: value })
      .trustProxy;

  it('trusts nobody when unset, a hop count, or a list of addresses and ranges', () => {
    expect(parse()).toBe(false);
    expect(parse('0')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.0/8, 192.0.2.10,fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1'])(
    'stops the start on %s, naming the variable',
    (value) => {
      expect(() => parse(value)).toThrow(/TRUST_PROXY/);
    },
  );
});

it('names the settings that replaced LOGIN_MAX_FAILURES', () => {
  expect(() =>
    loadConfig({ DATA_DIR: '/tmp/carte-config-test', JWT_SECRET: 'x'.repeat(32), LOGIN_MAX_FAILURES: '5' }),
  ).toThrow(/LOGIN_MAX_FAILURES: replaced by LOGIN_PAIR_MAX_FAILURES/);
});

describe('TRUST_PROXY=1 (one load balancer in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...throttled, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the last hop of X-Forwarded-For as the client, whatever came before it', async () => {
    const { user } = await createOwner(t);
    const balancer = '10.0.0.2';
    // The client may prepend anything; the balancer appends the address it saw.
    for (let i = 0; i < 3; i++) {
      const status = (await login(t, user.username, 'Wrong1234', balancer, `6.6.6.${i}, 198.51.100.1`))
        .status;
      expect(status).toBe(400);
    }
    const blocked = await login(t, user.username, PASSWORD, balancer, '198.51.100.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(messages.tooManyAttempts(15));
    // Another client behind the same balancer is someone else.
    expect((await login(t, user.username, PASSWORD, balancer, '198.51.100.2')).status).toBe(200);
  });

  it('counts two clients behind the balancer as two visitors', async () => {
    const owner = await createOwner(t);
    for (const client of ['198.51.100.10', '198.51.100.11', '198.51.100.11']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/gapi/events',
        remoteAddress: '10.0.0.2',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Mozilla/5.0',
          'x-forwarded-for': client,
        },
        payload: JSON.stringify({ type: 'page_view', restaurantId: owner.restaurant.id }),
      });
    }
    await t.call({ method: 'GET', url: '/api/gapi/get-data', token: await tokenFor(t, owner.user.username) });
    const rows = await t.runtime.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.restaurantId, owner.restaurant.id));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(2);
  });
});

describe('TRUST_PROXY=<addresses> (only the listed proxies are believed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...throttled, TRUST_PROXY: '10.7.0.0/16,192.0.2.10' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('believes X-Forwarded-For from a listed proxy, and ignores it from anyone else', async () => {
    const { user } = await createOwner(t);
    for (let i = 0; i < 3; i++) {
      expect((await login(t, user.username, 'Wrong1234', '10.7.0.5', '198.51.100.9')).status).toBe(400);
    }
    // The same client through the other listed proxy is still that client.
    expect((await login(t, user.username, PASSWORD, '192.0.2.10', '198.51.100.9')).status).toBe(429);
    expect((await login(t, user.username, PASSWORD, '10.7.0.5', '198.51.100.10')).status).toBe(200);

    // A client reaching the server directly cannot pass its failures off as another address's.
    for (let i = 0; i < 3; i++) {
      expect((await login(t, user.username, 'Wrong1234', '203.0.113.5', '198.51.100.20')).status).toBe(400);
    }
    expect((await login(t, user.username, PASSWORD, '203.0.113.5', '198.51.100.21')).status).toBe(429);
    expect((await login(t, user.username, PASSWORD, '10.7.0.5', '198.51.100.20')).status).toBe(200);
  });
});
