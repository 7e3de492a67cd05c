import {
  type CustomerMenu,
  type HasActive,
  type MediaPage,
  type Menu,
  messages,
  type PendingTransfer,
  type TransferInfo,
  type User,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, restaurants, subscriptions, users } from '../src/db/schema.ts';
import { linkTo, startTestApp, type TestApp, tokenOf } from './app.ts';
import { createOwner, memberWithToken, ownerWithToken, PASSWORD, signIn, tokenFor } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;
let counter = 0;
const fresh = (label: string) => `${label}_${process.pid}_${++counter}`;
const newEmail = () => `${fresh('heir')}@carte.test`;

const requestTransfer = (
  token: string | undefined,
  payload: Record<string, unknown>,
  remoteAddress?: string,
) =>
  t.call<string>({
    method: 'POST',
    url: '/api/restaurants/request-transfer-ownership',
    token,
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const pending = (token: string) =>
  t.call<PendingTransfer>({
    method: 'GET',
    url: '/api/restaurants/temporary-transfer-ownership-status',
    token,
  });
const cancel = (token: string) =>
  t.call<string>({ method: 'POST', url: '/api/restaurants/cancel-transfer-request', token });
const info = (token: string) =>
  t.call<TransferInfo>({
    method: 'GET',
    url: `/api/restaurants/transfer-ownership-status?token=${encodeURIComponent(token)}`,
  });
const accept = (token: string, payload: Record<string, unknown>, remoteAddress?: string) =>
  t.call<string>({
    method: 'POST',
    url: `/api/restaurants/accept-transfer-request?token=${encodeURIComponent(token)}`,
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** What a new person fills in on the take-ownership page. */
const newPerson = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nora',
  lastName: 'Newowner',
  username: fresh('nora'),
  phoneNumber: '+12025550188',
  password: 'Handover123',
  confirm_password: 'Handover123',
  ...overrides,
});

/** Asks for a transfer to `email` and answers the mailed link's token. */
async function requested(owner: { token: string }, email: string): Promise<string> {
  const asked = await requestTransfer(owner.token, { email, password: PASSWORD });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const mail = await t.sink.waitFor((m) => m.to.includes(email));
  return tokenOf(linkTo(mail, '/transfer-ownership?token='));
}

describe('asking for a transfer', () => {
  it('answers the first problem in the specification’s words', async () => {
    const owner = await ownerWithToken(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ password: PASSWORD }, messages.emailRequired],
      [{ email: '', password: PASSWORD }, messages.emailRequired],
      [{ email: 'not-an-email', password: PASSWORD }, messages.emailInvalid],
      [{ email: newEmail() }, messages.transferPasswordRequired],
      [{ email: newEmail(), password: '' }, messages.transferPasswordRequired],
      [{ email: newEmail(), password: 'Wrong1234' }, messages.wrongPassword],
      [{ email: owner.user.email.toUpperCase(), password: PASSWORD }, messages.transferToSelf],
    ];
    for (const [payload, message] of cases) {
      const { status, body } = await requestTransfer(owner.token, payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.message).toBe(message);
    }
    expect((await pending(owner.token)).body.message).toBeNull();
  });

  it('checks the password with the throttled current-password check', async () => {
    const owner = await ownerWithToken(t);
    const attempt = (password: string) =>
      requestTransfer(owner.token, { email: newEmail(), password }, '10.44.0.1');
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong1234')).status).toBe(400);
    const blocked = await attempt(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(messages.tooManyPasswordAttempts(15));
    // Another address is not slowed.
    const elsewhere = await requestTransfer(
      owner.token,
      { email: newEmail(), password: PASSWORD },
      '10.44.0.2',
    );
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
  });

  it('is the owner’s alone: members, admins and strangers are refused', async () => {
    const owner = await ownerWithToken(t);
    const member = await memberWithToken(t, owner.restaurant.id, {
      restaurant: true,
      menu: true,
      category: true,
      dish: true,
      ingredient: true,
      member: true,
    });
    const admin = await createOwner(t, { role: 'ADMIN' });
    const adminToken = await tokenFor(t, admin.user.username);
    for (const token of [member.token, adminToken]) {
      expect((await requestTransfer(token, { email: newEmail(), password: PASSWORD })).status).toBe(403);
      expect((await pending(token)).status).toBe(403);
      expect((await cancel(token)).status).toBe(403);
    }
    expect((await requestTransfer(undefined, { email: newEmail(), password: PASSWORD })).status).toBe(401);
    expect(t.sink.messages.filter((m) => m.subject.includes(owner.restaurant.name))).toEqual([]);
  });
});

describe('pending, cancel, replace, expire', () => {
  it('shows the pending request until it is canceled; the canceled link no longer works', async () => {
    const owner = await ownerWithToken(t);
    expect((await pending(owner.token)).body).toMatchObject({ statusCode: 200, message: null });
    const email = newEmail();
    const token = await requested(owner, email);
    const status = await pending(owner.token);
    expect(status.status).toBe(200);
    expect(status.body.message).toMatchObject({ email });

    const canceled = await cancel(owner.token);
    expect(canceled.status).toBe(200);
    expect(canceled.body.message).toBe(messages.transferCanceled);
    expect((await pending(owner.token)).body.message).toBeNull();
    for (const answer of [await info(token), await accept(token, newPerson())]) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.transferLinkInvalid);
    }
    const again = await cancel(owner.token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.transferNonePending);
  });

  it('replaces a pending request with a newer one', async () => {
    const owner = await ownerWithToken(t);
    const first = await requested(owner, newEmail());
    const secondEmail = newEmail();
    const second = await requested(owner, secondEmail);
    expect((await info(first)).body.message).toBe(messages.transferLinkInvalid);
    expect((await info(second)).body.message).toMatchObject({ email: secondEmail });
    expect((await pending(owner.token)).body.message).toMatchObject({ email: secondEmail });
  });

  it('expires after 7 days', async () => {
    const owner = await ownerWithToken(t);
    const token = await requested(owner, newEmail());
    const shown = await info(token);
    const days = (Date.parse(shown.body.message.expiresAt) - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    t.clock.advance(7 * 86_400_000 + 60_000);
    const ownerToken = await tokenFor(t, owner.user.username);
    expect((await pending(ownerToken)).body.message).toBeNull();
    for (const answer of [await info(token), await accept(token, newPerson())]) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.transferLinkInvalid);
    }
    const [row] = await db().select().from(users).where(eq(users.id, owner.user.id));
    expect(row?.restaurantId).toBe(owner.restaurant.id);
  });
});

