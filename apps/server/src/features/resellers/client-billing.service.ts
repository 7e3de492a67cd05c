import {
  billingMessages,
  type CheckPromoCodeResult,
  type ClientsCreateSubscriptionResult,
  discountedCents,
  messages,
  type ProductPrices,
  type PromotionCoupon,
} from '@carte/domain';
import type { Caller } from '../../core/caller.ts';
import { AppError, InvalidError, NotFoundError } from '../../core/errors.ts';
import type { UserRow } from './reseller.presenter.ts';
import { createResellerShared, type ResellerDeps, requireDma } from './reseller.shared.ts';

/**
 * Paying for clients (doc 3 §2.3, §2.4): the plans, promotion codes, subscriptions paid with the
 * reseller's own cards, and ending one at once (its menus become drafts).
 */
export function createClientBillingService(deps: ResellerDeps) {
  const { billing } = deps;
  const { ownClient } = createResellerShared(deps);

  return {
    /** GET /dma/product-prices: the plans (doc 3 §3 Plans). */
    async productPrices(caller: Caller): Promise<ProductPrices> {
      requireDma(caller);
      const plan = await billing.plan();
      return { monthly_product: plan.monthly_product, yearly_product: plan.yearly_product };
    },

    /** POST /dma/check-promo-code: the coupon, and the price before and after it. */
    async checkPromoCode(
      caller: Caller,
      input: { promo_code: string; price_id: string },
    ): Promise<CheckPromoCodeResult> {
      requireDma(caller);
      const price = await billing.priceById(input.price_id);
      if (!price) throw new InvalidError(billingMessages.selectPlan);
      const { coupon } = await billing.checkPromotionCode(input.promo_code);
      return { coupon, amount: price.unit_amount, discounted: discountedCents(price.unit_amount, coupon) };
    },

    /**
     * POST /dma/clients-create-subscription: one subscription per chosen client, paid with one of
     * the reseller's cards; answers which clients are subscribed and which failed, with the reason.
     */
    async createSubscriptions(
      caller: Caller,
      input: {
        price_id: string;
        default_payment_method: string;
        promo_code?: string | undefined;
        clients: string[];
      },
    ): Promise<ClientsCreateSubscriptionResult> {
      requireDma(caller);
      const price = await billing.priceById(input.price_id);
      if (!price) throw new InvalidError(billingMessages.selectPlan);
      const cards = await billing.paymentMethodsOf(caller.userId);
      if (!cards.some((card) => card.id === input.default_payment_method)) {
        throw new InvalidError(messages.paymentMethodNotYours);
      }
      const code = input.promo_code?.trim() || undefined;
      let discount: PromotionCoupon['coupon'] | null = null;
      if (code) discount = (await billing.checkPromotionCode(code)).coupon;
      const result: ClientsCreateSubscriptionResult = { subscribed: [], failed: [] };
      for (const clientId of [...new Set(input.clients)]) {
        let client: UserRow;
        try {
          client = await ownClient(caller, clientId);
        } catch {
          result.failed.push({ _id: clientId, username: '', message: messages.pageCouldNotBeFound });
          continue;
        }
        const outcome = { _id: client.id, username: client.username };
        if (!client.restaurantId) {
          result.failed.push({ ...outcome, message: messages.pageCouldNotBeFound });
          continue;
        }
        try {
          await billing.subscribeFor({
            payerId: caller.userId,
            restaurantId: client.restaurantId,
            priceId: price.id,
            paymentMethodId: input.default_payment_method,
            ...(code ? { promotionCode: code } : {}),
            discount,
          });
          result.subscribed.push(outcome);
        } catch (error) {
          result.failed.push({
            ...outcome,
            message: error instanceof AppError ? error.message : billingMessages.checkoutFailed,
          });
        }
      }
      return result;
    },

    /** DELETE /dma/delete-client-subscription/{subscriptionId}?client_id=: ends now; menus become drafts. */
    async cancelClientSubscription(
      caller: Caller,
      subscriptionId: string,
      clientId: string,
    ): Promise<string> {
      requireDma(caller);
      const client = await ownClient(caller, clientId);
      const active = client.restaurantId ? await billing.activeOf(client.restaurantId) : undefined;
      if (!active || active.id !== subscriptionId) throw new NotFoundError(billingMessages.noSubscription);
      await billing.cancelNow(active);
      return messages.clientSubscriptionCanceled;
    },
  };
}
