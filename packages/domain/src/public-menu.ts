import { z } from 'zod';
import { allergenKeySchema, dishAllergensSchema, labellingSchema } from './allergens.ts';
import { objectId } from './api.ts';
import { filterOptionsSchema } from './filters.ts';
import { restaurantCtaSchema } from './restaurant.ts';
import { restaurantTypes } from './roles.ts';
import { text } from './text.ts';
import {
  colorTriple,
  dietaryListsSchema,
  fontTriple,
  imageUrlSchema,
  imageVariantsSchema,
  menuTemplates,
  scheduleSchema,
  showCtaSchema,
} from './workshop.ts';

/**
 * What a diner may see (STYLE rule 2: the public presenter can never include an owner's private
 * fields). The customer answer of doc 2 §3 — `GET /api/menus/customer` — and the data the server
 * renders the public page from, and the hydration script reads back from the page.
 *
 * `menus` holds the published menus open now, each with only the categories that are available and
 * inside their adjustment and only the available dishes; `menusTimeline` holds every published
 * menu's schedule so the page can compute switches itself (decisions §4).
 */

export const publicOptionSchema = z.object({
  _id: objectId,
  name: z.string(),
  /** The price added in dollars, already computed from a percentage where needed (decisions §4). */
  price: z.number(),
  /** The option's ingredient's allergens (issue 23); absent for an option without an ingredient. */
  allergens: z
    .object({ contains: z.array(allergenKeySchema), mayContain: z.array(allergenKeySchema) })
    .optional(),
});

export const publicCustomizationSchema = z.object({
  _id: objectId,
  name: z.string(),
  isFixedPrice: z.boolean(),
  options: z.array(publicOptionSchema),
});

export const publicDishSchema = z.object({
  _id: objectId,
  name: z.string(),
  /** Sanitized rich text (it was sanitized when saved). */
  description: z.string(),
  price: z.number(),
  calories: z.number().nullable(),
  /** The portion the calories are for (England's rule), or null. */
  portion: z.string().nullable(),
  alcoholPercentage: z.number().nullable(),
  image: imageUrlSchema,
  imageVariants: imageVariantsSchema.nullable(),
  ingredients: z.array(z.object({ _id: objectId, name: z.string() })),
  /** Derived on the server from the ingredients' declarations and the dish's own (issue 23). */
  allergens: dishAllergensSchema,
  sideDishes: z.array(z.object({ _id: objectId, name: z.string(), price: z.number() })),
  /** Available customizations and options only: restaurant-wide selected ones, then the dish's own. */
  customizations: z.array(publicCustomizationSchema),
  /** Platform and own tags together, per type. */
  dietary: dietaryListsSchema,
});
export type PublicDish = z.infer<typeof publicDishSchema>;

export const publicCategorySchema = z.object({
  _id: objectId,
  name: z.string(),
  dishes: z.array(publicDishSchema),
});
export type PublicCategory = z.infer<typeof publicCategorySchema>;

export const publicMenuSchema = z.object({
  _id: objectId,
  name: z.string(),
  description: z.string(),
  cover: imageUrlSchema,
  coverVariants: imageVariantsSchema.nullable(),
  logo: imageUrlSchema,
  logoVariants: imageVariantsSchema.nullable(),
  colors: colorTriple,
  fonts: fontTriple,
  selectedTemplate: z.enum(menuTemplates),
  templateMeta: z.record(z.string(), z.unknown()),
  showCTA: showCtaSchema,
  displayIngredients: z.boolean(),
  displayDietary: z.boolean(),
  displaySideDishes: z.boolean(),
  fromParent: z.boolean(),
  categories: z.array(publicCategorySchema),
});
export type PublicMenu = z.infer<typeof publicMenuSchema>;

export const publicTimelineEntrySchema = z.object({
  _id: objectId,
  name: z.string(),
  cover: imageUrlSchema,
  coverVariants: imageVariantsSchema.nullable(),
  valid: scheduleSchema,
  twentyFourHoursMenuAvailable: z.boolean(),
});
export type PublicTimelineEntry = z.infer<typeof publicTimelineEntrySchema>;

export const publicRestaurantSchema = z.object({
  _id: objectId,
  name: z.string(),
  description: z.string(),
  restaurantType: z.enum(restaurantTypes),
  timeZone: z.string(),
  sideDishesLabel: z.string(),
  logo: imageUrlSchema,
  logoVariants: imageVariantsSchema.nullable(),
  social: z.array(z.object({ media: z.string(), url: z.string() })),
  /** The call-to-action button (doc 2 §3 `cta`); null when it is off or leads nowhere. */
  cta: restaurantCtaSchema.nullable(),
  filterOptions: filterOptionsSchema.nullable(),
  /** The labelling rules a diner's page follows (issue 23 §4): region, calorie rule, state notice. */
  labelling: labellingSchema.pick({ region: true, calories: true, usStateNotice: true }),
});
export type PublicRestaurant = z.infer<typeof publicRestaurantSchema>;

