import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../../src/db/schema.ts';
import { linkTo, tokenOf } from '../app.ts';
import { expectFail, expectSuccess, type SpecClient, startSpecClient } from './spec-client.ts';
import { id, signedIn, user } from './spec-shapes.ts';

/**
 * Accounts and sessions as the specification's client sends them: doc 1 §7 (login, register,
 * logout, newAccessToken, switchAccount, me, verification and reset calls), doc 2 §3 (the
 * registration and login payloads) and §7 (update account, update password, delete account,
 * resend verification, switch account), doc 3 §7.4 (the /users catalogue).
 */

let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient();
});
afterAll(async () => {
  await api?.close();
});

const tag = () => randomBytes(4).toString('hex');

/** The registration payload of doc 2 §3, field for field. */
const registrationPayload = (overrides: Record<string, string> = {}) => {
  const name = `spec_${tag()}`;
  return {
    firstName: 'Sam',
    lastName: 'Spec',
    phoneNumber: '+12025550143',
    username: name,
    email: `${name}@carte.test`,
    restaurantName: `Spec Bistro ${name}`,
    password: 'Spec12345',
    confirm_password: 'Spec12345',
    reCaptchaToken: 'token-from-the-widget',
    ...overrides,
  };
};

/** Registers and opens the mailed link (doc 1 §7 VERIFY_ACCOUNT(token)). */
async function registerAndVerify(payload = registrationPayload()) {
  const verificationMails = () =>
    api.t.sink.messages.filter(
      (m) => m.to.includes(payload.email) && m.links.some((l) => l.includes('/user-verify-account')),
    );
  const before = verificationMails().length;
  expectSuccess(await api.send('POST', '/users/register', { json: payload }), z.string());
  await api.t.sink.waitFor(() => verificationMails().length > before);
  const token = tokenOf(linkTo(verificationMails().at(-1)!, '/user-verify-account'));
  const verified = expectSuccess(
    await api.send('POST', '/users/email-verification', { json: { token } }),
    z.object({ decoded_token: z.object({ require_enter_password: z.boolean() }) }),
  );
  expect(verified.decoded_token.require_enter_password).toBe(false);
  return payload;
}

/** The login payload of doc 2 §3: `email` when the identifier holds an @, else `username`. */
const loginPayload = (identifier: string, password: string) => ({
  ...(identifier.includes('@') ? { email: identifier } : { username: identifier }),
  password,
  reCaptchaToken: 'token-from-the-widget',
});

const login = async (identifier: string, password: string) =>
  expectSuccess(
    await api.send('POST', '/users/login', { json: loginPayload(identifier, password) }),
    signedIn.extend({ user }),
  );

