import type { Config } from '../../config.ts';
import type { BillingService } from '../billing/index.ts';

/**
 * May this restaurant publish a menu? Publishing needs an active subscription of the restaurant
 * (doc 1 §1, §4; decisions §3 answers 402 "Payment not setup!" otherwise), except with
 * `BILLING_PROVIDER=off`, where publishing needs no subscription (decisions §2). Each restaurant pays
 * for itself: a location's menus need the location's own subscription.
 */
export type CanPublish = (restaurantId: string) => Promise<boolean>;

export function createPublishingPolicy(options: {
  billingProvider: Config['billingProvider'];
  billing: Pick<BillingService, 'isSubscribed'>;
}): CanPublish {
  if (options.billingProvider === 'off') return async () => true;
  return (restaurantId) => options.billing.isSubscribed(restaurantId);
}