export const customerMenuSchema = z.object({
  restaurant: publicRestaurantSchema,
  menus: z.array(publicMenuSchema),
  menusTimeline: z.array(publicTimelineEntrySchema),
  menu_period_transition: z.number().int(),
  /** True when the restaurant has no published menu at all. */
  menuNotFound: z.boolean(),
  /** Where the "notify the owner" link writes to (doc 2 §2). */
  user: z.object({ email: z.string() }).nullable(),
  parentRestaurant: z.object({ _id: objectId, name: z.string() }).nullable(),
  /** The instant the answer was computed, so the page's clock checks start from the server's view. */
  generatedAt: z.string(),
  /**
   * The language served and those the restaurant offers (issue 24), when it offers more than one:
   * the page's `<html lang>`, its language switch, and the `?lang=` its links keep.
   */
  language: z
    .object({
      served: z.string(),
      default: z.string(),
      others: z.array(z.string()),
      /** The restaurant's dietary tags and filter names as the served language reads them (name → label). */
      labels: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
});
export type CustomerMenu = z.infer<typeof customerMenuSchema>;

/** The analytics events the public page reports (decisions §4, first party, no cookies). */
export const analyticsEventSchema = z.object({
  type: z.enum(['page_view', 'dish_view']),
  restaurantId: objectId,
  menuId: objectId.nullable().optional(),
  dishId: objectId.nullable().optional(),
  /** document.referrer's host, for "How users found your menu". */
  source: text().max(200).optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

// ---------- analytics answers (doc 2 §2 analytics tracker, doc 3 §2.5 and §3) ----------

/**
 * The time selector (doc 2 §9, doc 3 §9): the last 7, 30 or 90 days, or this week, month, quarter
 * or year so far; 7 days by default. Ranges are calendar days on the restaurant's clock (UTC for
 * the platform), today included; weeks start on Monday.
 */
export const analyticsTimes = ['7', '30', '90', 'week', 'month', 'quarter', 'year'] as const;
export type AnalyticsTime = (typeof analyticsTimes)[number];
export const analyticsTimeLabels: Record<AnalyticsTime, string> = {
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  week: 'This week',
  month: 'This month',
  quarter: 'This quarter',
  year: 'This year',
};

/** `time` as the selector sends it: "7", "7days", "this week", "thisMonth", "this_quarter", "year"… */
export const analyticsTimeSchema = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((value, ctx): AnalyticsTime => {
    const key = (value ?? '7')
      .toLowerCase()
      .replace(/^this[\s_-]*/, '')
      .replace(/[\s_-]*(days?|daysago)$/, '');
    if ((analyticsTimes as readonly string[]).includes(key)) return key as AnalyticsTime;
    ctx.addIssue({ code: 'custom', message: 'Invalid time range' });
    return z.NEVER;
  });

export const analyticsQuerySchema = z.object({
  time: analyticsTimeSchema,
  /** Admins only: one restaurant instead of the platform. */
  restaurantId: objectId.optional(),
});

const dayPoint = z.object({ date: z.string(), value: z.number() });

/**
 * GET /api/gapi/get-data (doc 3 §3 analytics response), computed from the public pages' own events
 * (decisions §4). A visitor is a salted daily hash, so "users" are counted per day; a session is a
 * visitor's views with no gap over 30 minutes. Series hold the days that had a session; `totals`
 * sum the whole range. Rates are fractions (0.25 is 25 %). Top lists hold at most 20 rows, only of
 * menus and dishes that still exist (ids of 24 hexadecimal characters).
 */
export const analyticsDataSchema = z.object({
  activeUsers: z.array(dayPoint),
  /** Sessions with a single view, over all sessions. */
  bounceRate: z.array(dayPoint),
  screenPageViewsPerSession: z.array(dayPoint),
  sessionsPerUser: z.array(dayPoint),
  screenPageViewsPerUser: z.array(dayPoint),
  /** "How users found your menu": sessions by the referring site, "(direct)" without one. */
  sources: z.array(z.object({ source: z.string(), value: z.number() })),
  mostVisitedMenus: z.array(
    z.object({
      path: z.string(),
      title: z.string(),
      value: z.number(),
      menuId: objectId,
      restaurantId: objectId,
    }),
  ),
  mostVisitedMenuItems: z.array(
    z.object({
      path: z.string(),
      /** The menu's name. */
      title: z.string(),
      /** The dish's name. */
      name: z.string(),
      value: z.number(),
      menuId: objectId,
      dishId: objectId,
      restaurantId: objectId,
    }),
  ),
  totals: z.object({
    activeUsers: z.number(),
    sessions: z.number(),
    screenPageViews: z.number(),
    bounceRate: z.number(),
    screenPageViewsPerSession: z.number(),
    sessionsPerUser: z.number(),
    screenPageViewsPerUser: z.number(),
  }),
  range: z.object({
    time: z.enum(analyticsTimes),
    /** First and last day, "YYYY-MM-DD" on `timeZone`'s clock. */
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    /** The restaurant read, or null for the whole platform. */
    restaurantId: objectId.nullable(),
  }),
});
export type AnalyticsData = z.infer<typeof analyticsDataSchema>;

/** GET /api/gapi/get-token (doc 3 §7.4): kept for the catalogue; first-party analytics need no token. */
export const analyticsTokenSchema = z.object({
  token: z.null(),
  provider: z.literal('first-party'),
  message: z.string(),
});