describe('register and login (doc 2 §3, §4; doc 1 §7)', () => {
  it('registers with the specification’s payload; a Fail answer holds the error', async () => {
    const payload = registrationPayload();
    expect(expectSuccess(await api.send('POST', '/users/register', { json: payload }), z.string())).not.toBe(
      '',
    );
    expectFail(
      await api.send('POST', '/users/register', { json: registrationPayload({ username: '' }) }),
      400,
      'Username cannot be empty',
    );
  });

  it('an unverified login answers account_unverified with a token that resends the mail', async () => {
    const payload = registrationPayload();
    expectSuccess(await api.send('POST', '/users/register', { json: payload }), z.string());
    const answer = expectSuccess(
      await api.send('POST', '/users/login', { json: loginPayload(payload.email, payload.password) }),
      z.object({ account_unverified: z.literal(true), token: z.string().min(1) }),
    );
    expectSuccess(
      await api.send('POST', '/users/resend-email-account-verification', { json: { token: answer.token } }),
      z.string(),
    );
  });

  it('signs in by email (sent as `email`) and by username; answers tokens and the user', async () => {
    const payload = await registerAndVerify();
    const byEmail = await login(payload.email, payload.password);
    expect(byEmail.user.username).toBe(payload.username);
    const byUsername = await login(payload.username, payload.password);
    expect(byUsername.user.email).toBe(payload.email);
    expect(byUsername.user.permissions).toMatchObject({ menu: true, dish: true });
  });

  it('answers the login form’s messages (doc 2 §5)', async () => {
    const empty = { email: '', password: '', reCaptchaToken: 'x' };
    expectFail(
      await api.send('POST', '/users/login', { json: empty }),
      400,
      'Username or email cannot be empty',
    );
    expectFail(
      await api.send('POST', '/users/login', { json: { email: 'someone@carte.test', reCaptchaToken: 'x' } }),
      400,
      'Password cannot be empty',
    );
  });

  it('answers multipleAccounts for an email that holds several accounts, then switches between them', async () => {
    const first = await registerAndVerify();
    const second = await registerAndVerify(
      registrationPayload({ email: first.email, password: first.password, confirm_password: first.password }),
    );
    const choice = expectSuccess(
      await api.send('POST', '/users/login', { json: loginPayload(first.email, first.password) }),
      z.object({
        multipleAccounts: z.array(z.object({ username: z.string(), restaurantName: z.string().nullable() })),
      }),
    );
    expect(choice.multipleAccounts.map((account) => account.username).sort()).toEqual(
      [first.username, second.username].sort(),
    );

    // Choosing one prefills the username (doc 2 §4).
    const session = await login(first.username, first.password);
    const me = expectSuccess(await api.send('GET', '/users/me', { token: session.accessToken }), user);
    const other = z
      .array(z.object({ _id: id, username: z.string() }))
      .parse(me.accounts)
      .find((account) => account.username === second.username);
    expect(other).toBeDefined();
    const switched = expectSuccess(
      await api.send('POST', '/users/switch-account', {
        token: session.accessToken,
        json: { accountID: other!._id, refreshToken: session.refreshToken },
      }),
      signedIn,
    );
    const now = expectSuccess(await api.send('GET', '/users/me', { token: switched.accessToken }), user);
    expect(now.username).toBe(second.username);
  });
});

describe('session calls (doc 1 §7)', () => {
  it('me, newAccessToken ({refreshToken} in, accessToken and newRefreshToken out) and logout', async () => {
    const payload = await registerAndVerify();
    const session = await login(payload.username, payload.password);
    const me = expectSuccess(await api.send('GET', '/users/me', { token: session.accessToken }), user);
    expect(me).toMatchObject({ username: payload.username, role: 'RESTAURANT' });

    const renewed = expectSuccess(
      await api.send('POST', '/users/token', { json: { refreshToken: session.refreshToken } }),
      z.object({ accessToken: z.string().min(1), newRefreshToken: z.string().min(1) }),
    );
    expectSuccess(await api.send('GET', '/users/me', { token: renewed.accessToken }), user);

    expectSuccess(
      await api.send('POST', '/users/logout', { json: { refreshToken: renewed.newRefreshToken } }),
      z.string(),
    );
    expectFail(
      await api.send('POST', '/users/token', { json: { refreshToken: renewed.newRefreshToken } }),
      401,
    );
  });

  it('test (doc 3 §7.4) checks a token; a call without one answers 401', async () => {
    const payload = await registerAndVerify();
    const session = await login(payload.username, payload.password);
    expectSuccess(await api.send('GET', '/users/test', { token: session.accessToken }), z.string());
    expectFail(await api.send('GET', '/users/test'), 401);
    expectFail(await api.send('GET', '/users/me'), 401);
  });
});

