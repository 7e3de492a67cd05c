import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A CONTRACT STAND-IN for Stripe's API, for tests only (issue 12: no test touches the network).
 *
 * The official `stripe` SDK is pointed at this server (STRIPE_API_BASE) and talks to it exactly as it
 * talks to api.stripe.com: form-encoded requests under /v1, JSON answers. It answers Stripe's
 * documented shapes (API version 2026-10-28) for exactly the calls Carte makes — prices, customers,
 * checkout sessions (subscription and setup mode), setup intents, payment methods, subscriptions,
 * coupons and promotion codes, billing portal sessions, invoices — keeping its objects in memory.
 * What a customer does on Stripe's hosted pages (paying, saving a card, cancelling in the portal) and
 * what Stripe does on its own (renewing, failing a card) are the `act` helpers; each changes the
 * objects the way Stripe would and answers the event Stripe would send, signed with the SDK's own
 * test-header helper, ready to post to Carte's webhook.
 *
 * It is not Stripe: no validation beyond what Carte's calls need, no money, no retries.
 */

export interface SignedEvent {
  id: string;
  type: string;
  payload: string;
  signature: string;
}

type StripeObject = Record<string, unknown> & { id: string; object: string };

const DAY = 24 * 60 * 60;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's bracket notation (`a[b][0][c]=v`) into nested objects and lists. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

export interface StripeStandIn {
  /** STRIPE_API_BASE for Carte. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  monthlyPrice: string;
  yearlyPrice: string;
  /** Every request the SDK made: method, path, and the Stripe-Version header it sent. */
  requests: { method: string; path: string; version: string | undefined; authorized: boolean }[];
  objects: Map<string, StripeObject>;
  /** What customers and Stripe itself do; each answers the event(s) Stripe would send. */
  act: {
    /** The customer pays on Checkout: a subscription starts; answers checkout.session.completed, customer.subscription.created, invoice.paid. */
    payCheckout(
      sessionId: string,
      options?: { at?: Date },
    ): {
      subscriptionId: string;
      invoiceId: string;
      events: SignedEvent[];
    };
    /** The customer saves a card on a setup-mode Checkout; answers checkout.session.completed. */
    completeSetup(sessionId: string): { paymentMethodId: string; events: SignedEvent[] };
    /** Changes a subscription (e.g. cancel_at_period_end from the portal); answers customer.subscription.updated. */
    updateSubscription(subscriptionId: string, patch: Record<string, unknown>): SignedEvent;
    /** Stripe ends a subscription; answers customer.subscription.deleted. */
    endSubscription(subscriptionId: string): SignedEvent;
    /** A renewal charge fails; answers invoice.payment_failed. */
    failRenewal(subscriptionId: string): { invoiceId: string; event: SignedEvent };
    /** Any event about an object, as it stands now (e.g. to replay or reorder). */
    event(type: string, objectId: string): SignedEvent;
  };
  /** A promotion code known to this stand-in. */
  addPromotionCode(code: string, coupon: { percent_off?: number; amount_off?: number }): void;
  close(): Promise<void>;
}

