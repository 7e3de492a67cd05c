import { type CustomerMenu, type Menu, messages, type User } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants, users } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import {
  createOwner,
  locationOwnerWithToken,
  memberWithToken,
  ownerWithToken,
  PASSWORD,
  signIn,
  tokenFor,
} from './factories.ts';
import { solvedToken } from './support/captcha.ts';

let t: TestApp;
beforeAll(async () => {
  // Publishing needs no subscription here: the tests are about what a location inherits.
  t = await startTestApp({ BILLING_PROVIDER: 'off' });
});
afterAll(async () => {
  await t?.close();
});

interface Session {
  accessToken: string;
  refreshToken: string;
  user: User;
}

let counter = 0;
const username = (label = 'site') => `${label}_${process.pid}_${++counter}`;

const add = (token: string | undefined, payload: Record<string, unknown>, app: TestApp = t) =>
  app.call<Session>({ method: 'POST', url: '/api/restaurants/add', token, payload });

/** Adds and insists on success. */
async function mustAdd(token: string, payload: Record<string, unknown>): Promise<Session> {
  const answer = await add(token, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.message;
}

async function diner(restaurantId: string): Promise<CustomerMenu> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/menus/customer?restaurantId=${restaurantId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message as CustomerMenu;
}
const dishNames = (menu: CustomerMenu) =>
  menu.menus.flatMap((entry) => entry.categories.flatMap((category) => category.dishes.map((d) => d.name)));

/** A published menu with one category holding one dish, made by the owner through the API. */
async function publishedMenu(token: string, label: string) {
  const dish = await t.call<{ _id: string }>({
    method: 'POST',
    url: '/api/dishes',
    token,
    payload: { name: `${label} soup`, price: 6 },
  });
  const category = await t.call<{ _id: string }>({
    method: 'POST',
    url: '/api/categories',
    token,
    payload: { name: `${label} starters`, dishes: [dish.body.message._id] },
  });
  const menu = await t.call<Menu>({
    method: 'POST',
    url: '/api/menus',
    token,
    payload: { name: `${label} lunch`, categories: [{ category: category.body.message._id }], draft: false },
  });
  expect(menu.status, JSON.stringify(menu.body)).toBe(200);
  return { dish: dish.body.message._id, category: category.body.message._id, menu: menu.body.message._id };
}

describe('POST /api/restaurants/add — validation', () => {
  it('needs sign-in', async () => {
    const { status } = await add(undefined, { username: username(), restaurantName: 'Nowhere' });
    expect(status).toBe(401);
  });

  it('answers the first problem in the specification’s words', async () => {
    const owner = await ownerWithToken(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ restaurantName: 'Corner' }, messages.usernameRequired],
      [{ username: '', restaurantName: 'Corner' }, messages.usernameRequired],
      [{ username: 'has@at', restaurantName: 'Corner' }, messages.usernameNoAt],
      [{ username: username() }, messages.restaurantNameRequired('Restaurant')],
      [{ username: username(), restaurantName: '   ' }, messages.restaurantNameRequired('Restaurant')],
      [{ username: username(), restaurantName: 'Corner', isLocation: true }, messages.parentRequired],
      [
        { username: username(), restaurantName: 'Corner', isLocation: true, parent: 'nope' },
        messages.parentInvalid,
      ],
      [{ username: owner.user.username, restaurantName: 'Corner' }, messages.usernameTaken],
    ];
    for (const [payload, message] of cases) {
      const { status, body } = await add(owner.token, payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.message).toBe(message);
    }
    // Nothing was made by the refused requests.
    const held = await t.runtime.database.db
      .select()
      .from(users)
      .where(eq(users.personId, owner.user.personId));
    expect(held).toHaveLength(1);
  });

  it('names the type of the restaurant being added: a food truck adds a food truck', async () => {
    const owner = await ownerWithToken(t);
    await t.runtime.database.db
      .update(restaurants)
      .set({ restaurantType: 'FOOD_TRUCK' })
      .where(eq(restaurants.id, owner.restaurant.id));
    const empty = await add(owner.token, { username: username() });
    expect(empty.body.message).toBe(messages.restaurantNameRequired('Food truck'));
    const added = await mustAdd(owner.token, { username: username('truck'), restaurantName: 'Second truck' });
    expect(added.user.restaurants[0]).toMatchObject({ name: 'Second truck', restaurantType: 'FOOD_TRUCK' });
  });
});

