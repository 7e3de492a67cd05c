import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberSession, ownerSession } from './scene.ts';
import { expectFail, expectSuccess, type SpecClient, startSpecClient } from './spec-client.ts';
import { menu } from './spec-shapes.ts';

/**
 * Subscription calls as the specification's client makes them (doc 2 §7, doc 3 §7.2): base-product
 * (monthly_product and yearly_product, each with a price: id, unit_amount in cents, recurring
 * interval), checkoutSession {price_id, reCaptchaToken} (message is the session id, the browser
 * goes to the provider's checkout), hasActive, customerPortalSession {url} (message.url).
 * The provider is the built-in test checkout (BILLING_PROVIDER=local, the default).
 */

let api: SpecClient;
beforeAll(async () => {
  api = await startSpecClient();
});
afterAll(async () => {
  await api?.close();
});

const price = z.looseObject({
  id: z.string().min(1),
  unit_amount: z.number().int(),
  recurring: z.looseObject({ interval: z.string() }),
});
const plan = z.looseObject({
  monthly_product: z.looseObject({ price }),
  yearly_product: z.looseObject({ price }),
});
const activeState = z.looseObject({ active: z.boolean() });

describe('subscription (doc 2 §7, doc 3 §7.2)', () => {
  it('base-product, checkout-session, the provider’s checkout, has-active, then publishing works', async () => {
    const { token } = await ownerSession(api);
    const products = expectSuccess(await api.send('GET', '/subscription/base-product', { token }), plan);
    expect(products.monthly_product.price.recurring.interval).toBe('month');
    expect(products.yearly_product.price.recurring.interval).toBe('year');
    expect(
      expectSuccess(await api.send('GET', '/subscription/has-active', { token }), activeState).active,
    ).toBe(false);

    const created = expectSuccess(
      await api.send('POST', '/menus', {
        token,
        json: {
          name: 'Lunch',
          showCTA: { title: 'REPORT AN ISSUE', content: 'x', emails: ['o@carte.test'] },
        },
      }),
      menu,
    );
    expectFail(
      await api.send('PUT', `/menus/${created._id}`, { token, json: { draft: false } }),
      402,
      'Payment not setup!',
    );

    const sessionId = expectSuccess(
      await api.send('POST', '/subscription/checkout-session', {
        token,
        json: { price_id: products.monthly_product.price.id, reCaptchaToken: 'token-from-the-widget' },
      }),
      z.string().min(1),
    );
    // The browser is sent to the provider's checkout with the session id and pays there.
    const paid = await api.browse('POST', `/billing/checkout/${encodeURIComponent(sessionId)}/complete`);
    expect(paid.status).toBe(303);

    expect(
      expectSuccess(await api.send('GET', '/subscription/has-active', { token }), activeState).active,
    ).toBe(true);
    const published = expectSuccess(
      await api.send('PUT', `/menus/${created._id}`, { token, json: { draft: false } }),
      menu,
    );
    expect(published.draft).toBe(false);

    const portal = expectSuccess(
      await api.send('POST', '/subscription/customer-portal-session', {
        token,
        json: { url: 'http://carte.test/subscribe' },
      }),
      z.looseObject({ url: z.string().min(1) }),
    );
    expect((await api.browse('GET', portal.url)).status).toBe(200);
  });

  it('checkout-session without a plan answers "Please select a plan"; only the owner subscribes (doc 2 §6)', async () => {
    const owner = await ownerSession(api);
    expectFail(
      await api.send('POST', '/subscription/checkout-session', {
        token: owner.token,
        json: { price_id: '', reCaptchaToken: 'x' },
      }),
      400,
      'Please select a plan',
    );
    const member = await memberSession(api, owner.restaurantId, { menu: true, restaurant: true });
    const products = expectSuccess(
      await api.send('GET', '/subscription/base-product', { token: member.token }),
      plan,
    );
    expectFail(
      await api.send('POST', '/subscription/checkout-session', {
        token: member.token,
        json: { price_id: products.yearly_product.price.id, reCaptchaToken: 'x' },
      }),
      403,
      'Permission denied',
    );
  });
});
