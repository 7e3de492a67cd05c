import {
  addInterval,
  type BasePlan,
  BILLING_LINK_LIFETIME_MS,
  billingMessages,
  type CheckoutSessionInput,
  type HasActive,
  type PlanPrice,
  type PortalSessionInput,
} from '@carte/domain';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { LocalPortalGrant, PaymentsProvider } from '../../adapters/payments/index.ts';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NotFoundError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { menus, restaurants, subscriptions } from '../../db/schema.ts';
import { presentSubscription, type SubscriptionRow } from './subscription.presenter.ts';

type Executor = Db | Tx;

export interface BillingDeps {
  db: Db;
  now: () => Date;
  /** Told after a subscription starts, renews or ends: its period and its menus show on the public menu. */
  publicMenu: PublicMenuChanges;
}

/** Where the browser comes back to from a checkout (doc 2 §2): the subscribe screen. */
export const checkoutReturnPaths = {
  success: (sessionId: string) => `/subscribe?session_id=${encodeURIComponent(sessionId)}`,
  canceled: '/subscribe?canceled=true',
} as const;

/**
 * Ends the restaurant's subscription now and turns EVERY menu of the restaurant back into a draft
 * (decisions §4 Billing; doc 3 §4 "cancelling unpublishes all the client's menus"). Used by the test
 * portal's "End subscription now", by expiry at the period's end, and later by the provider's webhooks.
 * Answers how many menus went back to draft.
 */
async function endSubscription(deps: BillingDeps, restaurantId: string): Promise<{ menusDrafted: number }> {
  const at = deps.now();
  const ended = await deps.db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({
        status: 'canceled',
        // A subscription ended early stops now; one ended at its period's end keeps that date.
        currentPeriodEnd: sql`least(coalesce(${subscriptions.currentPeriodEnd}, ${at}::timestamptz), ${at}::timestamptz)`,
        updatedAt: at,
      })
      .where(and(eq(subscriptions.restaurantId, restaurantId), eq(subscriptions.status, 'active')));
    const drafted = await tx
      .update(menus)
      .set({ draft: true, updatedAt: at })
      .where(and(eq(menus.restaurantId, restaurantId), eq(menus.draft, false)))
      .returning({ id: menus.id });
    return { menusDrafted: drafted.length };
  });
  deps.publicMenu.changed(restaurantId);
  return ended;
}

/**
 * Applies the calendar (there is no periodic job yet, so every read of the subscription state calls
 * this first): a subscription set to cancel whose period has ended is ended (its menus become drafts);
 * a test subscription of the `local` provider that is not cancelling renews itself, as a card would be
 * charged again. Stripe subscriptions renew through the provider's webhooks instead. Optionally for
 * one restaurant only. Answers the restaurants whose subscription ended.
 */
async function expireSubscriptions(
  deps: BillingDeps,
  options: { restaurantId?: string } = {},
): Promise<string[]> {
  const at = deps.now();
  const due = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        lte(subscriptions.currentPeriodEnd, at),
        options.restaurantId ? eq(subscriptions.restaurantId, options.restaurantId) : undefined,
      ),
    );
  const ended: string[] = [];
  for (const row of due) {
    if (row.cancelAtPeriodEnd) {
      await endSubscription(deps, row.restaurantId);
      ended.push(row.restaurantId);
    } else if (row.provider === 'local' && row.currentPeriodEnd) {
      let start = row.currentPeriodEnd;
      let end = addInterval(start, row.interval);
      while (end <= at) {
        start = end;
        end = addInterval(start, row.interval);
      }
      await deps.db
        .update(subscriptions)
        .set({ currentPeriodStart: start, currentPeriodEnd: end, updatedAt: at })
        .where(eq(subscriptions.id, row.id));
      deps.publicMenu.changed(row.restaurantId);
    }
  }
  return ended;
}

async function findActive(db: Db, restaurantId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.restaurantId, restaurantId), eq(subscriptions.status, 'active')))
    .limit(1);
  return row;
}

/** The restaurant's active subscription after applying the calendar, or undefined. */
async function activeSubscriptionOf(
  deps: BillingDeps,
  restaurantId: string,
): Promise<SubscriptionRow | undefined> {
  await expireSubscriptions(deps, { restaurantId });
  return findActive(deps.db, restaurantId);
}