export async function startStripeStandIn(options: { now?: () => Date } = {}): Promise<StripeStandIn> {
  const now = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const objects = new Map<string, StripeObject>();
  const requests: StripeStandIn['requests'] = [];
  let url = '';

  const put = <T extends StripeObject>(object: T): T => {
    objects.set(object.id, object);
    return object;
  };
  const price = (priceId: string, unitAmount: number, interval: 'month' | 'year') =>
    put({
      id: priceId,
      object: 'price',
      active: true,
      currency: 'usd',
      product: 'prod_carte',
      type: 'recurring',
      unit_amount: unitAmount,
      recurring: { interval, interval_count: 1, usage_type: 'licensed' },
      metadata: {},
    });
  const monthly = price('price_monthly_carte', 2900, 'month');
  const yearly = price('price_yearly_carte', 29000, 'year');

  const get = (objectId: string, kind: string): StripeObject | null => {
    const found = objects.get(objectId);
    return found?.object === kind ? found : null;
  };
  const list = (data: unknown[], path: string) => ({ object: 'list', data, has_more: false, url: path });

  const signed = (type: string, object: StripeObject): SignedEvent => {
    const eventId = id('evt');
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object },
    });
    return {
      id: eventId,
      type,
      payload,
      signature: Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        timestamp: now(),
      }),
    };
  };

  const subscription = (input: {
    customer: string;
    priceId: string;
    metadata: Record<string, string>;
    defaultPaymentMethod: string | null;
    discounts?: unknown[];
    start?: number;
  }) => {
    const start = input.start ?? now();
    const priceObject = objects.get(input.priceId) as StripeObject & { recurring: { interval: string } };
    const end = start + (priceObject.recurring.interval === 'year' ? 365 : 30) * DAY;
    const subscriptionId = id('sub');
    return put({
      id: subscriptionId,
      object: 'subscription',
      status: 'active',
      customer: input.customer,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: 'usd',
      default_payment_method: input.defaultPaymentMethod,
      // Stored as Stripe answers with `expand[]=discounts.source.coupon`: a discount per promotion code.
      discounts: (input.discounts ?? []).map((entry) => {
        const promotionId = (entry as { promotion_code?: string }).promotion_code ?? '';
        const promotion = found(promotionId, 'promotion_code') as StripeObject & {
          promotion: { coupon: StripeObject };
        };
        return {
          id: id('di'),
          object: 'discount',
          promotion_code: promotion.id,
          source: { type: 'coupon', coupon: promotion.promotion.coupon },
        };
      }),
      metadata: input.metadata,
      items: list(
        [
          {
            id: id('si'),
            object: 'subscription_item',
            price: priceObject,
            quantity: 1,
            subscription: subscriptionId,
            current_period_start: start,
            current_period_end: end,
            metadata: {},
          },
        ],
        `/v1/subscription_items?subscription=${subscriptionId}`,
      ),
      latest_invoice: null,
    });
  };

  const invoice = (sub: StripeObject, status: 'paid' | 'open') => {
    const customer = objects.get(sub.customer as string) as StripeObject & { name: string; email: string };
    const invoiceId = id('in');
    return put({
      id: invoiceId,
      object: 'invoice',
      status,
      customer: customer.id,
      customer_name: customer.name,
      customer_email: customer.email,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${invoiceId}`,
      invoice_pdf: `https://pay.stripe.com/invoice/acct_test/${invoiceId}/pdf`,
      amount_due: 2900,
      amount_paid: status === 'paid' ? 2900 : 0,
      currency: 'usd',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      created: now(),
    });
  };

  const card = (customer: string | null, last4 = '4242') =>
    put({
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'visa', last4, exp_month: 12, exp_year: 2031, country: 'US', funding: 'credit' },
      billing_details: { name: 'Ann Lee', email: null, phone: null, address: null },
      metadata: {},
      created: now(),
    });

  // ---- the API ----
  type Handler = (
    params: Record<string, string>,
    body: Record<string, unknown>,
    query: URLSearchParams,
  ) => unknown;
  const notFound = (objectId: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such object: '${objectId}'`,
        param: 'id',
      },
    },
  });
  const routes: [string, RegExp, Handler][] = [];
  const route = (method: string, path: string, handler: Handler) =>
    routes.push([method, new RegExp(`^${path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`), handler]);
  const found = (objectId: string | undefined, kind: string) => {
    const object = objectId ? get(objectId, kind) : null;
    if (!object) throw notFound(objectId ?? '');
    return object;
  };

  route('GET', '/v1/prices/:id', (p) => found(p.id, 'price'));
  route('POST', '/v1/customers', (_p, body) =>
    put({
      id: id('cus'),
      object: 'customer',
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
      invoice_settings: { default_payment_method: null },
      created: now(),
    }),
  );
  route('GET', '/v1/customers/:id', (p) => found(p.id, 'customer'));
  route('POST', '/v1/customers/:id', (p, body) => {
    const customer = found(p.id, 'customer');
    const settings = body.invoice_settings as { default_payment_method?: string } | undefined;
    if (settings?.default_payment_method) {
      found(settings.default_payment_method, 'payment_method');
      customer.invoice_settings = { default_payment_method: settings.default_payment_method };
    }
    return customer;
  });
  route('GET', '/v1/customers/:id/payment_methods', (p) => {
    found(p.id, 'customer');
    const cards = [...objects.values()].filter((o) => o.object === 'payment_method' && o.customer === p.id);
    return list(cards, `/v1/customers/${p.id}/payment_methods`);
  });
  route('POST', '/v1/checkout/sessions', (_p, body) => {
    const sessionId = `cs_test_${randomBytes(24).toString('hex')}`;
    return put({
      id: sessionId,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      customer: body.customer,
      client_reference_id: body.client_reference_id ?? null,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      metadata: body.metadata ?? {},
      subscription: null,
      setup_intent: null,
      line_items_request: body.line_items ?? null,
      subscription_data_request: body.subscription_data ?? null,
      allow_promotion_codes: body.allow_promotion_codes === 'true',
      currency: body.currency ?? null,
    });
  });
  route('GET', '/v1/checkout/sessions/:id', (p) => found(p.id, 'checkout.session'));
  route('GET', '/v1/setup_intents/:id', (p) => found(p.id, 'setup_intent'));
  route('POST', '/v1/subscriptions', (_p, body) => {
    const items = body.items as { price: string }[];
    const created = subscription({
      customer: body.customer as string,
      priceId: items[0]!.price,
      metadata: (body.metadata as Record<string, string>) ?? {},
      defaultPaymentMethod: (body.default_payment_method as string) ?? null,
      discounts: (body.discounts as unknown[]) ?? [],
    });
    return created;
  });
  route('GET', '/v1/subscriptions/:id', (p) => found(p.id, 'subscription'));
  route('POST', '/v1/subscriptions/:id', (p, body) => {
    const sub = found(p.id, 'subscription');
    if (body.cancel_at_period_end !== undefined)
      sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
    return sub;
  });
  route('DELETE', '/v1/subscriptions/:id', (p) => {
    const sub = found(p.id, 'subscription');
    Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
    return sub;
  });
  route('GET', '/v1/promotion_codes', (_p, _body, query) => {
    const code = query.get('code');
    const codes = [...objects.values()].filter(
      (o) => o.object === 'promotion_code' && (!code || o.code === code) && o.active === true,
    );
    return list(codes, '/v1/promotion_codes');
  });
  route('POST', '/v1/coupons', (_p, body) =>
    put({
      id: id('coupon'),
      object: 'coupon',
      valid: true,
      duration: body.duration ?? 'once',
      percent_off: body.percent_off ? Number(body.percent_off) : null,
      amount_off: body.amount_off ? Number(body.amount_off) : null,
      currency: body.currency ?? null,
    }),
  );
  route('POST', '/v1/promotion_codes', (_p, body) => {
    const promotion = body.promotion as { coupon: string };
    return put({
      id: id('promo'),
      object: 'promotion_code',
      active: true,
      code: body.code,
      promotion: { type: 'coupon', coupon: found(promotion.coupon, 'coupon') },
      restrictions: { first_time_transaction: false, minimum_amount: null },
      times_redeemed: 0,
    });
  });
  route('POST', '/v1/billing_portal/sessions', (_p, body) => {
    found(body.customer as string, 'customer');
    const sessionId = id('bps');
    return put({
      id: sessionId,
      object: 'billing_portal.session',
      customer: body.customer,
      return_url: body.return_url,
      url: `https://billing.stripe.com/p/session/${sessionId}`,
    });
  });
  route('GET', '/v1/invoices/:id', (p) => found(p.id, 'invoice'));

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const target = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    requests.push({
      method,
      path: target.pathname,
      version: request.headers['stripe-version'] as string | undefined,
      authorized: request.headers.authorization === `Bearer ${secretKey}`,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    for (const [routeMethod, pattern, handler] of routes) {
      const match = routeMethod === method ? pattern.exec(target.pathname) : null;
      if (!match) continue;
      try {
        send(200, handler(match.groups ?? {}, body, target.searchParams));
      } catch (error) {
        const failure = error as { status?: number; body?: unknown };
        if (failure.status) send(failure.status, failure.body);
        else send(500, { error: { type: 'api_error', message: String(error) } });
      }
      return;
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${target.pathname})`,
      },
    });
  }

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const act: StripeStandIn['act'] = {
    payCheckout(sessionId, actOptions = {}) {
      const session = found(sessionId, 'checkout.session');
      const pm = card(session.customer as string);
      const customer = found(session.customer as string, 'customer');
      customer.invoice_settings = { default_payment_method: pm.id };
      const lineItems = session.line_items_request as { price: string }[];
      const subscriptionData = session.subscription_data_request as {
        metadata?: Record<string, string>;
      } | null;
      const sub = subscription({
        customer: customer.id,
        priceId: lineItems[0]!.price,
        metadata: subscriptionData?.metadata ?? {},
        defaultPaymentMethod: pm.id,
        ...(actOptions.at ? { start: Math.floor(actOptions.at.getTime() / 1000) } : {}),
      });
      const paid = invoice(sub, 'paid');
      Object.assign(sub, { latest_invoice: paid.id });
      Object.assign(session, { status: 'complete', subscription: sub.id, url: null });
      return {
        subscriptionId: sub.id,
        invoiceId: paid.id,
        events: [
          signed('checkout.session.completed', session),
          signed('customer.subscription.created', sub),
          signed('invoice.paid', paid),
        ],
      };
    },
    completeSetup(sessionId) {
      const session = found(sessionId, 'checkout.session');
      const pm = card(session.customer as string, '4444');
      const intent = put({
        id: id('seti'),
        object: 'setup_intent',
        status: 'succeeded',
        customer: session.customer,
        payment_method: pm.id,
        usage: 'off_session',
      });
      Object.assign(session, { status: 'complete', setup_intent: intent.id, url: null });
      return { paymentMethodId: pm.id, events: [signed('checkout.session.completed', session)] };
    },
    updateSubscription(subscriptionId, patch) {
      const sub = found(subscriptionId, 'subscription');
      Object.assign(sub, patch);
      return signed('customer.subscription.updated', sub);
    },
    endSubscription(subscriptionId) {
      const sub = found(subscriptionId, 'subscription');
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return signed('customer.subscription.deleted', sub);
    },
    failRenewal(subscriptionId) {
      const sub = found(subscriptionId, 'subscription');
      sub.status = 'past_due';
      const open = invoice(sub, 'open');
      return { invoiceId: open.id, event: signed('invoice.payment_failed', open) };
    },
    event(type, objectId) {
      const object = objects.get(objectId);
      if (!object) throw new Error(`no object ${objectId}`);
      return signed(type, object);
    },
  };

  return {
    get url() {
      return url;
    },
    secretKey,
    webhookSecret,
    monthlyPrice: monthly.id,
    yearlyPrice: yearly.id,
    requests,
    objects,
    act,
    addPromotionCode(code, coupon) {
      const couponObject = put({
        id: id('coupon'),
        object: 'coupon',
        valid: true,
        percent_off: coupon.percent_off ?? null,
        amount_off: coupon.amount_off ?? null,
      });
      put({
        id: id('promo'),
        object: 'promotion_code',
        active: true,
        code,
        promotion: { type: 'coupon', coupon: couponObject },
        restrictions: { first_time_transaction: false, minimum_amount: null },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
