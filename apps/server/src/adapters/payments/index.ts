import type { BasePlan } from '@carte/domain';
import type { Config } from '../../config.ts';
import { createLocalPayments, type LocalPayments } from './local-payments.ts';
import { createOffPayments } from './off-payments.ts';
import type { PaymentsProvider } from './payments.ts';

export type { LocalPayments, LocalPortalGrant } from './local-payments.ts';
export { localPortalPath } from './local-payments.ts';
export type { PaymentsProvider } from './payments.ts';

export const isLocalPayments = (payments: PaymentsProvider): payments is LocalPayments =>
  payments.kind === 'local';

type PaymentsConfig = Pick<Config, 'billingProvider' | 'priceMonthlyCents' | 'priceYearlyCents' | 'hmacKey'>;

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

export function createPayments(config: PaymentsConfig, options: { now?: () => Date } = {}): PaymentsProvider {
  const now = options.now ?? (() => new Date());
  switch (config.billingProvider) {
    case 'local':
      return createLocalPayments({ plan: planOf(config), hmacKey: config.hmacKey, now });
    case 'off':
      return createOffPayments({ plan: planOf(config) });
    case 'stripe':
      // The PaymentsProvider interface is ready for Stripe's hosted checkout and portal; not written yet.
      throw new Error('BILLING_PROVIDER=stripe is not available yet; use BILLING_PROVIDER=local or off');
  }
}
