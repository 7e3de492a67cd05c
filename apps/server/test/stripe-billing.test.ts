import {
  type BasePlan,
  billingMessages,
  type HasActive,
  type Menu,
  messages,
  type PaymentMethodList,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, menus, subscriptions } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { ownerWithToken } from './factories.ts';
import { type SignedEvent, type StripeStandIn, startStripeStandIn } from './support/stripe-stand-in.ts';

/**
 * BILLING_PROVIDER=stripe through the official SDK, against the contract stand-in (no network):
 * checkout, webhooks signed like Stripe signs them, the portal, saved cards, the invoice mails, and
 * what a replayed, reordered or forged webhook does (issue 12, "Done when").
 */

let t: TestApp;
let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn({ now: () => t?.clock.now() ?? new Date() });
  t = await startTestApp({
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PRICE_MONTHLY: stripe.monthlyPrice,
    STRIPE_PRICE_YEARLY: stripe.yearlyPrice,
    STRIPE_API_BASE: stripe.url,
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const db = () => t.runtime.database.db;
const DAY = 24 * 60 * 60 * 1000;

const call = <T>(token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.call<T>({
    method,
    url: `/api/subscription${url}`,
    token,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

const hasActive = async (token: string) => (await call<HasActive>(token, 'GET', '/has-active')).body.message;

/** Stripe posting an event to the webhook endpoint. */
const deliver = (event: Pick<SignedEvent, 'payload' | 'signature'>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscription/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': event.signature,
      ...headers,
    },
    payload: event.payload,
  });

async function deliverAll(events: SignedEvent[]) {
  for (const event of events) {
    const answer = await deliver(event);
    expect(answer.statusCode, answer.body).toBe(200);
  }
}

/** Waits until every stored event has been processed by its job. */
const processed = (ids: string[]) =>
  expect
    .poll(
      async () => {
        const rows = await db().select().from(billingEvents);
        return ids.every((eventId) => rows.find((row) => row.id === eventId)?.processedAt);
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);

const publish = (token: string, name: string) =>
  t.call<Menu>({ method: 'POST', url: '/api/menus', token, payload: { name, draft: false } });

/** An owner who went through Stripe Checkout; answers the stand-in's ids. */
async function subscribed() {
  const owner = await ownerWithToken(t);
  const plan = (await call<BasePlan>(owner.token, 'GET', '/base-product')).body.message;
  const sessionId = (
    await call<string>(owner.token, 'POST', '/checkout-session', { price_id: plan.monthly_product.price.id })
  ).body.message;
  const paid = stripe.act.payCheckout(sessionId);
  await deliverAll(paid.events);
  await processed(paid.events.map((event) => event.id));
  return { ...owner, sessionId, ...paid };
}

describe('checkout with Stripe', () => {
  it('checkout → signed checkout.session.completed and customer.subscription.created → publishing allowed', async () => {
    const { token, restaurant } = await ownerWithToken(t);
    const plan = (await call<BasePlan>(token, 'GET', '/base-product')).body.message;
    expect(plan.monthly_product.price).toMatchObject({
      id: stripe.monthlyPrice,
      unit_amount: 2900,
      recurring: { interval: 'month' },
    });
    expect(plan.yearly_product.price).toMatchObject({ id: stripe.yearlyPrice, unit_amount: 29000 });

    const refused = await publish(token, 'Too early');
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(messages.paymentNotSetup);

    const checkout = await call<string>(token, 'POST', '/checkout-session', {
      price_id: plan.monthly_product.price.id,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const sessionId = checkout.body.message;
    expect(sessionId).toMatch(/^cs_test_/);

    // Carte asked Stripe for a subscription-mode session bound to this restaurant.
    const session = stripe.objects.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: restaurant.id,
      allow_promotion_codes: true,
      success_url: 'http://carte.test/subscribe?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://carte.test/subscribe?canceled=true',
      subscription_data_request: { metadata: { restaurant_id: restaurant.id } },
    });
    // Every call went with the secret key and the pinned API version.
    expect(stripe.requests.every((request) => request.authorized)).toBe(true);
    expect(new Set(stripe.requests.map((request) => request.version))).toEqual(
      new Set(['2026-10-28.endive']),
    );

    // The browser is sent on to Stripe Checkout.
    const redirect = await t.app.inject({ method: 'GET', url: `/billing/checkout/${sessionId}` });
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers.location).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    // Coming back is not enough: the subscription follows the events.
    expect((await hasActive(token)).active).toBe(false);
    const paid = stripe.act.payCheckout(sessionId);
    const [completed, created] = paid.events;
    await deliverAll([completed!, created!]);
    await processed([completed!.id, created!.id]);

    const state = await hasActive(token);
    expect(state).toMatchObject({
      active: true,
      subscription: {
        status: 'active',
        interval: 'month',
        cancel_at_period_end: false,
        customer: restaurant.id,
      },
    });
    const live = await publish(token, 'Live');
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body.message.draft).toBe(false);

    // A session that is complete no longer leads to Stripe.
    const again = await t.app.inject({ method: 'GET', url: `/billing/checkout/${sessionId}` });
    expect(again.headers.location).toBe('/subscribe?canceled=true');
  });

  it('a second checkout is refused while subscribed', async () => {
    const { token } = await subscribed();
    const again = await call<string>(token, 'POST', '/checkout-session', { price_id: stripe.yearlyPrice });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(billingMessages.alreadySubscribed);
  });
});

describe('events from Stripe', () => {
  it('invoice.payment_failed sends invoice-payment-failed with the invoice URL, PDF and customer name', async () => {
    const { user, restaurant, subscriptionId } = await subscribed();
    const failed = stripe.act.failRenewal(subscriptionId);
    await deliverAll([failed.event]);
    await processed([failed.event.id]);
    const mail = await t.sink.waitFor(
      (caught) => caught.to.includes(user.email) && caught.subject.includes('did not go through'),
    );
    expect(mail.links).toContain(`https://invoice.stripe.com/i/acct_test/${failed.invoiceId}`);
    expect(mail.links).toContain(`https://pay.stripe.com/invoice/acct_test/${failed.invoiceId}/pdf`);
    // The customer's name on the invoice: Carte names a restaurant's Stripe customer after the restaurant.
    expect(mail.text).toContain(`Hello ${restaurant.name}`);
  });

  it('invoice.paid sends invoice-payment-succeeded', async () => {
    const { user, invoiceId, events } = await subscribed();
    expect(events.map((event) => event.type)).toContain('invoice.paid');
    const mail = await t.sink.waitFor(
      (caught) => caught.to.includes(user.email) && caught.subject === 'Payment received, thank you!',
    );
    expect(mail.links).toContain(`https://invoice.stripe.com/i/acct_test/${invoiceId}`);
  });

  it('customer.subscription.deleted unpublishes every menu of the restaurant', async () => {
    const { token, restaurant, subscriptionId } = await subscribed();
    for (const name of ['Breakfast', 'Lunch', 'Dinner'])
      expect((await publish(token, name)).status).toBe(200);
    const other = await subscribed();
    const otherMenu = (await publish(other.token, 'Elsewhere')).body.message._id;

    const deleted = stripe.act.endSubscription(subscriptionId);
    await deliverAll([deleted]);
    await processed([deleted.id]);

    const rows = await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id));
    expect(rows.map((row) => row.draft)).toEqual([true, true, true]);
    const [untouched] = await db().select().from(menus).where(eq(menus.id, otherMenu));
    expect(untouched?.draft).toBe(false);
    expect(await hasActive(token)).toEqual({ active: false, subscription: null });
    expect((await publish(token, 'Again')).status).toBe(402);
  });

  it('a replayed event changes nothing; an old event arriving late cannot undo a newer state', async () => {
    const { token, subscriptionId, events } = await subscribed();
    const created = events.find((event) => event.type === 'customer.subscription.created')!;

    // Stripe retries an event it thinks was lost: stored once, answered 200.
    const replay = await deliver(created);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().message).toEqual({ received: true, duplicate: true });
    expect(await db().select().from(billingEvents).where(eq(billingEvents.id, created.id))).toHaveLength(1);

    // The owner cancels in the portal; then an older snapshot (not cancelling) arrives as a new event.
    const stale = stripe.act.event('customer.subscription.updated', subscriptionId);
    const cancelled = stripe.act.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    await deliverAll([cancelled]);
    await processed([cancelled.id]);
    await deliverAll([stale]);
    await processed([stale.id]);
    expect((await hasActive(token)).subscription?.cancel_at_period_end).toBe(true);
  });

  it('a badly signed webhook answers 400, is not stored and changes nothing', async () => {
    const { token, subscriptionId } = await subscribed();
    const deleted = stripe.act.endSubscription(subscriptionId);
    // Stripe's record says ended, but no genuine event tells Carte so.
    const before = await db().select().from(billingEvents);
    const forged = [
      { payload: deleted.payload, signature: deleted.signature.replace(/v1=\w{4}/, 'v1=0000') },
      {
        payload: deleted.payload.replace('"type":"customer.subscription.deleted"', '"type":"x"'),
        signature: deleted.signature,
      },
      { payload: deleted.payload, signature: '' },
      { payload: deleted.payload, signature: 't=1,v1=abc' },
    ];
    for (const event of forged) {
      const answer = await deliver(event);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(billingMessages.badSignature);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'content-type': 'application/json' },
      payload: deleted.payload,
    });
    expect(missing.statusCode).toBe(400);
    // Signed too long ago (a captured event played back later).
    t.clock.advance(10 * 60 * 1000);
    expect((await deliver(deleted)).statusCode).toBe(400);
    t.clock.advance(-10 * 60 * 1000);

    expect(await db().select().from(billingEvents)).toHaveLength(before.length);
    expect((await hasActive(token)).active).toBe(true);
  });

  it('bad bodies of every kind answer 4xx, never 5xx', async () => {
    const bodies: [string | undefined, string | Buffer][] = [
      ['application/json', '{'],
      ['application/json', '[]'],
      ['application/json', '"x"'],
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['multipart/form-data; boundary=x', '--x--'],
      ['application/octet-stream', Buffer.from([0, 255, 1])],
      [undefined, ''],
      ['application/json', 'x'.repeat(600 * 1024)],
    ];
    for (const [type, payload] of bodies) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/subscription/webhook',
        headers: { ...(type ? { 'content-type': type } : {}), 'stripe-signature': 't=1,v1=00' },
        payload,
      });
      expect(answer.statusCode, `${type}: ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
  });
});

describe('the portal, saved cards and promotion codes', () => {
  it('the portal answers a Stripe Billing Portal URL that leads back to /subscribe', async () => {
    const { token } = await subscribed();
    const portal = await call<{ url: string }>(token, 'POST', '/customer-portal-session', {
      url: 'http://carte.test/subscribe',
    });
    expect(portal.status).toBe(200);
    expect(portal.body.message.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_/);
    const session = [...stripe.objects.values()].find((object) => object.url === portal.body.message.url);
    expect(session?.return_url).toBe('http://carte.test/subscribe');
  });

  it('save-payment answers a setup-mode Checkout URL; the saved card becomes the default', async () => {
    const { token, user } = await subscribed();
    const saved = await call<{ id: string; url: string }>(token, 'POST', '/save-payment', {
      url: 'http://carte.test/subscribe',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message.url).toBe(`https://checkout.stripe.com/c/pay/${saved.body.message.id}`);
    expect(stripe.objects.get(saved.body.message.id)).toMatchObject({
      mode: 'setup',
      success_url: 'http://carte.test/subscribe?setup=done',
      cancel_url: 'http://carte.test/subscribe?setup=canceled',
    });

    const setup = stripe.act.completeSetup(saved.body.message.id);
    await deliverAll(setup.events);
    await processed(setup.events.map((event) => event.id));
    const methods = await call<PaymentMethodList>(token, 'GET', '/customer-payment-methods');
    expect(methods.status).toBe(200);
    expect(methods.body.message.data).toHaveLength(2);
    expect(methods.body.message.data[0]).toMatchObject({
      id: setup.paymentMethodId,
      isDefault: true,
      card: { brand: 'visa', last4: '4444', exp_month: 12, exp_year: 2031 },
      billing_details: { name: 'Ann Lee' },
    });
    expect(user.email).toBeTruthy();
  });

  it('an owner without a Stripe customer has no cards and no portal', async () => {
    const { token } = await ownerWithToken(t);
    expect((await call<PaymentMethodList>(token, 'GET', '/customer-payment-methods')).body.message).toEqual({
      data: [],
    });
    const portal = await call(token, 'POST', '/customer-portal-session', {});
    expect(portal.status).toBe(404);
  });

  it('checks promotion codes and subscribes a customer with a saved card (what resellers use, issue 14)', async () => {
    stripe.addPromotionCode('SPRING25', { percent_off: 25 });
    expect(await t.services.billing.checkPromotionCode('SPRING25')).toEqual({
      coupon: { percent_off: 25, amount_off: null },
    });
    await expect(t.services.billing.checkPromotionCode('NOPE')).rejects.toThrow(
      billingMessages.invalidPromotionCode,
    );

    const owner = await subscribed();
    const customer = stripe.objects.get(owner.subscriptionId)!.customer as string;
    const paymentMethodId = (
      stripe.objects.get(customer)!.invoice_settings as { default_payment_method: string }
    ).default_payment_method;
    const created = await t.services.payments.createSubscription({
      customerId: customer,
      restaurantId: owner.restaurant.id,
      priceId: stripe.yearlyPrice,
      paymentMethodId,
      promotionCode: 'SPRING25',
    });
    expect(created).toMatchObject({
      customerId: customer,
      restaurantId: owner.restaurant.id,
      interval: 'year',
      discount: { percent_off: 25, amount_off: null },
    });
    // Stripe was given the promotion code's id, not the text people type.
    const discounts = stripe.objects.get(created.id)!.discounts as Array<{ promotion_code: string }>;
    expect(discounts.map((discount) => discount.promotion_code)).toEqual([
      [...stripe.objects.values()].find((o) => o.object === 'promotion_code' && o.code === 'SPRING25')!.id,
    ]);
    expect((await t.services.payments.retrieveSubscription(created.id))?.discount).toEqual({
      percent_off: 25,
      amount_off: null,
    });
  });
});

describe('time', () => {
  it('a subscription set to cancel ends at its period end without any webhook or request', async () => {
    const { token, restaurant, subscriptionId } = await subscribed();
    expect((await publish(token, 'Live')).status).toBe(200);
    const cancelled = stripe.act.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    await deliverAll([cancelled]);
    await processed([cancelled.id]);

    t.clock.advance(31 * DAY);
    // The schedule's run (pg-boss sends it every minute): no HTTP request is made.
    await t.services.billing.lapse();
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(row?.status).toBe('canceled');
    const rows = await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id));
    expect(rows.every((menu) => menu.draft)).toBe(true);
    t.clock.advance(-31 * DAY);
  });
});
