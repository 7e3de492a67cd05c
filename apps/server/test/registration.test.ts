import { messages } from '@carte/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, restaurants, users } from '../src/db/schema.ts';
import { linkTo, startTestApp, type TestApp, tokenOf } from './app.ts';
import { createOwner, registration, signIn, userRow } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const register = (payload: Record<string, unknown>) =>
  t.call<string>({ method: 'POST', url: '/api/users/register', payload });

const userCount = async () => (await t.runtime.database.db.select({ n: count() }).from(users))[0]!.n;

describe('POST /api/users/register', () => {
  it('creates an unverified owner and its restaurant, and mails a 24-hour link', async () => {
    const payload = registration({ restaurantType: 'FOOD_TRUCK', restaurantName: 'Taco Wheels' });
    const { status, body } = await register(payload);
    expect(status).toBe(200);
    expect(body).toEqual({ statusCode: 200, confirmation: 'Success', message: messages.verificationSent });

    const [user] = await t.runtime.database.db
      .select()
      .from(users)
      .where(eq(users.username, payload.username));
    expect(user).toMatchObject({ role: 'RESTAURANT', verifiedAt: null, email: payload.email });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [restaurant] = await t.runtime.database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, user!.restaurantId!));
    expect(restaurant).toMatchObject({
      name: 'Taco Wheels',
      restaurantType: 'FOOD_TRUCK',
      timeZone: 'America/Chicago',
    });

    const mail = await t.sink.waitFor((m) => m.to.includes(payload.email));
    expect(linkTo(mail, '/user-verify-account?token=')).toMatch(
      /^http:\/\/carte\.test\/user-verify-account\?token=/,
    );
    // The super admin hears about new accounts.
    await t.sink.waitFor((m) => m.to.includes('root@carte.test') && m.text.includes(payload.username));
  });

  it.each([
    [{ username: '' }, messages.usernameRequired],
    [{ email: 'nope' }, messages.emailInvalid],
    [{ email: '' }, messages.emailRequired],
    [{ password: 'weakpass', confirm_password: 'weakpass' }, messages.passwordPattern],
    [{ confirm_password: '' }, messages.confirmPasswordRequired],
    [{ confirm_password: 'Different123' }, messages.passwordMismatch],
    [{ restaurantName: '' }, 'Restaurant name cannot be empty'],
    [{ restaurantType: 'FOOD_TRUCK', restaurantName: '  ' }, 'Food truck name cannot be empty'],
  ])('refuses %j with the specification message and changes nothing', async (change, message) => {
    const before = await userCount();
    const { status, body } = await register(registration(change));
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, confirmation: 'Fail', message });
    expect(await userCount()).toBe(before);
  });

  it('refuses a username that is taken, whatever its case', async () => {
    const first = registration();
    expect((await register(first)).status).toBe(200);
    const { status, body } = await register(registration({ username: first.username.toUpperCase() }));
    expect(status).toBe(400);
    expect(body.message).toBe(messages.usernameTaken);
  });
});

