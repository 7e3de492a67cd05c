import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  addInterval,
  type BasePlan,
  BILLING_LINK_LIFETIME_MS,
  type BillingInterval,
  discountedCents,
  localCheckoutPath,
  localSetupPath,
  type PaymentMethod,
  type PlanPrice,
  type PromotionCoupon,
} from '@carte/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/connect.ts';
import { localBillingObjects } from '../../db/schema.ts';
import type { FinishedSession, PaymentsProvider, ProviderInvoice, ProviderSubscription } from './payments.ts';

/** What a manage link of the test portal grants: one customer's subscription of one restaurant, for a while. */
export interface LocalPortalGrant {
  customerId: string;
  restaurantId: string;
}

/** A card typed on a test page. */
export interface TestCard {
  number: string;
  name: string;
}

/** The buttons of the test portal that change the subscription. */
export const localPortalActions = ['cancel', 'resume', 'end', 'fail-renewal'] as const;
export type LocalPortalAction = (typeof localPortalActions)[number];

/** Why a test page refused what was typed. */
export type LocalRefusal = 'declined' | 'invalid-card' | 'invalid-code';

export class LocalPaymentRefused extends Error {
  constructor(readonly reason: LocalRefusal) {
    super(reason);
  }
}

/** The test provider's subscription, invoice and sessions as its pages show them. */
export interface LocalSubscription {
  id: string;
  customer: string;
  restaurant_id: string;
  price_id: string;
  interval: BillingInterval;
  status: 'active' | 'canceled';
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  coupon: PromotionCoupon['coupon'] | null;
  /** The menu to publish once it is active (a checkout opened from publishing, issue 22). */
  publish_menu_id?: string | null;
}

export interface LocalInvoice {
  id: string;
  customer: string;
  subscription: string | null;
  status: 'paid' | 'open';
  amount_due: number;
  interval: BillingInterval;
  customer_name: string | null;
  customer_email: string | null;
  card: string;
  created: number;
}

interface LocalSession {
  id: string;
  mode: 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  customer: string;
  restaurant_id: string | null;
  price_id: string | null;
  success_url: string;
  cancel_url: string;
  created: number;
  subscription: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
}

interface LocalCustomer {
  id: string;
  email: string;
  name: string;
  payer_id: string;
  default_payment_method: string | null;
}

interface LocalPaymentMethod {
  id: string;
  customer: string;
  card: PaymentMethod['card'];
  billing_details: { name: string | null };
  metadata: Record<string, string>;
  /** The card is saved but every charge on it fails (test card 4000 0000 0000 0341). */
  charge_fails: boolean;
  created: number;
}

interface LocalPromotionCode {
  id: string;
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  active: boolean;
}

/** Test card numbers, as a card provider's test mode knows them. */
const TEST_CARDS: Record<string, { brand: string; outcome: 'ok' | 'declined' | 'charge-fails' }> = {
  '4242424242424242': { brand: 'visa', outcome: 'ok' },
  '5555555555554444': { brand: 'mastercard', outcome: 'ok' },
  '4000000000000002': { brand: 'visa', outcome: 'declined' },
  '4000000000000341': { brand: 'visa', outcome: 'charge-fails' },
};
export const DEFAULT_TEST_CARD = '4242 4242 4242 4242';

