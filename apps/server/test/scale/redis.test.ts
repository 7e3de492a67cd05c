import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvalidations } from '../../src/adapters/cache/index.ts';
import { createCaptcha } from '../../src/adapters/captcha/index.ts';
import { createRedisLink, type RedisLink } from '../../src/adapters/redis/index.ts';
import { startTestApp, type TestApp } from '../app.ts';
import { waitFor } from '../wait-for.ts';
import { type PrivateRedis, startPrivateRedis } from './redis-server.ts';

const silent = pino({ level: 'silent' });

const eventually = (check: () => Promise<boolean> | boolean, timeout = 10_000) => waitFor(check, { timeout });

async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const login = (t: TestApp, username: string, ip: string) =>
  t.call({
    method: 'POST',
    url: '/api/users/login',
    payload: { username, password: 'Wrong1234' },
    remoteAddress: ip,
  });

describe('Redis shares what was per process (issue 16)', () => {
  let redis: PrivateRedis;
  let a: TestApp;
  let b: TestApp;
  const links: RedisLink[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const env = { REDIS_URL: redis.url, LOGIN_ADDRESS_MAX_FAILURES: '3' };
    a = await startTestApp(env);
    b = await startTestApp(env);
    await eventually(() => Boolean(a.runtime.redis?.isUp() && b.runtime.redis?.isUp()));
  }, 60_000);

  afterAll(async () => {
    for (const link of links) await link.close();
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  const link = () => {
    const made = createRedisLink(redis.url, 'carte:', silent);
    links.push(made);
    return made;
  };

  it('counts sign-in failures across instances: three on A, the fourth is refused by B', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login(a, `nobody${i}@carte.test`, '10.50.0.1')).status).not.toBe(429);
    const refused = await login(b, 'someone@carte.test', '10.50.0.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not concerned.
    expect((await login(b, 'someone@carte.test', '10.50.0.2')).status).not.toBe(429);
  });

  it('refuses an ALTCHA payload used on one instance when replayed on another', async () => {
    const config = { captcha: 'altcha' as const, hmacKey: 'shared-hmac-key', recaptchaSecret: null };
    const first = createCaptcha(config, link());
    const second = createCaptcha(config, link());
    await eventually(() => links.every((each) => each.isUp()));
    const token = await solve((await first.challenge()) as Challenge);
    expect(await first.verify(token)).toBe(true);
    expect(await second.verify(token)).toBe(false);
    // Without Redis (one process each), the replay would have passed: the set is what is shared.
    const alone = createCaptcha(config);
    expect(await alone.verify(token)).toBe(true);
  });

  it('broadcasts public-menu drops to the other instances, not to the sender', async () => {
    const [one, two] = [link(), link()];
    const seenByOne: string[] = [];
    const seenByTwo: string[] = [];
    createInvalidations(one, 'test').listen(
      (key) => seenByOne.push(key),
      () => undefined,
    );
    createInvalidations(two, 'test').listen(
      (key) => seenByTwo.push(key),
      () => undefined,
    );
    await eventually(() => one.isUp() && two.isUp());
    // Both subscriptions in place: Redis counts two subscribers on the channel.
    const channel = one.key('cache:test');
    await eventually(async () => {
      const [, subscribers] = (await one.client.pubsub('NUMSUB', channel)) as [string, number];
      return Number(subscribers) >= 2;
    });
    createInvalidations(one, 'test').publish('restaurant-1');
    await eventually(() => seenByTwo.includes('restaurant-1'));
    expect(seenByOne).toEqual([]);
  });

  it('keeps serving while Redis is down, reports it in /api/health, and shares again when it returns', async () => {
    expect((await a.call({ method: 'GET', url: '/api/health' })).body.message).toMatchObject({
      status: 'ok',
      database: 'ok',
      redis: 'ok',
      storage: 'ok',
    });
    const missed: string[] = [];
    a.runtime.redis?.onReconnect(() => missed.push('a'));

    await redis.stop();
    await eventually(() => !a.runtime.redis?.isUp());
    const health = await a.call({ method: 'GET', url: '/api/health' });
    expect(health.status).toBe(200);
    expect(health.body.message).toMatchObject({ status: 'degraded', redis: 'down', database: 'ok' });
    // Sign-in still answers (throttled per process meanwhile): no 5xx.
    for (let i = 0; i < 3; i++)
      expect((await login(a, 'nobody@carte.test', '10.51.0.1')).status).toBeLessThan(500);
    expect((await login(a, 'nobody@carte.test', '10.51.0.1')).status).toBe(429);
    expect((await b.call({ method: 'GET', url: '/api/users/me' })).status).toBeLessThan(500);

    await redis.start();
    await eventually(() => Boolean(a.runtime.redis?.isUp() && b.runtime.redis?.isUp()), 15_000);
    expect((await a.call({ method: 'GET', url: '/api/health' })).body.message).toMatchObject({
      status: 'ok',
      redis: 'ok',
    });
    console.log(
      '[faults] Redis down and back: sign-in and reads answered throughout (0 answers of 5xx), throttled per process meanwhile, shared again after',
    );
    // Drops missed during the outage are made up for: the instance was told to forget its cache.
    expect(missed).toEqual(['a']);
    // Shared again: three failures on B, refused on A.
    for (let i = 0; i < 3; i++) await login(b, `x${i}@carte.test`, '10.52.0.1');
    expect((await login(a, 'y@carte.test', '10.52.0.1')).status).toBe(429);
  }, 60_000);
});