describe('verification', () => {
  it('an unverified sign-in answers account_unverified, and the resend token mails a new link', async () => {
    const payload = registration();
    await register(payload);
    await t.sink.waitFor((m) => m.to.includes(payload.email));
    const login = await t.call<{ account_unverified: boolean; token: string }>({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: payload.username, password: payload.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.message).toMatchObject({ account_unverified: true, email: payload.email });
    expect(login.body.message).not.toHaveProperty('accessToken');

    const before = t.sink.messages.filter((m) => m.to.includes(payload.email)).length;
    const resend = await t.call<string>({
      method: 'POST',
      url: '/api/users/resend-email-account-verification',
      payload: { token: login.body.message.token },
    });
    expect(resend.body).toMatchObject({ statusCode: 200, message: messages.verificationResent });
    await t.sink.waitFor(() => t.sink.messages.filter((m) => m.to.includes(payload.email)).length > before);

    const again = await t.call({
      method: 'POST',
      url: '/api/users/resend-email-account-verification',
      payload: { token: login.body.message.token },
    });
    expect(again.status).toBe(400);
  });

  it('limits resent verification mails per address', async () => {
    const payload = registration();
    await register(payload);
    const resend = async (ip: string) => {
      const login = await t.call<{ token: string }>({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: payload.username, password: payload.password },
        remoteAddress: ip,
      });
      return t.call({
        method: 'POST',
        url: '/api/users/resend-email-account-verification',
        payload: { token: login.body.message.token },
        remoteAddress: ip,
      });
    };
    for (let i = 0; i < 3; i++) expect((await resend(`10.33.0.${i}`)).status).toBe(200);
    const flooded = await resend('10.33.0.9');
    expect(flooded.status).toBe(429);
    expect(flooded.body.message).toBe(messages.tooManyRequests);
  });

  it('links a new account to the verified accounts of its address once it is verified, not before', async () => {
    const existing = await createOwner(t);
    const payload = registration({ email: existing.user.email });
    await register(payload);
    const accountsOf = async () => {
      const session = await signIn(t, existing.user.username);
      const me = await t.call<{ accounts: Array<{ username: string }> }>({
        method: 'GET',
        url: '/api/users/me',
        token: session.accessToken,
      });
      return me.body.message.accounts.map((account) => account.username).sort();
    };
    expect(await accountsOf()).toEqual([existing.user.username]);

    const mail = await t.sink.waitFor((m) => m.to.includes(existing.user.email));
    const token = tokenOf(linkTo(mail, '/user-verify-account'));
    expect(
      (await t.call({ method: 'POST', url: '/api/users/email-verification', payload: { token } })).status,
    ).toBe(200);
    expect(await accountsOf()).toEqual([existing.user.username, payload.username].sort());
  });

  it('the mailed link verifies once; then sign-in gives tokens; the link cannot be used again', async () => {
    const payload = registration();
    await register(payload);
    const token = tokenOf(
      linkTo(await t.sink.waitFor((m) => m.to.includes(payload.email)), '/user-verify-account'),
    );

    const verified = await t.call({
      method: 'POST',
      url: '/api/users/email-verification',
      payload: { token },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toEqual({
      decoded_token: { require_enter_password: false, username: payload.username, email: payload.email },
    });
    const session = await signIn(t, payload.username, payload.password);
    expect(session.accessToken).toBeTruthy();

    const reused = await t.call({ method: 'POST', url: '/api/users/email-verification', payload: { token } });
    expect(reused.body).toEqual({
      statusCode: 400,
      confirmation: 'Fail',
      message: messages.verifyLinkInvalid,
    });
  });

  it('refuses an expired link (older than 24 hours) and a made-up one', async () => {
    const payload = registration();
    await register(payload);
    const token = tokenOf(
      linkTo(await t.sink.waitFor((m) => m.to.includes(payload.email)), '/user-verify-account'),
    );
    t.clock.advance(25 * 3_600_000);
    try {
      const expired = await t.call({
        method: 'POST',
        url: '/api/users/email-verification',
        payload: { token },
      });
      expect(expired.body.message).toBe(messages.verifyLinkInvalid);
    } finally {
      t.clock.advance(-25 * 3_600_000);
    }
    const bogus = await t.call({
      method: 'POST',
      url: '/api/users/email-verification',
      payload: { token: 'made-up' },
    });
    expect(bogus.status).toBe(400);
    expect((await userRow(t, (await findUser(payload.username)).id))?.verifiedAt).toBeNull();
  });

  it('an account without a password asks for one, then verify-account-and-enter-password sets it', async () => {
    const payload = registration();
    await register(payload);
    const token = tokenOf(
      linkTo(await t.sink.waitFor((m) => m.to.includes(payload.email)), '/user-verify-account'),
    );
    const user = await findUser(payload.username);
    await t.runtime.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));

    const check = await t.call<{ decoded_token: { require_enter_password: boolean } }>({
      method: 'POST',
      url: '/api/users/email-verification',
      payload: { token },
    });
    expect(check.body.message.decoded_token.require_enter_password).toBe(true);

    const weak = await t.call({
      method: 'POST',
      url: '/api/users/verify-account-and-enter-password',
      payload: { token, password: 'weak', confirm_password: 'weak' },
    });
    expect(weak.body.message).toBe(messages.passwordPattern);

    const done = await t.call({
      method: 'POST',
      url: '/api/users/verify-account-and-enter-password',
      payload: { token, password: 'Chosen123', confirm_password: 'Chosen123' },
    });
    expect(done.status).toBe(200);
    expect((await signIn(t, payload.username, 'Chosen123')).accessToken).toBeTruthy();
  });
});

