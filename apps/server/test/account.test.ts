import { messages } from '@carte/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPayments } from '../src/adapters/payments/index.ts';
import { logs, mails, restaurants, subscriptions, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/features/identity/password.ts';
import { linkTo, startTestApp, type TestApp, tokenOf } from './app.ts';
import { callerOf, createOwner, PASSWORD, signIn, userRow } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const asOwner = async (options: Parameters<typeof createOwner>[1] = {}) => {
  const owner = await createOwner(t, options);
  const session = await signIn(t, owner.user.username);
  return { ...owner, session, token: session.accessToken };
};

describe('GET /api/users/me', () => {
  it('answers the user with its restaurant, permissions and linked accounts, never a secret', async () => {
    const { user, restaurant, token } = await asOwner();
    const { status, body } = await t.call<Record<string, unknown>>({
      method: 'GET',
      url: '/api/users/me',
      token,
    });
    expect(status).toBe(200);
    expect(body.message).toMatchObject({
      _id: user.id,
      username: user.username,
      role: 'RESTAURANT',
      verified: true,
      permissions: {
        restaurant: true,
        menu: true,
        category: true,
        dish: true,
        ingredient: true,
        member: true,
      },
      restaurants: [
        { _id: restaurant.id, name: restaurant.name, restaurantType: 'RESTAURANT', timeZone: 'Europe/Paris' },
      ],
      accounts: [{ _id: user.id, username: user.username }],
    });
    expect(Object.keys(body.message)).not.toContain('passwordHash');
  });
});

describe('PUT /api/users/update-account', () => {
  const base = (user: { username: string; email: string }) => ({
    firstName: 'New',
    lastName: 'Name',
    username: user.username,
    email: user.email,
    phoneNumber: '+33142685300',
  });

  it('updates the personal information and answers the user', async () => {
    const { user, token } = await asOwner();
    const { status, body } = await t.call<Record<string, unknown>>({
      method: 'PUT',
      url: '/api/users/update-account',
      token,
      payload: { ...base(user), username: `${user.username}_x` },
    });
    expect(status).toBe(200);
    expect(body.message).toMatchObject({
      firstName: 'New',
      lastName: 'Name',
      username: `${user.username}_x`,
      phoneNumber: '+33142685300',
    });
    expect((await userRow(t, user.id))?.username).toBe(`${user.username}_x`);
  });

  it.each([
    [{ email: 'broken' }, messages.emailInvalid],
    [{ username: '' }, messages.usernameRequired],
    [{ phoneNumber: '12' }, messages.phoneInvalid],
  ])('refuses %j and changes nothing', async (change, message) => {
    const { user, token } = await asOwner();
    const { status, body } = await t.call({
      method: 'PUT',
      url: '/api/users/update-account',
      token,
      payload: { ...base(user), ...change },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect((await userRow(t, user.id))?.firstName).toBe('Olga');
  });

  it('refuses a username another account holds', async () => {
    const other = await createOwner(t);
    const { user, token } = await asOwner();
    const { body } = await t.call({
      method: 'PUT',
      url: '/api/users/update-account',
      token,
      payload: { ...base(user), username: other.user.username.toUpperCase() },
    });
    expect(body.message).toBe(messages.usernameTaken);
  });

  it('does not let an admin change the username', async () => {
    const { user, token } = await asOwner({ role: 'ADMIN' });
    const { status, body } = await t.call({
      method: 'PUT',
      url: '/api/users/update-account',
      token,
      payload: { ...base(user), username: 'renamed_admin' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(messages.adminUsernameLocked);
  });

  it('needs a company name from a reseller', async () => {
    const { user, token } = await asOwner({ role: 'DMA' });
    const { body } = await t.call({
      method: 'PUT',
      url: '/api/users/update-account',
      token,
      payload: { ...base(user), company_name: ' ' },
    });
    expect(body.message).toBe(messages.companyNameRequired);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call({ method: 'PUT', url: '/api/users/update-account', payload: {} })).status).toBe(401);
  });
});

describe('changing the email (docs/security.md, finding 5)', () => {
  const update = (
    token: string,
    user: { username: string; email: string },
    change: Record<string, unknown>,
    ip = '10.20.0.1',
  ) =>
    t.call<Record<string, unknown>>({
      method: 'PUT',
      url: '/api/users/update-account',
      token,
      payload: { username: user.username, email: user.email, firstName: 'Olga', ...change },
      remoteAddress: ip,
    });
  const confirm = (token: string) =>
    t.call({ method: 'POST', url: '/api/users/email-change-verification', payload: { token } });
  const signInStatus = async (username: string, password = PASSWORD) =>
    (
      await t.call({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password },
        remoteAddress: '10.20.9.9',
      })
    ).status;
  const fresh = () => `new_${Math.random().toString(36).slice(2, 10)}@carte.test`;

  it('needs the current password: none or a wrong one changes nothing and mails nobody', async () => {
    const { user, token } = await asOwner();
    const newEmail = fresh();
    const missing = await update(token, user, { email: newEmail, firstName: 'Mallory' });
    expect(missing.body).toEqual({
      statusCode: 400,
      confirmation: 'Fail',
      message: messages.emailChangePasswordRequired,
    });
    const wrong = await update(token, user, { email: newEmail, current_password: 'Wrong1234' });
    expect(wrong.body.message).toBe(messages.wrongPassword);
    expect(await userRow(t, user.id)).toMatchObject({ email: user.email, firstName: 'Olga' });
    // A mail is written to the outbox before the answer leaves: none was, so none will be sent.
    expect(await t.runtime.database.db.select().from(mails).where(eq(mails.to, newEmail))).toHaveLength(0);
  });

  it('takes effect only once the link mailed to the new address is opened; the old address is told', async () => {
    const { user, token } = await asOwner();
    const newEmail = fresh();
    const asked = await update(token, user, {
      email: newEmail,
      current_password: PASSWORD,
      firstName: 'Olivia',
    });
    expect(asked.status).toBe(200);
    // The other fields change at once; the email waits.
    expect(asked.body.message).toMatchObject({
      firstName: 'Olivia',
      email: user.email,
      pendingEmail: newEmail,
    });
    expect((await userRow(t, user.id))?.email).toBe(user.email);

    const notice = await t.sink.waitFor((m) => m.to.includes(user.email) && m.text.includes(newEmail));
    expect(notice.links.some((link) => link.includes('/user-verify-email'))).toBe(false);
    const mail = await t.sink.waitFor((m) => m.to.includes(newEmail));
    const link = linkTo(mail, '/user-verify-email?token=');
    expect(link).toMatch(/^http:\/\/carte\.test\/user-verify-email\?token=/);

    // Until then, the new address opens nothing and the old one still signs in.
    expect(await signInStatus(newEmail)).toBe(400);
    expect(await signInStatus(user.email)).toBe(200);

    const done = await confirm(tokenOf(link));
    expect(done.body).toEqual({ statusCode: 200, confirmation: 'Success', message: messages.emailChanged });
    const me = await t.call<Record<string, unknown>>({ method: 'GET', url: '/api/users/me', token });
    expect(me.body.message).toMatchObject({ email: newEmail, pendingEmail: null, verified: true });
    expect(await signInStatus(newEmail)).toBe(200);
    expect(await signInStatus(user.email)).toBe(400);

    const again = await confirm(tokenOf(link));
    expect(again.body).toEqual({
      statusCode: 400,
      confirmation: 'Fail',
      message: messages.emailChangeLinkInvalid,
    });
  });

  it('a link lasts 24 hours, and a newer request replaces an older one', async () => {
    const { user, token } = await asOwner();
    const first = fresh();
    const second = fresh();
    await update(token, user, { email: first, current_password: PASSWORD });
    const firstLink = linkTo(await t.sink.waitFor((m) => m.to.includes(first)), '/user-verify-email');
    await update(token, user, { email: second, current_password: PASSWORD });
    const secondLink = linkTo(await t.sink.waitFor((m) => m.to.includes(second)), '/user-verify-email');
    expect((await confirm(tokenOf(firstLink))).status).toBe(400);

    t.clock.advance(25 * 3_600_000);
    try {
      expect((await confirm(tokenOf(secondLink))).body.message).toBe(messages.emailChangeLinkInvalid);
    } finally {
      t.clock.advance(-25 * 3_600_000);
    }
    expect((await userRow(t, user.id))?.email).toBe(user.email);
  });

  it('a new password cancels a pending change (the old address is told to change it if in doubt)', async () => {
    const { user, token } = await asOwner();
    const stolen = fresh();
    await update(token, user, { email: stolen, current_password: PASSWORD });
    const link = linkTo(await t.sink.waitFor((m) => m.to.includes(stolen)), '/user-verify-email');
    const changed = await t.call({
      method: 'PUT',
      url: '/api/users/update-account-password',
      token,
      payload: { current_password: PASSWORD, new_password: 'Another123', confirm_new_password: 'Another123' },
    });
    expect(changed.status).toBe(200);
    expect((await confirm(tokenOf(link))).body.message).toBe(messages.emailChangeLinkInvalid);
    expect((await userRow(t, user.id))?.email).toBe(user.email);
  });

  it('no longer lets an account borrow an address to list the accounts behind it', async () => {
    const victimEmail = fresh();
    const victim = await createOwner(t, { email: victimEmail, restaurantName: 'Victim One' });
    await createOwner(t, {
      email: victimEmail,
      personId: victim.user.personId,
      restaurantName: 'Victim Two',
    });
    const attacker = await createOwner(t);
    await t.runtime.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Attacker123') })
      .where(eq(users.id, attacker.user.id));
    const attackerToken = (await signIn(t, attacker.user.username, 'Attacker123')).accessToken;
    const asked = await update(attackerToken, attacker.user, {
      email: victimEmail,
      current_password: 'Attacker123',
    });
    expect(asked.body.message).toMatchObject({ email: attacker.user.email, pendingEmail: victimEmail });
    // Signing in by the victim's address with the attacker's password names nobody.
    const { body } = await t.call({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: victimEmail, password: 'Attacker123' },
      remoteAddress: '10.21.0.1',
    });
    expect(JSON.stringify(body)).not.toContain('Victim');
    const me = await t.call<{ accounts: unknown[] }>({
      method: 'GET',
      url: '/api/users/me',
      token: attackerToken,
    });
    expect(me.body.message.accounts).toHaveLength(1);
  });
});

describe('current-password checks are throttled', () => {
  it('answers 429 after five wrong passwords, even the right one, and only for that account', async () => {
    const { token } = await asOwner();
    const other = await asOwner();
    const attempt = (password: string, bearer = token) =>
      t.call({
        method: 'PUT',
        url: '/api/users/update-account-password',
        token: bearer,
        payload: {
          current_password: password,
          new_password: 'Another123',
          confirm_new_password: 'Another123',
        },
        remoteAddress: '10.22.0.1',
      });
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong1234')).status).toBe(400);
    const blocked = await attempt(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(messages.tooManyPasswordAttempts(15));
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Deleting the account asks the same password and shares the count.
    const deletion = await t.call({
      method: 'DELETE',
      url: '/api/users/delete',
      token,
      payload: { password: PASSWORD },
      remoteAddress: '10.22.0.1',
    });
    expect(deletion.status).toBe(429);
    expect((await attempt(PASSWORD, other.token)).status).toBe(200);
  });
});

describe('PUT /api/users/update-account-password', () => {
  it('checks the current password, then changes it and ends the other sessions', async () => {
    const { user, token } = await asOwner();
    const elsewhere = await signIn(t, user.username);

    const wrong = await t.call({
      method: 'PUT',
      url: '/api/users/update-account-password',
      token,
      payload: {
        current_password: 'Wrong1234',
        new_password: 'Another123',
        confirm_new_password: 'Another123',
      },
    });
    expect(wrong.body).toEqual({ statusCode: 400, confirmation: 'Fail', message: messages.wrongPassword });

    const mismatch = await t.call({
      method: 'PUT',
      url: '/api/users/update-account-password',
      token,
      payload: { current_password: PASSWORD, new_password: 'Another123', confirm_new_password: 'Another124' },
    });
    expect(mismatch.body.message).toBe(messages.passwordMismatch);

    const done = await t.call({
      method: 'PUT',
      url: '/api/users/update-account-password',
      token,
      payload: { current_password: PASSWORD, new_password: 'Another123', confirm_new_password: 'Another123' },
    });
    expect(done.body).toMatchObject({ statusCode: 200, message: messages.passwordUpdated });
    expect((await t.call({ method: 'GET', url: '/api/users/me', token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: elsewhere.accessToken })).status).toBe(
      401,
    );
    expect((await signIn(t, user.username, 'Another123')).accessToken).toBeTruthy();
  });
});

describe('DELETE /api/users/delete', () => {
  it('needs the password, then deletes the owner with its restaurant and members', async () => {
    const { user, restaurant, token } = await asOwner();
    const member = await createOwner(t, { role: 'MEMBER' });
    await t.runtime.database.db
      .update(users)
      .set({ restaurantId: restaurant.id })
      .where(eq(users.id, member.user.id));

    const empty = await t.call({
      method: 'DELETE',
      url: '/api/users/delete',
      token,
      payload: { password: '' },
    });
    expect(empty.body.message).toBe(messages.deletePasswordRequired);
    const wrong = await t.call({
      method: 'DELETE',
      url: '/api/users/delete',
      token,
      payload: { password: 'Wrong1234' },
    });
    expect(wrong.body.message).toBe(messages.wrongPassword);
    expect(await userRow(t, user.id)).toBeDefined();

    const done = await t.call({
      method: 'DELETE',
      url: '/api/users/delete',
      token,
      payload: { password: PASSWORD },
    });
    expect(done.body).toMatchObject({ statusCode: 200, message: messages.accountDeleted });
    expect(await userRow(t, user.id)).toBeUndefined();
    expect(await userRow(t, member.user.id)).toBeUndefined();
    const [gone] = await t.runtime.database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, restaurant.id));
    expect(gone).toBeUndefined();
    expect((await t.call({ method: 'GET', url: '/api/users/me', token })).status).toBe(401);
  });

  it("ends the restaurant's subscription at the provider: nobody pays for a deleted restaurant", async () => {
    const owner = await createOwner(t);
    const payments = t.services.payments as LocalPayments;
    const plan = await t.services.billing.plan();
    await payments.payCheckout(
      await t.services.billing.startCheckout(callerOf(owner.user), {
        price_id: plan.monthly_product.price.id,
      }),
      { number: '', name: '' },
      '',
    );
    const [row] = await t.runtime.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.restaurantId, owner.restaurant.id));
    expect(row?.status).toBe('active');
    const token = (await signIn(t, owner.user.username)).accessToken;
    const done = await t.call({
      method: 'DELETE',
      url: '/api/users/delete',
      token,
      payload: { password: PASSWORD },
    });
    expect(done.status).toBe(200);
    expect((await payments.retrieveSubscription(row!.providerSubscriptionId!))?.status).toBe('canceled');
  });

  it.each(['SUPER_ADMIN', 'DMA_CLIENT'] as const)('is refused to %s with 403', async (role) => {
    const { user, token } = await asOwner({ role });
    const { status, body } = await t.call({
      method: 'DELETE',
      url: '/api/users/delete',
      token,
      payload: { password: PASSWORD },
    });
    expect(status).toBe(403);
    expect(body.message).toBe(messages.accountCannotBeDeleted);
    expect(await userRow(t, user.id)).toBeDefined();
  });
});

