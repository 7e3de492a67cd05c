import { z } from 'zod';
import { objectId } from './api.ts';
import { billingIntervals, billingMessages, planProductSchema, promotionCouponSchema } from './billing.ts';
import { messages } from './messages.ts';
import { listPageQuery, paginatedSchema } from './pagination.ts';
import { text } from './text.ts';
import {
  captchaField,
  emailField,
  idList,
  newAccountFields,
  usernameField,
  whenFieldsPassed,
  withPasswordConfirmation,
} from './validation.ts';

/**
 * Resellers (role DMA) and their clients (role DMA_CLIENT): doc 3 §2.3, §2.4, §2.8, §3, §4, §5, §6,
 * §7.1 and the admin's DMA calls of §7.4 (issue 14). Field names follow the specification where it
 * gives them (subscribedClients, unSubscribedClients, shouldEnterPassword, dma.company_name,
 * data.client …); the rest are Carte's (decisions: Resellers).
 */

export const DMA_USERNAME_MIN = 5;
/** The registration link (mail `dma-register`) and a client invitation (`dma-client-added`) last 7 days. */
export const DMA_LINK_DAYS = 7;
/** The client search of the dashboard shows 5 a page (doc 3 §9). */
export const DMA_CLIENT_PAGE_SIZE = 5;

const tokenText = text({ error: messages.pageUrlNotValid })
  .trim()
  .min(1, { error: messages.pageUrlNotValid })
  .max(512, { error: messages.invitationLinkInvalid });

/** `?token=` of the public reseller pages (/dma-register, /dma-client-verify-invitation). */
export const dmaTokenQuery = z.object({ token: tokenText });

// ---------- becoming a reseller (doc 3 §2.8, §5) ----------

/** GET /dma/verify-token?token=: the invited address, shown read-only on /dma-register. */
export const dmaRegisterInvitationSchema = z.object({ email: z.string() });
export type DmaRegisterInvitation = z.infer<typeof dmaRegisterInvitationSchema>;

/** The DMA username: the usual rules and at least 5 characters (doc 3 §5). */
export const dmaUsernameField = usernameField.refine((value) => value.length >= DMA_USERNAME_MIN, {
  error: messages.usernameTooShort,
});

export const companyNameField = text({ error: messages.companyNameRequired })
  .trim()
  .min(1, { error: messages.companyNameRequired })
  .max(100, { error: messages.nameTooLong });

/** POST /dma/register?token= (doc 3 §2.8, §5). The email comes from the link, never from the form. */
export const dmaRegisterSchema = withPasswordConfirmation(
  z.object({
    firstName: newAccountFields.firstName,
    lastName: newAccountFields.lastName,
    phoneNumber: newAccountFields.phoneNumber,
    username: dmaUsernameField,
    /** Ignored: the address is the one the link was sent to (the form shows it read-only). */
    email: text().max(254).optional(),
    company_name: companyNameField,
    password: newAccountFields.password,
    confirm_password: newAccountFields.confirm_password,
  }),
);
export type DmaRegisterInput = z.input<typeof dmaRegisterSchema>;

// ---------- clients and pending licences (doc 3 §3) ----------

export const pendingLicenceStatuses = ['pending', 'accepted', 'rejected', 'canceled'] as const;
export type PendingLicenceStatus = (typeof pendingLicenceStatuses)[number];

/**
 * A pending licence ("Temporary client", doc 3 §3): `data.client` with email, username and status;
 * `token` is the handle the reseller cancels it with (`POST /dma/client-cancel-invitation?token=`),
 * not the secret of the mailed link.
 */
