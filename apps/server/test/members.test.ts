import { type Member, type MemberInvitation, messages, type Permissions } from '@carte/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, users } from '../src/db/schema.ts';
import { linkTo, startTestApp, type TestApp, tokenOf } from './app.ts';
import {
  createOwner,
  locationOwnerWithToken,
  memberWithToken,
  ownerWithToken,
  signIn,
  userRow,
} from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
const email = (label = 'member') => `${label}_${process.pid}_${++counter}@carte.test`;
const DAY = 86_400_000;
/** The test app's super admin (test/app.ts). */
const SUPER_ADMIN_PASSWORD = 'RootPass123';

const list = (token: string) => t.call<Member[]>({ method: 'GET', url: '/api/members', token });
const invite = (token: string, payload: Record<string, unknown>) =>
  t.call<{ member: Member; alreadyVerified: boolean }>({
    method: 'POST',
    url: '/api/members',
    token,
    payload,
  });
const update = (token: string, id: string, payload: Record<string, unknown>) =>
  t.call<Member>({ method: 'PUT', url: `/api/members/${id}`, token, payload });
const remove = (token: string, ids: string[]) =>
  t.call<string>({ method: 'DELETE', url: '/api/members', token, payload: { ids } });
const resend = (token: string, member: string) =>
  t.call<string>({ method: 'POST', url: '/api/members/resend-invitation', token, payload: { member } });
const readInvitation = (token: string) =>
  t.call<MemberInvitation>({ method: 'GET', url: `/api/members/verify?token=${encodeURIComponent(token)}` });
const complete = (payload: Record<string, unknown>) =>
  t.call<string>({ method: 'POST', url: '/api/members/verify', payload });

/** The template name of the last mail stored for an address (the sink sees only what was rendered). */
async function templateSentTo(address: string): Promise<string | undefined> {
  const [row] = await t.runtime.database.db
    .select({ template: mails.template })
    .from(mails)
    .where(eq(mails.to, address))
    .orderBy(desc(mails.createdAt))
    .limit(1);
  return row?.template;
}

/** Invites `address` as the owner and answers the member and the token of the mailed link. */
async function invited(
  ownerToken: string,
  address: string,
  permissions: Partial<Permissions> = { dish: true },
) {
  const answer = await invite(ownerToken, {
    firstName: 'Noor',
    lastName: 'Haddad',
    email: address,
    permissions,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const mail = await t.sink.waitFor((m) => m.to.includes(address));
  return { member: answer.body.message.member, token: tokenOf(linkTo(mail, '/member-verify-account')), mail };
}

const completion = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  firstName: 'Noor',
  lastName: 'Haddad',
  username: `noor_${process.pid}_${++counter}`,
  phoneNumber: '+12025550143',
  password: 'Welcome123',
  confirm_password: 'Welcome123',
  ...overrides,
});

