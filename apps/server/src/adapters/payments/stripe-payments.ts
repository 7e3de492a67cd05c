import type { BasePlan, BillingInterval, PaymentMethod, PlanPrice } from '@carte/domain';
import Stripe from 'stripe';
import type { FinishedSession, PaymentsProvider, ProviderInvoice, ProviderSubscription } from './payments.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  priceMonthly: string;
  priceYearly: string;
  /** Another address for Stripe's API (stripe-mock, or the tests' contract stand-in); unset: api.stripe.com. */
  apiBase?: string | undefined;
}

/** How long the plan's prices are kept before they are read from Stripe again. */
const PRICE_CACHE_MS = 5 * 60 * 1000;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

const toDate = (seconds: number) => new Date(seconds * 1000);

const statusOf = (status: Stripe.Subscription.Status): ProviderSubscription['status'] => {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    // Stripe is retrying the card: the subscription keeps running until Stripe gives up and ends it.
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'canceled';
  }
};

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  // Since API version 2025-03-31 the billing period lives on the subscription's items.
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    restaurantId: subscription.metadata?.restaurant_id ?? null,
    status: statusOf(subscription.status),
    priceId: item.price.id,
    interval: item.price.recurring?.interval === 'year' ? 'year' : 'month',
    currentPeriodStart: toDate(item.current_period_start),
    currentPeriodEnd: toDate(item.current_period_end),
    // The portal may cancel with a date (`cancel_at`) rather than the flag: both end the subscription.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    discount: couponOf(subscription),
    publishMenuId: subscription.metadata?.publish_menu_id ?? null,
  };
}

/** The coupon of the subscription's first discount, when retrieved with `discounts.source.coupon` expanded. */
function couponOf(subscription: Stripe.Subscription): ProviderSubscription['discount'] {
  for (const discount of subscription.discounts ?? []) {
    if (typeof discount === 'string') continue;
    const coupon = discount.source?.coupon;
    if (coupon && typeof coupon !== 'string') {
      return { percent_off: coupon.percent_off ?? null, amount_off: coupon.amount_off ?? null };
    }
  }
  return null;
}

