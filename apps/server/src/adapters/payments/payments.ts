import type { BasePlan, BillingInterval, PaymentMethod, PlanPrice, PromotionCoupon } from '@carte/domain';

/**
 * The card payment provider behind the subscription screens (decisions §1, §2 BILLING_PROVIDER;
 * issue 12): `stripe` (the official SDK: hosted Checkout, Billing Portal, SetupIntents, webhooks),
 * `local` (a built-in test provider that charges nothing and says so, fully offline), `off`
 * (publishing needs no subscription). The provider holds customers, cards, subscriptions, invoices
 * and promotion codes; Carte keeps its own record of each subscription and follows the provider's
 * events (never the browser's return) to keep it current.
 *
 * A payer is whoever pays: a restaurant for itself, or (issue 14) a reseller for its clients, so
 * every call names the customer and the subscription carries the restaurant it pays for in metadata.
 */
export interface PaymentsProvider {
  readonly kind: 'local' | 'off' | 'stripe';
  /** The plan: a monthly and a yearly price in cents (doc 2 §3 Plan). */
  prices(): Promise<BasePlan>;
  /** Creates the provider's customer of a payer (Carte keeps the id in billing_customers). */
  createCustomer(input: { payerId: string; email: string; name: string }): Promise<string>;
  /** Opens a hosted checkout of one price in subscription mode; the browser goes to `url`. */
  createCheckoutSession(input: CheckoutSessionRequest): Promise<HostedSession>;
  /** Where the browser goes for a checkout session Carte opened (GET /billing/checkout/{id}). */
  checkoutSessionUrl(sessionId: string): Promise<string | null>;
  /** Opens a hosted page that saves a card for the customer (a SetupIntent); the browser goes to `url`. */
  createSetupSession(input: SetupSessionRequest): Promise<HostedSession>;
  /** The customer's saved cards, the default first (doc 3 §3 Payment method). */
  listPaymentMethods(customerId: string): Promise<PaymentMethod[]>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  /** Subscribes a customer with a saved card at once (a reseller paying for a client, issue 14). */
  createSubscription(input: CreateSubscriptionRequest): Promise<ProviderSubscription>;
  /** The subscription as the provider holds it now, or null when it does not know it. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** At period end (it stays active until then) or at once. */
  cancelSubscription(
    subscriptionId: string,
    options: { atPeriodEnd: boolean },
  ): Promise<ProviderSubscription>;
  /** Takes back a cancellation at period end. */
  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** An active promotion code's coupon (`percent_off` or `amount_off`), or null when it is not valid. */
  checkPromotionCode(code: string): Promise<PromotionCoupon | null>;
  /** Creates a promotion code (admins, or config for `local`). */
  createPromotionCode(input: { code: string } & PromotionCoupon['coupon']): Promise<void>;
  /** Opens the hosted page where the customer manages subscriptions and cards; the browser goes to `url`. */
  createPortalSession(input: PortalSessionRequest): Promise<{ url: string }>;
  retrieveInvoice(invoiceId: string): Promise<ProviderInvoice | null>;
  /** The object a checkout or setup session led to, once the customer finished it. */
  retrieveCheckoutSession(sessionId: string): Promise<FinishedSession | null>;
  /**
   * Checks a webhook's signature and reads it; throws when the signature is bad or too old.
   * `receivedAt` is the clock's now (ms), so tests may move time.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined, receivedAt: number): ProviderEvent;
}

export interface HostedSession {
  id: string;
  url: string;
}

export interface CheckoutSessionRequest {
  customerId: string;
  /** The restaurant the subscription pays for; kept in the subscription's metadata. */
  restaurantId: string;
  price: PlanPrice;
  /** Absolute URL the provider returns to after paying; `{CHECKOUT_SESSION_ID}` is replaced by the id. */
  successUrl: string;
  /** Absolute URL the provider returns to when the payer gives up. */
  cancelUrl: string;
  /**
   * The menu being published when the checkout opened (issue 22): kept in the session's and the
   * subscription's metadata (`publish_menu_id`), published once the subscription is active.
   */
  publishMenuId?: string;
}

export interface SetupSessionRequest {
  customerId: string;
  successUrl: string;
  cancelUrl: string;
  /** Kept on the saved card (doc 3 §3: dma_id and client_id when a reseller adds a client's card). */
  metadata?: Record<string, string>;
}

export interface CreateSubscriptionRequest {
  customerId: string;
  restaurantId: string;
  priceId: string;
  paymentMethodId: string;
  promotionCode?: string;
}

export interface PortalSessionRequest {
  customerId: string;
  /** The restaurant whose subscription the page manages (the local test portal shows only that one). */
  restaurantId: string;
  /** Absolute URL of the page the portal leads back to. */
  returnUrl: string;
}

/** A subscription as the provider holds it, in the provider's terms. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** From metadata: the restaurant it pays for. */
  restaurantId: string | null;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  priceId: string;
  interval: BillingInterval;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** The coupon of the promotion code it was taken with (percent, or cents off), or null. */
  discount: { percent_off: number | null; amount_off: number | null } | null;
  /** From metadata: the menu to publish once it is active (a checkout opened from publishing), or null. */
  publishMenuId: string | null;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  status: string;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  customerName: string | null;
  customerEmail: string | null;
}

export interface FinishedSession {
  id: string;
  mode: 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  customerId: string;
  subscriptionId: string | null;
  /** The card a setup session saved. */
  paymentMethodId: string | null;
}

/**
 * The events Carte acts on (issue 12: subscription created, updated, deleted; invoice paid, failed;
 * a finished checkout). Each is handled by re-reading its object from the provider, so events that
 * arrive late or out of order still leave the latest state.
 */
export const handledEventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  // Stripe sends invoice.paid and invoice.payment_succeeded for one payment: one is enough for one mail.
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export interface ProviderEvent {
  id: string;
  type: string;
  /** The id of the event's object (`data.object.id`). */
  objectId: string;
}