export const pendingLicenceSchema = z.object({
  _id: objectId,
  token: z.string(),
  data: z.object({
    client: z.object({
      email: z.string(),
      username: z.string(),
      status: z.enum(pendingLicenceStatuses),
      /** One of the reseller's clients' restaurants, or null when a new restaurant is made on accept. */
      restaurant_id: objectId.nullable(),
      restaurant_name: z.string(),
    }),
  }),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingLicence = z.infer<typeof pendingLicenceSchema>;
export const pendingLicenceListSchema = z.array(pendingLicenceSchema);

/**
 * GET /dma/clients-temporary: the "query filters" (a search over email and username); the whole
 * list, or one page of it (issue 21).
 */
export const pendingLicenceQuery = listPageQuery(['created']).extend({
  status: z.enum(pendingLicenceStatuses).optional(),
});

/** The subscription of a client's restaurant as the dashboard tables show it. */
export const clientPlanSchema = z.object({
  id: objectId,
  status: z.string(),
  interval: z.enum(billingIntervals),
  /** The price's amount in cents (doc 3 §9: shown divided by 100). */
  amount: z.number().int().nullable(),
  price_id: z.string(),
  current_period_end: z.number().int().nullable(),
});
export type ClientPlan = z.infer<typeof clientPlanSchema>;

/** A client (doc 3 §3 Client). `state` is the verified flag. */
export const dmaClientSchema = z.object({
  _id: objectId,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  state: z.boolean(),
  restaurant_id: objectId.nullable(),
  restaurant_name: z.string().nullable(),
  /** The active subscription of the client's restaurant, null when unsubscribed. */
  subscription: clientPlanSchema.nullable(),
  createdAt: z.string(),
});
export type DmaClient = z.infer<typeof dmaClientSchema>;
export const dmaClientListSchema = z.array(dmaClientSchema);

/** GET /dma/clients: the client search (5 a page on the dashboard; "No licenses were found."). */
/** Always one page (page 1 and 5 rows unless asked), in the shared page shape (issue 21). */
export const dmaClientSorts = ['created', 'username', 'email'] as const;
export type DmaClientSort = (typeof dmaClientSorts)[number];
export const dmaClientsQuery = listPageQuery(dmaClientSorts);
export const dmaClientPageSchema = paginatedSchema(dmaClientSchema);
export type DmaClientPage = z.infer<typeof dmaClientPageSchema>;

/** GET /dma/client-subscription-status (doc 3 §3). */
export const clientSubscriptionStatusSchema = z.object({
  subscribedClients: dmaClientListSchema,
  unSubscribedClients: dmaClientListSchema,
});
export type ClientSubscriptionStatus = z.infer<typeof clientSubscriptionStatusSchema>;

/** GET /dma/clients-statistics: the dashboard's counts. */
export const clientsStatisticsSchema = z.object({
  clients: z.number().int(),
  verifiedClients: z.number().int(),
  subscribedClients: z.number().int(),
  unSubscribedClients: z.number().int(),
  pendingLicences: z.number().int(),
  publishedMenus: z.number().int(),
  /** What the reseller pays a month for its clients, in cents (yearly prices counted a twelfth). */
  monthlyCents: z.number().int(),
});
export type ClientsStatistics = z.infer<typeof clientsStatisticsSchema>;

/** GET /dma/product-prices: the plans (doc 3 §3 Plans); a plan the provider lacks is null. */
export const productPricesSchema = z.object({
  monthly_product: planProductSchema.nullable(),
  yearly_product: planProductSchema.nullable(),
});
export type ProductPrices = z.infer<typeof productPricesSchema>;

// ---------- the client wizard (doc 3 §2.3, §7.1 add-client) ----------

/**
 * POST /dma/add-client. Step 1 (Add email info) checks the email and answers the restaurants the
 * reseller can pick; step 2 (Add or select a restaurant) takes one of them (`restaurant_id`) or a
 * new restaurant (`restaurant_name`), the client's username, and sends the invitation.
 */
export const addClientSchema = z
  .object({
    step: z.coerce.number().int().min(1).max(2),
    email: emailField(),
    username: text().trim().max(50, { error: messages.nameTooLong }).optional(),
    restaurant_id: objectId.nullable().optional(),
    restaurant_name: text().trim().max(100, { error: messages.nameTooLong }).optional(),
  })
  .refine((data) => data.step === 1 || Boolean(data.restaurant_id) || Boolean(data.restaurant_name), {
    error: messages.selectOrAddRestaurant,
    path: ['restaurant_id'],
    when: whenFieldsPassed('step', 'restaurant_id', 'restaurant_name'),
  });
export type AddClientInput = z.input<typeof addClientSchema>;

export const resellerRestaurantSchema = z.object({ _id: objectId, name: z.string() });
export const addClientResultSchema = z.object({
  restaurants: z.array(resellerRestaurantSchema),
  /** The invitation made at step 2 (null at step 1). */
  client: pendingLicenceSchema.nullable(),
});
export type AddClientResult = z.infer<typeof addClientResultSchema>;

// ---------- the client's invitation page (doc 3 §2.8) ----------

/** GET /dma/client-temporary-verify-token?token= (doc 3 §3 Invitation verification response). */
export const invitationVerificationSchema = z.object({
  dma: z.object({ company_name: z.string() }),
  decoded: z.object({
    client: z.object({
      email: z.string(),
      username: z.string(),
      restaurant_id: objectId.nullable(),
      restaurant_name: z.string(),
    }),
  }),
  restaurant: z.object({ name: z.string() }),
  /** A password is asked: a new one, or the existing account's when `hasAccount`. */
  shouldEnterPassword: z.boolean(),
  /**
   * The address already holds a verified (non-staff) Carte account: its password proves the invitee is
   * its holder, and the client account joins that person (issue 20).
   */
  hasAccount: z.boolean(),
});
export type InvitationVerification = z.infer<typeof invitationVerificationSchema>;

/** POST /dma/client-accept-invitation?token= {password}: a new password, or the account's when hasAccount. */
export const acceptInvitationSchema = z.object({
  password: text().max(200, { error: messages.passwordPattern }).optional(),
});

// ---------- the single client (doc 3 §2.4, §3) ----------

export const clientSubscriptionDetailSchema = z.object({
  id: objectId,
  customer: z.string().nullable(),
  current_period_start: z.number().int().nullable(),
  current_period_end: z.number().int().nullable(),
  plan: z.object({ amount: z.number().int().nullable(), interval: z.enum(billingIntervals) }),
  discount: promotionCouponSchema.nullable(),
  status: z.string(),
  default_payment_method: z.object({ card: z.object({ last4: z.string(), brand: z.string() }) }).nullable(),
  cancel_at_period_end: z.boolean(),
});
export type ClientSubscriptionDetail = z.infer<typeof clientSubscriptionDetailSchema>;

export const singleClientSchema = z.object({
  client: dmaClientSchema,
  subscription: clientSubscriptionDetailSchema.nullable(),
  restaurant: z
    .object({
      _id: objectId,
      name: z.string(),
      /** How many members the restaurant has. */
      members: z.number().int(),
      logo: z.string().nullable(),
    })
    .nullable(),
  menus: z.array(
    z.object({
      _id: objectId,
      name: z.string(),
      draft: z.boolean(),
      categories: z.number().int(),
      cover: z.string().nullable(),
    }),
  ),
  categories: z.array(
    z.object({ _id: objectId, name: z.string(), isAvailable: z.boolean(), dishes: z.number().int() }),
  ),
  dishes: z.array(
    z.object({
      _id: objectId,
      name: z.string(),
      isAvailable: z.boolean(),
      calories: z.number().nullable(),
      alcoholPercentage: z.number().nullable(),
      sideDishes: z.number().int(),
      ingredients: z.number().int(),
      image: z.string().nullable(),
    }),
  ),
  ingredients: z.array(z.object({ _id: objectId, name: z.string(), isAvailable: z.boolean() })),
});
export type SingleClient = z.infer<typeof singleClientSchema>;

export const singleClientQuery = z.object({ id: objectId });
export const idParams = z.object({ id: objectId });

/** Removing a licence or a reseller asks for the password of the one who does it (doc 3 §5). */
const confirmPassword = text({ error: messages.adminPasswordRequired })
  .min(1, { error: messages.adminPasswordRequired })
  .max(200, { error: messages.wrongPassword });

/** DELETE /dma/delete-client/{id} {password}. */
export const deleteClientSchema = z.object({ password: confirmPassword });

/** DELETE /dma/delete-client-subscription/{subscriptionId}?client_id= */
export const deleteClientSubscriptionParams = z.object({ subscriptionId: objectId });
export const deleteClientSubscriptionQuery = z.object({ client_id: objectId });

/** POST /dma/client-cancel-invitation?token= (the pending licence's `token`). */
export const cancelInvitationQuery = z.object({ token: tokenText });

// ---------- paying for clients (doc 3 §2.3, §7.1) ----------

/** POST /dma/check-promo-code {promo_code, price_id}: the coupon (doc 3 §7.1). */
export const checkPromoCodeSchema = z.object({
  promo_code: text({ error: billingMessages.enterPromotionCode })
    .trim()
    .min(1, { error: billingMessages.enterPromotionCode })
    .max(200, { error: billingMessages.invalidPromotionCode }),
  price_id: text({ error: billingMessages.selectPlan })
    .trim()
    .min(1, { error: billingMessages.selectPlan })
    .max(200, { error: billingMessages.selectPlan }),
});
export const checkPromoCodeResultSchema = promotionCouponSchema.extend({
  /** The price's amount before and after the coupon, in cents (never below 0). */
  amount: z.number().int(),
  discounted: z.number().int(),
});
export type CheckPromoCodeResult = z.infer<typeof checkPromoCodeResultSchema>;

/** POST /dma/clients-create-subscription (doc 3 §7.1). */
export const clientsCreateSubscriptionSchema = z.object({
  price_id: text({ error: billingMessages.selectPlan })
    .trim()
    .min(1, { error: billingMessages.selectPlan })
    .max(200, { error: billingMessages.selectPlan }),
  default_payment_method: text({ error: messages.selectPaymentMethod })
    .trim()
    .min(1, { error: messages.selectPaymentMethod })
    .max(200, { error: messages.selectPaymentMethod }),
  promo_code: text().trim().max(200, { error: billingMessages.invalidPromotionCode }).optional(),
  clients: idList(500).min(1, { error: messages.chooseAtLeastOneClient }),
});
export type ClientsCreateSubscriptionInput = z.input<typeof clientsCreateSubscriptionSchema>;

const clientOutcome = z.object({ _id: objectId, username: z.string() });
export const clientsCreateSubscriptionResultSchema = z.object({
  subscribed: z.array(clientOutcome),
  /** Each with the reason it failed. */
  failed: z.array(clientOutcome.extend({ message: z.string() })),
});
export type ClientsCreateSubscriptionResult = z.infer<typeof clientsCreateSubscriptionResultSchema>;

// ---------- acting as a client (doc 3 §4, §6) ----------

/**
 * POST /dma/client-shapeshift {_id, refreshToken, email}: only `_id` decides (the reseller's bearer
 * token proves who asks). The answer is the admin's shapeshift answer (a session with `impersonator`);
 * the way back is POST /admin/return, which any impersonated session may call.
 */
export const clientShapeshiftSchema = z.object({
  _id: objectId,
  refreshToken: text().max(512).optional(),
  email: text().max(254).optional(),
});

// ---------- the admin's DMA calls (doc 3 §2.2, §7.3, §7.4) ----------

/** A client as the admin's "View licenses" shows it (doc 3 §3 DMA clients). */
export const adminDmaClientSchema = z.object({
  _id: objectId,
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  state: z.boolean(),
  restaurants: z.array(resellerRestaurantSchema),
});

/** GET /admin/dma-list: a row of the DMA table (doc 3 §2.2, §3 DMA). */
export const adminDmaSchema = z.object({
  _id: objectId,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  company_name: z.string(),
  state: z.boolean(),
  clients: z.array(adminDmaClientSchema),
  createdAt: z.string(),
});
export type AdminDma = z.infer<typeof adminDmaSchema>;
export const adminDmaListSchema = z.array(adminDmaSchema);
/** GET /admin/dma-list: every reseller, or one page searched by username, email or company (issue 21). */
export const adminDmaSorts = ['created', 'username', 'email'] as const;
export type AdminDmaSort = (typeof adminDmaSorts)[number];
export const adminDmaQuery = listPageQuery(adminDmaSorts);

/** GET /admin/dma-list-pending: a pending DMA invitation (doc 3 §3: data.email, data.added_by, token). */
export const pendingDmaSchema = z.object({
  _id: objectId,
  token: z.string(),
  data: z.object({ email: z.string(), added_by: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingDma = z.infer<typeof pendingDmaSchema>;
export const pendingDmaListSchema = z.array(pendingDmaSchema);
/** GET /admin/dma-list-pending: every pending link, or one page searched by address (issue 21). */
export const pendingDmaQuery = listPageQuery(['created']);

/** POST /admin/send-dma-register-link {email}. */
/** POST /admin/send-dma-register-link (doc 2 §9: {email, reCaptchaToken}). */
export const sendDmaRegisterLinkSchema = z.object({ email: emailField(), reCaptchaToken: captchaField });

/** DELETE /admin/dma-delete/{id} {password}. */
export const dmaDeleteSchema = z.object({ password: confirmPassword });

/** POST /admin/cancel-dma-invitation?token= (the pending invitation's `token`). */
export const cancelDmaInvitationQuery = z.object({ token: tokenText });

/** POST /admin/delete-dma-client {dma_id, client_id, password}. */
export const deleteDmaClientSchema = z.object({
  dma_id: objectId,
  client_id: objectId,
  password: confirmPassword,
});