describe('accepting', () => {
  it('hands the restaurant with its menus, media, members and subscription to a new person; the old owner is out', async () => {
    const owner = await ownerWithToken(t);
    const ownerSession = await signIn(t, owner.user.username);
    // The old owner also runs a second restaurant under another account: it stays theirs.
    const second = await t.call<{ accessToken: string }>({
      method: 'POST',
      url: '/api/restaurants/add',
      token: owner.token,
      payload: { username: fresh('keep'), restaurantName: 'Kept Kitchen' },
    });
    expect(second.status).toBe(200);

    const menu = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token: owner.token,
      payload: { name: 'Handed lunch', draft: false },
    });
    await db()
      .insert(media)
      .values({ restaurantId: owner.restaurant.id, key: 'media/handed', fileName: 'sign.png' });
    await db()
      .insert(subscriptions)
      .values({
        restaurantId: owner.restaurant.id,
        provider: 'local',
        priceId: 'price_monthly',
        interval: 'month',
        status: 'active',
        currentPeriodStart: t.clock.now(),
        currentPeriodEnd: new Date(t.clock.now().getTime() + 30 * 86_400_000),
      });
    const member = await memberWithToken(t, owner.restaurant.id, { dish: true });

    const email = newEmail();
    const token = await requested(owner, email);
    const mail = await t.sink.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toContain(owner.restaurant.name);
    expect(mail.text).toContain('7 days');

    const shown = await info(token);
    expect(shown.status).toBe(200);
    expect(shown.body.message).toMatchObject({
      restaurant: { _id: owner.restaurant.id, name: owner.restaurant.name },
      owner: { username: owner.user.username, email: owner.user.email },
      email,
      hasAccount: false,
    });

    const details = newPerson({ email: 'ignored@carte.test' });
    const accepted = await accept(token, details);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.message).toBe(messages.transferAccepted);

    // The new owner signs in and finds everything.
    const heir = await signIn(t, details.username, details.password);
    const heirUser = await t.call<User>({ method: 'GET', url: '/api/users/me', token: heir.accessToken });
    expect(heirUser.body.message).toMatchObject({
      email,
      firstName: 'Nora',
      role: 'RESTAURANT',
      verified: true,
    });
    const menus = await t.call<Menu[]>({ method: 'GET', url: '/api/menus', token: heir.accessToken });
    expect(menus.body.message.map((entry) => entry._id)).toEqual([menu.body.message._id]);
    const library = await t.call<MediaPage>({
      method: 'GET',
      url: '/api/restaurants/media',
      token: heir.accessToken,
    });
    expect(library.body.message.data.map((item) => item.fileName)).toEqual(['sign.png']);
    const active = await t.call<HasActive>({
      method: 'GET',
      url: '/api/subscription/has-active',
      token: heir.accessToken,
    });
    expect(active.body.message.active).toBe(true);
    // The member stays on the team.
    expect((await t.call({ method: 'GET', url: '/api/menus', token: member.token })).status).toBe(200);
    // The public menu names the new owner's address.
    const diner = await t.app.inject({
      method: 'GET',
      url: `/api/menus/customer?restaurantId=${owner.restaurant.id}`,
    });
    expect((diner.json().message as CustomerMenu).user?.email).toBe(email);

    // The old owner's sessions end at once and the account is gone.
    for (const stale of [owner.token, ownerSession.accessToken]) {
      expect((await t.call({ method: 'GET', url: '/api/restaurants', token: stale })).status).toBe(401);
    }
    const refresh = await t.call({
      method: 'POST',
      url: '/api/users/token',
      payload: { refreshToken: ownerSession.refreshToken },
    });
    expect(refresh.status).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: owner.user.username, password: PASSWORD },
    });
    expect(login.status).toBe(400);

    // Their other restaurant is theirs still, and the handed one is out of its reach.
    const kept = second.body.message.accessToken;
    const keptRestaurant = await t.call<{ name: string }[]>({
      method: 'GET',
      url: '/api/restaurants',
      token: kept,
    });
    expect(keptRestaurant.body.message[0]!.name).toBe('Kept Kitchen');
    const foreign = await t.call({ method: 'GET', url: `/api/menus/${menu.body.message._id}`, token: kept });
    expect(foreign.status).toBe(404);
    // And the new owner reaches no other restaurant's records either.
    const other = await ownerWithToken(t);
    const otherMenu = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token: other.token,
      payload: { name: 'Not yours' },
    });
    const reach = await t.call({
      method: 'GET',
      url: `/api/menus/${otherMenu.body.message._id}`,
      token: heir.accessToken,
    });
    expect(reach.status).toBe(404);

    // The link worked once.
    const reused = await accept(token, newPerson());
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(messages.transferLinkInvalid);
  });

  it('checks a new person’s details', async () => {
    const owner = await ownerWithToken(t);
    const token = await requested(owner, newEmail());
    const cases: [Record<string, unknown>, string][] = [
      [newPerson({ username: '' }), messages.usernameRequired],
      [newPerson({ password: '' }), messages.passwordRequired],
      [newPerson({ password: 'short', confirm_password: 'short' }), messages.passwordPattern],
      [newPerson({ confirm_password: 'Different123' }), messages.passwordMismatch],
      [newPerson({ phoneNumber: '12' }), messages.phoneInvalid],
      [newPerson({ username: owner.user.username }), messages.usernameTaken],
    ];
    for (const [payload, message] of cases) {
      const { status, body } = await accept(token, payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.message).toBe(message);
    }
    const noToken = await t.call({
      method: 'POST',
      url: '/api/restaurants/accept-transfer-request',
      payload: newPerson(),
    });
    expect(noToken.status).toBe(400);
    // Nothing changed: the link still works.
    expect((await accept(token, newPerson())).status).toBe(200);
  });

  it('gives someone with an account one more linked account, proved by their password (throttled)', async () => {
    const owner = await ownerWithToken(t);
    const heir = await createOwner(t, { restaurantName: 'Heir’s first place' });
    const token = await requested(owner, heir.user.email);
    expect((await info(token)).body.message.hasAccount).toBe(true);

    const username = fresh('heir2');
    const wrong = await accept(token, { username, password: 'Wrong1234' }, '10.55.0.1');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.wrongPassword);
    for (let i = 0; i < 4; i++) await accept(token, { username, password: 'Wrong1234' }, '10.55.0.1');
    const blocked = await accept(token, { username, password: PASSWORD }, '10.55.0.1');
    expect(blocked.status).toBe(429);

    const accepted = await accept(token, { username, password: PASSWORD }, '10.55.0.2');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const session = await signIn(t, username, PASSWORD);
    const signedIn = await t.call<User>({ method: 'GET', url: '/api/users/me', token: session.accessToken });
    expect(signedIn.body.message.restaurants[0]!._id).toBe(owner.restaurant.id);
    expect(signedIn.body.message.firstName).toBe(heir.user.firstName);
    // Linked: the heir's first account lists the new one, and the switch moves between them.
    const me = await t.call<User>({
      method: 'GET',
      url: '/api/users/me',
      token: await tokenFor(t, heir.user.username),
    });
    expect(me.body.message.accounts.map((account) => account.username)).toContain(username);
    const [restaurant] = await db().select().from(restaurants).where(eq(restaurants.id, owner.restaurant.id));
    expect(restaurant?.name).toBe(owner.restaurant.name);
  });
});

