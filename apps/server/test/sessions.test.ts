import { messages } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/features/identity/password.ts';
import { linkTo, startTestApp, type TestApp, tokenOf } from './app.ts';
import { createOwner, PASSWORD, signIn } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    LOGIN_PAIR_MAX_FAILURES: '3',
    LOGIN_ADDRESS_MAX_FAILURES: '6',
    LOGIN_WINDOW_MINUTES: '15',
    LOGIN_ACCOUNT_FREE_FAILURES: '4',
    LOGIN_BACKOFF_MAX_MINUTES: '15',
  });
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string, ip = '10.0.0.1', headers: Record<string, string> = {}) =>
  t.call<Record<string, unknown>>({
    method: 'POST',
    url: '/api/users/login',
    payload: { username, password },
    remoteAddress: ip,
    headers,
  });

/** Runs `check` with the clock moved forward, then puts it back for the other tests. */
async function later(ms: number, check: () => Promise<void>) {
  t.clock.advance(ms);
  try {
    await check();
  } finally {
    t.clock.advance(-ms);
  }
}

describe('POST /api/users/login', () => {
  it('signs in by username or by email, in any case, and answers tokens with the user', async () => {
    const { user } = await createOwner(t);
    const byName = await login(user.username.toUpperCase(), PASSWORD);
    expect(byName.status).toBe(200);
    expect(byName.body.message).toMatchObject({
      user: { _id: user.id, username: user.username, role: 'RESTAURANT' },
    });
    expect(byName.body.message.accessToken).toEqual(expect.any(String));
    expect(byName.body.message.refreshToken).toEqual(expect.any(String));
    expect(JSON.stringify(byName.body)).not.toContain('argon2');

    const byEmail = await login(user.email.toUpperCase(), PASSWORD, '10.0.0.2');
    expect(byEmail.status).toBe(200);
  });

  it('answers one message for a wrong password and for an unknown account', async () => {
    const { user } = await createOwner(t);
    const wrong = await login(user.username, 'Wrong1234', '10.0.1.1');
    const unknown = await login('nobody_at_all', 'Wrong1234', '10.0.1.2');
    expect(wrong.body).toEqual({
      statusCode: 400,
      confirmation: 'Fail',
      message: messages.invalidCredentials,
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates its fields', async () => {
    const empty = await login('', '');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(messages.usernameOrEmailRequired);
  });

  it('answers multipleAccounts, without tokens, when the email holds several accounts', async () => {
    const email = `shared_${Date.now()}@carte.test`;
    const a = await createOwner(t, { email, restaurantName: 'North' });
    const b = await createOwner(t, { email, personId: a.user.personId, restaurantName: 'South' });
    const { status, body } = await login(email, PASSWORD, '10.0.2.1');
    expect(status).toBe(200);
    expect(body.message).toEqual({
      multipleAccounts: expect.arrayContaining([
        { username: a.user.username, restaurantName: 'North' },
        { username: b.user.username, restaurantName: 'South' },
      ]),
    });
    expect(body.message).not.toHaveProperty('accessToken');
    // The list is only given to someone who knows a password of that email.
    const guess = await login(email, 'Guess1234', '10.0.2.2');
    expect(guess.status).toBe(400);
  });

  it('names only verified accounts, and only to the password of a verified one', async () => {
    const email = `mixed_${Date.now()}@carte.test`;
    const a = await createOwner(t, { email, restaurantName: 'East' });
    const b = await createOwner(t, { email, personId: a.user.personId, restaurantName: 'West' });
    // Someone registered under the same address without being able to open its mail.
    const squatter = await createOwner(t, { email, verified: false, restaurantName: 'Squat' });
    await t.runtime.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Squatter123') })
      .where(eq(users.id, squatter.user.id));

    const theirs = await login(email, 'Squatter123', '10.0.3.1');
    expect(theirs.status).toBe(200);
    expect(theirs.body.message).toMatchObject({ account_unverified: true });
    expect(theirs.body.message).not.toHaveProperty('multipleAccounts');

    const owner = await login(email, PASSWORD, '10.0.3.2');
    expect(owner.body.message).toEqual({
      multipleAccounts: expect.arrayContaining([
        { username: a.user.username, restaurantName: 'East' },
        { username: b.user.username, restaurantName: 'West' },
      ]),
    });
    expect(JSON.stringify(owner.body)).not.toContain(squatter.user.username);
  });

  it('limits one address on one account: 429 there, even for the right password, and the owner elsewhere signs in', async () => {
    const { user } = await createOwner(t);
    for (let i = 0; i < 3; i++)
      expect((await login(user.username, 'Wrong1234', '10.1.0.1')).status).toBe(400);
    const blocked = await login(user.username, PASSWORD, '10.1.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(messages.tooManyAttempts(15));
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // By email too: the account is counted by its id, not by what was typed.
    expect((await login(user.email, PASSWORD, '10.1.0.1')).status).toBe(429);

    // The owner, somewhere else, is not locked out; and that success lifts nothing at 10.1.0.1.
    expect((await login(user.username, PASSWORD, '10.1.0.2')).status).toBe(200);
    expect((await login(user.username, PASSWORD, '10.1.0.1')).status).toBe(429);
    await later(16 * 60_000, async () => {
      expect((await login(user.username, PASSWORD, '10.1.0.1')).status).toBe(200);
    });
  });

  it('limits one address trying many accounts; its own successful sign-in does not reset that count', async () => {
    const { user } = await createOwner(t);
    for (let i = 0; i < 5; i++) expect((await login(`ghost_${i}`, 'Wrong1234', '10.2.0.1')).status).toBe(400);
    // An attacker signing in to an account of their own between guesses gains nothing.
    expect((await login(user.username, PASSWORD, '10.2.0.1')).status).toBe(200);
    expect((await login('ghost_5', 'Wrong1234', '10.2.0.1')).status).toBe(400);
    const blocked = await login(user.username, PASSWORD, '10.2.0.1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.username, PASSWORD, '10.2.0.2')).status).toBe(200);
  });

  it('slows an account hammered from many addresses (growing Retry-After) without locking its owner out', async () => {
    const { user } = await createOwner(t);
    // Five failures from five addresses: one past the four free ones, so a 1-second back-off.
    for (let i = 1; i <= 5; i++)
      expect((await login(user.username, 'Wrong1234', `10.3.0.${i}`)).status).toBe(400);

    const waits: number[] = [];
    onTestFinished(() => t.clock.advance(-waits.reduce((sum, wait) => sum + wait * 1000, 0)));
    for (const ip of ['10.3.0.1', '10.3.0.2', '10.3.0.3']) {
      // An address that already failed on this account waits, whatever password it sends …
      const slowed = await login(user.username, PASSWORD, ip);
      expect(slowed.status).toBe(429);
      const wait = Number(slowed.headers['retry-after']);
      waits.push(wait);
      // … and once the wait is over, its next wrong guess is checked and doubles the back-off.
      t.clock.advance(wait * 1000);
      expect((await login(user.username, 'Wrong1234', ip)).status).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4]);

    // The owner, from an address with a clean record for the account, signs in during the back-off.
    expect((await login(user.username, PASSWORD, '10.3.9.9')).status).toBe(200);
    expect((await login(user.email, PASSWORD, '10.3.9.10')).status).toBe(200);
    // That success lifts nothing for the attacker's addresses.
    expect((await login(user.username, 'Wrong1234', '10.3.0.4')).status).toBe(429);

    // However long the attack, the back-off stops growing at LOGIN_BACKOFF_MAX_MINUTES.
    for (let i = 10; i < 30; i++) await login(user.username, 'Wrong1234', `10.3.1.${i}`);
    const capped = await login(user.username, PASSWORD, '10.3.1.10');
    expect(capped.status).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBe(15 * 60);
    await later(15 * 60_000 + 1000, async () => {
      expect((await login(user.username, PASSWORD, '10.3.1.10')).status).toBe(200);
    });
  });

  it('answers an unknown account exactly like a known one under attack', async () => {
    const { user } = await createOwner(t);
    const answers = async (name: string, prefix: string) => {
      const seen: Array<[number, unknown, unknown]> = [];
      for (let i = 1; i <= 5; i++) {
        const { status, body } = await login(name, 'Wrong1234', `${prefix}.${i}`);
        seen.push([status, body, undefined]);
      }
      const { status, body, headers } = await login(name, 'Wrong1234', `${prefix}.1`);
      seen.push([status, body, headers['retry-after']]);
      return seen;
    };
    expect(await answers('nobody_known', '10.4.0')).toEqual(await answers(user.username, '10.4.1'));
  });

  it('a completed password reset lifts the back-off and the resetting address’s count', async () => {
    const { user } = await createOwner(t);
    // The owner mistypes three times at home; others hammer the account.
    for (let i = 0; i < 3; i++) await login(user.username, 'Wrong1234', '10.5.0.1');
    for (let i = 2; i <= 4; i++) await login(user.username, 'Wrong1234', `10.5.0.${i}`);
    expect((await login(user.username, PASSWORD, '10.5.0.1')).status).toBe(429);
    expect((await login(user.username, PASSWORD, '10.5.0.2')).status).toBe(429);

    await t.call({
      method: 'POST',
      url: '/api/users/request-new-password',
      payload: { email: user.email },
      remoteAddress: '10.5.0.1',
    });
    const token = tokenOf(linkTo(await t.sink.waitFor((m) => m.to.includes(user.email)), '/reset-password'));
    const reset = await t.call({
      method: 'POST',
      url: `/api/users/reset-password/${token}`,
      payload: { password: 'Fresh1234', confirmPassword: 'Fresh1234' },
      remoteAddress: '10.5.0.1',
    });
    expect(reset.status).toBe(200);

    expect((await login(user.username, 'Fresh1234', '10.5.0.1')).status).toBe(200);
    // The back-off is gone: an address that failed before has its password checked again.
    expect((await login(user.username, 'Wrong1234', '10.5.0.2')).status).toBe(400);
  });

  it('ignores a forged X-Forwarded-For without TRUST_PROXY: the socket address is counted', async () => {
    const { user } = await createOwner(t);
    for (let i = 0; i < 3; i++) {
      const forged = { 'x-forwarded-for': `198.51.100.${i + 1}` };
      expect((await login(user.username, 'Wrong1234', '10.6.0.1', forged)).status).toBe(400);
    }
    const blocked = await login(user.username, PASSWORD, '10.6.0.1', { 'x-forwarded-for': '198.51.100.99' });
    expect(blocked.status).toBe(429);
    // The addresses it named were never charged.
    expect((await login(user.username, PASSWORD, '198.51.100.1')).status).toBe(200);
  });
});

describe('sessions and tokens', () => {
  it('GET /me needs a valid token: none or garbage is 401', async () => {
    expect((await t.call({ method: 'GET', url: '/api/users/me' })).status).toBe(401);
    const garbage = await t.call({ method: 'GET', url: '/api/users/me', token: 'not.a.jwt' });
    expect(garbage.body).toEqual({
      statusCode: 401,
      confirmation: 'Fail',
      message: messages.authorizationFailed,
    });
  });

  it('an expired access token answers 417; the refresh token gets a new pair', async () => {
    const { user } = await createOwner(t);
    const session = await signIn(t, user.username);
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: session.accessToken })).status).toBe(
      200,
    );

    t.clock.advance(16 * 60_000);
    try {
      const expired = await t.call({ method: 'GET', url: '/api/users/me', token: session.accessToken });
      expect(expired.body).toEqual({ statusCode: 417, confirmation: 'Fail', message: messages.tokenExpired });
      const refreshed = await t.call<{ accessToken: string; newRefreshToken: string }>({
        method: 'POST',
        url: '/api/users/token',
        payload: { refreshToken: session.refreshToken },
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.message.newRefreshToken).not.toBe(session.refreshToken);
      const me = await t.call<{ username: string }>({
        method: 'GET',
        url: '/api/users/me',
        token: refreshed.body.message.accessToken,
      });
      expect(me.body.message.username).toBe(user.username);
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it('a reused refresh token ends every session of its family', async () => {
    const { user } = await createOwner(t);
    const session = await signIn(t, user.username);
    const other = await signIn(t, user.username);
    const first = await t.call<{ accessToken: string; newRefreshToken: string }>({
      method: 'POST',
      url: '/api/users/token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(first.status).toBe(200);

    const replay = await t.call({
      method: 'POST',
      url: '/api/users/token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(replay.status).toBe(401);
    // The thief's replay also kills the legitimate holder's rotated token and access token.
    const rotated = await t.call({
      method: 'POST',
      url: '/api/users/token',
      payload: { refreshToken: first.body.message.newRefreshToken },
    });
    expect(rotated.status).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/users/me', token: first.body.message.accessToken })).status,
    ).toBe(401);
    // Another sign-in of the same account is another family and lives on.
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: other.accessToken })).status).toBe(
      200,
    );
  });

  it('a refresh token expires after 30 days', async () => {
    const { user } = await createOwner(t);
    const session = await signIn(t, user.username);
    t.clock.advance(31 * 86_400_000);
    try {
      expect(
        (
          await t.call({
            method: 'POST',
            url: '/api/users/token',
            payload: { refreshToken: session.refreshToken },
          })
        ).status,
      ).toBe(401);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });

  it('logout ends the session: refresh and access tokens stop working', async () => {
    const { user } = await createOwner(t);
    const session = await signIn(t, user.username);
    const out = await t.call({
      method: 'POST',
      url: '/api/users/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.body).toMatchObject({ statusCode: 200, message: messages.loggedOut });
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/users/token',
          payload: { refreshToken: session.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: session.accessToken })).status).toBe(
      401,
    );
  });

  it('GET /test names the signed-in user', async () => {
    const { user } = await createOwner(t);
    const session = await signIn(t, user.username);
    const { body } = await t.call({ method: 'GET', url: '/api/users/test', token: session.accessToken });
    expect(body.message).toBe(`Signed in as ${user.username}`);
  });
});

describe('POST /api/users/switch-account', () => {
  it('moves to a linked account without a password and ends the old session', async () => {
    const email = `linked_${Date.now()}@carte.test`;
    const a = await createOwner(t, { email, restaurantName: 'Uptown' });
    const b = await createOwner(t, { email, personId: a.user.personId, restaurantName: 'Downtown' });
    const session = await signIn(t, a.user.username);
    const me = await t.call<{ accounts: Array<{ _id: string }> }>({
      method: 'GET',
      url: '/api/users/me',
      token: session.accessToken,
    });
    expect(me.body.message.accounts.map((account) => account._id).sort()).toEqual(
      [a.user.id, b.user.id].sort(),
    );

    const switched = await t.call<{ accessToken: string; refreshToken: string; user: { _id: string } }>({
      method: 'POST',
      url: '/api/users/switch-account',
      token: session.accessToken,
      payload: { accountID: b.user.id, refreshToken: session.refreshToken },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.message.user._id).toBe(b.user.id);
    const now = await t.call<{ _id: string }>({
      method: 'GET',
      url: '/api/users/me',
      token: switched.body.message.accessToken,
    });
    expect(now.body.message._id).toBe(b.user.id);
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: session.accessToken })).status).toBe(
      401,
    );
  });

  it('refuses an account that is not linked, or linked but unverified', async () => {
    const a = await createOwner(t);
    const stranger = await createOwner(t);
    const pending = await createOwner(t, { email: a.user.email, personId: a.user.personId, verified: false });
    const session = await signIn(t, a.user.username);
    for (const target of [stranger.user.id, pending.user.id]) {
      const { status, body } = await t.call({
        method: 'POST',
        url: '/api/users/switch-account',
        token: session.accessToken,
        payload: { accountID: target, refreshToken: session.refreshToken },
      });
      expect(status).toBe(400);
      expect(body.message).toBe(messages.switchAccountFailed);
    }
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: session.accessToken })).status).toBe(
      200,
    );
  });
});