describe('password reset', () => {
  it('mails a one-hour link that sets a new password once and ends every session', async () => {
    const { user } = await createOwner(t);
    const oldSession = await signIn(t, user.username);
    const request = await t.call({
      method: 'POST',
      url: '/api/users/request-new-password',
      payload: { email: user.email },
    });
    expect(request.body).toMatchObject({ statusCode: 200, message: messages.resetRequested });
    const token = tokenOf(linkTo(await t.sink.waitFor((m) => m.to.includes(user.email)), '/reset-password'));

    const check = await t.call({ method: 'GET', url: `/api/users/reset-password-check-token/${token}` });
    expect(check.body).toMatchObject({ statusCode: 200, message: { username: user.username } });

    const mismatch = await t.call({
      method: 'POST',
      url: `/api/users/reset-password/${token}`,
      payload: { password: 'Fresh1234', confirmPassword: 'Fresh12345' },
    });
    expect(mismatch.body.message).toBe(messages.passwordMismatch);

    const reset = await t.call({
      method: 'POST',
      url: `/api/users/reset-password/${token}`,
      payload: { password: 'Fresh1234', confirmPassword: 'Fresh1234' },
    });
    expect(reset.body).toMatchObject({ statusCode: 200, message: messages.passwordReset });

    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/users/login',
          payload: { username: user.username, password: 'Passw0rdOK' },
        })
      ).status,
    ).toBe(400);
    expect((await signIn(t, user.username, 'Fresh1234')).accessToken).toBeTruthy();
    expect(
      (await t.call({ method: 'GET', url: '/api/users/me', token: oldSession.accessToken })).status,
    ).toBe(401);

    const used = await t.call({ method: 'GET', url: `/api/users/reset-password-check-token/${token}` });
    expect(used.body).toEqual({ statusCode: 400, confirmation: 'Fail', message: messages.resetLinkInvalid });
    const reuse = await t.call({
      method: 'POST',
      url: `/api/users/reset-password/${token}`,
      payload: { password: 'Other1234', confirmPassword: 'Other1234' },
    });
    expect(reuse.body.message).toBe(messages.resetLinkInvalid);
  });

  it('a reset link expires after one hour', async () => {
    const { user } = await createOwner(t);
    await t.call({ method: 'POST', url: '/api/users/request-new-password', payload: { email: user.email } });
    const token = tokenOf(linkTo(await t.sink.waitFor((m) => m.to.includes(user.email)), '/reset-password'));
    t.clock.advance(61 * 60_000);
    try {
      const check = await t.call({ method: 'GET', url: `/api/users/reset-password-check-token/${token}` });
      expect(check.body.message).toBe(messages.resetLinkInvalid);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it.each([
    ['/api/users/request-new-password', messages.resetRequested],
    ['/api/users/forgot-username', messages.usernameReminderSent],
  ])(
    '%s answers an unknown email exactly like a known one, and mails only the known one',
    async (url, message) => {
      const { user } = await createOwner(t);
      const unknown = `nobody_${Date.now()}@carte.test`;
      const ask = (email: string, ip: string) =>
        t.call({ method: 'POST', url, payload: { email }, remoteAddress: ip });
      const stranger = await ask(unknown, '10.30.0.2');
      const known = await ask(user.email, '10.30.0.1');
      expect(known.body).toEqual({ statusCode: 200, confirmation: 'Success', message });
      expect(stranger.status).toBe(known.status);
      expect(stranger.body).toEqual(known.body);
      expect(stranger.headers['content-length']).toBe(known.headers['content-length']);
      // Jobs run in order: once the known address has its mail, the unknown one's job has run too.
      await t.sink.waitFor((m) => m.to.includes(user.email));
      // A mail is written to the outbox before its job completes: the unknown address has none.
      expect(await t.runtime.database.db.select().from(mails).where(eq(mails.to, unknown))).toHaveLength(0);
    },
  );

  it('limits requests for one address, whoever asks, and leaves other addresses alone', async () => {
    const { user } = await createOwner(t);
    const ask = (url: string, email: string, ip: string) =>
      t.call({ method: 'POST', url, payload: { email }, remoteAddress: ip });
    // Reset and username requests share the address's count (MAIL_REQUESTS_PER_ADDRESS, 3 an hour).
    expect((await ask('/api/users/request-new-password', user.email, '10.31.0.1')).status).toBe(200);
    expect((await ask('/api/users/forgot-username', user.email, '10.31.0.2')).status).toBe(200);
    expect((await ask('/api/users/request-new-password', user.email, '10.31.0.3')).status).toBe(200);
    const flooded = await ask('/api/users/request-new-password', user.email.toUpperCase(), '10.31.0.4');
    expect(flooded.body).toEqual({
      statusCode: 429,
      confirmation: 'Fail',
      message: messages.tooManyRequests,
    });
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // An unknown address is limited alike, so the limit tells nothing either.
    const unknown = `flood_${Date.now()}@carte.test`;
    for (let i = 0; i < 3; i++)
      expect((await ask('/api/users/forgot-username', unknown, `10.31.1.${i}`)).status).toBe(200);
    expect((await ask('/api/users/forgot-username', unknown, '10.31.1.9')).status).toBe(429);
    expect((await ask('/api/users/request-new-password', `other_${unknown}`, '10.31.0.4')).status).toBe(200);

    t.clock.advance(61 * 60_000);
    try {
      expect((await ask('/api/users/request-new-password', user.email, '10.31.0.4')).status).toBe(200);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('limits requests from one client, whatever the addresses', async () => {
    const ask = (email: string) =>
      t.call({
        method: 'POST',
        url: '/api/users/request-new-password',
        payload: { email },
        remoteAddress: '10.32.0.1',
      });
    // MAIL_REQUESTS_PER_CLIENT: 10 an hour.
    for (let i = 0; i < 10; i++) expect((await ask(`spray_${i}_${Date.now()}@carte.test`)).status).toBe(200);
    expect((await ask(`spray_last_${Date.now()}@carte.test`)).status).toBe(429);
  });

  it('validates the email', async () => {
    const { status, body } = await t.call({
      method: 'POST',
      url: '/api/users/request-new-password',
      payload: { email: '' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(messages.emailRequired);
  });
});

describe('POST /api/users/forgot-username', () => {
  it('mails every username under the email', async () => {
    const email = `twins_${Date.now()}@carte.test`;
    const a = await createOwner(t, { email });
    const b = await createOwner(t, { email, personId: a.user.personId });
    const { body } = await t.call({ method: 'POST', url: '/api/users/forgot-username', payload: { email } });
    expect(body.message).toBe(messages.usernameReminderSent);
    const mail = await t.sink.waitFor((m) => m.to.includes(email) && m.text.includes(a.user.username));
    expect(mail.text).toContain(b.user.username);
  });
});

async function findUser(username: string) {
  const [user] = await t.runtime.database.db.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  return user;
}