describe('the platform', () => {
  it('created the super admin of the configuration at first start', async () => {
    const [admin] = await t.runtime.database.db.select().from(users).where(eq(users.role, 'SUPER_ADMIN'));
    expect(admin?.email).toBe('root@carte.test');
    expect((await signIn(t, 'root@carte.test', 'RootPass123')).user).toMatchObject({ role: 'SUPER_ADMIN' });
  });

  it('GET /api/health checks the database', async () => {
    const { status, body } = await t.call({ method: 'GET', url: '/api/health' });
    expect(status).toBe(200);
    expect(body.message).toMatchObject({ status: 'ok', database: 'ok', redis: 'off', storage: 'ok' });
  });

  it('GET /api/config gives the browser its allow-listed settings only', async () => {
    const { body } = await t.call<Record<string, unknown>>({ method: 'GET', url: '/api/config' });
    expect(body.message).toEqual({
      captcha: 'off',
      recaptchaSiteKey: null,
      billingProvider: 'local',
      publicUrl: 'http://carte.test',
      supportEmail: 'support@localhost',
      translateProvider: 'off',
    });
  });

  it('answers an unknown API path with the envelope', async () => {
    const { status, body } = await t.call({ method: 'GET', url: '/api/nothing-here' });
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, confirmation: 'Fail', message: messages.notFound });
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, confirmation: 'Fail' });
  });

  it('keeps failed requests in the developer log with the user', async () => {
    const { user, token } = await asOwner();
    await t.call({ method: 'DELETE', url: '/api/users/delete', token, payload: { password: 'Wrong1234' } });
    // The row is written once the answer has left (onResponse): wait for it.
    const logged = () =>
      t.runtime.database.db.select().from(logs).where(eq(logs.userId, user.id)).orderBy(desc(logs.createdAt));
    await expect.poll(async () => (await logged()).length).toBeGreaterThan(0);
    const [row] = await logged();
    expect(row).toMatchObject({
      url: '/api/users/delete',
      method: 'DELETE',
      statusCode: 400,
      message: messages.wrongPassword,
      username: user.username,
    });
  });

  it('describes every /api/users endpoint in /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/users/register',
      '/api/users/login',
      '/api/users/token',
      '/api/users/logout',
      '/api/users/me',
      '/api/users/email-verification',
      '/api/users/verify-account-and-enter-password',
      '/api/users/resend-email-account-verification',
      '/api/users/request-new-password',
      '/api/users/reset-password-check-token/{token}',
      '/api/users/reset-password/{token}',
      '/api/users/forgot-username',
      '/api/users/update-account',
      '/api/users/update-account-password',
      '/api/users/delete',
      '/api/users/switch-account',
      '/api/users/test',
      '/api/health',
    ]) {
      expect(paths).toContain(path);
    }
    const login = response.json().paths['/api/users/login'].post;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});
