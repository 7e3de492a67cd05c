import { messages, type Role } from '@carte/domain';
import { eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, users } from '../src/db/schema.ts';
import { linkTo, startTestApp, type TestApp, tokenOf } from './app.ts';
import { createOwner, PASSWORD, signIn } from './factories.ts';
import { fetchOperations, type OpenApiOperation } from './openapi-operations.ts';
import { resellerWithClient } from './support/resellers.ts';

/**
 * The act-as suite (issue 20). Every operation of /api/docs/json whose answer opens a session is a
 * door into an account; each is driven here from an admin's and a reseller's acting session, with
 * the two chains the hostile review measured on 3ed7c35. Every session any answer opens is checked:
 * never a SUPER_ADMIN, never staff but the actor coming back, never an account the reseller does not
 * manage; and every audit line names the real actor.
 */

let t: TestApp;
let operations: OpenApiOperation[];
let openApi: { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
const SUPER_ADMIN_PASSWORD = 'RootPass123';

beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
  operations = await fetchOperations(t);
  openApi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t?.close();
});

type Session = { accessToken: string; refreshToken: string; user: { _id: string; role: Role } };

/**
 * The operations whose success answers a session (an `accessToken`), and how this suite covers each.
 * A new one fails the first test until it is placed here and driven from acting sessions below.
 */
const doors: Record<string, string> = {
  'POST /api/users/login': 'signed out only: the password of the account (no acting session signs in)',
  'POST /api/users/token': 'refreshes the same session: an acting session stays one (admin.test.ts)',
  'POST /api/users/switch-account': 'refused from every acting session; never to or from staff',
  'POST /api/admin/shapeshift': 'refused from every acting session; never the super admin',
  'POST /api/dma/client-shapeshift': 'refused from every acting session; only the reseller’s own clients',
  'POST /api/admin/return': 'the way back: the real actor, only while it may still act as the account',
  'POST /api/restaurants/add': 'refused from every acting session',
};

const opensSession = (operation: OpenApiOperation) => {
  const item = openApi.paths[operation.path]?.[operation.method.toLowerCase()];
  return JSON.stringify(item?.responses?.['200'] ?? {}).includes('accessToken');
};

/** Every session an answer opened in this file, with who opened it. */
const opened: { by: string; user: { _id: string; role: Role }; door: string }[] = [];

async function call<T>(door: string, token: string, payload?: Record<string, unknown>, by = '') {
  const [method, url] = door.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const answer = await t.call<T>({ method, url, token, ...(payload ? { payload } : {}) });
  const message = answer.body.message as unknown as Partial<Session>;
  if (
    answer.status === 200 &&
    message &&
    typeof message === 'object' &&
    message.accessToken &&
    message.user
  ) {
    opened.push({ by, user: message.user, door });
  }
  return answer;
}

async function superAdmin() {
  const [row] = await t.runtime.database.db.select().from(users).where(eq(users.role, 'SUPER_ADMIN'));
  return row!;
}

async function newAdmin() {
  const admin = await createOwner(t, { role: 'ADMIN' });
  return { row: admin.user, session: (await signIn(t, admin.user.username)) as Session };
}

/** What every acting session must be refused (403, "Permission denied"), whatever it aims at. */
async function expectEveryDoorShut(acting: Session, linkedId: string, by: string) {
  const token = acting.accessToken;
  const root = await superAdmin();
  const refusals = [
    await call(
      'POST /api/users/switch-account',
      token,
      { accountID: linkedId, refreshToken: acting.refreshToken },
      by,
    ),
    await call(
      'POST /api/users/switch-account',
      token,
      { accountID: root.id, refreshToken: acting.refreshToken },
      by,
    ),
    await call('POST /api/admin/shapeshift', token, { _id: linkedId }, by),
    await call('POST /api/dma/client-shapeshift', token, { _id: linkedId }, by),
    await call(
      'POST /api/restaurants/add',
      token,
      { restaurantName: 'Taken over', username: `taken_${Date.now()}`, isLocation: false },
      by,
    ),
    await call('POST /api/members/accept', token, { token: 'x'.repeat(43) }, by),
    await call(
      'POST /api/restaurants/request-transfer-ownership',
      token,
      { email: 'collector@example.com', password: PASSWORD },
      by,
    ),
    await call(
      'PUT /api/users/update-account-password',
      token,
      { current_password: PASSWORD, new_password: 'N3wPassw0rd!', confirm_new_password: 'N3wPassw0rd!' },
      by,
    ),
  ];
  for (const answer of refusals) {
    expect([401, 403], JSON.stringify(answer.body)).toContain(answer.status);
  }
  // Only acting-related refusals answer here: the session is still alive (not a 401).
  expect(refusals.filter((answer) => answer.status === 403).length).toBe(refusals.length);
  for (const answer of refusals) expect(answer.body.message).toBe(messages.permissionDenied);
}