describe('the anti-bot check', () => {
  it('needs a solved ALTCHA challenge, once, when CAPTCHA is on', async () => {
    const guarded = await startTestApp({ CAPTCHA: 'altcha' });
    try {
      const owner = await createOwner(guarded);
      const login = await guarded.call<Session>({
        method: 'POST',
        url: '/api/users/login',
        payload: {
          username: owner.user.username,
          password: PASSWORD,
          reCaptchaToken: await solvedToken(guarded),
        },
      });
      const token = login.body.message.accessToken;
      const payload = { username: username('bot'), restaurantName: 'Bot diner' };
      for (const reCaptchaToken of [undefined, 'forged']) {
        const { status, body } = await add(token, { ...payload, reCaptchaToken }, guarded);
        expect(status).toBe(400);
        expect(body.message).toBe(messages.captchaFailed);
      }
      const solved = await solvedToken(guarded);
      const first = await add(token, { ...payload, reCaptchaToken: solved }, guarded);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      // The same solution is not accepted twice.
      const again = await add(
        token,
        { ...payload, username: username('bot'), reCaptchaToken: solved },
        guarded,
      );
      expect(again.body.message).toBe(messages.captchaFailed);
    } finally {
      await guarded.close();
    }
  });
});

describe('a standalone restaurant', () => {
  it('is a new, empty restaurant of a new linked account, signed in, that the switch moves between', async () => {
    const owner = await ownerWithToken(t);
    await publishedMenu(owner.token, 'Home');
    const name = username('second');
    const added = await mustAdd(owner.token, {
      username: name,
      restaurantName: 'Second Bistro',
      isLocation: false,
    });

    expect(added.accessToken).toBeTruthy();
    expect(added.refreshToken).toBeTruthy();
    expect(added.user).toMatchObject({
      username: name,
      email: owner.user.email,
      role: 'RESTAURANT',
      verified: true,
    });
    expect(added.user.restaurants).toEqual([
      expect.objectContaining({ name: 'Second Bistro', parentRestaurant: null, timeZone: 'Europe/Paris' }),
    ]);
    // Linked: both accounts list each other.
    expect(added.user.accounts.map((account) => account.username).sort()).toEqual(
      [owner.user.username, name].sort(),
    );
    const me = await t.call<User>({ method: 'GET', url: '/api/users/me', token: owner.token });
    expect(me.body.message.accounts.map((account) => account.restaurantName)).toContain('Second Bistro');

    // The new account is signed in and starts empty.
    const menus = await t.call<Menu[]>({ method: 'GET', url: '/api/menus', token: added.accessToken });
    expect(menus.status).toBe(200);
    expect(menus.body.message).toEqual([]);

    // Its own password is the person's: a sign-in by its username works.
    await signIn(t, name, PASSWORD);

    // The switch moves back and forth without a password.
    const back = await t.call<Session>({
      method: 'POST',
      url: '/api/users/switch-account',
      token: added.accessToken,
      payload: { accountID: owner.user.id, refreshToken: added.refreshToken },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.message.user.restaurants[0]!._id).toBe(owner.restaurant.id);
    const forth = await t.call<Session>({
      method: 'POST',
      url: '/api/users/switch-account',
      token: back.body.message.accessToken,
      payload: { accountID: added.user._id, refreshToken: back.body.message.refreshToken },
    });
    expect(forth.status, JSON.stringify(forth.body)).toBe(200);
    expect(forth.body.message.user.username).toBe(name);
  });

  it('may be added by a member (their own business), who gets an owner account of it', async () => {
    const owner = await ownerWithToken(t);
    const member = await memberWithToken(t, owner.restaurant.id, { dish: true });
    const added = await mustAdd(member.token, { username: username('mine'), restaurantName: 'My own place' });
    expect(added.user.role).toBe('RESTAURANT');
    expect(added.user.email).toBe(member.user.email);
    const restaurant = await t.call<{ _id: string; parentRestaurant: unknown }[]>({
      method: 'GET',
      url: '/api/restaurants',
      token: added.accessToken,
    });
    expect(restaurant.body.message[0]!.parentRestaurant).toBeNull();
    expect(restaurant.body.message[0]!._id).not.toBe(owner.restaurant.id);
  });
});

describe('a location', () => {
  it('inherits the parent’s records read-only, clones them, and shows the parent’s edits at once', async () => {
    const owner = await ownerWithToken(t);
    const parent = await publishedMenu(owner.token, 'Parent');
    const added = await mustAdd(owner.token, {
      username: username('loc'),
      restaurantName: 'Riverside',
      isLocation: true,
      parent: owner.restaurant.id,
    });
    const location = added.accessToken;
    const locationId = added.user.restaurants[0]!._id;
    expect(added.user.restaurants[0]!.parentRestaurant).toBe(owner.restaurant.name);

    // Inherited, live and read-only.
    const menus = await t.call<Menu[]>({ method: 'GET', url: '/api/menus', token: location });
    expect(menus.body.message).toEqual([expect.objectContaining({ _id: parent.menu, fromParent: true })]);
    for (const call of [
      { method: 'PUT' as const, url: `/api/menus/${parent.menu}`, payload: { name: 'Mine now' } },
      { method: 'PUT' as const, url: `/api/dishes/${parent.dish}`, payload: { name: 'Mine', price: '1' } },
      { method: 'DELETE' as const, url: '/api/categories', payload: { ids: [parent.category] } },
    ]) {
      const refused = await t.call({ ...call, token: location });
      expect(refused.status, `${call.method} ${call.url}`).toBe(403);
      expect(refused.body.message).toBe(messages.readOnlyFromParent);
    }

    // A clone is its own and editable.
    const copy = await t.call<Menu>({
      method: 'POST',
      url: `/api/menus/${parent.menu}/copy`,
      token: location,
      payload: {},
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.message.fromParent).toBe(false);
    const renamed = await t.call<Menu>({
      method: 'PUT',
      url: `/api/menus/${copy.body.message._id}`,
      token: location,
      payload: { name: 'Riverside lunch' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const parentMenus = await t.call<Menu[]>({ method: 'GET', url: '/api/menus', token: owner.token });
    expect(parentMenus.body.message.map((menu) => menu.name)).toEqual(['Parent lunch']);

    // The location's public page serves the parent's published menu; a parent's edit shows on the
    // next request (the cached page of the location is dropped with the parent's).
    expect(dishNames(await diner(locationId))).toContain('Parent soup');
    const edit = await t.call({
      method: 'PUT',
      url: `/api/dishes/${parent.dish}`,
      token: owner.token,
      payload: { name: 'Parent chowder', price: '7' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(dishNames(await diner(locationId))).toContain('Parent chowder');
    expect(dishNames(await diner(locationId))).not.toContain('Parent soup');
  });

  it('keeps its own settings and subscription', async () => {
    const owner = await ownerWithToken(t);
    const added = await mustAdd(owner.token, {
      username: username('loc'),
      restaurantName: 'Harbour',
      isLocation: true,
      parent: owner.restaurant.id,
    });
    const updated = await t.call<{ name: string; description: string }>({
      method: 'PUT',
      url: '/api/restaurants/update',
      token: added.accessToken,
      payload: { description: 'By the water' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const parent = await t.call<{ description: string }[]>({
      method: 'GET',
      url: '/api/restaurants',
      token: owner.token,
    });
    expect(parent.body.message[0]!.description).toBe('');
    const active = await t.call<unknown>({
      method: 'GET',
      url: '/api/subscription/has-active',
      token: added.accessToken,
    });
    expect(active.status).toBe(200);
    expect(JSON.stringify(active.body.message)).not.toContain(owner.restaurant.id);
  });

  it('needs a parent the person owns, which is not a location itself', async () => {
    const owner = await ownerWithToken(t);
    const stranger = await createOwner(t);
    const member = await memberWithToken(t, owner.restaurant.id, {
      restaurant: true,
      menu: true,
      category: true,
      dish: true,
      ingredient: true,
      member: true,
    });
    const location = await locationOwnerWithToken(t, owner.restaurant.id);
    const payload = (parent: string) => ({
      username: username('x'),
      restaurantName: 'Anywhere',
      isLocation: true,
      parent,
    });

    // Another person's restaurant reveals nothing.
    const foreign = await add(owner.token, payload(stranger.restaurant.id));
    expect(foreign.status).toBe(404);
    expect((await add(owner.token, payload('0123456789abcdef01234567'))).status).toBe(404);
    // A member, even holding every flag, does not own the restaurant they work for.
    const byMember = await add(member.token, payload(owner.restaurant.id));
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe(messages.permissionDenied);
    // The owner of a location (another person here) cannot hang a location on its parent.
    expect((await add(location.token, payload(owner.restaurant.id))).status).toBe(404);
    // A location cannot have locations: the person's own location is refused with the reason.
    const own = await mustAdd(owner.token, payload(owner.restaurant.id));
    const nested = await add(owner.token, payload(own.user.restaurants[0]!._id));
    expect(nested.status).toBe(400);
    expect(nested.body.message).toBe(messages.parentIsLocation);

    // A parent named without isLocation is ignored: the restaurant is standalone.
    const standalone = await mustAdd(owner.token, { ...payload(stranger.restaurant.id), isLocation: false });
    expect(standalone.user.restaurants[0]!.parentRestaurant).toBeNull();
  });

  it('is refused to admins and resellers, who hold no restaurant', async () => {
    for (const role of ['ADMIN', 'DMA'] as const) {
      const user = await createOwner(t, { role });
      const token = await tokenFor(t, user.user.username);
      const { status, body } = await add(token, { username: username(), restaurantName: 'Not mine' });
      expect(status, role).toBe(403);
      expect(body.message).toBe(messages.addRestaurantNotAllowed);
    }
  });
});
