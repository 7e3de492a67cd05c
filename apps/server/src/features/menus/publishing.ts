import type { Config } from '../../config.ts';

/**
 * May this restaurant publish a menu? Publishing needs a paid subscription (doc 1 §1, §4;
 * decisions §3 answers 402 "Payment not setup!" otherwise). Subscriptions arrive with the billing
 * issue, which replaces this one function; until then only `BILLING_PROVIDER=off` ("publishing
 * needs no subscription", decisions §2) lets a menu go live.
 */
export type CanPublish = (restaurantId: string) => Promise<boolean>;

export function createPublishingPolicy(options: { billingProvider: Config['billingProvider'] }): CanPublish {
  return async (_restaurantId) => options.billingProvider === 'off';
}
