import type { BasePlan } from '@carte/domain';
import type { PaymentsProvider } from './payments.ts';

/**
 * BILLING_PROVIDER=off: publishing needs no subscription (decisions §2), so there is nothing to buy.
 * The plan is still described so screens can show it; the billing service refuses every call that
 * would reach a provider, and the webhook refuses every event (there is no secret to sign one).
 */
export function createOffPayments(options: { plan: BasePlan }): PaymentsProvider {
  const unavailable = async (): Promise<never> => {
    throw new Error('BILLING_PROVIDER=off: there is no payments provider');
  };
  return {
    kind: 'off',
    async prices() {
      return options.plan;
    },
    createCustomer: unavailable,
    createCheckoutSession: unavailable,
    checkoutSessionUrl: async () => null,
    createSetupSession: unavailable,
    listPaymentMethods: async () => [],
    setDefaultPaymentMethod: unavailable,
    createSubscription: unavailable,
    retrieveSubscription: async () => null,
    cancelSubscription: unavailable,
    resumeSubscription: unavailable,
    checkPromotionCode: async () => null,
    createPromotionCode: unavailable,
    createPortalSession: unavailable,
    retrieveInvoice: async () => null,
    retrieveCheckoutSession: async () => null,
    verifyEvent() {
      throw new Error('BILLING_PROVIDER=off receives no events');
    },
  };
}