describe('the doors', () => {
  it('every operation that opens a session is one this suite drives', () => {
    const found = operations
      .filter(opensSession)
      .map((operation) => operation.key)
      .sort();
    expect(found).toEqual(Object.keys(doors).sort());
  });
});

describe('an admin acting as an owner', () => {
  it('cannot reach the super admin through a member invitation and switch-account (measured chain 1)', async () => {
    const root = await superAdmin();
    const since = new Date();
    const admin = await newAdmin();
    const owner = await createOwner(t, { restaurantName: 'Chain One Grill' });

    // 1. The admin acts as the owner.
    const acting = await call<Session>(
      'POST /api/admin/shapeshift',
      admin.session.accessToken,
      { _id: owner.user.id },
      'admin',
    );
    expect(acting.status).toBe(200);
    // 2. The owner "invites" the super admin's address: a pending account, nothing linked.
    const invited = await t.call<{ member: { _id: string } }>({
      method: 'POST',
      url: '/api/members',
      token: acting.body.message.accessToken,
      payload: { email: root.email, permissions: { member: true } },
    });
    expect(invited.status).toBe(200);
    const memberId = invited.body.message.member._id;
    const member = (await t.runtime.database.db.select().from(users).where(eq(users.id, memberId)))[0]!;
    expect(member.personId).not.toBe(root.personId);
    expect(member.passwordHash).toBeNull();
    // The acting session cannot accept it for anyone, nor switch anywhere.
    const mail = await t.sink.waitFor(
      (m) => m.to.includes(root.email) && m.links.some((l) => l.includes('/member-verify-account')),
    );
    const token = tokenOf(linkTo(mail, '/member-verify-account'));
    const accept = await call(
      'POST /api/members/accept',
      acting.body.message.accessToken,
      { token },
      'admin',
    );
    expect(accept.status).toBe(403);
    // 3. The way back.
    const back = await call<Session>(
      'POST /api/admin/return',
      acting.body.message.accessToken,
      undefined,
      'admin',
    );
    expect(back.status).toBe(200);
    expect(back.body.message.user._id).toBe(admin.row.id);
    // 4. Acting as the new member: it is not an account anyone completed.
    const asMember = await call<Session>(
      'POST /api/admin/shapeshift',
      back.body.message.accessToken,
      { _id: memberId },
      'admin',
    );
    expect(asMember.status).toBe(400);
    expect(asMember.body.message).toBe(messages.clientNotVerified);
    // 5. The super admin, directly: never.
    const direct = await call(
      'POST /api/admin/shapeshift',
      back.body.message.accessToken,
      { _id: root.id },
      'admin',
    );
    expect(direct.status).toBe(400);
    expect(direct.body.message).toBe(messages.cannotActAs);

    // Even if the super admin accepted from their own session, staff never joins a person.
    const rootSession = await signIn(t, root.username, SUPER_ADMIN_PASSWORD);
    const staffAccept = await t.call({
      method: 'POST',
      url: '/api/members/accept',
      token: rootSession.accessToken,
      payload: { token },
    });
    expect(staffAccept.status).toBe(400);

    // No answer opened a session of the super admin, and the audit names the admin only.
    expect(opened.filter((session) => session.user.role === 'SUPER_ADMIN')).toEqual([]);
    const lines = await t.runtime.database.db
      .select()
      .from(adminAudit)
      .where(gt(adminAudit.createdAt, since));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines.filter(
      (row) => row.targetUserId === owner.user.id || row.targetUserId === memberId,
    )) {
      expect(line.adminId).toBe(admin.row.id);
    }
    expect(lines.some((line) => line.adminId === root.id)).toBe(false);
  });

  it('an acting session is refused every other door, and the way back names the admin', async () => {
    const admin = await newAdmin();
    // The owner has a linked account (same person, same address, both verified).
    const owner = await createOwner(t);
    const sibling = await createOwner(t, { email: owner.user.email, personId: owner.user.personId });
    const acting = await call<Session>(
      'POST /api/admin/shapeshift',
      admin.session.accessToken,
      { _id: owner.user.id },
      'admin',
    );
    expect(acting.status).toBe(200);
    await expectEveryDoorShut(acting.body.message, sibling.user.id, 'admin');
    // The account's address cannot be changed from the acting session either.
    const email = await t.call({
      method: 'PUT',
      url: '/api/users/update-account',
      token: acting.body.message.accessToken,
      payload: { username: owner.user.username, email: 'collector@example.com', current_password: PASSWORD },
    });
    expect(email.status).toBe(403);
    const back = await call<Session>(
      'POST /api/admin/return',
      acting.body.message.accessToken,
      undefined,
      'admin',
    );
    expect(back.status).toBe(200);
    expect(back.body.message.user._id).toBe(admin.row.id);
    const [line] = await t.runtime.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetUserId, owner.user.id));
    expect(line).toMatchObject({ adminId: admin.row.id, action: 'login-as' });
  });

  it('staff is never a linked account: switch-account refuses it in both directions', async () => {
    const admin = await newAdmin();
    const owner = await createOwner(t, { email: admin.row.email, personId: admin.row.personId });
    const ownerSession = (await signIn(t, owner.user.username)) as Session;
    const toStaff = await call(
      'POST /api/users/switch-account',
      ownerSession.accessToken,
      { accountID: admin.row.id, refreshToken: ownerSession.refreshToken },
      'owner',
    );
    expect(toStaff.status).toBe(400);
    expect(toStaff.body.message).toBe(messages.switchAccountFailed);
    const fromStaff = await call(
      'POST /api/users/switch-account',
      admin.session.accessToken,
      { accountID: owner.user.id, refreshToken: admin.session.refreshToken },
      'admin',
    );
    expect(fromStaff.status).toBe(400);
  });
});