/** Does the restaurant hold an active subscription (the publishing rule, decisions §3)? */
async function hasActiveSubscription(deps: BillingDeps, restaurantId: string): Promise<boolean> {
  return (await activeSubscriptionOf(deps, restaurantId)) !== undefined;
}

/** Keeps only the path of a return URL, so the manage page can never lead to another site. */
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

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

/**
 * Subscriptions of a restaurant (doc 2 §2, §3, §7; doc 3 §7.2). The owner (role RESTAURANT) buys and
 * manages; everyone of the restaurant may ask whether it is subscribed. The records are this
 * service's; the payments provider only opens its hosted pages.
 */
export function createBillingService(deps: BillingDeps & { payments: PaymentsProvider; publicUrl: string }) {
  const { db, payments, now, publicUrl } = deps;

  const restaurantOf = (caller: Caller): string => {
    if (!caller.restaurantId) throw new ForbiddenError();
    return caller.restaurantId;
  };

  async function priceById(priceId: string): Promise<PlanPrice | undefined> {
    const plan = await payments.prices();
    return [plan.monthly_product.price, plan.yearly_product.price].find((price) => price.id === priceId);
  }

  /** A pending checkout of the test checkout that may still be used; 404 for anything else. */
  async function openCheckout(executor: Executor, sessionId: string): Promise<SubscriptionRow> {
    const [row] = await executor
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.checkoutSessionId, sessionId), eq(subscriptions.provider, payments.kind)))
      .limit(1);
    if (row?.status !== 'pending') throw new NotFoundError();
    if (row.createdAt.getTime() + BILLING_LINK_LIFETIME_MS <= now().getTime()) throw new NotFoundError();
    return row;
  }

  /** The subscription a manage link grants, always within the restaurant it was made for. */
  async function granted(grant: LocalPortalGrant): Promise<SubscriptionRow> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.id, grant.subscriptionId), eq(subscriptions.restaurantId, grant.restaurantId)),
      )
      .limit(1);
    if (!row || row.status === 'pending') throw new NotFoundError();
    return row;
  }

  async function restaurantName(restaurantId: string): Promise<{ name: string; timeZone: string }> {
    const [row] = await db
      .select({ name: restaurants.name, timeZone: restaurants.timeZone })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!row) throw new NotFoundError();
    return row;
  }

  return {
    /** Does the restaurant hold an active subscription (the publishing rule, decisions §3)? */
    isSubscribed(restaurantId: string): Promise<boolean> {
      return hasActiveSubscription(deps, restaurantId);
    },

    /**
     * Applies the subscription calendar to one restaurant (see expireSubscriptions), so a reader of
     * its menus (the public menu) never sees menus of a subscription that has ended.
     */
    async applyCalendar(restaurantId: string): Promise<void> {
      await expireSubscriptions(deps, { restaurantId });
    },

    /** GET /subscription/base-product: the monthly and yearly prices (from config for `local`). */
    plan(): Promise<BasePlan> {
      return payments.prices();
    },

    /** GET /subscription/has-active, for anyone signed in to a restaurant. */
    async hasActive(caller: Caller): Promise<HasActive> {
      const restaurantId = restaurantOf(caller);
      // Every read applies the calendar for all restaurants, so expiry takes effect without a job.
      await expireSubscriptions(deps);
      const row = await findActive(db, restaurantId);
      return { active: row !== undefined, subscription: row ? presentSubscription(row) : null };
    },

    /**
     * POST /subscription/checkout-session: opens the provider's checkout for one of the plan's prices
     * and keeps a pending record bound to the caller's restaurant. Answers the session id.
     */
    async startCheckout(caller: Caller, input: CheckoutSessionInput): Promise<string> {
      const restaurantId = restaurantOf(caller);
      if (payments.kind === 'off') throw new InvalidError(billingMessages.billingOff);
      const price = await priceById(input.price_id);
      if (!price) throw new InvalidError(billingMessages.selectPlan);
      if (await hasActiveSubscription(deps, restaurantId)) {
        throw new InvalidError(billingMessages.alreadySubscribed);
      }
      const session = await payments.createCheckoutSession({
        restaurantId,
        price,
        successUrl: `${publicUrl}${checkoutReturnPaths.success('{CHECKOUT_SESSION_ID}')}`,
        cancelUrl: `${publicUrl}${checkoutReturnPaths.canceled}`,
        customerEmail: caller.email,
      });
      const at = now();
      await db.insert(subscriptions).values({
        restaurantId,
        provider: payments.kind,
        priceId: price.id,
        interval: price.recurring.interval,
        status: 'pending',
        checkoutSessionId: session.id,
        createdAt: at,
        updatedAt: at,
      });
      return session.id;
    },

    /** POST /subscription/customer-portal-session: the manage page of the restaurant's subscription. */
    async openPortal(caller: Caller, input: PortalSessionInput): Promise<{ url: string }> {
      const restaurantId = restaurantOf(caller);
      if (payments.kind === 'off') throw new InvalidError(billingMessages.billingOff);
      const row = await activeSubscriptionOf(deps, restaurantId);
      if (!row) throw new NotFoundError(billingMessages.noSubscription);
      return payments.createPortalSession({
        restaurantId,
        subscriptionId: row.id,
        returnPath: sameOriginPath(input.url),
      });
    },

    // ---- the built-in test checkout and portal (BILLING_PROVIDER=local), reached without sign-in ----

    /** What the test checkout page shows; 404 when the session is unknown, used or older than an hour. */
    async checkout(sessionId: string) {
      const row = await openCheckout(db, sessionId);
      const price = await priceById(row.priceId);
      if (!price) throw new NotFoundError();
      return { row, price, restaurant: await restaurantName(row.restaurantId) };
    },

    /**
     * "Pay (test)": activates the subscription of the restaurant that opened the session, for one
     * period from now. A second checkout finished while one is active changes nothing.
     */
    async completeCheckout(sessionId: string): Promise<void> {
      const at = now();
      try {
        const restaurantId = await db.transaction(async (tx) => {
          const row = await openCheckout(tx, sessionId);
          const [active] = await tx
            .select({ id: subscriptions.id })
            .from(subscriptions)
            .where(and(eq(subscriptions.restaurantId, row.restaurantId), eq(subscriptions.status, 'active')));
          await tx
            .update(subscriptions)
            .set(
              active
                ? { status: 'canceled', updatedAt: at }
                : {
                    status: 'active',
                    currentPeriodStart: at,
                    currentPeriodEnd: addInterval(at, row.interval),
                    cancelAtPeriodEnd: false,
                    updatedAt: at,
                  },
            )
            .where(eq(subscriptions.id, row.id));
          return row.restaurantId;
        });
        deps.publicMenu.changed(restaurantId);
      } catch (error) {
        // Two sessions paid at the same moment: the one-active-per-restaurant index keeps the first.
        if (!isUniqueViolation(error)) throw error;
        await db
          .update(subscriptions)
          .set({ status: 'canceled', updatedAt: at })
          .where(and(eq(subscriptions.checkoutSessionId, sessionId), eq(subscriptions.status, 'pending')));
      }
    },

    /** "Cancel" on the test checkout: the session can no longer be used; nothing is bought. */
    async cancelCheckout(sessionId: string): Promise<void> {
      const row = await openCheckout(db, sessionId);
      await db
        .update(subscriptions)
        .set({ status: 'canceled', updatedAt: now() })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'pending')));
    },

    /** What the test portal shows for a manage link. */
    async portal(grant: LocalPortalGrant) {
      await expireSubscriptions(deps, { restaurantId: grant.restaurantId });
      const row = await granted(grant);
      return { row, price: await priceById(row.priceId), restaurant: await restaurantName(row.restaurantId) };
    },

    /** "Cancel subscription at period end" (or take it back while the period runs). */
    async setCancelAtPeriodEnd(grant: LocalPortalGrant, cancel: boolean): Promise<void> {
      const row = await granted(grant);
      if (row.status !== 'active') throw new NotFoundError();
      await db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: cancel, updatedAt: now() })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'active')));
    },

    /** "End subscription now (test)": ends it and turns every menu of the restaurant into a draft. */
    async endNow(grant: LocalPortalGrant): Promise<{ menusDrafted: number }> {
      const row = await granted(grant);
      if (row.status !== 'active') throw new NotFoundError();
      return endSubscription(deps, row.restaurantId);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