export interface LocalPayments extends PaymentsProvider {
  readonly kind: 'local';
  /** The billing service's webhook entry: every event of this provider is delivered there, signed. */
  deliverEventsTo(receive: (rawBody: Buffer, signature: string) => Promise<void>): void;
  /** The grant of a manage link's token, or null when it is forged, malformed or expired. */
  readPortalToken(token: string): LocalPortalGrant | null;
  /** An open checkout or setup session of the last hour, or null. */
  openSession(sessionId: string): Promise<{
    session: LocalSession;
    price: PlanPrice | null;
  } | null>;
  /** "Pay (test)": saves the card, starts the subscription, answers where the browser goes next. */
  payCheckout(sessionId: string, card: TestCard, promotionCode: string): Promise<string>;
  /** "Save card (test)" of a setup session; answers where the browser goes next. */
  saveCard(sessionId: string, card: TestCard): Promise<string>;
  /** "Cancel" on a checkout or setup page; answers the cancel URL. */
  cancelSession(sessionId: string): Promise<string>;
  /** The portal's content for a grant: the restaurant's latest subscription, cards and invoices. */
  portal(grant: LocalPortalGrant): Promise<{
    subscription: LocalSubscription | null;
    paymentMethods: PaymentMethod[];
    invoices: LocalInvoice[];
  }>;
  /**
   * The portal's buttons; `fail-renewal` ("Simulate a failed renewal", issue 22) renews now with a
   * payment that fails, as a card refused at renewal would: the invoice-payment-failed mail, then the lapse.
   */
  portalAction(grant: LocalPortalGrant, action: LocalPortalAction): Promise<void>;
  /** A setup session for the portal's "Add a card", leading back to the portal. */
  invoice(invoiceId: string): Promise<LocalInvoice | null>;
  /**
   * The calendar of the test provider, run by the billing schedule: subscriptions whose period has
   * ended renew (charging the default card) or end (cancelled, or the card failed), with their events.
   */
  advanceClock(): Promise<void>;
}

/** The manage page; `back` is the same-origin path its "Back to Carte" link leads to. */
export const localPortalPath = (token: string, back?: string) =>
  `/billing/portal/${encodeURIComponent(token)}${back ? `?back=${encodeURIComponent(back)}` : ''}`;

export const localInvoicePath = (invoiceId: string) => `/billing/invoice/${encodeURIComponent(invoiceId)}`;

const ID_BYTES = 12;
const GRANT_BYTES = ID_BYTES * 2 + 4;
const SIGNATURE_BYTES = 16;
const isHexId = (id: string) => /^[0-9a-f]{24}$/.test(id);
const hexId = () => randomBytes(ID_BYTES).toString('hex');
/** Ids of pages reached without sign-in are unguessable (192 random bits). */
const secretId = () => randomBytes(24).toString('base64url');

export interface LocalPaymentsOptions {
  db: Db;
  plan: BasePlan;
  hmacKey: string;
  now: () => Date;
  /** Promotion codes every fresh machine knows (LOCAL_PROMOTION_CODES). */
  promotionCodes: { code: string; percent_off: number | null; amount_off: number | null }[];
}

/**
 * BILLING_PROVIDER=local (decisions §2; issue 12): a card provider built into Carte that charges
 * nothing and is labelled so on every page. It keeps customers, cards (test numbers), sessions,
 * subscriptions, invoices and promotion codes in `local_billing_objects`, and reports what happens
 * as events in Stripe's shape, signed like Stripe signs them, into the same webhook processing path.
 *
 * Checkout, setup and invoice ids are 192 random bits: those pages need no sign-in. A manage link's
 * token is the customer, the restaurant and an expiry (one hour), signed with HMAC-SHA-256.
 */
