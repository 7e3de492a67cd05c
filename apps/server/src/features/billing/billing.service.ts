import {
  type BasePlan,
  billingMessages,
  type CheckoutSessionInput,
  type HasActive,
  type PaymentMethodList,
  type PlanPrice,
  type PortalSessionInput,
  type PromotionCoupon,
  type SavePayment,
  type SavePaymentInput,
} from '@carte/domain';
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss } from 'pg-boss';
import {
  handledEventTypes,
  isLocalPayments,
  type PaymentsProvider,
  type ProviderSubscription,
} from '../../adapters/payments/index.ts';
import type { Caller } from '../../core/caller.ts';
import { AppError, ForbiddenError, InvalidError, NotFoundError } from '../../core/errors.ts';
import type { Logger } from '../../core/logger.ts';
import type { MailSender } from '../../core/mail-port.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { errorForLog, uniqueViolation } from '../../db/errors.ts';
import {
  billingCustomers,
  billingEvents,
  menus,
  restaurants,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { billingEventsQueue, ensureBillingQueues } from './billing.jobs.ts';
import { presentSubscription, type SubscriptionRow } from './subscription.presenter.ts';

export interface BillingDeps {
  db: Db;
  now: () => Date;
  payments: PaymentsProvider;
  /** PUBLIC_URL: return addresses of hosted pages, and the test provider's invoice links in mails. */
  publicUrl: string;
  /** Told after a subscription starts, renews or ends: its period and its menus show on the public menu. */
  publicMenu: PublicMenuChanges;
  mailer: MailSender;
  /** The job queue: each stored event is processed by a job (with retries). */
  boss: PgBoss;
  log: Logger;
  /**
   * Whether the restaurant's labelling rules forbid publishing this menu (issue 23 §5, the menus
   * feature's check), read in the subscription's transaction; never, when absent.
   */
  publishBlocked?: (tx: Tx, restaurantId: string, menuId: string) => Promise<boolean>;
}

/** Where the browser comes back to from a checkout: paths of the web app. */
export interface CheckoutReturn {
  success: string;
  canceled: string;
}

/** The owner's own checkout comes back to the subscribe screen (doc 2 §2). */
const subscribeReturn: CheckoutReturn = {
  // The provider puts the session id in place of this literal placeholder (Stripe's own).
  success: '/subscribe?session_id={CHECKOUT_SESSION_ID}',
  canceled: '/subscribe?canceled=true',
};
export const checkoutReturnPaths = { canceled: subscribeReturn.canceled } as const;

/**
 * A checkout opened from publishing a menu (issue 22) comes back to that menu, which the owner sees
 * published once the subscription is active.
 */
const publishReturn = (menuId: string): CheckoutReturn => ({
  success: `/create-menu?id=${menuId}&session_id={CHECKOUT_SESSION_ID}`,
  canceled: `/create-menu?id=${menuId}&checkout=canceled`,
});

/** An admin's Add user checkout comes back to the admin dashboard, which says what happened. */
export const adminCheckoutReturn: CheckoutReturn = {
  success: '/admin/dashboard?checkout=done',
  canceled: '/admin/dashboard?checkout=canceled',
};

/** A webhook whose signature does not hold: 400, nothing stored. */
export class BadSignatureError extends InvalidError {
  constructor() {
    super(billingMessages.badSignature);
  }
}

/** The provider could not be reached or refused: the spec's message for that screen, nothing internal. */
class ProviderFailedError extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

/** Keeps only the path of a return URL, so hosted pages can never lead to another site. */
export function sameOriginPath(url: string | undefined, fallback = '/subscribe'): string {
  if (!url) return fallback;
  try {
    const parsed = new URL(url, 'http://carte.invalid');
    const path = `${parsed.pathname.replace(/^\/+/, '/')}${parsed.search}`;
    return path.startsWith('/') ? path : fallback;
  } catch {
    return fallback;
  }
}

/** A subscription of the provider, in Carte's three states. */
function carteStatus(subscription: ProviderSubscription, at: Date): SubscriptionRow['status'] {
  if (subscription.status === 'canceled') return 'canceled';
  if (subscription.status === 'incomplete') return 'pending';
  // Set to cancel and its period is over: ended, even if the provider's event has not come yet.
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd <= at) return 'canceled';
  return 'active';
}

