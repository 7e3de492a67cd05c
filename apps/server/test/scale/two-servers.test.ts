import type { CustomerMenu, Menu } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMailQueue } from '../../src/features/identity/account-mail.queue.ts';
import { mailQueue } from '../../src/features/mail/mail.service.ts';
import { createTestDatabaseUrl } from '../db.ts';
import { jobsFinished } from '../jobs.ts';
import { type MailSink, startMailSink } from '../mail-sink.ts';
import { machineRedis } from './redis-server.ts';
import { startS3 } from './s3-server.ts';
import { api, type ServerProcess, spawnServer } from './server-process.ts';

/**
 * Two server processes, one PostgreSQL, the machine's Redis and one S3-compatible bucket (issue 16):
 * what one instance does, the other sees at once; throttles count across both; each queued job
 * (here: mails) runs once, on one of them.
 */
let a: ServerProcess;
let b: ServerProcess;
let sink: MailSink;
let s3: Awaited<ReturnType<typeof startS3>>;

const account = {
  firstName: 'Tia',
  lastName: 'Twin',
  username: 'tia_twin',
  email: 'tia@carte.test',
  restaurantType: 'RESTAURANT',
  restaurantName: 'Twin Trattoria',
  timeZone: 'UTC',
  password: 'TwinPass123',
  confirm_password: 'TwinPass123',
};
let token = '';
let restaurantId = '';
let databaseUrl = '';

/**
 * Waits until neither server has a mail job left to run (asked mails looked up, stored mails
 * delivered): whatever mail the work so far makes has reached the sink, so a count then is final.
 */
const mailWorkDone = () => jobsFinished(databaseUrl, [accountMailQueue, mailQueue]);

beforeAll(async () => {
  const redis = await machineRedis();
  databaseUrl = await createTestDatabaseUrl();
  sink = await startMailSink();
  s3 = await startS3('carte-two');
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: redis.prefix,
    SMTP_URL: sink.url,
    PUBLIC_URL: 'http://carte.test',
    LOGIN_ADDRESS_MAX_FAILURES: '4',
    MAIL_REQUESTS_PER_ADDRESS: '100',
    MAIL_REQUESTS_PER_CLIENT: '100',
    ...s3.env,
  };
  // The first one migrates the database; the second starts on it.
  a = await spawnServer(env);
  await a.healthy();
  b = await spawnServer(env);
  await b.healthy();
}, 120_000);

afterAll(async () => {
  expect(await a?.stop()).toBe(0);
  expect(await b?.stop()).toBe(0);
  await sink?.close();
  await s3?.remove();
});

describe('two servers on one database and one Redis', () => {
  it('both report the shared database, Redis and storage in /api/health', async () => {
    for (const server of [a, b])
      expect((await api(server.url, 'GET', '/api/health')).message).toMatchObject({
        status: 'ok',
        database: 'ok',
        redis: 'ok',
        storage: 'ok',
      });
  });

  it('registers on A, delivers the verification mail once, verifies and signs in on B', async () => {
    expect((await api(a.url, 'POST', '/api/users/register', { body: account })).status).toBe(200);
    const mail = await sink.waitFor((m) => m.to.includes(account.email), 20_000);
    const link = mail.links.find((href) => href.includes('/user-verify-account?token='));
    const verifyToken = new URL(link!).searchParams.get('token');
    expect(
      (await api(b.url, 'POST', '/api/users/email-verification', { body: { token: verifyToken } })).status,
    ).toBe(200);
    const signedIn = await api<{ accessToken: string; user: { restaurant: { _id: string } } }>(
      b.url,
      'POST',
      '/api/users/login',
      { body: { username: account.username, password: account.password } },
    );
    expect(signedIn.status).toBe(200);
    token = signedIn.message.accessToken;
    const me = await api<{ restaurants: { _id: string }[] }>(a.url, 'GET', '/api/users/me', { token });
    expect(me.status).toBe(200);
    restaurantId = me.message.restaurants[0]?._id ?? '';
    expect(restaurantId).toMatch(/^[0-9a-f]{24}$/);
    await mailWorkDone();
    expect(sink.messages.filter((m) => m.to.includes(account.email))).toHaveLength(1);
  });

  it("shows an edit made on one server on the other's next read (public-menu cache dropped over Redis)", async () => {
    const read = async (server: ServerProcess) => {
      const answer = await api<CustomerMenu>(
        server.url,
        'GET',
        `/api/menus/customer?restaurantId=${restaurantId}`,
      );
      expect(answer.status).toBe(200);
      return answer.message.menusTimeline.map((entry) => (entry as { name?: string }).name);
    };
    // Both cache the restaurant without menus.
    expect(await read(a)).toEqual([]);
    expect(await read(b)).toEqual([]);

    const created = await api<Menu>(a.url, 'POST', '/api/menus', {
      token,
      body: { name: 'Lunch', draft: false },
    });
    expect(created.status).toBe(200);
    expect(await read(b)).toEqual(['Lunch']);

    for (const [round, [writer, reader]] of [
      [b, a],
      [a, b],
      [b, a],
    ].entries()) {
      const name = `Lunch ${round + 2}`;
      const renamed = await api(writer!.url, 'PUT', `/api/menus/${created.message._id}`, {
        token,
        body: { name },
      });
      expect(renamed.status).toBe(200);
      expect(await read(reader!)).toEqual([name]);
    }
  });

  it('stores an upload through one server and serves it from the other (one bucket)', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#1971c2' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('images[0]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'sea.png');
    const uploaded = await fetch(`${a.url}/api/restaurants/upload-media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const item = ((await uploaded.json()) as { message: { data: { image: string }[] } }).message.data[0]!;
    const served = await fetch(`${b.url}${item.image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('counts failed sign-ins across both servers: four failures alternating, the fifth is refused by either', async () => {
    for (let i = 0; i < 4; i++) {
      const server = i % 2 === 0 ? a : b;
      const answer = await api(server.url, 'POST', '/api/users/login', {
        body: { username: `ghost${i}@carte.test`, password: 'Nope12345' },
      });
      expect(answer.status).not.toBe(429);
    }
    for (const server of [a, b]) {
      const refused = await api(server.url, 'POST', '/api/users/login', {
        body: { username: account.username, password: account.password },
      });
      expect(refused.status).toBe(429);
    }
  });

  it('runs each queued job once: ten reset mails asked of both servers, ten delivered, none twice', async () => {
    const before = sink.messages.length;
    for (let i = 0; i < 10; i++) {
      const server = i % 2 === 0 ? a : b;
      expect(
        (await api(server.url, 'POST', '/api/users/request-new-password', { body: { email: account.email } }))
          .status,
      ).toBe(200);
    }
    await mailWorkDone();
    const resets = sink.messages.slice(before);
    expect(resets).toHaveLength(10);
    const links = resets.map((mail) => mail.links.find((href) => href.includes('token=')));
    expect(new Set(links).size).toBe(10);
    // Both servers run workers: the jobs were shared between them, not all run by one.
    const worked = [a, b].map((server) => server.output().includes('"msg":"Mail delivered"'));
    console.log(`[two-servers] mail workers that sent: A=${worked[0]} B=${worked[1]}`);
  }, 60_000);
});
