import type { Subscription } from '@carte/domain';
import type { subscriptions } from '../../db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const unixSeconds = (date: Date | null): number | null => (date ? Math.floor(date.getTime() / 1000) : null);

/**
 * A subscription as it leaves the server (STYLE rule 2; doc 2 §3, doc 3 §3): times in unix seconds,
 * never the checkout session id, which is the key of the test checkout.
 */
export function presentSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    customer: row.restaurantId,
    interval: row.interval,
    status: row.status,
    current_period_start: unixSeconds(row.currentPeriodStart),
    current_period_end: unixSeconds(row.currentPeriodEnd),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    discount: row.discount ?? null,
  };
}