export function createLocalPayments(options: LocalPaymentsOptions): LocalPayments {
  const { db, now } = options;
  const key = createHmac('sha256', options.hmacKey).update('carte:local-billing-portal').digest();
  const webhookSecret = `whsec_${createHmac('sha256', options.hmacKey).update('carte:local-billing-events').digest('hex')}`;
  const sign = (grant: Buffer) =>
    createHmac('sha256', key).update(grant).digest().subarray(0, SIGNATURE_BYTES);
  let receive: ((rawBody: Buffer, signature: string) => Promise<void>) | null = null;
  const seconds = () => Math.floor(now().getTime() / 1000);

  // ---- the object store ----
  async function load<T>(kind: string, id: string): Promise<T | null> {
    const [row] = await db
      .select({ data: localBillingObjects.data })
      .from(localBillingObjects)
      .where(and(eq(localBillingObjects.id, id), eq(localBillingObjects.kind, kind)));
    return (row?.data as T | undefined) ?? null;
  }
  async function save<T extends { id: string }>(kind: string, object: T, customerId?: string | null) {
    const data = object as unknown as Record<string, unknown>;
    await db
      .insert(localBillingObjects)
      .values({ id: object.id, kind, customerId: customerId ?? null, data, updatedAt: now() })
      .onConflictDoUpdate({ target: localBillingObjects.id, set: { data, updatedAt: now() } });
  }
  async function list<T>(kind: string, customerId?: string): Promise<T[]> {
    const rows = await db
      .select({ data: localBillingObjects.data })
      .from(localBillingObjects)
      .where(
        and(
          eq(localBillingObjects.kind, kind),
          customerId ? eq(localBillingObjects.customerId, customerId) : undefined,
        ),
      )
      .orderBy(desc(localBillingObjects.createdAt), desc(localBillingObjects.id));
    return rows.map((row) => row.data as T);
  }

  // ---- events, in Stripe's shape, signed with this provider's own secret ----
  async function emit(type: string, object: { id: string }) {
    const payload = JSON.stringify({
      id: `evt_local_${secretId()}`,
      object: 'event',
      type,
      created: seconds(),
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: seconds(),
    });
    if (receive) await receive(Buffer.from(payload), signature);
  }

  const prices = async () => options.plan;
  async function priceById(priceId: string | null): Promise<PlanPrice | null> {
    const plan = await prices();
    return (
      [plan.monthly_product.price, plan.yearly_product.price].find((price) => price.id === priceId) ?? null
    );
  }

  async function promotion(code: string): Promise<LocalPromotionCode | null> {
    const wanted = code.trim().toUpperCase();
    if (!wanted) return null;
    const fromConfig = options.promotionCodes.find((entry) => entry.code.toUpperCase() === wanted);
    if (fromConfig) return { id: `promo_local_${wanted}`, active: true, ...fromConfig };
    const stored = await list<LocalPromotionCode>('promotion_code');
    return stored.find((entry) => entry.active && entry.code.toUpperCase() === wanted) ?? null;
  }

  async function addCard(customerId: string, card: TestCard, metadata: Record<string, string> = {}) {
    const number = card.number.replace(/[\s-]/g, '') || DEFAULT_TEST_CARD.replace(/\s/g, '');
    const known = TEST_CARDS[number];
    if (!known) throw new LocalPaymentRefused('invalid-card');
    if (known.outcome === 'declined') throw new LocalPaymentRefused('declined');
    const at = now();
    const method: LocalPaymentMethod = {
      id: `pm_local_${hexId()}`,
      customer: customerId,
      card: {
        brand: known.brand,
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: at.getUTCFullYear() + 3,
      },
      billing_details: { name: card.name.trim().slice(0, 100) || null },
      metadata,
      charge_fails: known.outcome === 'charge-fails',
      created: at.getTime(),
    };
    await save('payment_method', method, customerId);
    return method;
  }

  async function customer(customerId: string): Promise<LocalCustomer> {
    const found = await load<LocalCustomer>('customer', customerId);
    if (!found) throw new Error(`unknown local customer ${customerId}`);
    return found;
  }

  /** Charges a card for one period; answers the invoice (paid, or open when the card failed). */
  async function charge(
    subscription: LocalSubscription,
    method: LocalPaymentMethod | null,
    options: { fail?: boolean } = {},
  ): Promise<LocalInvoice> {
    const price = await priceById(subscription.price_id);
    const payer = await customer(subscription.customer);
    const invoice: LocalInvoice = {
      id: `in_local_${secretId()}`,
      customer: subscription.customer,
      subscription: subscription.id,
      status: method && !method.charge_fails && !options.fail ? 'paid' : 'open',
      amount_due: discountedCents(price?.unit_amount ?? 0, subscription.coupon),
      interval: subscription.interval,
      customer_name: method?.billing_details.name ?? payer.name,
      customer_email: payer.email,
      card: method ? `${method.card.brand} •••• ${method.card.last4}` : '—',
      created: now().getTime(),
    };
    await save('invoice', invoice, subscription.customer);
    return invoice;
  }

  async function startSubscription(input: {
    customerId: string;
    restaurantId: string;
    price: PlanPrice;
    method: LocalPaymentMethod;
    coupon: PromotionCoupon['coupon'] | null;
    publishMenuId?: string | null;
  }): Promise<{ subscription: LocalSubscription; invoice: LocalInvoice }> {
    if (input.method.charge_fails) throw new LocalPaymentRefused('declined');
    const start = now();
    const subscription: LocalSubscription = {
      id: `sub_local_${hexId()}`,
      customer: input.customerId,
      restaurant_id: input.restaurantId,
      price_id: input.price.id,
      interval: input.price.recurring.interval,
      status: 'active',
      current_period_start: start.getTime(),
      current_period_end: addInterval(start, input.price.recurring.interval).getTime(),
      cancel_at_period_end: false,
      coupon: input.coupon,
      publish_menu_id: input.publishMenuId ?? null,
    };
    await save('subscription', subscription, input.customerId);
    return { subscription, invoice: await charge(subscription, input.method) };
  }

  const subscriptionOf = (subscription: LocalSubscription): ProviderSubscription => ({
    id: subscription.id,
    customerId: subscription.customer,
    restaurantId: subscription.restaurant_id,
    status: subscription.status,
    priceId: subscription.price_id,
    interval: subscription.interval,
    currentPeriodStart: new Date(subscription.current_period_start),
    currentPeriodEnd: new Date(subscription.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    discount: subscription.coupon ?? null,
    publishMenuId: subscription.publish_menu_id ?? null,
  });

  async function methodsOf(customerId: string): Promise<PaymentMethod[]> {
    const payer = await customer(customerId);
    const methods = await list<LocalPaymentMethod>('payment_method', customerId);
    return methods
      .map(
        (method): PaymentMethod => ({
          id: method.id,
          card: method.card,
          billing_details: method.billing_details,
          metadata: method.metadata,
          isDefault: method.id === payer.default_payment_method,
        }),
      )
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  }

  async function defaultMethod(customerId: string): Promise<LocalPaymentMethod | null> {
    const payer = await customer(customerId);
    return payer.default_payment_method
      ? load<LocalPaymentMethod>('payment_method', payer.default_payment_method)
      : null;
  }

  async function setDefault(customerId: string, paymentMethodId: string) {
    const payer = await customer(customerId);
    const method = await load<LocalPaymentMethod>('payment_method', paymentMethodId);
    if (method?.customer !== customerId) throw new Error('not a card of this customer');
    await save('customer', { ...payer, default_payment_method: paymentMethodId });
  }

  async function openSession(sessionId: string) {
    const session = await load<LocalSession>('session', sessionId);
    if (session?.status !== 'open') return null;
    if (session.created + BILLING_LINK_LIFETIME_MS <= now().getTime()) return null;
    return session;
  }

  async function endSubscription(subscription: LocalSubscription) {
    const ended: LocalSubscription = {
      ...subscription,
      status: 'canceled',
      current_period_end: Math.min(subscription.current_period_end, now().getTime()),
    };
    await save('subscription', ended, ended.customer);
    await emit('customer.subscription.deleted', ended);
    return ended;
  }

  /**
   * A renewal whose payment failed: the open invoice is reported (`invoice.payment_failed`) and the
   * subscription ends at once (the test provider does not retry a card).
   */
  async function failRenewal(subscription: LocalSubscription, method: LocalPaymentMethod | null) {
    const invoice = await charge(subscription, method, { fail: true });
    await emit('invoice.payment_failed', invoice);
    return endSubscription(subscription);
  }

  async function latestSubscriptionOf(grant: LocalPortalGrant): Promise<LocalSubscription | null> {
    const subscriptions = await list<LocalSubscription>('subscription', grant.customerId);
    const ofRestaurant = subscriptions.filter((entry) => entry.restaurant_id === grant.restaurantId);
    return ofRestaurant.find((entry) => entry.status === 'active') ?? ofRestaurant[0] ?? null;
  }

  return {
    kind: 'local',
    prices,

    deliverEventsTo(handler) {
      receive = handler;
    },

    async createCustomer(input) {
      const created: LocalCustomer = {
        id: `cus_local_${hexId()}`,
        email: input.email,
        name: input.name,
        payer_id: input.payerId,
        default_payment_method: null,
      };
      await save('customer', created);
      return created.id;
    },

    async createCheckoutSession(input) {
      const session: LocalSession = {
        id: `cs_local_${secretId()}`,
        mode: 'subscription',
        status: 'open',
        customer: input.customerId,
        restaurant_id: input.restaurantId,
        price_id: input.price.id,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        created: now().getTime(),
        subscription: null,
        payment_method: null,
        metadata: input.publishMenuId ? { publish_menu_id: input.publishMenuId } : {},
      };
      await save('session', session, input.customerId);
      return { id: session.id, url: localCheckoutPath(session.id) };
    },

    async checkoutSessionUrl(sessionId) {
      const session = await openSession(sessionId);
      return session ? localCheckoutPath(session.id) : null;
    },

    async createSetupSession(input) {
      const session: LocalSession = {
        id: `cs_local_${secretId()}`,
        mode: 'setup',
        status: 'open',
        customer: input.customerId,
        restaurant_id: null,
        price_id: null,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        created: now().getTime(),
        subscription: null,
        payment_method: null,
        metadata: input.metadata ?? {},
      };
      await save('session', session, input.customerId);
      return { id: session.id, url: localSetupPath(session.id) };
    },

    async retrieveCheckoutSession(sessionId): Promise<FinishedSession | null> {
      const session = await load<LocalSession>('session', sessionId);
      if (!session) return null;
      return {
        id: session.id,
        mode: session.mode,
        status: session.status,
        customerId: session.customer,
        subscriptionId: session.subscription,
        paymentMethodId: session.payment_method,
      };
    },

    listPaymentMethods: methodsOf,
    setDefaultPaymentMethod: setDefault,

    async createSubscription(input) {
      const price = await priceById(input.priceId);
      const method = await load<LocalPaymentMethod>('payment_method', input.paymentMethodId);
      if (!price || method?.customer !== input.customerId) throw new Error('unknown price or card');
      let coupon: PromotionCoupon['coupon'] | null = null;
      if (input.promotionCode) {
        const code = await promotion(input.promotionCode);
        if (!code) throw new LocalPaymentRefused('invalid-code');
        coupon = { percent_off: code.percent_off, amount_off: code.amount_off };
      }
      const started = await startSubscription({
        customerId: input.customerId,
        restaurantId: input.restaurantId,
        price,
        method,
        coupon,
      });
      await emit('customer.subscription.created', started.subscription);
      await emit('invoice.paid', started.invoice);
      return subscriptionOf(started.subscription);
    },

    async retrieveSubscription(subscriptionId) {
      const found = await load<LocalSubscription>('subscription', subscriptionId);
      return found ? subscriptionOf(found) : null;
    },

    async cancelSubscription(subscriptionId, cancel) {
      const found = await load<LocalSubscription>('subscription', subscriptionId);
      if (!found) throw new Error(`unknown local subscription ${subscriptionId}`);
      if (found.status !== 'active') return subscriptionOf(found);
      if (!cancel.atPeriodEnd) return subscriptionOf(await endSubscription(found));
      const updated = { ...found, cancel_at_period_end: true };
      await save('subscription', updated, updated.customer);
      await emit('customer.subscription.updated', updated);
      return subscriptionOf(updated);
    },

    async resumeSubscription(subscriptionId) {
      const found = await load<LocalSubscription>('subscription', subscriptionId);
      if (!found) throw new Error(`unknown local subscription ${subscriptionId}`);
      if (found.status !== 'active') return subscriptionOf(found);
      const updated = { ...found, cancel_at_period_end: false };
      await save('subscription', updated, updated.customer);
      await emit('customer.subscription.updated', updated);
      return subscriptionOf(updated);
    },

    async checkPromotionCode(code) {
      const found = await promotion(code);
      return found ? { coupon: { percent_off: found.percent_off, amount_off: found.amount_off } } : null;
    },

    async createPromotionCode(input) {
      const code: LocalPromotionCode = {
        id: `promo_local_${hexId()}`,
        code: input.code.trim(),
        percent_off: input.percent_off,
        amount_off: input.amount_off,
        active: true,
      };
      await save('promotion_code', code);
    },

    async createPortalSession(input) {
      const customerKey = input.customerId.replace(/^cus_local_/, '');
      if (!isHexId(customerKey) || !isHexId(input.restaurantId)) throw new Error('not a local customer');
      const grant = Buffer.alloc(GRANT_BYTES);
      grant.write(customerKey, 0, 'hex');
      grant.write(input.restaurantId, ID_BYTES, 'hex');
      grant.writeUInt32BE(Math.floor((now().getTime() + BILLING_LINK_LIFETIME_MS) / 1000), ID_BYTES * 2);
      const token = `${grant.toString('base64url')}.${sign(grant).toString('base64url')}`;
      const back = new URL(input.returnUrl, 'http://carte.invalid');
      return { url: localPortalPath(token, `${back.pathname}${back.search}`) };
    },

    async retrieveInvoice(invoiceId): Promise<ProviderInvoice | null> {
      const found = await load<LocalInvoice>('invoice', invoiceId);
      if (!found) return null;
      return {
        id: found.id,
        customerId: found.customer,
        subscriptionId: found.subscription,
        status: found.status,
        hostedInvoiceUrl: localInvoicePath(found.id),
        invoicePdf: `${localInvoicePath(found.id)}/pdf`,
        customerName: found.customer_name,
        customerEmail: found.customer_email,
      };
    },

    verifyEvent(rawBody, signature, receivedAt) {
      if (!signature) throw new Error('no signature');
      const event = Stripe.webhooks.constructEvent(
        rawBody,
        signature,
        webhookSecret,
        undefined,
        undefined,
        receivedAt,
      );
      const object = event.data.object as { id?: unknown };
      return { id: event.id, type: event.type, objectId: typeof object.id === 'string' ? object.id : '' };
    },

    readPortalToken(token) {
      const [grantText, signatureText, extra] = token.split('.');
      if (!grantText || !signatureText || extra !== undefined) return null;
      const grant = Buffer.from(grantText, 'base64url');
      const signature = Buffer.from(signatureText, 'base64url');
      if (grant.length !== GRANT_BYTES || signature.length !== SIGNATURE_BYTES) return null;
      if (!timingSafeEqual(sign(grant), signature)) return null;
      if (grant.readUInt32BE(ID_BYTES * 2) * 1000 <= now().getTime()) return null;
      return {
        customerId: `cus_local_${grant.subarray(0, ID_BYTES).toString('hex')}`,
        restaurantId: grant.subarray(ID_BYTES, ID_BYTES * 2).toString('hex'),
      };
    },

    async openSession(sessionId) {
      const session = await openSession(sessionId);
      if (!session) return null;
      return { session, price: await priceById(session.price_id) };
    },

    async payCheckout(sessionId, card, promotionCode) {
      const session = await openSession(sessionId);
      const price = await priceById(session?.price_id ?? null);
      if (session?.mode !== 'subscription' || !price || !session.restaurant_id) {
        throw new LocalPaymentRefused('invalid-card');
      }
      let coupon: PromotionCoupon['coupon'] | null = null;
      if (promotionCode.trim()) {
        const code = await promotion(promotionCode);
        if (!code) throw new LocalPaymentRefused('invalid-code');
        coupon = { percent_off: code.percent_off, amount_off: code.amount_off };
      }
      const method = await addCard(session.customer, card);
      // Claims the session first, so a double submit starts one subscription.
      const claimed = await db
        .update(localBillingObjects)
        .set({ data: sql`${localBillingObjects.data} || '{"status":"complete"}'::jsonb`, updatedAt: now() })
        .where(
          and(eq(localBillingObjects.id, session.id), sql`${localBillingObjects.data}->>'status' = 'open'`),
        )
        .returning({ id: localBillingObjects.id });
      if (claimed.length === 0) throw new LocalPaymentRefused('invalid-card');
      let started: Awaited<ReturnType<typeof startSubscription>>;
      try {
        await setDefault(session.customer, method.id);
        started = await startSubscription({
          customerId: session.customer,
          restaurantId: session.restaurant_id,
          price,
          method,
          coupon,
          publishMenuId: session.metadata.publish_menu_id ?? null,
        });
      } catch (error) {
        await save('session', { ...session, status: 'open' }, session.customer);
        throw error;
      }
      const completed: LocalSession = {
        ...session,
        status: 'complete',
        subscription: started.subscription.id,
        payment_method: method.id,
      };
      await save('session', completed, session.customer);
      await emit('checkout.session.completed', completed);
      await emit('customer.subscription.created', started.subscription);
      await emit('invoice.paid', started.invoice);
      return session.success_url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id));
    },

    async saveCard(sessionId, card) {
      const session = await openSession(sessionId);
      if (session?.mode !== 'setup') throw new LocalPaymentRefused('invalid-card');
      const method = await addCard(session.customer, card, session.metadata);
      const completed: LocalSession = { ...session, status: 'complete', payment_method: method.id };
      await save('session', completed, session.customer);
      await emit('checkout.session.completed', completed);
      return session.success_url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id));
    },

    async cancelSession(sessionId) {
      const session = await openSession(sessionId);
      if (!session) throw new LocalPaymentRefused('invalid-card');
      await save('session', { ...session, status: 'expired' }, session.customer);
      return session.cancel_url;
    },

    async portal(grant) {
      return {
        subscription: await latestSubscriptionOf(grant),
        paymentMethods: await methodsOf(grant.customerId),
        invoices: (await list<LocalInvoice>('invoice', grant.customerId)).slice(0, 12),
      };
    },

    async portalAction(grant, action) {
      const subscription = await latestSubscriptionOf(grant);
      if (subscription?.status !== 'active') throw new LocalPaymentRefused('invalid-card');
      if (action === 'end') await endSubscription(subscription);
      else if (action === 'fail-renewal') {
        await failRenewal(subscription, await defaultMethod(subscription.customer));
      } else {
        const updated = { ...subscription, cancel_at_period_end: action === 'cancel' };
        await save('subscription', updated, updated.customer);
        await emit('customer.subscription.updated', updated);
      }
    },

    invoice: (invoiceId) => load<LocalInvoice>('invoice', invoiceId),

    async advanceClock() {
      const at = now().getTime();
      const due = (await list<LocalSubscription>('subscription')).filter(
        (entry) => entry.status === 'active' && entry.current_period_end <= at,
      );
      for (const subscription of due) {
        if (subscription.cancel_at_period_end) {
          await endSubscription(subscription);
          continue;
        }
        // Renews period after period until now, charging the default card each time.
        let current = subscription;
        while (current.status === 'active' && current.current_period_end <= at) {
          const method = await defaultMethod(current.customer);
          if (!method || method.charge_fails) {
            current = await failRenewal(current, method);
            break;
          }
          const invoice = await charge(current, method);
          const start = new Date(current.current_period_end);
          current = {
            ...current,
            current_period_start: start.getTime(),
            current_period_end: addInterval(start, current.interval).getTime(),
          };
          await save('subscription', current, current.customer);
          await emit('invoice.paid', invoice);
          await emit('customer.subscription.updated', current);
        }
      }
    },
  };
}
