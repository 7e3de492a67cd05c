import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BasePlan, billingMessages, type HasActive, type Menu, messages } from '@carte/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { billingEvents, localBillingObjects, menus, subscriptions, users } from '../src/db/schema.ts';
import { billingLapseQueue } from '../src/features/billing/billing.jobs.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember, createOwner, ownerWithToken, tokenFor } from './factories.ts';
import { solvedToken } from './support/captcha.ts';

const MONTHLY = 2500;
const YEARLY = 25000;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PRICE_MONTHLY_CENTS: String(MONTHLY), PRICE_YEARLY_CENTS: String(YEARLY) });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.runtime.database.db;

const asOwner = (app: TestApp = t) => ownerWithToken(app);

const call = <T>(token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object, app = t) =>
  app.call<T>({
    method,
    url: `/api/subscription${url}`,
    token,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

const plan = async (token: string) => (await call<BasePlan>(token, 'GET', '/base-product')).body.message;
const hasActive = async (token: string) => {
  const { status, body } = await call<HasActive>(token, 'GET', '/has-active');
  expect(status, JSON.stringify(body)).toBe(200);
  return body.message;
};

async function startCheckout(token: string, interval: 'month' | 'year' = 'month') {
  const prices = await plan(token);
  const price = interval === 'month' ? prices.monthly_product.price : prices.yearly_product.price;
  const { status, body } = await call<string>(token, 'POST', '/checkout-session', { price_id: price.id });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.message;
}

/** The test checkout's buttons are plain HTML forms: posted url-encoded, like a browser does. */
const postForm = (url: string, app = t) =>
  app.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
const getPage = (url: string, app = t) => app.app.inject({ method: 'GET', url });

async function subscribe(token: string, interval: 'month' | 'year' = 'month') {
  const sessionId = await startCheckout(token, interval);
  const paid = await postForm(`/billing/checkout/${sessionId}/complete`);
  expect(paid.statusCode).toBe(303);
  return sessionId;
}

async function portalUrl(token: string, returnUrl?: string) {
  const { status, body } = await call<{ url: string }>(
    token,
    'POST',
    '/customer-portal-session',
    returnUrl ? { url: returnUrl } : {},
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body.message.url;
}

/** A button of the manage page: posts to `{page}/{name}`, keeping the page's query. */
const portalAction = (url: string, name: 'cancel' | 'resume' | 'end' | 'fail-renewal') => {
  const [page, query] = url.split('?');
  return `${page}/${name}${query ? `?${query}` : ''}`;
};
const tokenIn = (url: string) =>
  decodeURIComponent(new URL(url, 'http://carte.test').pathname.split('/').pop()!);

const publish = (token: string, payload: Record<string, unknown>, app = t) =>
  app.call<Menu>({
    method: 'POST',
    url: '/api/menus',
    token,
    payload: { name: 'Lunch', draft: false, ...payload },
  });

const ddmmyyyy = (date: Date, timeZone = 'Europe/Paris') => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year}`;
};

describe('the plan', () => {
  it('answers the monthly and yearly prices in cents from config', async () => {
    const { token } = await asOwner();
    const { status, body } = await call<BasePlan>(token, 'GET', '/base-product');
    expect(status).toBe(200);
    expect(body.message).toMatchObject({
      monthly_product: { price: { unit_amount: MONTHLY, recurring: { interval: 'month' } } },
      yearly_product: { price: { unit_amount: YEARLY, recurring: { interval: 'year' } } },
    });
    expect(body.message.monthly_product.price.id).not.toBe(body.message.yearly_product.price.id);
  });

  it('defaults to $19.00 a month and $190.00 a year', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-billing-config-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
      expect(config).toMatchObject({
        priceMonthlyCents: 1900,
        priceYearlyCents: 19000,
        billingProvider: 'local',
      });
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), PRICE_MONTHLY_CENTS: 'abc' }),
      ).toThrow(/PRICE_MONTHLY_CENTS/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('needs sign-in (401) for every subscription call', async () => {
    for (const [method, url] of [
      ['GET', '/base-product'],
      ['GET', '/has-active'],
      ['POST', '/checkout-session'],
      ['POST', '/customer-portal-session'],
    ] as const) {
      const { status } = await call(
        undefined,
        method,
        url,
        method === 'POST' ? { price_id: 'x' } : undefined,
      );
      expect(status, `${method} ${url}`).toBe(401);
    }
  });
});

describe('subscribing through the test checkout', () => {
  it('is inactive, then active for one month after "Pay (test)"; members see it too', async () => {
    const { token, restaurant } = await asOwner();
    expect(await hasActive(token)).toEqual({ active: false, subscription: null });

    const sessionId = await startCheckout(token);
    expect(sessionId).toMatch(/^cs_local_[\w-]{32}$/);
    const page = await getPage(`/billing/checkout/${sessionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Test checkout — no card is charged');
    expect(page.body).toContain('$25.00');
    expect(page.body).toContain(restaurant.name);
    expect(page.body).toContain(`action="/billing/checkout/${sessionId}/complete"`);
    expect(page.body).toContain('Pay (test)');
    expect(page.body).toContain(`action="/billing/checkout/${sessionId}/cancel"`);

    const before = t.clock.now();
    const paid = await postForm(`/billing/checkout/${sessionId}/complete`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/subscribe?session_id=${sessionId}`);

    const answer = await hasActive(token);
    expect(answer).toMatchObject({
      active: true,
      subscription: {
        interval: 'month',
        status: 'active',
        cancel_at_period_end: false,
        customer: restaurant.id,
      },
    });
    const end = answer.subscription!.current_period_end! * 1000;
    expect(end - before.getTime()).toBeGreaterThanOrEqual(28 * DAY - 1000);
    expect(end - before.getTime()).toBeLessThanOrEqual(31 * DAY + 1000);
    expect(JSON.stringify(answer)).not.toContain(sessionId);

    const member = await createMember(t, restaurant.id, {});
    expect((await hasActive(await tokenFor(t, member.user.username))).active).toBe(true);

    // A used session cannot be shown or paid again, and a second checkout is refused while subscribed.
    expect((await getPage(`/billing/checkout/${sessionId}`)).statusCode).toBe(404);
    expect((await postForm(`/billing/checkout/${sessionId}/complete`)).statusCode).toBe(404);
    const again = await call<string>(token, 'POST', '/checkout-session', {
      price_id: (await plan(token)).yearly_product.price.id,
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(billingMessages.alreadySubscribed);
  });

  it('subscribes yearly for one year', async () => {
    const { token } = await asOwner();
    const before = t.clock.now();
    await subscribe(token, 'year');
    const { subscription } = await hasActive(token);
    expect(subscription?.interval).toBe('year');
    const days = (subscription!.current_period_end! * 1000 - before.getTime()) / DAY;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
  });

  it('"Cancel" buys nothing and returns to /subscribe?canceled=true; the session is then unusable', async () => {
    const { token } = await asOwner();
    const sessionId = await startCheckout(token);
    const canceled = await postForm(`/billing/checkout/${sessionId}/cancel`);
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toBe('/subscribe?canceled=true');
    expect((await hasActive(token)).active).toBe(false);
    const page = await getPage(`/billing/checkout/${sessionId}`);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('This link is no longer valid');
    expect((await postForm(`/billing/checkout/${sessionId}/complete`)).statusCode).toBe(404);
  });

  it('refuses an unknown price with "Please select a plan"', async () => {
    const { token } = await asOwner();
    for (const payload of [{ price_id: 'price_other' }, {}, { price_id: '' }]) {
      const { status, body } = await call<string>(token, 'POST', '/checkout-session', payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.message).toBe(billingMessages.selectPlan);
    }
    expect(await db().select().from(subscriptions)).not.toContainEqual(
      expect.objectContaining({ priceId: 'price_other' }),
    );
  });

  it('refuses an expired checkout session (one hour)', async () => {
    const { token, user } = await asOwner();
    const sessionId = await startCheckout(token);
    t.clock.advance(61 * 60 * 1000);
    expect((await getPage(`/billing/checkout/${sessionId}`)).statusCode).toBe(404);
    expect((await postForm(`/billing/checkout/${sessionId}/complete`)).statusCode).toBe(404);
    expect((await postForm(`/billing/checkout/${sessionId}/cancel`)).statusCode).toBe(404);
    expect((await hasActive(await tokenFor(t, user.username))).active).toBe(false);
  });
});

describe('who may buy', () => {
  it('refuses members, admins and reseller clients (403); has-active needs a restaurant', async () => {
    const { restaurant, token: ownerToken } = await asOwner();
    const priceId = (await plan(ownerToken)).monthly_product.price.id;
    const everyFlag = {
      menu: true,
      category: true,
      dish: true,
      ingredient: true,
      restaurant: true,
      member: true,
    };
    const member = await createMember(t, restaurant.id, everyFlag);
    const admin = await createOwner(t, { role: 'ADMIN' });
    const client = await createOwner(t, { role: 'DMA_CLIENT' });
    await db().update(users).set({ restaurantId: client.restaurant.id }).where(eq(users.id, client.user.id));

    for (const username of [member.user.username, admin.user.username, client.user.username]) {
      const token = await tokenFor(t, username);
      const checkout = await call<string>(token, 'POST', '/checkout-session', { price_id: priceId });
      expect(checkout.status, username).toBe(403);
      expect(checkout.body.message).toBe(messages.permissionDenied);
      expect((await call(token, 'POST', '/customer-portal-session', {})).status, username).toBe(403);
    }
    expect((await call(await tokenFor(t, admin.user.username), 'GET', '/has-active')).status).toBe(403);
    expect((await hasActive(await tokenFor(t, client.user.username))).active).toBe(false);
    expect(
      await db().select().from(subscriptions).where(eq(subscriptions.restaurantId, restaurant.id)),
    ).toEqual([]);
  });
});

describe('restaurants are kept apart', () => {
  it("a session or manage link only ever acts on the restaurant that opened it; others' ids answer 404", async () => {
    const a = await asOwner();
    const b = await asOwner();
    const sessionOfA = await startCheckout(a.token);

    // Ids nobody issued, and ids shaped like a real one, are refused.
    for (const id of ['cs_local_made-up', `cs_local_${'A'.repeat(32)}`, sessionOfA.slice(0, -1)]) {
      expect((await getPage(`/billing/checkout/${id}`)).statusCode, id).toBe(404);
      expect((await postForm(`/billing/checkout/${id}/complete`)).statusCode, id).toBe(404);
    }

    await postForm(`/billing/checkout/${sessionOfA}/complete`);
    expect((await hasActive(a.token)).active).toBe(true);
    expect((await hasActive(b.token)).active).toBe(false);

    // B holds no subscription, so B has no manage page.
    const noPortal = await call<string>(b.token, 'POST', '/customer-portal-session', {});
    expect(noPortal.status).toBe(404);
    expect(noPortal.body.message).toBe(billingMessages.noSubscription);

    // A's manage link, re-pointed at B's subscription, breaks its signature.
    await subscribe(b.token);
    const subscriptionOfB = (await hasActive(b.token)).subscription!.id;
    const linkOfA = await portalUrl(a.token);
    const [body, signature] = tokenIn(linkOfA).split('.');
    const grant = Buffer.from(body!, 'base64url');
    grant.write(subscriptionOfB, 0, 'hex');
    grant.write(b.restaurant.id, 12, 'hex');
    const forged = grant.toString('base64url');
    for (const token of [`${forged}.${signature}`, `${body}.${'x'.repeat(43)}`, 'nonsense']) {
      expect((await getPage(`/billing/portal/${token}`)).statusCode, token).toBe(404);
      expect((await postForm(portalAction(`/billing/portal/${token}`, 'end'))).statusCode, token).toBe(404);
    }
    expect((await hasActive(b.token)).active).toBe(true);
    expect((await hasActive(a.token)).active).toBe(true);
  });
});

describe('publishing needs an active subscription', () => {
  it('answers 402 before, and publishes once the test checkout is paid', async () => {
    const { token } = await asOwner();
    const refused = await publish(token, { name: 'Too early' });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(messages.paymentNotSetup);

    await subscribe(token);
    const created = await publish(token, { name: 'Live' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message.draft).toBe(false);

    const draft = await t.call<Menu>({
      method: 'POST',
      url: '/api/menus',
      token,
      payload: { name: 'Later' },
    });
    const published = await t.call<Menu>({
      method: 'PUT',
      url: `/api/menus/${draft.body.message._id}`,
      token,
      payload: { draft: false },
    });
    expect(published.status).toBe(200);
    expect(published.body.message.draft).toBe(false);
  });

  it('a member publishes with the subscription of the restaurant', async () => {
    const { token, restaurant } = await asOwner();
    await subscribe(token);
    const member = await createMember(t, restaurant.id, { menu: true });
    const created = await publish(await tokenFor(t, member.user.username), { name: 'By a member' });
    expect(created.status).toBe(200);
  });
});

describe('managing the subscription', () => {
  it('shows the plan and the next renewal date, and only leads back to this site', async () => {
    const { token } = await asOwner();
    await subscribe(token);
    const { subscription } = await hasActive(token);
    const url = await portalUrl(token, 'https://elsewhere.example//evil.example/subscribe?from=portal');
    expect(url).toMatch(/^\/billing\/portal\/[\w-]+\.[\w-]+\?back=/);
    expect(tokenIn(url).length).toBeLessThanOrEqual(100);
    const page = await getPage(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test billing portal — no card is charged');
    expect(page.body).toContain('$25.00 per month');
    expect(page.body).toContain('Next renewal date');
    expect(page.body).toContain(ddmmyyyy(new Date(subscription!.current_period_end! * 1000)));
    expect(page.body).toContain('Cancel subscription at period end');
    expect(page.body).toContain('End subscription now (test)');
    expect(page.body).toContain('href="/evil.example/subscribe?from=portal"');
    expect(page.body).not.toContain('elsewhere.example');
  });

  it('"Cancel subscription at period end" keeps it active until the period ends, then every menu is a draft', async () => {
    const { token, user } = await asOwner();
    await subscribe(token);
    const live = await publish(token, { name: 'Live' });
    const url = await portalUrl(token);

    const cancel = await postForm(portalAction(url, 'cancel'));
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(url);
    const cancelling = await hasActive(token);
    expect(cancelling).toMatchObject({ active: true, subscription: { cancel_at_period_end: true } });
    const page = await getPage(url);
    expect(page.body).toContain('Cancels at period end');
    expect(page.body).toContain('Keep my subscription');

    // Taking it back, then cancelling again.
    await postForm(portalAction(url, 'resume'));
    expect((await hasActive(token)).subscription?.cancel_at_period_end).toBe(false);
    await postForm(portalAction(url, 'cancel'));

    t.clock.advance(32 * DAY);
    const fresh = await tokenFor(t, user.username);
    expect(await hasActive(fresh)).toEqual({ active: false, subscription: null });
    const [menu] = await db().select().from(menus).where(eq(menus.id, live.body.message._id));
    expect(menu?.draft).toBe(true);
    expect((await publish(fresh, { name: 'Again' })).status).toBe(402);
  });

  it('a test subscription that is not cancelled renews at the end of its period', async () => {
    const { token, user } = await asOwner();
    await subscribe(token);
    const first = (await hasActive(token)).subscription!.current_period_end!;
    t.clock.advance(40 * DAY);
    // The billing schedule's run: the test provider charges the card again for each period due.
    await t.services.billing.lapse();
    const renewed = await hasActive(await tokenFor(t, user.username));
    expect(renewed.active).toBe(true);
    expect(renewed.subscription!.current_period_end!).toBeGreaterThan(first);
    expect(renewed.subscription!.current_period_end! * 1000).toBeGreaterThan(t.clock.now().getTime());
  });

  it('"End subscription now (test)" ends it and turns every menu of the restaurant back to draft', async () => {
    const { token, restaurant } = await asOwner();
    const other = await asOwner();
    await subscribe(token);
    await subscribe(other.token);
    const menuIds = [];
    for (const name of ['Breakfast', 'Lunch', 'Dinner'])
      menuIds.push((await publish(token, { name })).body.message._id);
    const otherMenu = (await publish(other.token, { name: 'Elsewhere' })).body.message._id;

    const url = await portalUrl(token);
    const ended = await postForm(portalAction(url, 'end'));
    expect(ended.statusCode).toBe(303);

    const rows = await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id));
    expect(rows.map((row) => row.draft)).toEqual([true, true, true]);
    expect(rows.map((row) => row.id).sort()).toEqual(menuIds.sort());
    const [untouched] = await db().select().from(menus).where(eq(menus.id, otherMenu));
    expect(untouched?.draft).toBe(false);

    expect(await hasActive(token)).toEqual({ active: false, subscription: null });
    expect((await hasActive(other.token)).active).toBe(true);
    expect((await publish(token, { name: 'Again' })).status).toBe(402);

    // The manage page now says it ended; its buttons are gone and ending twice answers 404.
    const page = await getPage(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ended');
    expect(page.body).not.toContain('End subscription now (test)');
    expect((await postForm(portalAction(url, 'end'))).statusCode).toBe(404);
    // The portal still opens: it shows the ended subscription, the cards and the invoices.
    expect(await getPage(await portalUrl(token))).toMatchObject({ statusCode: 200 });

    // Subscribing again works.
    await subscribe(token);
    expect((await hasActive(token)).active).toBe(true);
  });

  it('a manage link expires after one hour', async () => {
    const { token } = await asOwner();
    await subscribe(token);
    const url = await portalUrl(token);
    t.clock.advance(61 * 60 * 1000);
    expect((await getPage(url)).statusCode).toBe(404);
    expect((await postForm(portalAction(url, 'end'))).statusCode).toBe(404);
  });
});

describe('the API description', () => {
  it('lists the subscription calls, not the test pages', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys((docs.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/subscription/base-product',
        '/api/subscription/has-active',
        '/api/subscription/checkout-session',
        '/api/subscription/customer-portal-session',
      ]),
    );
    expect(paths.some((p) => p.startsWith('/billing'))).toBe(false);
  });
});

describe('BILLING_PROVIDER=off', () => {
  it('publishes without a subscription and has no checkout', async () => {
    const free = await startTestApp({ BILLING_PROVIDER: 'off' });
    try {
      const { token } = await asOwner(free);
      const created = await publish(token, { name: 'Live at once' }, free);
      expect(created.status).toBe(200);
      expect(created.body.message.draft).toBe(false);

      const prices = (await call<BasePlan>(token, 'GET', '/base-product', undefined, free)).body.message;
      expect(prices.monthly_product.price.unit_amount).toBe(1900);
      expect(prices.yearly_product.price.unit_amount).toBe(19000);
      const checkout = await call<string>(
        token,
        'POST',
        '/checkout-session',
        { price_id: prices.monthly_product.price.id },
        free,
      );
      expect(checkout.status).toBe(400);
      expect(checkout.body.message).toBe(billingMessages.billingOff);
      expect((await getPage('/billing/checkout/cs_local_anything', free)).statusCode).toBe(404);
    } finally {
      await free.close();
    }
  });
});

describe('the anti-bot check', () => {
  it('needs a solved challenge for a checkout when CAPTCHA is on', async () => {
    const guarded = await startTestApp({ CAPTCHA: 'altcha' });
    try {
      const owner = await createOwner(guarded);
      const login = await guarded.call<{ accessToken: string }>({
        method: 'POST',
        url: '/api/users/login',
        payload: {
          username: owner.user.username,
          password: owner.password,
          reCaptchaToken: await solvedToken(guarded),
        },
      });
      const token = login.body.message.accessToken;
      const priceId = (await call<BasePlan>(token, 'GET', '/base-product', undefined, guarded)).body.message
        .monthly_product.price.id;
      for (const payload of [{ price_id: priceId }, { price_id: priceId, reCaptchaToken: 'forged' }]) {
        const { status, body } = await call<string>(token, 'POST', '/checkout-session', payload, guarded);
        expect(status).toBe(400);
        expect(body.message).toBe(messages.captchaFailed);
      }
      const solved = await call<string>(
        token,
        'POST',
        '/checkout-session',
        { price_id: priceId, reCaptchaToken: await solvedToken(guarded) },
        guarded,
      );
      expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('the test provider in full (issue 12)', () => {
  /** The checkout's form, as a browser posts it. */
  const postFields = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('a promotion code from LOCAL_PROMOTION_CODES lowers the price; an unknown one is refused', async () => {
    const { token } = await asOwner();
    const sessionId = await startCheckout(token);
    const wrong = await postFields(`/billing/checkout/${sessionId}/apply-code`, { promotionCode: 'NOPE' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('This code is invalid');
    const applied = await postFields(`/billing/checkout/${sessionId}/apply-code`, {
      promotionCode: 'welcome10',
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.body).toContain('10% off (WELCOME10)');
    expect(applied.body).toContain('$22.50');

    const refused = await postFields(`/billing/checkout/${sessionId}/complete`, { promotionCode: 'NOPE' });
    expect(refused.statusCode).toBe(400);
    expect((await hasActive(token)).active).toBe(false);

    const paid = await postFields(`/billing/checkout/${sessionId}/complete`, {
      card: '4242 4242 4242 4242',
      name: 'Ann Lee',
      promotionCode: 'WELCOME10',
    });
    expect(paid.statusCode).toBe(303);
    const active = await hasActive(token);
    expect(active.active).toBe(true);
    // Carte's row knows the discount, so /subscribe shows the price actually paid.
    expect(active.subscription?.discount).toEqual({ percent_off: 10, amount_off: null });
    const portal = await getPage(await portalUrl(token));
    expect(portal.body).toContain('$22.50 per month');
    expect(portal.body).toContain('VISA •••• 4242');
  });

  it('a declined test card buys nothing', async () => {
    const { token } = await asOwner();
    const sessionId = await startCheckout(token);
    for (const card of ['4000 0000 0000 0002', '1234']) {
      const page = await postFields(`/billing/checkout/${sessionId}/complete`, { card });
      expect(page.statusCode).toBe(400);
      expect(page.body).toMatch(/Your card was declined\.|Your card number is incomplete\./);
    }
    expect((await hasActive(token)).active).toBe(false);
  });

  it('save-payment opens the test card page; the saved card is listed first, as the default', async () => {
    const { token } = await asOwner();
    expect((await call(token, 'GET', '/customer-payment-methods')).body.message).toEqual({ data: [] });
    await subscribe(token);
    const saved = await call<{ id: string; url: string }>(token, 'POST', '/save-payment', {
      url: 'http://carte.test/subscribe',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message.url).toBe(`/billing/setup/${saved.body.message.id}`);
    const page = await getPage(saved.body.message.url);
    expect(page.body).toContain('Save card (test)');
    const done = await postFields(`${saved.body.message.url}/complete`, {
      card: '5555 5555 5555 4444',
      name: 'Ann Lee',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/subscribe?setup=done');
    const { body } = await call<{ data: { card: { brand: string; last4: string }; isDefault: boolean }[] }>(
      token,
      'GET',
      '/customer-payment-methods',
    );
    expect(
      body.message.data.map((method) => [method.card.brand, method.card.last4, method.isDefault]),
    ).toEqual([
      ['mastercard', '4444', true],
      ['visa', '4242', false],
    ]);
  });

  it('paying sends invoice-payment-succeeded with the test invoice page and its PDF', async () => {
    const { token, user } = await asOwner();
    const sessionId = await startCheckout(token);
    await postFields(`/billing/checkout/${sessionId}/complete`, { name: 'Ann Lee' });
    const mail = await t.sink.waitFor(
      (caught) => caught.to.includes(user.email) && caught.subject === 'Payment received, thank you!',
    );
    expect(mail.text).toContain('Hello Ann Lee');
    const invoiceUrl = mail.links.find((link) => /\/billing\/invoice\/[\w-]+$/.test(link))!;
    expect(invoiceUrl.startsWith('http://carte.test/billing/invoice/')).toBe(true);
    expect(mail.links).toContain(`${invoiceUrl}/pdf`);
    const invoice = await getPage(new URL(invoiceUrl).pathname);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toContain('$25.00');
    expect(invoice.body).toContain('Paid (test)');
    const pdf = await getPage(`${new URL(invoiceUrl).pathname}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the billing schedule ends a lapsed subscription with no request made, and drafts every menu', async () => {
    const { token, restaurant } = await asOwner();
    await subscribe(token);
    for (const name of ['Lunch', 'Dinner']) expect((await publish(token, { name })).status).toBe(200);
    await postForm(portalAction(await portalUrl(token), 'cancel'));

    t.clock.advance(32 * DAY);
    // The scheduled job, as pg-boss starts it every minute; no HTTP request from here on.
    await t.runtime.boss.send(billingLapseQueue, {});
    await expect
      .poll(
        async () =>
          (await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id))).every(
            (menu) => menu.draft,
          ),
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.restaurantId, restaurant.id));
    expect(row?.status).toBe('canceled');
  });

  it('a renewal on a card that fails sends invoice-payment-failed and ends the subscription', async () => {
    const { token, user, restaurant } = await asOwner();
    await subscribe(token);
    expect((await publish(token, { name: 'Live' })).status).toBe(200);
    const saved = await call<{ url: string }>(token, 'POST', '/save-payment', {});
    await postFields(`${saved.body.message.url}/complete`, { card: '4000 0000 0000 0341' });

    t.clock.advance(32 * DAY);
    await t.services.billing.lapse();
    const mail = await t.sink.waitFor(
      (caught) => caught.to.includes(user.email) && caught.subject.includes('did not go through'),
    );
    expect(mail.links.some((link) => link.startsWith('http://carte.test/billing/invoice/'))).toBe(true);
    expect((await hasActive(await tokenFor(t, user.username))).active).toBe(false);
    const rows = await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id));
    expect(rows.every((menu) => menu.draft)).toBe(true);
  });

  it('the test provider feeds its events through the webhook path: each stored once, processed', async () => {
    const { token } = await asOwner();
    await subscribe(token);
    const rows = await db().select().from(billingEvents);
    const types = rows.map((row) => row.type);
    expect(types).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']),
    );
    expect(rows.every((row) => row.provider === 'local' && row.processedAt !== null)).toBe(true);
    // Posting to the webhook without the test provider's secret is refused.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_x', type: 'customer.subscription.deleted', data: { object: {} } }),
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe('paying keeps your place (issue 22)', () => {
  const draftMenu = async (token: string, name: string) => {
    const created = await t.call<Menu>({ method: 'POST', url: '/api/menus', token, payload: { name } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.message._id;
  };
  const isDraft = async (id: string) => (await db().select().from(menus).where(eq(menus.id, id)))[0]?.draft;
  const checkoutFor = async (token: string, menuId: string) => {
    const price = (await plan(token)).monthly_product.price;
    return call<string>(token, 'POST', '/checkout-session', { price_id: price.id, publish_menu_id: menuId });
  };

  it('a checkout opened from publishing leads back to the menu, published once the subscription is active', async () => {
    const { token } = await asOwner();
    const lunch = await draftMenu(token, 'Lunch');
    const dinner = await draftMenu(token, 'Dinner');
    const refused = await t.call({
      method: 'PUT',
      url: `/api/menus/${lunch}`,
      token,
      payload: { draft: false },
    });
    expect(refused.status).toBe(402);

    const opened = await checkoutFor(token, lunch);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const sessionId = opened.body.message;
    // Nothing is published before the payment.
    expect(await isDraft(lunch)).toBe(true);

    const paid = await postForm(`/billing/checkout/${sessionId}/complete`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `/create-menu?id=${lunch}&session_id=${encodeURIComponent(sessionId)}`,
    );
    expect((await hasActive(token)).active).toBe(true);
    expect(await isDraft(lunch)).toBe(false);
    // Only the menu that was being published: the other stays a draft.
    expect(await isDraft(dinner)).toBe(true);
  });

  it('leaves the menu a draft after paying when the restaurant forbids publishing it incomplete (issue 23)', async () => {
    const { token } = await asOwner();
    const lunch = await draftMenu(token, 'Lunch');
    const category = await t.call<{ _id: string }>({
      method: 'POST',
      url: '/api/categories',
      token,
      payload: { name: 'Mains', menu: lunch },
    });
    const dish = await t.call({
      method: 'POST',
      url: '/api/dishes',
      token,
      payload: { name: 'Soup', price: '6', category: category.body.message._id },
    });
    expect(dish.status, JSON.stringify(dish.body)).toBe(200);
    const rules = { region: 'EU', calories: 'none', usStateNotice: 'none', blockIncomplete: true };
    expect(
      (await t.call({ method: 'POST', url: '/api/restaurants/update', token, payload: { labelling: rules } }))
        .status,
    ).toBe(200);

    const sessionId = (await checkoutFor(token, lunch)).body.message;
    expect((await postForm(`/billing/checkout/${sessionId}/complete`)).statusCode).toBe(303);
    // The subscription is kept; the undeclared soup keeps the menu a draft.
    expect((await hasActive(token)).active).toBe(true);
    expect(await isDraft(lunch)).toBe(true);
  });

  it('"Cancel" on that checkout leads back to the menu, still a draft', async () => {
    const { token } = await asOwner();
    const lunch = await draftMenu(token, 'Lunch');
    const sessionId = (await checkoutFor(token, lunch)).body.message;
    const canceled = await postForm(`/billing/checkout/${sessionId}/cancel`);
    expect(canceled.headers.location).toBe(`/create-menu?id=${lunch}&checkout=canceled`);
    expect(await isDraft(lunch)).toBe(true);
  });

  it("never publishes another restaurant's menu", async () => {
    const a = await asOwner();
    const b = await asOwner();
    const theirs = await draftMenu(b.token, 'Not yours');
    // Named at checkout: refused like a menu that does not exist.
    const refused = await checkoutFor(a.token, theirs);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(billingMessages.publishMenuUnknown);
    expect(
      (await call(a.token, 'POST', '/checkout-session', { price_id: 'x', publish_menu_id: 'nope' })).status,
    ).toBe(400);

    // Slipped into a session's metadata behind Carte's back: the subscription starts, the menu stays a draft.
    const mine = await draftMenu(a.token, 'Mine');
    const sessionId = (await checkoutFor(a.token, mine)).body.message;
    await db()
      .update(localBillingObjects)
      .set({
        data: sql`jsonb_set(${localBillingObjects.data}, '{metadata,publish_menu_id}', ${JSON.stringify(theirs)}::jsonb)`,
      })
      .where(eq(localBillingObjects.id, sessionId));
    expect((await postForm(`/billing/checkout/${sessionId}/complete`)).statusCode).toBe(303);
    expect((await hasActive(a.token)).active).toBe(true);
    expect(await isDraft(theirs)).toBe(true);
    expect(await isDraft(mine)).toBe(true);
  });

  it('"Simulate a failed renewal" on the test portal sends invoice-payment-failed and ends the subscription', async () => {
    const { token, user, restaurant } = await asOwner();
    await subscribe(token);
    expect((await publish(token, { name: 'Live' })).status).toBe(200);
    const url = await portalUrl(token);
    const page = await getPage(url);
    expect(page.body).toContain('Simulate a failed renewal');

    const failed = await postForm(portalAction(url, 'fail-renewal'));
    expect(failed.statusCode).toBe(303);
    const mail = await t.sink.waitFor(
      (caught) => caught.to.includes(user.email) && caught.subject.includes('did not go through'),
    );
    expect(mail.text).toContain(restaurant.name);
    const invoiceUrl = mail.links.find((link) => link.startsWith('http://carte.test/billing/invoice/'))!;
    expect((await getPage(new URL(invoiceUrl).pathname)).body).toContain('Not paid');
    expect((await hasActive(token)).active).toBe(false);
    const rows = await db().select().from(menus).where(eq(menus.restaurantId, restaurant.id));
    expect(rows.every((menu) => menu.draft)).toBe(true);
    // The portal now shows it ended, without the button.
    const after = await getPage(url);
    expect(after.body).toContain('Ended');
    expect(after.body).not.toContain('Simulate a failed renewal');
  });
});
