import type { BasePlan, PlanPrice } from '@carte/domain';

/**
 * The card payment provider behind the subscription screens (decisions §1, §2 BILLING_PROVIDER):
 * `local` is a built-in test checkout that charges nothing and says so, `off` means publishing needs
 * no subscription, `stripe` (hosted checkout and billing portal) comes later behind this interface.
 * Providers only open hosted pages; the billing service keeps the subscription records.
 */
export interface PaymentsProvider {
  readonly kind: 'local' | 'off' | 'stripe';
  /** The plan: a monthly and a yearly price in cents (doc 2 §3 Plan). */
  prices(): Promise<BasePlan>;
  /** Opens a hosted checkout for one price; the browser is sent to `url` and comes back to a return URL. */
  createCheckoutSession(input: CheckoutSessionRequest): Promise<{ id: string; url: string }>;
  /** Opens the hosted page where the owner manages (cancels) a subscription; the browser goes to `url`. */
  createPortalSession(input: PortalSessionRequest): Promise<{ url: string }>;
}

export interface CheckoutSessionRequest {
  restaurantId: string;
  price: PlanPrice;
  /** Absolute URL the provider returns to after paying; `{CHECKOUT_SESSION_ID}` is replaced by the id. */
  successUrl: string;
  /** Absolute URL the provider returns to when the owner gives up. */
  cancelUrl: string;
  customerEmail: string;
}

export interface PortalSessionRequest {
  restaurantId: string;
  subscriptionId: string;
  /** A same-origin path the manage page leads back to. */
  returnPath: string;
}
