import type { GettingStarted } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { locationOwnerWithToken, memberWithToken, ownerWithToken } from './factories.ts';

/** The dashboard's getting-started checklist (issue 11, item 3): every step read from real data. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BILLING_PROVIDER: 'local' });
});
afterAll(async () => {
  await t?.close();
});

const checklist = async (token: string, app = t) => {
  const { status, body } = await app.call<GettingStarted>({
    method: 'GET',
    url: '/api/restaurants/getting-started',
    token,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.message;
};

const post = (token: string, url: string, payload?: Record<string, unknown>, app = t) =>
  app.call<GettingStarted>({ method: 'POST', url: `/api/${url}`, token, ...(payload ? { payload } : {}) });

/** Subscribes through the built-in test checkout, as the browser's form posts do. */
async function subscribe(token: string) {
  const plan = await t.call<{ monthly_product: { price: { id: string } } }>({
    method: 'GET',
    url: '/api/subscription/base-product',
    token,
  });
  const session = await post(token, 'subscription/checkout-session', {
    price_id: plan.body.message.monthly_product.price.id,
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: `/billing/checkout/${session.body.message}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(paid.statusCode).toBe(303);
  await expect.poll(async () => (await checklist(token)).steps.subscribe, { timeout: 10_000 }).toBe(true);
}

describe('the getting-started checklist', () => {
  it('ticks each step from the restaurant’s data, the share step when a QR download is recorded', async () => {
    const { token } = await ownerWithToken(t);
    expect(await checklist(token)).toEqual({
      steps: {
        menu: false,
        categories: false,
        dishes: false,
        subscribe: false,
        publish: false,
        share: false,
      },
      subscriptionNeeded: true,
      dismissed: false,
    });

    const menu = await post(token, 'menus', { name: 'Lunch' });
    expect(menu.status).toBe(200);
    expect((await checklist(token)).steps.menu).toBe(true);
    const menuId = (menu.body.message as unknown as { _id: string })._id;

    // A category counts once a menu holds it (issue 22: menu → categories → dishes).
    expect((await post(token, 'categories', { name: 'Soups' })).status).toBe(200);
    expect((await checklist(token)).steps.categories).toBe(false);
    expect((await post(token, 'categories', { name: 'Mains', menu: menuId })).status).toBe(200);
    expect((await checklist(token)).steps.categories).toBe(true);

    expect((await post(token, 'dishes', { name: 'Soup', price: '6' })).status).toBe(200);
    expect((await checklist(token)).steps.dishes).toBe(true);

    await subscribe(token);
    const published = await t.call({
      method: 'PUT',
      url: `/api/menus/${menuId}`,
      token,
      payload: { draft: false },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect((await checklist(token)).steps.publish).toBe(true);

    // The download itself is a plain read; the browser records it afterwards.
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/restaurants/qr-code?format=png',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.statusCode).toBe(200);
    expect((await checklist(token)).steps.share).toBe(false);
    expect((await post(token, 'restaurants/getting-started/shared', { how: 'qr-code' })).status).toBe(200);
    expect((await checklist(token)).steps).toEqual({
      menu: true,
      categories: true,
      dishes: true,
      subscribe: true,
      publish: true,
      share: true,
    });
  });

  it('records a copied link or printed table cards, and nothing else', async () => {
    const linked = await ownerWithToken(t);
    const answer = await post(linked.token, 'restaurants/getting-started/shared', { how: 'link' });
    expect(answer.status).toBe(200);
    expect(answer.body.message.steps.share).toBe(true);
    expect(
      (await post(linked.token, 'restaurants/getting-started/shared', { how: 'carrier pigeon' })).status,
    ).toBe(400);

    const printed = await ownerWithToken(t);
    const waiter = await memberWithToken(t, printed.restaurant.id, {});
    expect((await post(waiter.token, 'restaurants/getting-started/shared', { how: 'qr-cards' })).status).toBe(
      200,
    );
    expect((await checklist(printed.token)).steps.share).toBe(true);
  });

  it('is dismissed for the restaurant by someone who builds menus, not by a member without the flag', async () => {
    const owner = await ownerWithToken(t);
    const waiter = await memberWithToken(t, owner.restaurant.id, { dish: true });
    expect((await post(waiter.token, 'restaurants/getting-started/dismiss')).status).toBe(403);
    expect((await checklist(waiter.token)).dismissed).toBe(false);

    const dismissed = await post(owner.token, 'restaurants/getting-started/dismiss');
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.message.dismissed).toBe(true);
    expect((await checklist(waiter.token)).dismissed).toBe(true);
  });

  it('counts a location’s inherited menus and dishes, and one restaurant’s steps never tick another’s', async () => {
    const parent = await ownerWithToken(t);
    await post(parent.token, 'menus', { name: 'Dinner' });
    await post(parent.token, 'dishes', { name: 'Stew', price: '12' });
    await post(parent.token, 'restaurants/getting-started/shared', { how: 'link' });
    const location = await locationOwnerWithToken(t, parent.restaurant.id);
    const steps = (await checklist(location.token)).steps;
    expect(steps).toMatchObject({ menu: true, dishes: true, share: false });

    const stranger = await ownerWithToken(t);
    expect((await checklist(stranger.token)).steps).toMatchObject({
      menu: false,
      dishes: false,
      share: false,
    });
  });

  it('leaves the subscription out when publishing needs none', async () => {
    const free = await startTestApp({ BILLING_PROVIDER: 'off' });
    try {
      const { token } = await ownerWithToken(free);
      const state = await checklist(token, free);
      expect(state.subscriptionNeeded).toBe(false);
      expect(state.steps.subscribe).toBe(true);
    } finally {
      await free.close();
    }
  });
});
