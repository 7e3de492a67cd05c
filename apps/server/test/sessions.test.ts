import { messages } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { createOwner, PASSWORD, signIn } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_WINDOW_MINUTES: '15' });
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.call<Record<string, unknown>>({
    method: 'POST',
    url: '/api/users/login',
    payload: { username, password },
    remoteAddress: ip,
  });

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

  it('throttles repeated failures with 429, even with the right password, until the window passes', async () => {
    const { user } = await createOwner(t);
    for (let i = 0; i < 3; i++)
      expect((await login(user.username, 'Wrong1234', `10.1.0.${i}`)).status).toBe(400);
    const blocked = await login(user.username, PASSWORD, '10.1.0.9');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(messages.tooManyAttempts(15));
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(16 * 60_000);
    try {
      expect((await login(user.username, PASSWORD, '10.1.0.9')).status).toBe(200);
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it('throttles one address trying many accounts', async () => {
    for (let i = 0; i < 3; i++) await login(`ghost_${i}`, 'Wrong1234', '10.2.0.1');
    const { user } = await createOwner(t);
    expect((await login(user.username, PASSWORD, '10.2.0.1')).status).toBe(429);
    expect((await login(user.username, PASSWORD, '10.2.0.2')).status).toBe(200);
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