describe('inviting a member', () => {
  it('adds a pending member and mails member-created with a 7-day link to /member-verify-account', async () => {
    const owner = await ownerWithToken(t, { restaurantName: 'Harbour Cafe' });
    const address = email();
    const answer = await invite(owner.token, {
      firstName: 'Noor',
      lastName: 'Haddad',
      email: address.toUpperCase(),
      permissions: { dish: true, category: true },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message.alreadyVerified).toBe(false);
    expect(answer.body.message.member).toMatchObject({
      email: address,
      firstName: 'Noor',
      lastName: 'Haddad',
      username: '',
      state: 'pending',
      permissions: {
        restaurant: false,
        menu: false,
        category: true,
        dish: true,
        ingredient: false,
        member: false,
      },
    });

    const mail = await t.sink.waitFor((m) => m.to.includes(address));
    expect(await templateSentTo(address)).toBe('member-created');
    expect(mail.subject).toBe('Join the Harbour Cafe team on Carte');
    expect(mail.text).toContain('7 days');
    const link = linkTo(mail, '/member-verify-account');
    expect(link.startsWith('http://carte.test/member-verify-account?token=')).toBe(true);

    const table = await list(owner.token);
    expect(table.status).toBe(200);
    expect(table.body.message.map((m) => m.email)).toEqual([address]);
    expect(JSON.stringify(table.body)).not.toContain('~invited');
  });

  it('answers the specification’s messages for a missing or wrong email', async () => {
    const owner = await ownerWithToken(t);
    const missing = await invite(owner.token, { firstName: 'A', permissions: { dish: true } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.emailRequired);
    const empty = await invite(owner.token, { email: '  ', permissions: {} });
    expect(empty.body.message).toBe(messages.emailRequired);
    const wrong = await invite(owner.token, { email: 'not-an-address' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.emailInvalid);
    const flag = await invite(owner.token, { email: email(), permissions: { dish: 'yes' } });
    expect(flag.status).toBe(400);
    expect((await list(owner.token)).body.message).toEqual([]);
  });

  it('refuses an address already in the team or the owner’s own', async () => {
    const owner = await ownerWithToken(t);
    const address = email();
    await invited(owner.token, address);
    const again = await invite(owner.token, { email: address.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.memberExists);
    const self = await invite(owner.token, { email: owner.user.email });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(messages.memberIsOwner);
    expect((await list(owner.token)).body.message).toHaveLength(1);
  });

  it('ignores hidden flags: admin, superAdmin, dma cannot be granted', async () => {
    const owner = await ownerWithToken(t);
    const answer = await invite(owner.token, {
      email: email(),
      permissions: { dish: true, admin: true, superAdmin: true, dma: true },
    });
    expect(answer.status).toBe(200);
    const row = await userRow(t, answer.body.message.member._id);
    expect(row?.permissions).toEqual({
      restaurant: false,
      menu: false,
      category: false,
      dish: true,
      ingredient: false,
      member: false,
    });
    expect(row?.role).toBe('MEMBER');
  });
});

describe('completing the account from the mailed link', () => {
  it('shows the invitation, completes it once, and the member signs in with the chosen username', async () => {
    const owner = await ownerWithToken(t, { restaurantName: 'Dockside' });
    const address = email();
    const { member, token } = await invited(owner.token, address);

    const shown = await readInvitation(token);
    expect(shown.status).toBe(200);
    expect(shown.body.message).toEqual({
      firstName: 'Noor',
      lastName: 'Haddad',
      email: address,
      restaurantName: 'Dockside',
    });

    const body = completion(token, { firstName: 'Nora', phoneNumber: '(202) 555-0143' });
    const done = await complete(body);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe(messages.memberAccountCompleted);

    const table = await list(owner.token);
    expect(table.body.message[0]).toMatchObject({
      _id: member._id,
      state: 'verified',
      username: body.username,
      firstName: 'Nora',
    });

    const session = await signIn(t, body.username, 'Welcome123');
    expect(session.user).toMatchObject({ _id: member._id, role: 'MEMBER' });

    // Names left out keep the invitation's.
    const second = await invited(owner.token, email());
    const { firstName: _, lastName: __, ...withoutNames } = completion(second.token);
    expect((await complete(withoutNames)).status).toBe(200);
    expect((await userRow(t, second.member._id))?.firstName).toBe('Noor');

    // Single use: the page now says the link is not valid, and a second completion is refused.
    const reread = await readInvitation(token);
    expect(reread.status).toBe(400);
    expect(reread.body.message).toBe(messages.verifyLinkInvalid);
    const reuse = await complete(completion(token));
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(messages.verifyLinkInvalid);
  });

  it('checks the form with the specification’s messages', async () => {
    const owner = await ownerWithToken(t);
    const { token } = await invited(owner.token, email());
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '' }, messages.usernameRequired],
      [{ username: 'has@at' }, messages.usernameNoAt],
      [{ password: '' }, messages.passwordRequired],
      [{ password: 'short', confirm_password: 'short' }, messages.passwordPattern],
      [{ confirm_password: '' }, messages.confirmPasswordRequired],
      [{ confirm_password: 'Welcome124' }, messages.passwordMismatch],
      [{ phoneNumber: '+1 555' }, messages.phoneInvalid],
      [{ token: '' }, messages.verifyLinkInvalid],
    ];
    for (const [change, message] of cases) {
      const answer = await complete(completion(token, change));
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.message, JSON.stringify(change)).toBe(message);
    }
    const owner2 = await createOwner(t);
    const taken = await complete(completion(token, { username: owner2.user.username.toUpperCase() }));
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(messages.usernameTaken);
    // Nothing above used the link.
    expect((await readInvitation(token)).status).toBe(200);
  });

  it('refuses an unknown token and a link older than 7 days', async () => {
    expect((await readInvitation('not-a-real-token')).body.message).toBe(messages.verifyLinkInvalid);
    const owner = await ownerWithToken(t);
    const { token } = await invited(owner.token, email());
    t.clock.advance(7 * DAY - 60_000);
    try {
      expect((await readInvitation(token)).status).toBe(200);
      t.clock.advance(2 * 60_000);
      const late = await readInvitation(token);
      expect(late.status).toBe(400);
      expect(late.body.message).toBe(messages.verifyLinkInvalid);
      expect((await complete(completion(token))).body.message).toBe(messages.verifyLinkInvalid);
    } finally {
      t.clock.advance(-(7 * DAY + 60_000));
    }
  });
});

