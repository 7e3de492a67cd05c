import { messages } from '@carte/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, restaurants, users } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createOwner, PASSWORD, signIn, userRow } from './factories.ts';

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
    expect(body.message).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /api/config gives the browser its allow-listed settings only', async () => {
    const { body } = await t.call<Record<string, unknown>>({ method: 'GET', url: '/api/config' });
    expect(body.message).toEqual({
      captcha: 'off',
      recaptchaSiteKey: null,
      billingProvider: 'local',
      publicUrl: 'http://carte.test',
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
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [row] = await t.runtime.database.db
      .select()
      .from(logs)
      .where(eq(logs.userId, user.id))
      .orderBy(desc(logs.createdAt));
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