describe('verification and reset (doc 1 §7)', () => {
  it('verifyAccountAndEnterPassword sets the password of an account that has none', async () => {
    const payload = registrationPayload();
    expectSuccess(await api.send('POST', '/users/register', { json: payload }), z.string());
    const mail = await api.t.sink.waitFor((m) => m.to.includes(payload.email));
    const token = tokenOf(linkTo(mail, '/user-verify-account'));
    // Arranged: an account created without a password (as invitations will create them).
    await api.t.runtime.database.db
      .update(users)
      .set({ passwordHash: null })
      .where(eq(users.username, payload.username));

    const verify = expectSuccess(
      await api.send('POST', '/users/email-verification', { json: { token } }),
      z.object({ decoded_token: z.object({ require_enter_password: z.boolean() }) }),
    );
    expect(verify.decoded_token.require_enter_password).toBe(true);
    expectSuccess(
      await api.send('POST', '/users/verify-account-and-enter-password', {
        json: { token, password: 'Chosen123', confirm_password: 'Chosen123' },
      }),
      z.unknown(),
    );
    await login(payload.username, 'Chosen123');
  });

  it('requestNewPassword, checkResetPasswordToken and resetPassword, with the token in the path', async () => {
    const payload = await registerAndVerify();
    expectSuccess(
      await api.send('POST', '/users/request-new-password', {
        json: { email: payload.email, reCaptchaToken: 'token-from-the-widget' },
      }),
      z.string(),
    );
    const mail = await api.t.sink.waitFor(
      (m) => m.to.includes(payload.email) && m.links.some((l) => l.includes('/reset-password')),
    );
    const token = tokenOf(linkTo(mail, '/reset-password'));
    expectSuccess(
      await api.send('GET', `/users/reset-password-check-token/${encodeURIComponent(token)}`),
      z.unknown(),
    );
    expectSuccess(
      await api.send('POST', `/users/reset-password/${encodeURIComponent(token)}`, {
        json: {
          password: 'Renewed123',
          confirmPassword: 'Renewed123',
          reCaptchaToken: 'token-from-the-widget',
        },
      }),
      z.string(),
    );
    await login(payload.email, 'Renewed123');
    expectFail(await api.send('GET', `/users/reset-password-check-token/${encodeURIComponent(token)}`), 400);
  });

  it('forgot-username answers the same whether or not the email is known', async () => {
    const known = await registerAndVerify();
    const answers = await Promise.all(
      [known.email, `nobody_${tag()}@carte.test`].map(async (email) =>
        expectSuccess(
          await api.send('POST', '/users/forgot-username', { json: { email, reCaptchaToken: 'x' } }),
          z.string(),
        ),
      ),
    );
    expect(answers[0]).toBe(answers[1]);
  });
});

describe('the account screen (doc 2 §7)', () => {
  it('update account (fields plus anti-bot token) answers the updated user', async () => {
    const payload = await registerAndVerify();
    const session = await login(payload.username, payload.password);
    const updated = expectSuccess(
      await api.send('PUT', '/users/update-account', {
        token: session.accessToken,
        json: {
          firstName: 'Samira',
          lastName: 'Specwriter',
          username: payload.username,
          email: payload.email,
          phoneNumber: '+12025550144',
          reCaptchaToken: 'token-from-the-widget',
        },
      }),
      user,
    );
    expect(updated).toMatchObject({ firstName: 'Samira', lastName: 'Specwriter' });
  });

  it('update password {current_password, new_password, confirm_new_password, reCaptchaToken}: status 200', async () => {
    const payload = await registerAndVerify();
    const session = await login(payload.username, payload.password);
    const changed = await api.send('PUT', '/users/update-account-password', {
      token: session.accessToken,
      json: {
        current_password: payload.password,
        new_password: 'Changed123',
        confirm_new_password: 'Changed123',
        reCaptchaToken: 'token-from-the-widget',
      },
    });
    expectSuccess(changed, z.string());
    await login(payload.username, 'Changed123');
  });

  it('delete account {password}', async () => {
    const payload = await registerAndVerify();
    const session = await login(payload.username, payload.password);
    expectFail(
      await api.send('DELETE', '/users/delete', { token: session.accessToken, json: { password: '' } }),
      400,
      'For your security you have to enter the password.',
    );
    expectSuccess(
      await api.send('DELETE', '/users/delete', {
        token: session.accessToken,
        json: { password: payload.password },
      }),
      z.string(),
    );
    expectFail(await api.send('GET', '/users/me', { token: session.accessToken }), 401);
  });
});
