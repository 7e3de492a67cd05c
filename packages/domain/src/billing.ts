import { z } from 'zod';
import { objectId } from './api.ts';
import { text } from './validation.ts';

/**
 * Subscriptions (doc 2 §2 "Subscription checkout screen", §3 Plan and Subscription, §7; doc 3 §7.2;
 * decisions §2 BILLING_PROVIDER, §4 Billing). A subscription belongs to an owner's restaurant;
 * publishing a menu needs an active one.
 */

export const billingIntervals = ['month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

export const subscriptionStatuses = ['pending', 'active', 'canceled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * The end of a period that starts at `start`: one calendar month or year later, the day clamped to
 * the month's length (31 January + 1 month = 28 or 29 February), in UTC.
 */
export function addInterval(start: Date, interval: BillingInterval): Date {
  const end = new Date(start);
  const months = interval === 'year' ? 12 : 1;
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** How long a checkout session or a manage link of the local provider may be used. */
export const BILLING_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** The texts of the subscription screens (doc 2 §8, doc 3 §8.2) and of the billing answers. */
export const billingMessages = {
  /** Carte's own: the admin dashboard back from an Add user checkout (doc 3 §2.2 leaves it unsaid). */
  adminCheckoutDone: "Checkout complete: the user's subscription starts as soon as the payment is confirmed.",
  adminCheckoutCanceled: 'Checkout canceled: the user can subscribe later from their account.',
  checkoutFailed: 'We are sorry, but something went wrong. Please try again or contact the support.',
  pageFailed: 'Something went wrong. Please try again later',
  pleaseWait: 'Please wait',
  subscribed: 'Subscribed successfully',
  selectPlan: 'Please select a plan',
  alreadySubscribed: 'This restaurant already has an active subscription.',
  noSubscription: 'This restaurant has no active subscription.',
  billingOff: 'Subscriptions are switched off on this server: publishing needs none.',
  cancelsAt: (date: string) => `Your subscription is cancelled and ends on ${date}.`,
  checkoutCanceled: 'The checkout was cancelled. No payment was made.',
  /** Save payment failed (doc 2 §8, doc 3 §8.2). */
  savePaymentFailed: 'We are sorry, but something went wrong. Please try again or contact the support.',
  /** The customer portal failed (doc 2 §8, doc 3 §8.2). */
  portalFailed: 'Something went wrong. Please try again later',
  confirming: 'We are confirming your payment…',
  paymentMethodSaved: 'Your card has been saved.',
  setupCanceled: 'No card was added.',
  invalidPromotionCode: 'This code is invalid',
  enterPromotionCode: 'Please enter a promotion code',
  badSignature: 'The webhook signature is not valid.',
  cardDeclined: 'Your card was declined.',
  invalidCard: 'Your card number is incomplete.',
  /** Carte's own (issue 22): a checkout that publishes a menu names one of the restaurant's menus. */
  publishMenuUnknown: 'The menu to publish was not found in this restaurant.',
  /** Carte's own (issue 22): back on the menu from a paid checkout, until the menu is published. */
  publishingAfterPayment: 'We are confirming your payment; this menu is published as soon as it is.',
  publishedAfterPayment: 'Subscribed: your menu is published.',
} as const;

/** A price of the plan (doc 2 §3): amounts in cents, shown divided by 100 with two decimals (doc 2 §9). */
export const planPriceSchema = z.object({
  id: z.string(),
  unit_amount: z.number().int().nonnegative(),
  currency: z.string(),
  recurring: z.object({ interval: z.enum(billingIntervals) }),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

export const planProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: planPriceSchema,
});
export type PlanProduct = z.infer<typeof planProductSchema>;

/** GET /api/subscription/base-product. */
export const basePlanSchema = z.object({
  monthly_product: planProductSchema,
  yearly_product: planProductSchema,
});
export type BasePlan = z.infer<typeof basePlanSchema>;

/** The restaurant's subscription as the owner's screens see it; times are unix seconds (doc 3 §3). */
export const subscriptionSchema = z.object({
  id: objectId,
  /** The paying restaurant. */
  customer: objectId,
  interval: z.enum(billingIntervals),
  status: z.enum(subscriptionStatuses),
  current_period_start: z.number().int().nullable(),
  current_period_end: z.number().int().nullable(),
  cancel_at_period_end: z.boolean(),
  /** The promotion code's coupon the subscription was taken with, or null (doc 2 §3). */
  discount: z
    .object({ percent_off: z.number().nullable(), amount_off: z.number().int().nullable() })
    .nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/subscription/has-active. */
export const hasActiveSchema = z.object({
  active: z.boolean(),
  subscription: subscriptionSchema.nullable(),
});
export type HasActive = z.infer<typeof hasActiveSchema>;

/** POST /api/subscription/checkout-session; the answer's message is the session id (doc 3 §7.2). */
export const checkoutSessionInputSchema = z.object({
  price_id: text({ error: billingMessages.selectPlan })
    .trim()
    .min(1, billingMessages.selectPlan)
    .max(200, billingMessages.selectPlan),
  reCaptchaToken: text().max(10_000).optional(),
  /**
   * The menu the owner was publishing when "Subscribe required" opened (issue 22): the checkout
   * leads back to it, and it is published once the subscription is active.
   */
  publish_menu_id: text({ error: billingMessages.publishMenuUnknown })
    .regex(/^[0-9a-f]{24}$/, billingMessages.publishMenuUnknown)
    .optional(),
});
export type CheckoutSessionInput = z.infer<typeof checkoutSessionInputSchema>;

/** POST /api/subscription/customer-portal-session: `url` is where the manage page leads back to. */
export const portalSessionInputSchema = z.object({
  url: text().max(2000).optional(),
});
export type PortalSessionInput = z.infer<typeof portalSessionInputSchema>;

export const portalSessionSchema = z.object({ url: z.string() });

/** The page a card is saved on, for the built-in test provider. */
export const localSetupPath = (sessionId: string) => `/billing/setup/${encodeURIComponent(sessionId)}`;
export type PortalSession = z.infer<typeof portalSessionSchema>;

/** A saved card (doc 3 §3 Payment method); `metadata` holds dma_id and client_id for a reseller's client cards. */
export const paymentMethodSchema = z.object({
  id: z.string(),
  card: z.object({
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
  billing_details: z.object({ name: z.string().nullable() }),
  metadata: z.record(z.string(), z.string()),
  /** The customer's default card, charged for renewals. */
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET /api/subscription/customer-payment-methods: a list with a data array (doc 3 §7.2). */
export const paymentMethodListSchema = z.object({ data: z.array(paymentMethodSchema) });
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;

/** POST /api/subscription/save-payment: `url` is where the hosted page leads back to. */
export const savePaymentInputSchema = z.object({ url: text().max(2000).optional() });
export type SavePaymentInput = z.infer<typeof savePaymentInputSchema>;

/** The hosted page that saves a card: the browser goes to `url` (doc 3 §7.2). */
export const savePaymentSchema = z.object({ id: z.string(), url: z.string() });
export type SavePayment = z.infer<typeof savePaymentSchema>;

/** A promotion code's coupon (doc 2 §3 Promo response): `percent_off` or `amount_off` (cents). */
export const promotionCouponSchema = z.object({
  coupon: z.object({
    percent_off: z.number().nullable(),
    amount_off: z.number().int().nullable(),
  }),
});
export type PromotionCoupon = z.infer<typeof promotionCouponSchema>;

/** The saving of the yearly price against twelve months, in whole percent (0 when none). */
export function yearlySavingPercent(plan: BasePlan): number {
  const twelveMonths = plan.monthly_product.price.unit_amount * 12;
  if (twelveMonths === 0) return 0;
  return Math.max(0, Math.round((1 - plan.yearly_product.price.unit_amount / twelveMonths) * 100));
}

/**
 * The price after a coupon, in cents (doc 2 §9, doc 3 §2: percent_off, or amount_off/100 dollars,
 * never below $0.00).
 */
export function discountedCents(cents: number, coupon: PromotionCoupon['coupon'] | null): number {
  if (!coupon) return cents;
  const off =
    coupon.percent_off !== null ? Math.round((cents * coupon.percent_off) / 100) : (coupon.amount_off ?? 0);
  return Math.max(0, cents - off);
}

/** A discount as the specification shows it: percent_off, or amount_off / 100 in dollars ("10% off"). */
export const discountLabel = (coupon: PromotionCoupon['coupon']): string =>
  coupon.percent_off !== null ? `${coupon.percent_off}% off` : `${formatCents(coupon.amount_off ?? 0)} off`;

/** Where the browser goes with a checkout session id of the built-in test checkout. */
export const localCheckoutPath = (sessionId: string) => `/billing/checkout/${encodeURIComponent(sessionId)}`;

/** Cents shown as dollars with two decimals (doc 2 §9): 1900 → "$19.00". */
export const formatCents = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

const dayMonthYear = new Map<string, Intl.DateTimeFormat>();

/** A date as DD/MM/YYYY (doc 2 §4, §9), in a time zone when given (the restaurant's, decisions §4). */
export function formatDayMonthYear(date: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = dayMonthYear.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(timeZone ? { timeZone } : {}),
    });
    dayMonthYear.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year}`;
}