function paymentMethodOf(method: Stripe.PaymentMethod, defaultId: string | null): PaymentMethod {
  return {
    id: method.id,
    card: {
      brand: method.card?.brand ?? 'unknown',
      last4: method.card?.last4 ?? '',
      exp_month: method.card?.exp_month ?? 0,
      exp_year: method.card?.exp_year ?? 0,
    },
    billing_details: { name: method.billing_details?.name ?? null },
    metadata: method.metadata ?? {},
    isDefault: method.id === defaultId,
  };
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

/**
 * BILLING_PROVIDER=stripe through the official SDK (decisions §1): Checkout Sessions in subscription
 * mode and in setup mode (a SetupIntent saves a card), the Billing Portal, PaymentMethods,
 * Subscriptions, Promotion Codes, and webhooks checked with STRIPE_WEBHOOK_SECRET.
 */
export function createStripePayments(settings: StripeSettings): PaymentsProvider {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    // Pinned: the SDK's types describe this version, and webhook payloads are read with them.
    apiVersion: '2026-10-28.endive',
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Carte' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
          telemetry: false,
        }
      : {}),
  });

  let cached: { plan: BasePlan; at: number } | null = null;
  const priceOf = (price: Stripe.Price): PlanPrice => ({
    id: price.id,
    unit_amount: price.unit_amount ?? 0,
    currency: price.currency,
    recurring: { interval: (price.recurring?.interval === 'year' ? 'year' : 'month') as BillingInterval },
  });

  // The discount's coupon comes along, so Carte's row shows the price actually paid.
  const subscriptionParams = { expand: ['discounts.source.coupon'] };

  /** The active promotion code people type, with its coupon, or undefined. */
  async function activePromotion(code: string) {
    const found = await stripe.promotionCodes.list({
      code,
      active: true,
      limit: 1,
      expand: ['data.promotion.coupon'],
    });
    return found.data[0];
  }

  return {
    kind: 'stripe',

    async prices() {
      if (cached && Date.now() - cached.at < PRICE_CACHE_MS) return cached.plan;
      const [monthly, yearly] = await Promise.all([
        stripe.prices.retrieve(settings.priceMonthly),
        stripe.prices.retrieve(settings.priceYearly),
      ]);
      const plan: BasePlan = {
        monthly_product: { id: idOf(monthly.product) ?? '', name: 'Carte monthly', price: priceOf(monthly) },
        yearly_product: { id: idOf(yearly.product) ?? '', name: 'Carte yearly', price: priceOf(yearly) },
      };
      cached = { plan, at: Date.now() };
      return plan;
    },

    async createCustomer(input) {
      const customer = await stripe.customers.create(
        { email: input.email, name: input.name, metadata: { payer_id: input.payerId } },
        { idempotencyKey: `carte-customer-${input.payerId}` },
      );
      return customer.id;
    },

    async createCheckoutSession(input) {
      const metadata = {
        restaurant_id: input.restaurantId,
        ...(input.publishMenuId ? { publish_menu_id: input.publishMenuId } : {}),
      };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.restaurantId,
        line_items: [{ price: input.price.id, quantity: 1 }],
        allow_promotion_codes: true,
        subscription_data: { metadata },
        metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async checkoutSessionUrl(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return session.status === 'open' ? session.url : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async createSetupSession(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: input.customerId,
        currency: 'usd',
        setup_intent_data: { metadata: input.metadata ?? {} },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a setup session without a URL');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        let paymentMethodId: string | null = null;
        const setupIntentId = idOf(session.setup_intent);
        if (session.mode === 'setup' && setupIntentId) {
          const intent = await stripe.setupIntents.retrieve(setupIntentId);
          paymentMethodId = intent.status === 'succeeded' ? idOf(intent.payment_method) : null;
        }
        const finished: FinishedSession = {
          id: session.id,
          mode: session.mode === 'setup' ? 'setup' : 'subscription',
          status:
            session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
          customerId: idOf(session.customer) ?? '',
          subscriptionId: idOf(session.subscription),
          paymentMethodId,
        };
        return finished;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async listPaymentMethods(customerId) {
      const [customer, methods] = await Promise.all([
        stripe.customers.retrieve(customerId),
        stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
      ]);
      const defaultId =
        'deleted' in customer && customer.deleted
          ? null
          : idOf((customer as Stripe.Customer).invoice_settings?.default_payment_method);
      return methods.data
        .map((method) => paymentMethodOf(method, defaultId))
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
    },

    async createSubscription(input) {
      // Carte knows the code people type; Stripe's subscription takes the promotion code's id.
      const promotion = input.promotionCode ? await activePromotion(input.promotionCode) : null;
      if (input.promotionCode && !promotion) throw new Error(`unknown promotion code ${input.promotionCode}`);
      const subscription = await stripe.subscriptions.create({
        customer: input.customerId,
        items: [{ price: input.priceId }],
        default_payment_method: input.paymentMethodId,
        metadata: { restaurant_id: input.restaurantId },
        ...(promotion ? { discounts: [{ promotion_code: promotion.id }] } : {}),
        ...subscriptionParams,
      });
      return subscriptionOf(subscription);
    },

    async retrieveSubscription(subscriptionId) {
      try {
        return subscriptionOf(await stripe.subscriptions.retrieve(subscriptionId, subscriptionParams));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async cancelSubscription(subscriptionId, options) {
      const subscription = options.atPeriodEnd
        ? await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
        : await stripe.subscriptions.cancel(subscriptionId);
      return subscriptionOf(subscription);
    },

    async resumeSubscription(subscriptionId) {
      return subscriptionOf(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
      );
    },

    async checkPromotionCode(code) {
      const promotion = await activePromotion(code);
      const coupon = promotion?.promotion.coupon;
      if (!promotion || !coupon || typeof coupon === 'string' || !coupon.valid) return null;
      return { coupon: { percent_off: coupon.percent_off, amount_off: coupon.amount_off } };
    },

    async createPromotionCode(input) {
      const coupon = await stripe.coupons.create({
        duration: 'once',
        ...(input.percent_off !== null
          ? { percent_off: input.percent_off }
          : { amount_off: input.amount_off ?? 0, currency: 'usd' }),
      });
      await stripe.promotionCodes.create({
        code: input.code,
        promotion: { type: 'coupon', coupon: coupon.id },
      });
    },

    async createPortalSession(input) {
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
      });
      return { url: session.url };
    },

    async retrieveInvoice(invoiceId): Promise<ProviderInvoice | null> {
      try {
        const invoice = await stripe.invoices.retrieve(invoiceId);
        return {
          id: invoice.id,
          customerId: idOf(invoice.customer) ?? '',
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          status: invoice.status ?? 'draft',
          hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
          invoicePdf: invoice.invoice_pdf ?? null,
          customerName: invoice.customer_name,
          customerEmail: invoice.customer_email,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    verifyEvent(rawBody, signature, receivedAt) {
      if (!signature) throw new Error('no Stripe-Signature header');
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        settings.webhookSecret,
        undefined,
        undefined,
        receivedAt,
      );
      const object = event.data.object as { id?: unknown };
      return { id: event.id, type: event.type, objectId: typeof object.id === 'string' ? object.id : '' };
    },
  };
}