/**
 * Subscriptions of a restaurant (doc 2 §2, §3, §7; doc 3 §7.2; issue 12). The owner (role RESTAURANT)
 * buys and manages through the provider's hosted pages; everyone of the restaurant may ask whether it
 * is subscribed. Carte's `subscriptions` rows follow the provider's events: each event is stored once
 * by its id, then a job re-reads the object it names from the provider and updates the row, so late,
 * repeated or out-of-order events still leave the latest state. A pg-boss schedule ends lapsed
 * subscriptions on time; when one ends, every menu of its restaurant becomes a draft again.
 */
export function createBillingService(deps: BillingDeps) {
  const { db, payments, now, publicUrl, log } = deps;

  const restaurantOf = (caller: Caller): string => {
    if (!caller.restaurantId) throw new ForbiddenError();
    return caller.restaurantId;
  };
  /** Who pays: the caller's restaurant, or a reseller itself (it pays for its clients, issue 14). */
  const payerOf = (caller: Caller): string => (caller.role === 'DMA' ? caller.userId : restaurantOf(caller));
  const refuseWhenOff = () => {
    if (payments.kind === 'off') throw new InvalidError(billingMessages.billingOff);
  };
  const absolute = (url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);

  /** Calls the provider; its failures answer the screen's message (doc 2 §8) and are logged. */
  async function provider<T>(message: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: errorForLog(error) }, 'payments provider call failed');
      throw new ProviderFailedError(message);
    }
  }

  async function priceById(priceId: string): Promise<PlanPrice | undefined> {
    const plan = await payments.prices();
    return [plan.monthly_product.price, plan.yearly_product.price].find((price) => price.id === priceId);
  }

  async function findActive(restaurantId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.restaurantId, restaurantId), eq(subscriptions.status, 'active')))
      .limit(1);
    return row;
  }

  async function customerOf(payerId: string): Promise<string | null> {
    const [row] = await db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.payerId, payerId), eq(billingCustomers.provider, payments.kind)));
    return row?.customerId ?? null;
  }

  /** A reseller who pays for its clients (issue 14), by its payer id (its user id), or undefined. */
  async function resellerOf(payerId: string) {
    const [reseller] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, payerId), eq(users.role, 'DMA')));
    return reseller;
  }

  /** A reseller's name on its invoices: its company, else its person (issue 22). */
  const resellerName = (reseller: typeof users.$inferSelect) =>
    reseller.companyName?.trim() || `${reseller.firstName} ${reseller.lastName}`.trim() || reseller.username;

  /** The provider's customer of a payer, created on first use (a restaurant, or a reseller, issue 14). */
  async function ensureCustomer(payerId: string, email: string): Promise<string> {
    const existing = await customerOf(payerId);
    if (existing) return existing;
    const [restaurant] = await db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, payerId));
    const reseller = restaurant ? undefined : await resellerOf(payerId);
    const name = restaurant?.name ?? (reseller ? resellerName(reseller) : email);
    const customerId = await payments.createCustomer({ payerId, email, name });
    await db
      .insert(billingCustomers)
      .values({ payerId, provider: payments.kind, customerId, createdAt: now() })
      .onConflictDoNothing();
    // Two first uses at once: both read the one that was kept.
    return (await customerOf(payerId)) ?? customerId;
  }

  /**
   * Ends the restaurant's subscription row now (or at its period's end, which has passed) and turns
   * EVERY menu of the restaurant back into a draft (decisions §4 Billing; doc 3 §4), unless another
   * subscription of the restaurant is active. Answers how many menus went back to draft.
   */
  async function endRow(row: SubscriptionRow): Promise<number> {
    const at = now();
    const drafted = await db.transaction(async (tx) => {
      const ended = await tx
        .update(subscriptions)
        .set({
          status: 'canceled',
          currentPeriodEnd: sql`least(coalesce(${subscriptions.currentPeriodEnd}, ${at}::timestamptz), ${at}::timestamptz)`,
          updatedAt: at,
        })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'active')))
        .returning({ id: subscriptions.id });
      if (ended.length === 0) return 0;
      return draftMenus(tx, row.restaurantId, at);
    });
    deps.publicMenu.changed(row.restaurantId);
    return drafted;
  }

  async function draftMenus(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    restaurantId: string,
    at: Date,
  ) {
    const [stillActive] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.restaurantId, restaurantId), eq(subscriptions.status, 'active')));
    if (stillActive) return 0;
    const drafted = await tx
      .update(menus)
      .set({ draft: true, updatedAt: at })
      .where(and(eq(menus.restaurantId, restaurantId), eq(menus.draft, false)))
      .returning({ id: menus.id });
    return drafted.length;
  }

  /**
   * The menu that was being published when the checkout opened (issue 22), published now that the
   * subscription is active: only a menu of the subscription's own restaurant, and only once (when
   * the subscription first becomes active).
   */
  async function publishPending(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    restaurantId: string,
    menuId: string,
    at: Date,
  ) {
    // The restaurant may forbid publishing an incomplete menu (issue 23 §5): the menu stays a draft
    // and the return page says so; the subscription itself is kept.
    if (await deps.publishBlocked?.(tx, restaurantId, menuId)) {
      log.info(
        { restaurantId, menuId },
        'menu left a draft after checkout: incomplete for its labelling rules',
      );
      return;
    }
    const published = await tx
      .update(menus)
      .set({ draft: false, updatedAt: at })
      .where(and(eq(menus.id, menuId), eq(menus.restaurantId, restaurantId), eq(menus.draft, true)))
      .returning({ id: menus.id });
    if (published.length > 0) log.info({ restaurantId, menuId }, 'menu published after checkout');
  }

  /**
   * Makes Carte's row of a provider subscription match what the provider says now (re-read, never
   * taken from the event's payload, so an old event cannot undo a newer state).
   */
  async function syncSubscription(subscriptionId: string, extra: { checkoutSessionId?: string } = {}) {
    const subscription = await payments.retrieveSubscription(subscriptionId);
    if (!subscription) return;
    const [existing] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subscription.id));
    const restaurantId = subscription.restaurantId ?? existing?.restaurantId;
    if (!restaurantId) {
      log.warn({ subscription: subscription.id }, 'provider subscription names no restaurant; ignored');
      return;
    }
    const [restaurant] = await db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!restaurant) return;

    const at = now();
    const status = carteStatus(subscription, at);
    const values = {
      restaurantId,
      provider: payments.kind,
      priceId: subscription.priceId,
      interval: subscription.interval,
      status,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd:
        status === 'canceled' && subscription.currentPeriodEnd > at ? at : subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      discount: subscription.discount,
      providerSubscriptionId: subscription.id,
      customerId: subscription.customerId,
      updatedAt: at,
      ...(extra.checkoutSessionId ? { checkoutSessionId: extra.checkoutSessionId } : {}),
    };
    const write = () =>
      db.transaction(async (tx) => {
        await tx
          .insert(subscriptions)
          .values({ ...values, createdAt: at })
          .onConflictDoUpdate({ target: subscriptions.providerSubscriptionId, set: values });
        if (status === 'canceled' && existing?.status !== 'canceled') await draftMenus(tx, restaurantId, at);
        if (status === 'active' && existing?.status !== 'active' && subscription.publishMenuId) {
          await publishPending(tx, restaurantId, subscription.publishMenuId, at);
        }
      });
    try {
      await write();
    } catch (error) {
      if (!uniqueViolation(error) !== null) throw error;
      // A second subscription of a restaurant that already has one (two checkouts paid at once): the
      // first stays, this one is cancelled at the provider and kept as cancelled.
      log.warn({ subscription: subscription.id, restaurantId }, 'second active subscription cancelled');
      await payments.cancelSubscription(subscription.id, { atPeriodEnd: false });
      await db
        .insert(subscriptions)
        .values({ ...values, status: 'canceled', currentPeriodEnd: at, createdAt: at })
        .onConflictDoUpdate({
          target: subscriptions.providerSubscriptionId,
          set: { ...values, status: 'canceled', currentPeriodEnd: at },
        });
    }
    deps.publicMenu.changed(restaurantId);
  }

  /** invoice-payment-succeeded / -failed (doc 3 §2.6) to the paying account, with the invoice's links. */
  async function mailInvoice(
    invoiceId: string,
    template: 'invoice-payment-succeeded' | 'invoice-payment-failed',
  ) {
    const invoice = await payments.retrieveInvoice(invoiceId);
    if (!invoice) return;
    const [customer] = await db
      .select({ payerId: billingCustomers.payerId })
      .from(billingCustomers)
      .where(
        and(
          eq(billingCustomers.provider, payments.kind),
          eq(billingCustomers.customerId, invoice.customerId),
        ),
      );
    const [row] = invoice.subscriptionId
      ? await db
          .select({ restaurantId: subscriptions.restaurantId })
          .from(subscriptions)
          .where(eq(subscriptions.providerSubscriptionId, invoice.subscriptionId))
      : [];
    const restaurantId = row?.restaurantId ?? customer?.payerId;
    const [restaurant] = restaurantId
      ? await db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, restaurantId))
      : [];
    // The payer of a restaurant's own subscription is its owner; of a client's, its reseller (issue 14).
    const [owner] = customer
      ? await db
          .select()
          .from(users)
          .where(and(eq(users.restaurantId, customer.payerId), eq(users.role, 'RESTAURANT')))
          .limit(1)
      : [];
    const reseller = customer && !owner ? await resellerOf(customer.payerId) : undefined;
    const payer = owner ?? reseller;
    const to = payer?.email ?? invoice.customerEmail;
    if (!to) {
      log.warn({ invoice: invoice.id }, 'invoice of an unknown payer: no mail');
      return;
    }
    await deps.mailer.send(template, to, {
      ...(payer
        ? {
            'user.firstName': payer.firstName,
            'user.lastName': payer.lastName,
            'user.username': payer.username,
            'user.email': payer.email,
            'user.phoneNumber': payer.phoneNumber,
          }
        : {}),
      'restaurant.name': restaurant?.name ?? '',
      'invoice.url': invoice.hostedInvoiceUrl ? absolute(invoice.hostedInvoiceUrl) : publicUrl,
      'invoice.pdf': invoice.invoicePdf ? absolute(invoice.invoicePdf) : publicUrl,
      // A reseller's invoices are billed to the reseller, whoever's name is on its card (issue 22).
      'invoice.customerName': reseller
        ? resellerName(reseller)
        : (invoice.customerName ?? owner?.firstName ?? ''),
    });
  }

  /** What one stored event does (issue 12): always by re-reading the object from the provider. */
  async function handle(type: string, objectId: string) {
    switch (type) {
      case 'checkout.session.completed': {
        const session = await payments.retrieveCheckoutSession(objectId);
        if (session?.status !== 'complete') return;
        if (session.mode === 'subscription' && session.subscriptionId) {
          await syncSubscription(session.subscriptionId, { checkoutSessionId: session.id });
        } else if (session.mode === 'setup' && session.paymentMethodId) {
          // A card saved through the hosted page becomes the one renewals charge.
          await payments.setDefaultPaymentMethod(session.customerId, session.paymentMethodId);
        }
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await syncSubscription(objectId);
        return;
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = await payments.retrieveInvoice(objectId);
        if (invoice?.subscriptionId) await syncSubscription(invoice.subscriptionId);
        await mailInvoice(
          objectId,
          type === 'invoice.paid' ? 'invoice-payment-succeeded' : 'invoice-payment-failed',
        );
        return;
      }
    }
  }

  /** Processes one stored event once; a failure is recorded and thrown, so its job retries. */
  async function processEvent(eventId: string): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        const [event] = await tx
          .select()
          .from(billingEvents)
          .where(eq(billingEvents.id, eventId))
          .for('update');
        if (!event || event.processedAt) return;
        await handle(event.type, event.objectId);
        await tx
          .update(billingEvents)
          .set({ processedAt: now(), lastError: null })
          .where(eq(billingEvents.id, eventId));
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(billingEvents)
        .set({ lastError: message.slice(0, 1000) })
        .where(eq(billingEvents.id, eventId))
        .catch(() => undefined);
      throw error;
    }
  }

  /**
   * POST /api/subscription/webhook: checks the signature over the raw body, stores the event once by
   * its id and queues its processing in the same transaction. A replayed event changes nothing.
   * Answers the event id and whether it was new.
   */
  async function receiveWebhook(rawBody: Buffer, signature: string | undefined) {
    let event: ReturnType<PaymentsProvider['verifyEvent']>;
    try {
      event = payments.verifyEvent(rawBody, signature, now().getTime());
    } catch {
      throw new BadSignatureError();
    }
    const handled = (handledEventTypes as readonly string[]).includes(event.type);
    await ensureBillingQueues(deps.boss);
    const stored = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(billingEvents)
        .values({
          id: event.id,
          provider: payments.kind,
          type: event.type,
          objectId: event.objectId,
          receivedAt: now(),
          // Events Carte does not act on are kept as received and done.
          processedAt: handled ? null : now(),
        })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      if (inserted.length > 0 && handled) {
        await deps.boss.send(billingEventsQueue, { eventId: event.id }, { db: fromDrizzle(tx, sql) });
      }
      return inserted.length > 0;
    });
    return { id: event.id, stored, handled };
  }

  // The test provider reports into the same path; its events are also processed at once, so its
  // pages lead back to a screen that already shows the result (the job then finds them done).
  if (isLocalPayments(payments)) {
    payments.deliverEventsTo(async (rawBody, signature) => {
      const received = await receiveWebhook(rawBody, signature);
      if (received.stored && received.handled) {
        await processEvent(received.id).catch((error) =>
          log.warn({ err: errorForLog(error), event: received.id }, 'test event left to its job'),
        );
      }
    });
  }

  return {
    /** Does the restaurant hold an active subscription (the publishing rule, decisions §3)? */
    async isSubscribed(restaurantId: string): Promise<boolean> {
      await endLapsed({ restaurantId });
      return (await findActive(restaurantId)) !== undefined;
    },

    /**
     * Ends the restaurant's subscription if it lapsed, so a reader of its menus (the public menu)
     * never sees menus of a subscription that has ended, even between two runs of the schedule.
     */
    async applyCalendar(restaurantId: string): Promise<void> {
      await endLapsed({ restaurantId });
    },

    /** GET /subscription/base-product: the monthly and yearly prices (from config for `local`). */
    plan(): Promise<BasePlan> {
      return provider(billingMessages.pageFailed, () => payments.prices());
    },

    /** GET /subscription/has-active, for anyone signed in to a restaurant. */
    async hasActive(caller: Caller): Promise<HasActive> {
      const restaurantId = restaurantOf(caller);
      await endLapsed({ restaurantId });
      const row = await findActive(restaurantId);
      return { active: row !== undefined, subscription: row ? presentSubscription(row) : null };
    },

    /**
     * POST /subscription/checkout-session: opens the provider's checkout; answers the session id.
     * The browser comes back to /subscribe, or where `returnTo` says (an admin's Add user comes back
     * to the admin dashboard).
     */
    async startCheckout(
      caller: Caller,
      input: CheckoutSessionInput,
      returnTo: CheckoutReturn = subscribeReturn,
    ): Promise<string> {
      const restaurantId = restaurantOf(caller);
      refuseWhenOff();
      const price = await priceById(input.price_id);
      if (!price) throw new InvalidError(billingMessages.selectPlan);
      const publishMenuId = input.publish_menu_id;
      if (publishMenuId) {
        // Only a menu of the caller's own restaurant; another's answers like one that does not exist.
        const [menu] = await db
          .select({ id: menus.id })
          .from(menus)
          .where(and(eq(menus.id, publishMenuId), eq(menus.restaurantId, restaurantId)));
        if (!menu) throw new NotFoundError(billingMessages.publishMenuUnknown);
      }
      if (await findActive(restaurantId)) throw new InvalidError(billingMessages.alreadySubscribed);
      const back = publishMenuId ? publishReturn(publishMenuId) : returnTo;
      const session = await provider(billingMessages.checkoutFailed, async () =>
        payments.createCheckoutSession({
          customerId: await ensureCustomer(restaurantId, caller.email),
          restaurantId,
          price,
          successUrl: `${publicUrl}${back.success}`,
          cancelUrl: `${publicUrl}${back.canceled}`,
          ...(publishMenuId ? { publishMenuId } : {}),
        }),
      );
      return session.id;
    },

    /** GET /billing/checkout/{id} with Stripe: the hosted page's address, or null. */
    checkoutUrl(sessionId: string): Promise<string | null> {
      return payments.checkoutSessionUrl(sessionId);
    },

    /** GET /subscription/customer-payment-methods: the restaurant's saved cards. */
    async paymentMethods(caller: Caller): Promise<PaymentMethodList> {
      const customerId = await customerOf(payerOf(caller));
      if (!customerId || payments.kind === 'off') return { data: [] };
      return {
        data: await provider(billingMessages.pageFailed, () => payments.listPaymentMethods(customerId)),
      };
    },

    /** POST /subscription/save-payment: a hosted page that saves a card (a SetupIntent). */
    async savePayment(caller: Caller, input: SavePaymentInput): Promise<SavePayment> {
      const restaurantId = payerOf(caller);
      refuseWhenOff();
      const back = sameOriginPath(input.url);
      const separator = back.includes('?') ? '&' : '?';
      return provider(billingMessages.savePaymentFailed, async () =>
        payments.createSetupSession({
          customerId: await ensureCustomer(restaurantId, caller.email),
          successUrl: `${publicUrl}${back}${separator}setup=done`,
          cancelUrl: `${publicUrl}${back}${separator}setup=canceled`,
        }),
      );
    },

    /** POST /subscription/customer-portal-session: the provider's page for subscription and cards. */
    async openPortal(caller: Caller, input: PortalSessionInput): Promise<{ url: string }> {
      const restaurantId = payerOf(caller);
      refuseWhenOff();
      // A reseller manages its own cards there (its clients' subscriptions are on its dashboard).
      if (caller.role === 'DMA') {
        const customerId = await ensureCustomer(restaurantId, caller.email);
        return provider(billingMessages.portalFailed, () =>
          payments.createPortalSession({
            customerId,
            restaurantId,
            returnUrl: `${publicUrl}${sameOriginPath(input.url, '/dma/dashboard')}`,
          }),
        );
      }
      // A subscription Carte holds without a provider customer (the demo's, seeded; one made before
      // the provider interface) still opens the portal: its customer is made on first use.
      const customerId =
        (await customerOf(restaurantId)) ??
        ((await findActive(restaurantId)) ? await ensureCustomer(restaurantId, caller.email) : null);
      if (!customerId) throw new NotFoundError(billingMessages.noSubscription);
      return provider(billingMessages.portalFailed, () =>
        payments.createPortalSession({
          customerId,
          restaurantId,
          returnUrl: `${publicUrl}${sameOriginPath(input.url)}`,
        }),
      );
    },

    /** Checks a promotion code (doc 2 §5 "This code is invalid"); resellers use it in issue 14. */
    async checkPromotionCode(code: string): Promise<PromotionCoupon> {
      if (!code.trim()) throw new InvalidError(billingMessages.enterPromotionCode);
      const coupon = await provider(billingMessages.pageFailed, () => payments.checkPromotionCode(code));
      if (!coupon) throw new InvalidError(billingMessages.invalidPromotionCode);
      return coupon;
    },

    receiveWebhook,
    processEvent,
    lapse,

    // ---- a reseller paying for its clients (issue 14) ----

    /** The plan's price with this id, or undefined. */
    priceById,

    /** The active subscription row of a restaurant, after ending it if it lapsed. */
    async activeOf(restaurantId: string): Promise<SubscriptionRow | undefined> {
      await endLapsed({ restaurantId });
      return findActive(restaurantId);
    },

    /** A payer's saved cards (none before its first card, or with BILLING_PROVIDER=off). */
    async paymentMethodsOf(payerId: string) {
      const customerId = await customerOf(payerId);
      if (!customerId || payments.kind === 'off') return [];
      return provider(billingMessages.pageFailed, () => payments.listPaymentMethods(customerId));
    },

    /**
     * Subscribes a restaurant at once, paid by another payer's customer (a reseller) with one of its
     * saved cards and an optional promotion code; answers Carte's row. Throws the reason it failed.
     */
    async subscribeFor(input: {
      payerId: string;
      restaurantId: string;
      priceId: string;
      paymentMethodId: string;
      promotionCode?: string;
      discount: PromotionCoupon['coupon'] | null;
    }): Promise<SubscriptionRow> {
      refuseWhenOff();
      const price = await priceById(input.priceId);
      if (!price) throw new InvalidError(billingMessages.selectPlan);
      await endLapsed({ restaurantId: input.restaurantId });
      if (await findActive(input.restaurantId)) throw new InvalidError(billingMessages.alreadySubscribed);
      const customerId = await customerOf(input.payerId);
      if (!customerId) throw new InvalidError(billingMessages.savePaymentFailed);
      const created = await provider(billingMessages.checkoutFailed, () =>
        payments.createSubscription({
          customerId,
          restaurantId: input.restaurantId,
          priceId: price.id,
          paymentMethodId: input.paymentMethodId,
          ...(input.promotionCode ? { promotionCode: input.promotionCode } : {}),
        }),
      );
      await syncSubscription(created.id);
      await db
        .update(subscriptions)
        .set({ paymentMethodId: input.paymentMethodId, discount: input.discount })
        .where(eq(subscriptions.providerSubscriptionId, created.id));
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, created.id));
      if (row?.status !== 'active') throw new InvalidError(billingMessages.cardDeclined);
      return row;
    },

    /**
     * Cancels a restaurant's subscription at once (a reseller's "Cancel subscription", doc 3 §4): the
     * provider's subscription ends now and every menu of the restaurant becomes a draft again.
     */
    async cancelNow(row: SubscriptionRow): Promise<number> {
      if (row.providerSubscriptionId && row.provider === payments.kind && payments.kind !== 'off') {
        await provider(billingMessages.pageFailed, () =>
          payments.cancelSubscription(row.providerSubscriptionId!, { atPeriodEnd: false }),
        );
      }
      return endRow(row);
    },

    /** The test provider's restaurant name and time zone, for its pages. */
    async restaurantInfo(restaurantId: string): Promise<{ name: string; timeZone: string }> {
      const [row] = await db
        .select({ name: restaurants.name, timeZone: restaurants.timeZone })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId));
      if (!row) throw new NotFoundError();
      return row;
    },
  };

  /**
   * Active rows set to cancel whose period has ended: ended now, whether or not the provider's
   * event came (decisions: Carte does not wait for a late webhook to unpublish).
   */
  async function endLapsed(options: { restaurantId?: string } = {}): Promise<number> {
    const due = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, 'active'),
          eq(subscriptions.cancelAtPeriodEnd, true),
          lte(subscriptions.currentPeriodEnd, now()),
          options.restaurantId ? eq(subscriptions.restaurantId, options.restaurantId) : undefined,
        ),
      );
    for (const row of due) await endRow(row);
    return due.length;
  }

  /**
   * The billing schedule (every minute, one instance at a time): the test provider's calendar runs
   * (renewals, ends, failed cards, each as events); subscriptions set to cancel end at their period's
   * end; and an active subscription whose period ended a day ago without news is re-read from the
   * provider, in case its webhooks were lost.
   */
  async function lapse(): Promise<{ ended: number; resynced: number }> {
    if (isLocalPayments(payments)) await payments.advanceClock();
    const ended = await endLapsed();
    const quiet = await db
      .select({ providerSubscriptionId: subscriptions.providerSubscriptionId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, 'active'),
          lte(subscriptions.currentPeriodEnd, new Date(now().getTime() - 24 * 60 * 60 * 1000)),
          ne(subscriptions.provider, 'off'),
          sql`${subscriptions.providerSubscriptionId} is not null`,
        ),
      );
    let resynced = 0;
    for (const row of quiet) {
      if (!row.providerSubscriptionId) continue;
      await syncSubscription(row.providerSubscriptionId).then(
        () => resynced++,
        (error) => log.warn({ err: errorForLog(error) }, 'subscription re-read failed; tried again later'),
      );
    }
    return { ended, resynced };
  }
}

export type BillingService = ReturnType<typeof createBillingService>;
