import type {
  AdminDma,
  ClientPlan,
  ClientSubscriptionDetail,
  DmaClient,
  PendingDma,
  PendingLicence,
  PlanPrice,
} from '@carte/domain';
import type { dmaClientInvitations, dmaRegisterInvitations, subscriptions, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type ClientInvitationRow = typeof dmaClientInvitations.$inferSelect;
type RegisterInvitationRow = typeof dmaRegisterInvitations.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * What leaves the server about resellers, their clients and their invitations (STYLE rule 2): the
 * fields doc 3 §3 names, dates as ISO text, a subscription's periods in seconds as Stripe gives them.
 */
const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export const presentPlan = (row: SubscriptionRow, prices: Map<string, PlanPrice>): ClientPlan => ({
  id: row.id,
  status: row.status,
  interval: row.interval,
  amount: prices.get(row.priceId)?.unit_amount ?? null,
  price_id: row.priceId,
  current_period_end: seconds(row.currentPeriodEnd),
});

export const presentClient = (
  row: UserRow,
  restaurantName: string | null,
  subscription: SubscriptionRow | undefined,
  prices: Map<string, PlanPrice>,
): DmaClient => ({
  _id: row.id,
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phoneNumber: row.phoneNumber,
  state: row.verifiedAt !== null,
  restaurant_id: row.restaurantId,
  restaurant_name: restaurantName,
  subscription: subscription ? presentPlan(subscription, prices) : null,
  createdAt: row.createdAt.toISOString(),
});

/** One client's active subscription on its page, with the reseller's card that pays it. */
export const presentClientSubscription = (
  active: SubscriptionRow,
  prices: Map<string, PlanPrice>,
  paymentMethod: { card: { last4: string; brand: string } } | null,
): ClientSubscriptionDetail => ({
  id: active.id,
  customer: active.customerId,
  current_period_start: seconds(active.currentPeriodStart),
  current_period_end: seconds(active.currentPeriodEnd),
  plan: { amount: prices.get(active.priceId)?.unit_amount ?? null, interval: active.interval },
  discount: active.discount ? { coupon: active.discount } : null,
  status: active.status,
  default_payment_method: paymentMethod,
  cancel_at_period_end: active.cancelAtPeriodEnd,
});

/** A pending licence; its `token` is the licence's id (a handle to cancel it), never the mailed secret. */
export const presentLicence = (row: ClientInvitationRow, expiresAt: Date): PendingLicence => ({
  _id: row.id,
  token: row.id,
  data: {
    client: {
      email: row.email,
      username: row.username,
      status: row.status,
      restaurant_id: row.restaurantId,
      restaurant_name: row.restaurantName,
    },
  },
  createdAt: row.createdAt.toISOString(),
  expiresAt: expiresAt.toISOString(),
});

/** A pending registration invitation; its `token` is the invitation's id, as for licences. */
export const presentPendingDma = (row: RegisterInvitationRow, expiresAt: Date): PendingDma => ({
  _id: row.id,
  token: row.id,
  data: { email: row.email, added_by: row.addedByUsername },
  createdAt: row.createdAt.toISOString(),
  expiresAt: expiresAt.toISOString(),
});

/** A reseller with its clients (its own rows), each with its restaurant (the admin's DMA list). */
export const presentAdminDma = (
  dma: UserRow,
  clientRows: { user: UserRow; restaurantId: string | null; restaurantName: string | null }[],
): AdminDma => ({
  _id: dma.id,
  email: dma.email,
  firstName: dma.firstName,
  lastName: dma.lastName,
  username: dma.username,
  company_name: dma.companyName ?? '',
  state: dma.verifiedAt !== null,
  clients: clientRows.map((row) => ({
    _id: row.user.id,
    username: row.user.username,
    email: row.user.email,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    state: row.user.verifiedAt !== null,
    restaurants:
      row.restaurantId && row.restaurantName !== null
        ? [{ _id: row.restaurantId, name: row.restaurantName }]
        : [],
  })),
  createdAt: dma.createdAt.toISOString(),
});
