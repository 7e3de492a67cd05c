import {
  type AllergenDeclaration,
  type DishAllergenInput,
  defaultWeek,
  type FilterOptions,
  type Labelling,
  type Permissions,
  type RestaurantLanguages,
  type RestaurantType,
  type Role,
  type StoredTranslations,
} from '@carte/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { newId } from './ids.ts';

const id = () =>
  char('id', { length: 24 })
    .primaryKey()
    .$defaultFn(() => newId());
const ref = (name: string) => char(name, { length: 24 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const restaurants = pgTable(
  'restaurants',
  {
    id: id(),
    name: text('name').notNull(),
    restaurantType: text('restaurant_type').$type<RestaurantType>().notNull().default('RESTAURANT'),
    timeZone: text('time_zone').notNull().default('UTC'),
    description: text('description').notNull().default(''),
    parentId: ref('parent_id'),
    /**
     * A location reads its parent's draft menus too while one person holds both (made with "Add
     * Location"); false once the location or its parent changed hands without the other (issue 22):
     * then it reads the parent's published menus only.
     */
    parentDrafts: boolean('parent_drafts').notNull().default(true),
    /** Labelling rules (issue 23 §4): region, calorie rule, US state notice, "don't publish incomplete". */
    /** Its languages (issue 24): the default and the others guests may read. */
    languages: jsonb('languages')
      .$type<RestaurantLanguages>()
      .notNull()
      .default({ default: 'en', others: [] }),
    /** Machine drafts may show on the public menu before the owner accepts them (issue 24). */
    showMachineTranslations: boolean('show_machine_translations').notNull().default(false),
    /** Translations of the restaurant's own texts (description, call to action, filter card, tag labels). */
    translations: jsonb('translations').$type<StoredTranslations>().notNull().default({}),
    labelling: jsonb('labelling')
      .$type<Labelling>()
      .notNull()
      .default({ region: 'other', calories: 'none', usStateNotice: 'none', blockIncomplete: false }),
    sideDishesLabel: text('side_dishes_label').notNull().default('Side Dishes'),
    menuPeriodTransition: integer('menu_period_transition').notNull().default(15),
    /** The restaurant's own dietary additions to the platform lists. */
    dietary: jsonb('dietary')
      .$type<{ diets: string[]; foodTypes: string[]; other: string[] }>()
      .notNull()
      .default({ diets: [], foodTypes: [], other: [] }),
    /** The "Menu Filters" card (doc 3 §2.7, §3 FilterOptions); null until the owner saves it. */
    filterOptions: jsonb('filter_options').$type<FilterOptions>(),
    /** Storage key prefix of the restaurant's logo variants (doc 2 §3), or null. */
    logo: text('logo'),
    /** The public menu's call-to-action button (doc 2 §3 `cta`); null until the owner sets one. */
    cta: jsonb('cta').$type<RestaurantCtaData>(),
    /** Social links (doc 2 §3 `social`: facebook, instagram, twitter, yelp, website). */
    social: jsonb('social').$type<SocialLinkData[]>().notNull().default([]),
    /** QR code colours and background alpha (doc 2 §3 `qrSettings`). */
    qrSettings: jsonb('qr_settings').$type<QrSettingsData>(),
    /** The chosen QR card template slug (template_1 … template_4); first by default. */
    selectedQrTemplate: text('selected_qr_template').notNull().default('template_1'),
    /** Per-template field values of the QR cards, keyed by template slug (doc 2 §3 `templateMeta`). */
    qrTemplateMeta: jsonb('qr_template_meta')
      .$type<Record<string, Record<string, string>>>()
      .notNull()
      .default({}),
    /** First QR download, table cards or copied menu link: the checklist's "share" step (issue 11). */
    menuSharedAt: timestamp('menu_shared_at', { withTimezone: true }),
    /** The owner closed the dashboard's getting-started checklist. */
    checklistDismissedAt: timestamp('checklist_dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('restaurants_parent_idx').on(t.parentId)],
);

export interface RestaurantCtaData {
  type: string;
  label: string;
  link: string;
  newTab: boolean;
  color: string;
  lightText: boolean;
  enabled: boolean;
}
export interface SocialLinkData {
  media: string;
  url: string;
}
export interface QrSettingsData {
  colorDark: string;
  colorLight: string;
  backgroundImageAlpha: number;
}

/** The media library of a restaurant (doc 2 §2 Media section): uploaded images, re-encoded variants. */
export const media = pgTable(
  'media',
  {
    id: id(),
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** Storage key prefix of the image variants. */
    key: text('key').notNull(),
    /** The name the file was uploaded with (shown as its title). */
    fileName: text('file_name').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('media_restaurant_created_idx').on(table.restaurantId, table.createdAt)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    role: text('role').$type<Role>().notNull(),
    permissions: jsonb('permissions').$type<Partial<Permissions>>().notNull().default({}),
    passwordHash: text('password_hash'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Accounts of one person share a person id (decisions §4, several accounts). */
    personId: ref('person_id').notNull(),
    restaurantId: ref('restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
    companyName: text('company_name'),
    dmaParentEmail: text('dma_parent_email'),
    /** A reseller's client (role DMA_CLIENT): the reseller (role DMA) that manages and pays for it (issue 14). */
    dmaId: ref('dma_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_email_idx').on(t.email),
    index('users_person_idx').on(t.personId),
    index('users_restaurant_idx').on(t.restaurantId),
    index('users_dma_idx').on(t.dmaId),
  ],
);

/** Refresh tokens (decisions §3): stored hashed, rotated on use; a reused one revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: ref('family_id').notNull(),
    /** Set on a session an admin opened as this user ("Login as"): the admin acting (docs/security.md). */
    impersonatorId: ref('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/**
 * The kinds of mailed link (features/identity/mailed-links.ts owns them all, with their lifetimes).
 * `member-invitation`: a team invitation; `member-join`: the same invitation to an address that
 * already holds an account, accepted from that account's signed-in session (issue 20).
 */
export type ActionTokenKind =
  | 'verify-account'
  | 'reset-password'
  | 'resend-verification'
  | 'change-email'
  /** An ownership transfer's link (7 days): `user_id` the owner asking, `new_email` the invited address. */
  | 'transfer-ownership'
  | 'member-invitation'
  /** The 7-day link of a new admin (doc 3 §2.8, /admin-complete-account). */
  | 'admin-invitation'
  /** A reseller's registration link (`subject_id`: its dma_register_invitations row). */
  | 'dma-registration'
  /** A reseller's client invitation (`subject_id`: its dma_client_invitations row). */
  | 'dma-client-invitation';

/**
 * Single-use links sent by mail (verification 24 h, reset 1 h, email change 24 h, invitation 7 days) and the resend
 * token of a login, kept hashed. A link is about an account (`user_id`) or, before an account exists,
 * about another row (`subject_id`: a reseller's registration or client invitation). An email change
 * keeps the address asked for here until its link is opened.
 */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: id(),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The row a link without an account is about (a reseller's registration or client invitation). */
    subjectId: ref('subject_id'),
    kind: text('kind').$type<ActionTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The new address of a 'change-email' link. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('action_tokens_hash_idx').on(t.tokenHash),
    index('action_tokens_user_idx').on(t.userId),
    index('action_tokens_subject_idx').on(t.subjectId),
  ],
);

/** The admin-editable mail templates of doc 3 §2.6. */
export const mailTemplates = pgTable('mail_templates', {
  name: text('name').primaryKey(),
  groupName: text('group_name').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  updatedAt: updatedAt(),
});

export type MailStatus = 'queued' | 'sent' | 'failed' | 'outbox';

/** Every mail Carte sends: queued here, delivered by a pg-boss job (or kept here in outbox mode). */
export const mails = pgTable(
  'mails',
  {
    id: id(),
    template: text('template').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mails_created_idx').on(t.createdAt), index('mails_to_idx').on(t.to)],
);

/** Failed requests (4xx/5xx) for the admins' developer log (doc 3 §3). */
export const logs = pgTable(
  'logs',
  {
    id: id(),
    message: text('message'),
    url: text('url').notNull(),
    statusCode: integer('status_code').notNull(),
    method: text('method').notNull(),
    userId: ref('user_id'),
    username: text('username'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('logs_created_idx').on(t.createdAt)],
);

/**
 * What platform staff did to other accounts (doc 3 §2.2, §4): log-ins as another account and their
 * returns, deletions, and every changing request made while acting as someone, with both identities.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: id(),
    adminId: ref('admin_id').notNull(),
    adminUsername: text('admin_username').notNull(),
    action: text('action').notNull(),
    targetUserId: ref('target_user_id'),
    targetUsername: text('target_username'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt)],
);

/** Generated secrets kept in the database when DATA_DIR is not writable (see config). */
export const settings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

// ---- The owner's workshop (doc 1 §3): ingredients, categories, dishes, menus, customizations ----

/** Dietary lists: diets (include only these), food types (exclude these allergens), other. */
export interface DietaryLists {
  diets: string[];
  foodTypes: string[];
  other: string[];
}

export interface CustomizationOptionData {
  _id: string;
  /** For custom (named) options. */
  name: string | null;
  /** For options chosen from ingredients. */
  ingredient: string | null;
  price: number;
  isAvailable: boolean;
}

export interface CustomizationData {
  _id: string;
  name: string;
  isCustom: boolean;
  isFixedPrice: boolean;
  isAvailable: boolean;
  options: CustomizationOptionData[];
}

export const ingredients = pgTable(
  'ingredients',
  {
    id: id(),
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parentId: ref('parent_id'),
    isAvailable: boolean('is_available').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** The regulated allergens it contains and may contain (issue 23); a child adds to its parent's. */
    allergens: jsonb('allergens')
      .$type<AllergenDeclaration>()
      .notNull()
      .default({ contains: [], mayContain: [] }),
    /** Translations of its texts (issue 24): language → field → {text, source, machine}. */
    translations: jsonb('translations').$type<StoredTranslations>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ingredients_restaurant_name_idx').on(t.restaurantId, sql`lower(${t.name})`),
    index('ingredients_parent_idx').on(t.parentId),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    /** New categories go to the top: lower positions first. */
    position: integer('position').notNull().default(0),
    /** Translations of its texts (issue 24): language → field → {text, source, machine}. */
    translations: jsonb('translations').$type<StoredTranslations>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_restaurant_idx').on(t.restaurantId)],
);

export const dishes = pgTable(
  'dishes',
  {
    id: id(),
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Rich text, sanitized on the server. */
    description: text('description').notNull().default(''),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    calories: integer('calories'),
    /** The portion the calories are for ("350 g"), asked by England's calorie rule (issue 23). */
    portion: text('portion'),
    /**
     * The dish's own allergen additions (cross-contact in the kitchen) and the owner's confirmation;
     * what answers carry is derived with its ingredients' declarations (issue 23).
     */
    allergens: jsonb('allergens')
      .$type<DishAllergenInput>()
      .notNull()
      .default({ contains: [], mayContain: [], declared: false }),
    alcoholPercentage: numeric('alcohol_percentage', { precision: 5, scale: 2, mode: 'number' }),
    /** Storage key prefix of the image variants, or null. */
    image: text('image'),
    isAvailable: boolean('is_available').notNull().default(true),
    customizations: jsonb('customizations')
      .$type<{ selected: string[]; custom: CustomizationData[] }>()
      .notNull()
      .default({ selected: [], custom: [] }),
    dietary: jsonb('dietary')
      .$type<{ selected: DietaryLists; admin: DietaryLists }>()
      .notNull()
      .default({
        selected: { diets: [], foodTypes: [], other: [] },
        admin: { diets: [], foodTypes: [], other: [] },
      }),
    position: integer('position').notNull().default(0),
    /** Translations of its texts (issue 24): language → field → {text, source, machine}. */
    translations: jsonb('translations').$type<StoredTranslations>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dishes_restaurant_idx').on(t.restaurantId)],
);

export const dishIngredients = pgTable(
  'dish_ingredients',
  {
    dishId: ref('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    ingredientId: ref('ingredient_id')
      .notNull()
      .references(() => ingredients.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dishId, t.ingredientId] }),
    index('dish_ingredients_ingredient_idx').on(t.ingredientId),
  ],
);

/** Upsells ("side dishes", doc 1 §4). */
export const dishSideDishes = pgTable(
  'dish_side_dishes',
  {
    dishId: ref('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    sideDishId: ref('side_dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dishId, t.sideDishId] })],
);

/** A category holds dishes in an order of its own (drag and drop on the dashboard). */
export const categoryDishes = pgTable(
  'category_dishes',
  {
    categoryId: ref('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    dishId: ref('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.dishId] }), index('category_dishes_dish_idx').on(t.dishId)],
);

export interface MenuSchedule {
  monday: boolean;
  tuesday: boolean;
  wednesday: boolean;
  thursday: boolean;
  friday: boolean;
  saturday: boolean;
  sunday: boolean;
  startTime: string;
  endTime: string;
}

export const menus = pgTable(
  'menus',
  {
    id: id(),
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    cover: text('cover'),
    logo: text('logo'),
    colors: jsonb('colors')
      .$type<{ primary: string; secondary: string; tertiary: string }>()
      .notNull()
      .default({ primary: '#ff1616', secondary: '#83cdf1', tertiary: '#f46d26' }),
    fonts: jsonb('fonts')
      .$type<{ primary: string; secondary: string; tertiary: string }>()
      .notNull()
      .default({ primary: 'Roboto', secondary: 'Open Sans', tertiary: 'Lato' }),
    selectedTemplate: text('selected_template').notNull().default('Classic Template'),
    templateMeta: jsonb('template_meta').$type<Record<string, unknown>>().notNull().default({}),
    showCta: jsonb('show_cta')
      .$type<{ title: string; content: string; emails: string[] }>()
      .notNull()
      .default({
        title: 'REPORT AN ISSUE',
        content: 'Prices on this menu are set directly by the merchant',
        emails: [],
      }),
    displayIngredients: boolean('display_ingredients').notNull().default(true),
    displayDietary: boolean('display_dietary').notNull().default(true),
    displaySideDishes: boolean('display_side_dishes').notNull().default(true),
    draft: boolean('draft').notNull().default(true),
    // The domain's default week (00:00–00:00, whole days). Migration 0001 still gives the column
    // 00:00–23:59 and menu creation relies on it: the next migration must set this default.
    valid: jsonb('valid')
      .$type<MenuSchedule>()
      .notNull()
      .default({ ...defaultWeek }),
    twentyFourHours: boolean('twenty_four_hours').notNull().default(true),
    /** New menus go to the end. */
    position: integer('position').notNull().default(0),
    /** Translations of its texts (issue 24): language → field → {text, source, machine}. */
    translations: jsonb('translations').$type<StoredTranslations>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menus_restaurant_idx').on(t.restaurantId)],
);

/** The categories of a menu, in order, each with its valid flag and (later) its own schedule. */
export const menuCategories = pgTable(
  'menu_categories',
  {
    menuId: ref('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    categoryId: ref('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    valid: boolean('valid').notNull().default(true),
    position: integer('position').notNull().default(0),
    adjustment: jsonb('adjustment').$type<(MenuSchedule & { twentyFourHoursAvailable: boolean }) | null>(),
  },
  (t) => [
    primaryKey({ columns: [t.menuId, t.categoryId] }),
    index('menu_categories_category_idx').on(t.categoryId),
  ],
);

/** The restaurant-wide customizations (doc 1 §3), chosen by dishes through `selected`. */
export const customizations = pgTable(
  'customizations',
  {
    id: id(),
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isCustom: boolean('is_custom').notNull().default(true),
    isFixedPrice: boolean('is_fixed_price').notNull().default(true),
    isAvailable: boolean('is_available').notNull().default(true),
    options: jsonb('options').$type<CustomizationOptionData[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    /** Translations of its texts (issue 24): language → field → {text, source, machine}. */
    translations: jsonb('translations').$type<StoredTranslations>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('customizations_restaurant_idx').on(t.restaurantId)],
);

// ---- Billing (doc 2 §3, decisions §4): a subscription belongs to an owner's restaurant ----

// The same unions as @carte/domain's billing shapes.
type SubscriptionStatus = 'pending' | 'active' | 'canceled';
type BillingInterval = 'month' | 'year';

/**
 * One row per checkout: `pending` while the checkout session is open, `active` once paid, `canceled`
 * when the checkout was abandoned or the subscription ended. At most one active row per restaurant.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The payments provider that holds it: `local` (test checkout) or `stripe`. */
    provider: text('provider').notNull(),
    priceId: text('price_id').notNull(),
    interval: text('interval').$type<BillingInterval>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('pending'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    checkoutSessionId: text('checkout_session_id'),
    /** The provider's id of the subscription (`sub_…`); Carte's row follows that object (issue 12). */
    providerSubscriptionId: text('provider_subscription_id'),
    /** The provider's customer that pays: the restaurant's own, or later its reseller's (issue 14). */
    customerId: text('customer_id'),
    /** The card a reseller chose for a client's subscription (issue 14), shown as "last4 - brand". */
    paymentMethodId: text('payment_method_id'),
    /** The promotion code's coupon applied when a reseller subscribed a client (issue 14). */
    discount: jsonb('discount').$type<{ percent_off: number | null; amount_off: number | null }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_restaurant_idx').on(t.restaurantId),
    uniqueIndex('subscriptions_checkout_session_idx').on(t.checkoutSessionId),
    uniqueIndex('subscriptions_provider_subscription_idx').on(t.providerSubscriptionId),
    uniqueIndex('subscriptions_one_active_idx').on(t.restaurantId).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * The payments provider's customer of a paying account (issue 12): a restaurant paying for itself,
 * or a reseller paying for its clients (issue 14). `payerId` is that restaurant's or reseller's id.
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    payerId: ref('payer_id').notNull(),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.payerId, t.provider] }),
    uniqueIndex('billing_customers_customer_idx').on(t.provider, t.customerId),
  ],
);

/**
 * Every provider event Carte received (the Stripe webhook, or the local provider's), stored once by
 * its id, then processed by a pg-boss job; `processedAt` stays null until that job succeeds.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    /** The id of the object the event is about (subscription, invoice, checkout session). */
    objectId: text('object_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('billing_events_received_idx').on(t.receivedAt)],
);

/**
 * The built-in test provider's own records (BILLING_PROVIDER=local): customers, payment methods,
 * checkout and setup sessions, subscriptions, invoices and promotion codes, each kept as the JSON
 * object a card provider would hold. Carte's own records never read this table.
 */
export const localBillingObjects = pgTable(
  'local_billing_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The customer it belongs to, when it belongs to one (payment methods, subscriptions, invoices). */
    customerId: text('customer_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('local_billing_objects_kind_customer_idx').on(t.kind, t.customerId)],
);

// ---- Analytics (decisions §4): first-party page and dish views of the public menu ----

/**
 * One view reported by a public menu page. No cookie and no address is kept: `visitor` is a hash of
 * the address and browser with a salt that changes every day (so visits cannot be linked across
 * days), `source` only the referring host. Kept for the restaurant whose page was viewed.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    type: text('type').$type<'page_view' | 'dish_view'>().notNull(),
    menuId: ref('menu_id'),
    dishId: ref('dish_id'),
    visitor: text('visitor').notNull(),
    source: text('source').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('analytics_events_created_idx').on(t.createdAt),
  ],
);

/**
 * Menu displays (doc 2 §2 layout editor, §3 map structure): a location's zones, each holding its
 * displays (a table, a screen), each holding the menus served there. A location is a restaurant;
 * its displays may hold its own menus and those it inherits from its parent (decisions §4).
 */
export const displayZones = pgTable(
  'display_zones',
  {
    id: id(),
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('display_zones_restaurant_idx').on(t.restaurantId)],
);

export const menuDisplays = pgTable(
  'menu_displays',
  {
    id: id(),
    zoneId: ref('zone_id')
      .notNull()
      .references(() => displayZones.id, { onDelete: 'cascade' }),
    /** The zone's restaurant, kept here so the public menu finds a display by one index. */
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('menu_displays_zone_idx').on(t.zoneId),
    index('menu_displays_restaurant_idx').on(t.restaurantId),
  ],
);

/** The menus of a display, in order; a deleted menu leaves every display. */
export const menuDisplayMenus = pgTable(
  'menu_display_menus',
  {
    displayId: ref('display_id')
      .notNull()
      .references(() => menuDisplays.id, { onDelete: 'cascade' }),
    menuId: ref('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.displayId, t.menuId] }),
    index('menu_display_menus_menu_idx').on(t.menuId),
  ],
);

// ---- Resellers (issue 14; doc 3 §2.3, §2.8, §3) ----

/**
 * A registration invitation an admin sent to a prospective reseller (`dma-register`, 7 days): pending
 * until its link is used or it is cancelled (doc 3 §3 Pending DMA invitation: data.email,
 * data.added_by, token). The link itself is an `action_tokens` row of kind `dma-registration` whose
 * `subject_id` is this row's id (identity's mailed links).
 */
export const dmaRegisterInvitations = pgTable('dma_register_invitations', {
  id: id(),
  email: text('email').notNull(),
  addedBy: ref('added_by').references(() => users.id, { onDelete: 'set null' }),
  addedByUsername: text('added_by_username').notNull(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A pending licence (doc 3 §3 Temporary client): a reseller invited an email as a client for one of
 * its clients' restaurants (`restaurantId`) or a new one (`restaurantName`), with the username the
 * client account will have. `pending` until the client accepts or rejects, or the reseller cancels.
 * Its mailed link (and 7-day expiry) is an `action_tokens` row of kind `dma-client-invitation` whose
 * `subject_id` is this row's id.
 */
export const dmaClientInvitations = pgTable(
  'dma_client_invitations',
  {
    id: id(),
    dmaId: ref('dma_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    username: text('username').notNull(),
    restaurantId: ref('restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
    restaurantName: text('restaurant_name').notNull(),
    status: text('status')
      .$type<'pending' | 'accepted' | 'rejected' | 'canceled'>()
      .notNull()
      .default('pending'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('dma_client_invitations_dma_idx').on(t.dmaId, t.status)],
);

/**
 * Every change of a dish's allergen or calorie declaration, or of an ingredient's allergens (issue 23
 * §6): who, when, before and after. Kept with the dish or ingredient; the user's name is copied so the
 * history outlives the account.
 */
export const declarationChanges = pgTable(
  'declaration_changes',
  {
    id: id(),
    restaurantId: ref('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    dishId: ref('dish_id').references(() => dishes.id, { onDelete: 'cascade' }),
    ingredientId: ref('ingredient_id').references(() => ingredients.id, { onDelete: 'cascade' }),
    /** allergens | calories | portion */
    field: text('field').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    userId: ref('user_id'),
    username: text('username').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('declaration_changes_dish_idx').on(t.dishId, t.createdAt),
    index('declaration_changes_ingredient_idx').on(t.ingredientId, t.createdAt),
  ],
);