describe('a reseller acting as its client', () => {
  it('cannot switch into a linked account of a restaurant that is not its client (measured chain 2)', async () => {
    const root = await superAdmin();
    const rootSession = await signIn(t, root.username, SUPER_ADMIN_PASSWORD);
    const since = new Date();
    const { reseller, client } = await resellerWithClient(t, rootSession.accessToken);
    // The client's person also belongs to another restaurant's team, accepted from its own session.
    const other = await createOwner(t, { restaurantName: 'Not A Client' });
    const otherSession = await signIn(t, other.user.username);
    const invited = await t.call<{ member: { _id: string } }>({
      method: 'POST',
      url: '/api/members',
      token: otherSession.accessToken,
      payload: { email: client.email, permissions: { menu: true } },
    });
    expect(invited.status).toBe(200);
    const mail = await t.sink.waitFor(
      (m) => m.to.includes(client.email) && m.links.some((l) => l.includes('/member-verify-account')),
    );
    const clientSession = await signIn(t, client.username);
    const accepted = await t.call({
      method: 'POST',
      url: '/api/members/accept',
      token: clientSession.accessToken,
      payload: { token: tokenOf(linkTo(mail, '/member-verify-account')) },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const memberId = invited.body.message.member._id;

    // The reseller acts as its client, then tries the client's linked member account.
    const acting = await call<Session>(
      'POST /api/dma/client-shapeshift',
      reseller.token,
      { _id: client.id },
      'reseller',
    );
    expect(acting.status).toBe(200);
    await expectEveryDoorShut(acting.body.message, memberId, 'reseller');
    // The acting session still reads its client's own menus, and only those.
    expect(
      (await t.call({ method: 'GET', url: '/api/menus', token: acting.body.message.accessToken })).status,
    ).toBe(200);

    // The way back gives the reseller its own session.
    const back = await call<Session>(
      'POST /api/admin/return',
      acting.body.message.accessToken,
      undefined,
      'reseller',
    );
    expect(back.status).toBe(200);
    expect(back.body.message.user._id).toBe(reseller.id);

    // A reseller acts only as its own clients: not the other owner, not the member, not staff.
    for (const target of [other.user.id, memberId, root.id]) {
      const refused = await call(
        'POST /api/dma/client-shapeshift',
        back.body.message.accessToken,
        { _id: target },
        'reseller',
      );
      expect(refused.status).toBe(404);
    }
    const reached = opened.filter((session) => session.by === 'reseller').map((session) => session.user._id);
    expect(new Set(reached)).toEqual(new Set([client.id, reseller.id]));
    const lines = await t.runtime.database.db
      .select()
      .from(adminAudit)
      .where(gt(adminAudit.createdAt, since));
    for (const line of lines.filter((row) => row.targetUserId === client.id)) {
      expect(line.adminId).toBe(reseller.id);
    }
  });
});

describe('every session this file opened', () => {
  it('is never the super admin, never staff but an admin coming back, and never an unmanaged account', () => {
    expect(opened.length).toBeGreaterThan(0);
    for (const session of opened) {
      expect(session.user.role).not.toBe('SUPER_ADMIN');
      if (session.user.role === 'ADMIN') {
        expect(session.by === 'admin' && session.door === 'POST /api/admin/return').toBe(true);
      }
    }
  });
});