describe('an email that already belongs to an account (issue 20: invitations ask first)', () => {
  const accept = (token: string, session?: string) =>
    t.call<{ account: { _id: string; username: string } }>({
      method: 'POST',
      url: '/api/members/accept',
      ...(session ? { token: session } : {}),
      payload: { token },
    });

  it('answers as for any address, links nothing, and joins the person only when they accept signed in', async () => {
    const person = await createOwner(t, { restaurantName: 'Noor Bakery' });
    const owner = await ownerWithToken(t, { restaurantName: 'Harbour Grill' });
    const known = await invite(owner.token, { email: person.user.email, permissions: { menu: true } });
    const unknown = await invite(owner.token, { email: email(), permissions: { menu: true } });
    expect(known.status).toBe(200);
    // The same answer for a known and an unknown address: only what the inviter typed.
    for (const answer of [known, unknown]) {
      expect(answer.body.message.alreadyVerified).toBe(false);
      expect(answer.body.message.member).toMatchObject({
        state: 'pending',
        username: '',
        firstName: '',
        lastName: '',
        phoneNumber: '',
      });
    }
    const member = known.body.message.member;
    const listed = (await list(owner.token)).body.message.find((row) => row._id === member._id);
    expect(listed).toMatchObject({ username: '', firstName: '', phoneNumber: '', state: 'pending' });

    // Nothing joined, nothing copied: no person, no password, no verification.
    const before = await userRow(t, member._id);
    expect(before?.personId).not.toBe(person.user.personId);
    expect(before?.passwordHash).toBeNull();
    expect(before?.verifiedAt).toBeNull();

    const mail = await t.sink.waitFor((m) => m.to.includes(person.user.email));
    expect(await templateSentTo(person.user.email)).toBe('member-created-already-verified');
    const token = tokenOf(linkTo(mail, '/member-verify-account'));

    // Signed out, or from an account under another address: refused, nothing changes.
    expect((await accept(token)).status).toBe(401);
    const stranger = await ownerWithToken(t);
    const wrong = await accept(token, stranger.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.verifyLinkInvalid);
    expect((await userRow(t, member._id))?.personId).toBe(before?.personId);

    // The person accepts from their own session: one more account of theirs.
    const session = await signIn(t, person.user.username);
    const accepted = await accept(token, session.accessToken);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.message.account.username).toBe(`${person.user.username}.harbour-grill`);
    const row = await userRow(t, member._id);
    expect(row).toMatchObject({ personId: person.user.personId, role: 'MEMBER' });
    expect(row?.verifiedAt).not.toBeNull();
    const switched = await t.call<{ user: { _id: string } }>({
      method: 'POST',
      url: '/api/users/switch-account',
      token: session.accessToken,
      payload: { accountID: member._id, refreshToken: session.refreshToken },
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.message.user._id).toBe(member._id);
    // The link works once (the switch ended the first session).
    const again = await signIn(t, person.user.username);
    expect((await accept(token, again.accessToken)).status).toBe(400);
  });

  it.each(['RESTAURANT', 'MEMBER', 'DMA_CLIENT', 'DMA', 'ADMIN'] as const)(
    'an address held by a %s account: the same answer as an unknown one, no link before acceptance',
    async (role) => {
      const holder = await createOwner(t, { role });
      const owner = await ownerWithToken(t);
      const known = await invite(owner.token, { email: holder.user.email, permissions: { dish: true } });
      const unknown = await invite(owner.token, { email: email(), permissions: { dish: true } });
      const shape = (answer: typeof known) => ({
        status: answer.status,
        alreadyVerified: answer.body.message.alreadyVerified,
        member: { ...answer.body.message.member, _id: '', email: '', createdAt: '' },
      });
      expect(shape(known)).toEqual(shape(unknown));
      const row = await userRow(t, known.body.message.member._id);
      expect(row).toMatchObject({ passwordHash: null, verifiedAt: null });
      expect(row?.personId).not.toBe(holder.user.personId);
      const mail = await t.sink.waitFor(
        (m) => m.to.includes(holder.user.email) && m.links.some((l) => l.includes('/member-verify-account')),
      );
      const token = tokenOf(linkTo(mail, '/member-verify-account'));
      const session = await signIn(t, holder.user.username);
      const answer = await accept(token, session.accessToken);
      if (role === 'ADMIN') {
        // Staff never joins a person: refused as any failure, and mailed as an address with no account.
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe(messages.verifyLinkInvalid);
        expect(await templateSentTo(holder.user.email)).toBe('member-created');
        expect((await userRow(t, known.body.message.member._id))?.personId).not.toBe(holder.user.personId);
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect((await userRow(t, known.body.message.member._id))?.personId).toBe(holder.user.personId);
      }
    },
  );

  it('a staff address is never linked: accepting from the staff account is refused like any failure', async () => {
    const [superAdmin] = await t.runtime.database.db
      .select()
      .from(users)
      .where(eq(users.role, 'SUPER_ADMIN'));
    const owner = await ownerWithToken(t);
    const answer = await invite(owner.token, { email: superAdmin!.email, permissions: { member: true } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatchObject({
      alreadyVerified: false,
      member: { state: 'pending', username: '' },
    });
    const mail = await t.sink.waitFor(
      (m) => m.to.includes(superAdmin!.email) && m.links.some((l) => l.includes('/member-verify-account')),
    );
    // Mailed as to an address with no account: the form makes a separate person.
    expect(await templateSentTo(superAdmin!.email)).toBe('member-created');
    const token = tokenOf(linkTo(mail, '/member-verify-account'));
    const staffSession = await signIn(t, superAdmin!.username, SUPER_ADMIN_PASSWORD);
    const refused = await accept(token, staffSession.accessToken);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(messages.verifyLinkInvalid);
    const row = await userRow(t, answer.body.message.member._id);
    expect(row?.personId).not.toBe(superAdmin!.personId);
    expect(row?.passwordHash).toBeNull();
  });
});

describe('permission flags', () => {
  it('needs the member flag for every management call', async () => {
    const owner = await ownerWithToken(t);
    const { member } = await invited(owner.token, email());
    const dishOnly = await memberWithToken(t, owner.restaurant.id, { dish: true, menu: true });
    for (const answer of [
      await list(dishOnly.token),
      await invite(dishOnly.token, { email: email(), permissions: { dish: true } }),
      await update(dishOnly.token, member._id, { permissions: { dish: false } }),
      await remove(dishOnly.token, [member._id]),
      await resend(dishOnly.token, member._id),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(messages.permissionDenied);
    }
    const stranger = await t.call({ method: 'GET', url: '/api/members' });
    expect(stranger.status).toBe(401);
  });

  it('lets a member grant only the flags they hold, on create and on update', async () => {
    const owner = await ownerWithToken(t);
    const manager = await memberWithToken(t, owner.restaurant.id, { member: true, dish: true });

    const tooMuch = await invite(manager.token, { email: email(), permissions: { dish: true, menu: true } });
    expect(tooMuch.status).toBe(403);
    expect(tooMuch.body.message).toBe(messages.grantOnlyOwnPermissions);

    const fine = await invite(manager.token, { email: email(), permissions: { dish: true, member: true } });
    expect(fine.status).toBe(200);
    expect(fine.body.message.member.permissions).toMatchObject({ dish: true, member: true, menu: false });

    // The owner gave someone the menu flag; the manager may change dish but not menu.
    const { member } = await invited(owner.token, email(), { menu: true, dish: true });
    const dropMenu = await update(manager.token, member._id, { permissions: { menu: false, dish: false } });
    expect(dropMenu.status).toBe(403);
    expect(dropMenu.body.message).toBe(messages.grantOnlyOwnPermissions);
    const dropDish = await update(manager.token, member._id, {
      firstName: 'Nadia',
      permissions: { menu: true, dish: false, restaurant: false },
    });
    expect(dropDish.status).toBe(200);
    expect(dropDish.body.message).toMatchObject({
      firstName: 'Nadia',
      permissions: { menu: true, dish: false, restaurant: false },
    });
    // A missing flag keeps its value.
    const keep = await update(manager.token, member._id, { permissions: {} });
    expect(keep.body.message.permissions).toMatchObject({ menu: true, dish: false });
    expect(keep.body.message.firstName).toBe('Nadia');

    // The owner holds every flag.
    const all = await update(owner.token, member._id, {
      permissions: {
        restaurant: true,
        menu: true,
        category: true,
        dish: true,
        ingredient: true,
        member: true,
      },
    });
    expect(Object.values(all.body.message.permissions).every(Boolean)).toBe(true);
  });

  it('applies new flags on the member’s very next request', async () => {
    const owner = await ownerWithToken(t);
    const member = await memberWithToken(t, owner.restaurant.id, { dish: true });
    const before = await t.call({
      method: 'POST',
      url: '/api/ingredients',
      token: member.token,
      payload: { ingredients: [`Salt ${counter++}`] },
    });
    expect(before.status).toBe(403);
    expect((await update(owner.token, member.user.id, { permissions: { ingredient: true } })).status).toBe(
      200,
    );
    const after = await t.call({
      method: 'POST',
      url: '/api/ingredients',
      token: member.token,
      payload: { ingredients: [`Salt ${counter++}`] },
    });
    expect(after.status).toBe(200);
  });

  it('lets the owner alone resend an invitation, with a new link that replaces the old one', async () => {
    const owner = await ownerWithToken(t);
    const address = email();
    const { member, token: first } = await invited(owner.token, address);
    const manager = await memberWithToken(t, owner.restaurant.id, { member: true, dish: true });
    const refused = await resend(manager.token, member._id);
    expect(refused.status).toBe(403);

    const before = t.sink.messages.filter((m) => m.to.includes(address)).length;
    const answer = await resend(owner.token, member._id);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.invitationResent);
    const mail = await t.sink.waitFor(
      (m) =>
        m.to.includes(address) && t.sink.messages.filter((x) => x.to.includes(address)).indexOf(m) >= before,
    );
    expect(await templateSentTo(address)).toBe('member-created');
    const second = tokenOf(linkTo(mail, '/member-verify-account'));
    expect(second).not.toBe(first);
    expect((await readInvitation(first)).body.message).toBe(messages.verifyLinkInvalid);
    expect((await readInvitation(second)).status).toBe(200);

    // Three invitation mails an hour at most, the first one included.
    expect((await resend(owner.token, member._id)).status).toBe(200);
    const tooMany = await resend(owner.token, member._id);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toBe(messages.tooManyRequests);
    t.clock.advance(3_600_000);
    try {
      const later = await signIn(t, owner.user.username);
      expect((await resend(later.accessToken, member._id)).status).toBe(200);
    } finally {
      t.clock.advance(-3_600_000);
    }
  });
});

describe('removing members', () => {
  it('ends their sessions at once: the next request with a live access token and the refresh token are refused', async () => {
    const owner = await ownerWithToken(t);
    const { token } = await invited(owner.token, email());
    const body = completion(token);
    expect((await complete(body)).status).toBe(200);
    const session = await signIn(t, body.username, 'Welcome123');
    const memberId = session.user._id;
    expect((await t.call({ method: 'GET', url: '/api/dishes', token: session.accessToken })).status).toBe(
      200,
    );

    const answer = await remove(owner.token, [memberId]);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.membersDeleted);

    const next = await t.call({ method: 'GET', url: '/api/dishes', token: session.accessToken });
    expect(next.status).toBe(401);
    const refresh = await t.call({
      method: 'POST',
      url: '/api/users/token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.status).toBe(401);
    const again = await t.call({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: body.username, password: 'Welcome123' },
    });
    expect(again.status).toBe(400);
    expect((await list(owner.token)).body.message).toEqual([]);
  });

  it('removes the linked member account only: the person keeps their own account', async () => {
    const person = await createOwner(t);
    const owner = await ownerWithToken(t);
    const answer = await invite(owner.token, { email: person.user.email, permissions: { dish: true } });
    const member = answer.body.message.member;
    expect((await remove(owner.token, [member._id])).status).toBe(200);
    expect(await userRow(t, member._id)).toBeUndefined();
    expect((await signIn(t, person.user.username)).user._id).toBe(person.user.id);
  });

  it('removes all or none, and a pending member’s link stops working', async () => {
    const owner = await ownerWithToken(t);
    const { member, token } = await invited(owner.token, email());
    const other = await ownerWithToken(t);
    const { member: foreign } = await invited(other.token, email());
    const mixed = await remove(owner.token, [member._id, foreign._id]);
    expect(mixed.status).toBe(404);
    expect((await list(owner.token)).body.message).toHaveLength(1);
    expect((await remove(owner.token, [member._id])).status).toBe(200);
    expect((await readInvitation(token)).body.message).toBe(messages.verifyLinkInvalid);
    const empty = await remove(owner.token, []);
    expect(empty.status).toBe(400);
  });
});

describe('another restaurant’s members are out of reach', () => {
  it('answers 404 for their ids and never lists them, for owners, managers and locations', async () => {
    const ownerA = await ownerWithToken(t);
    const ownerB = await ownerWithToken(t);
    const { member: memberB } = await invited(ownerB.token, email());
    const managerA = await memberWithToken(t, ownerA.restaurant.id, { member: true, dish: true });
    const locationOfB = await locationOwnerWithToken(t, ownerB.restaurant.id);
    for (const token of [ownerA.token, managerA.token, locationOfB.token]) {
      const updated = await update(token, memberB._id, { permissions: { dish: false } });
      expect(updated.status).toBe(404);
      expect((await remove(token, [memberB._id])).status).toBe(404);
      expect((await list(token)).body.message.map((m) => m._id)).not.toContain(memberB._id);
    }
    expect((await resend(ownerA.token, memberB._id)).status).toBe(404);
    expect((await resend(locationOfB.token, memberB._id)).status).toBe(404);
    const row = await t.runtime.database.db
      .select()
      .from(users)
      .where(and(eq(users.id, memberB._id), eq(users.restaurantId, ownerB.restaurant.id)));
    expect(row[0]?.permissions).toMatchObject({ dish: true });
    // Neither the owner nor the signed-in members of another restaurant can be reached as members.
    expect((await update(ownerA.token, ownerB.user.id, { permissions: { dish: true } })).status).toBe(404);
    expect((await remove(ownerA.token, [ownerA.user.id])).status).toBe(404);
  });
});
