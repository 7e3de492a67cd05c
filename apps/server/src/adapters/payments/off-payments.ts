import type { BasePlan } from '@carte/domain';
import type { PaymentsProvider } from './payments.ts';

/**
 * BILLING_PROVIDER=off: publishing needs no subscription (decisions §2), so there is nothing to buy.
 * The plan is still described so screens can show it; the billing service refuses checkouts before
 * they reach this provider.
 */
export function createOffPayments(options: { plan: BasePlan }): PaymentsProvider {
  const unavailable = async (): Promise<never> => {
    throw new Error('BILLING_PROVIDER=off: there is no checkout and no billing portal');
  };
  return {
    kind: 'off',
    async prices() {
      return options.plan;
    },
    createCheckoutSession: unavailable,
    createPortalSession: unavailable,
  };
}
