import type { BasePlan } from '@carte/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { createLocalPayments, type LocalPayments } from './local-payments.ts';
import { createOffPayments } from './off-payments.ts';
import type { PaymentsProvider } from './payments.ts';
import { createStripePayments } from './stripe-payments.ts';

export type {
  LocalInvoice,
  LocalPayments,
  LocalPortalAction,
  LocalPortalGrant,
  LocalRefusal,
  LocalSubscription,
  TestCard,
} from './local-payments.ts';
export {
  DEFAULT_TEST_CARD,
  LocalPaymentRefused,
  localInvoicePath,
  localPortalActions,
  localPortalPath,
} from './local-payments.ts';
export type { PaymentsProvider, ProviderEvent, ProviderSubscription } from './payments.ts';
export { handledEventTypes } from './payments.ts';

export const isLocalPayments = (payments: PaymentsProvider): payments is LocalPayments =>
  payments.kind === 'local';

type PaymentsConfig = Pick<
  Config,
  'billingProvider' | 'priceMonthlyCents' | 'priceYearlyCents' | 'hmacKey' | 'stripe' | 'localPromotionCodes'
>;

/** The plan of PRICE_MONTHLY_CENTS and PRICE_YEARLY_CENTS, in the provider's shape (doc 2 §3 Plan). */
export function planOf(config: Pick<Config, 'priceMonthlyCents' | 'priceYearlyCents'>): BasePlan {
  return {
    monthly_product: {
      id: 'carte_monthly',
      name: 'Carte monthly',
      price: {
        id: 'price_local_monthly',
        unit_amount: config.priceMonthlyCents,
        currency: 'usd',
        recurring: { interval: 'month' },
      },
    },
    yearly_product: {
      id: 'carte_yearly',
      name: 'Carte yearly',
      price: {
        id: 'price_local_yearly',
        unit_amount: config.priceYearlyCents,
        currency: 'usd',
        recurring: { interval: 'year' },
      },
    },
  };
}

/** The provider of BILLING_PROVIDER (decisions §2), reading `now` for every date it sets. */
export function createPayments(
  config: PaymentsConfig,
  options: { db: Db; now?: () => Date },
): PaymentsProvider {
  const now = options.now ?? (() => new Date());
  switch (config.billingProvider) {
    case 'local':
      return createLocalPayments({
        db: options.db,
        plan: planOf(config),
        hmacKey: config.hmacKey,
        now,
        promotionCodes: config.localPromotionCodes,
      });
    case 'off':
      return createOffPayments({ plan: planOf(config) });
    case 'stripe': {
      const { secretKey, webhookSecret, priceMonthly, priceYearly, apiBase } = config.stripe;
      // loadConfig requires all four with BILLING_PROVIDER=stripe.
      if (!secretKey || !webhookSecret || !priceMonthly || !priceYearly) {
        throw new Error(
          'BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and both prices',
        );
      }
      return createStripePayments({ secretKey, webhookSecret, priceMonthly, priceYearly, apiBase });
    }
  }
}