describe('a restaurant with locations', () => {
  /** Adds a location of the caller's restaurant under one more account of the same person. */
  async function addLocation(token: string, parent: string, name: string) {
    const added = await t.call<{ accessToken: string; user: User }>({
      method: 'POST',
      url: '/api/restaurants/add',
      token,
      payload: { username: fresh('loc'), restaurantName: name, isLocation: true, parent },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return added.body.message;
  }
  const ownersOf = (restaurantId: string) =>
    db().select().from(users).where(eq(users.restaurantId, restaurantId));

  it('changes hands with its locations; a franchise stays; the old owner gets a mail', async () => {
    const owner = await ownerWithToken(t);
    const annex = await addLocation(owner.token, owner.restaurant.id, 'Annex');
    const harbour = await addLocation(owner.token, owner.restaurant.id, 'Harbour Street');
    // A location someone else holds (a franchise): it is not the owner's to give.
    const franchise = await createOwner(t);
    await db()
      .update(restaurants)
      .set({ parentId: owner.restaurant.id })
      .where(eq(restaurants.id, franchise.restaurant.id));

    const email = newEmail();
    const token = await requested(owner, email);
    const shown = await info(token);
    expect(shown.body.message).toMatchObject({
      parentRestaurant: null,
      locations: [
        { _id: annex.user.restaurants[0]!._id, name: 'Annex' },
        { _id: harbour.user.restaurants[0]!._id, name: 'Harbour Street' },
      ],
    });

    const details = newPerson();
    const accepted = await accept(token, details);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    // The former owner is told, by mail, naming the new owner and the locations that went along.
    const told = await t.sink.waitFor(
      (mail) => mail.to.includes(owner.user.email) && mail.subject.includes('now belongs to'),
    );
    expect(told.subject).toBe(`${owner.restaurant.name} now belongs to Nora`);
    expect(told.text).toContain(email);
    expect(told.text).toContain('Its locations Annex and Harbour Street went with it.');
    expect(told.links.join(' ')).not.toContain('token');

    // Each location is held by one more account of the new person, linked for switch-account.
    const [heir] = await db().select().from(users).where(eq(users.username, details.username));
    for (const session of [annex, harbour]) {
      // The old owner's account of the location is closed; the location is the new person's.
      expect(await db().select().from(users).where(eq(users.id, session.user._id))).toEqual([]);
      const holders = await ownersOf(session.user.restaurants[0]!._id);
      expect(holders.map((row) => row.personId)).toEqual([heir!.personId]);
    }
    const heirAccounts = await db().select().from(users).where(eq(users.personId, heir!.personId));
    expect(heirAccounts.map((account) => account.username).sort()).toEqual(
      [details.username, `${details.username}.1`, `${details.username}.2`].sort(),
    );
    expect(new Set(heirAccounts.map((account) => account.email))).toEqual(new Set([email]));
    const location = await signIn(t, `${details.username}.1`, details.password);
    const menus = await t.call<Menu[]>({ method: 'GET', url: '/api/menus', token: location.accessToken });
    expect(menus.status).toBe(200);
    // The franchise keeps its owner and its parent.
    expect((await ownersOf(franchise.restaurant.id)).map((row) => row.id)).toEqual([franchise.user.id]);
    const [kept] = await db().select().from(restaurants).where(eq(restaurants.id, franchise.restaurant.id));
    expect(kept?.parentId).toBe(owner.restaurant.id);
    // Held by another person than the parent now: it reads the parent's published menus only.
    expect(kept?.parentDrafts).toBe(false);
  });

  it('tells the new owner of a location, before accepting, that it keeps only the parent’s published menus', async () => {
    const owner = await ownerWithToken(t);
    const parentMenus = {
      published: await t.call<Menu>({
        method: 'POST',
        url: '/api/menus',
        token: owner.token,
        payload: { name: 'Parent lunch', draft: false },
      }),
      draft: await t.call<Menu>({
        method: 'POST',
        url: '/api/menus',
        token: owner.token,
        payload: { name: 'Parent autumn draft' },
      }),
    };
    const annex = await addLocation(owner.token, owner.restaurant.id, 'Annex');
    const listed = async (accessToken: string) =>
      (await t.call<Menu[]>({ method: 'GET', url: '/api/menus', token: accessToken })).body.message
        .map((menu) => menu.name)
        .sort();
    // Held by the parent's owner, the location sees the parent's drafts too.
    expect(await listed(annex.accessToken)).toEqual(['Parent autumn draft', 'Parent lunch']);

    const email = newEmail();
    const asked = await requestTransfer(annex.accessToken, { email, password: PASSWORD });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const mail = await t.sink.waitFor((m) => m.to.includes(email));
    const token = tokenOf(linkTo(mail, '/transfer-ownership?token='));
    const shown = await info(token);
    expect(shown.body.message).toMatchObject({
      restaurant: { name: 'Annex' },
      parentRestaurant: { _id: owner.restaurant.id, name: owner.restaurant.name },
      locations: [],
    });

    const details = newPerson();
    expect((await accept(token, details)).status).toBe(200);
    const heir = await signIn(t, details.username, details.password);
    // Another person's location: the parent's published menus only.
    expect(await listed(heir.accessToken)).toEqual(['Parent lunch']);
    const draft = await t.call({
      method: 'GET',
      url: `/api/menus/${parentMenus.draft.body.message._id}`,
      token: heir.accessToken,
    });
    expect(draft.status).toBe(404);
    // The parent's owner keeps their restaurant, and the location keeps its parent.
    expect((await ownersOf(owner.restaurant.id)).map((row) => row.id)).toEqual([owner.user.id]);
  });
});
