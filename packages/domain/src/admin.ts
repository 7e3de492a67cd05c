import { z } from 'zod';
import { objectId, userSchema } from './api.ts';
import { mailTemplateGroups } from './mail-templates.ts';
import { messages } from './messages.ts';
import { listPageQuery, paginatedSchema } from './pagination.ts';
import { roles } from './roles.ts';
import { text } from './text.ts';
import { emailField, idList, newAccountSchema, optionalName, usernameField } from './validation.ts';
import { dietaryListsInputSchema, dietaryListsSchema, dietaryTypes } from './workshop.ts';

/**
 * The admin area (doc 3 §2.2, §2.5, §2.6, §2.8, §4, §6, §7.3, §7.4): platform staff list and manage
 * users, restaurants and admins, act as another account, edit the platform's dietary lists and the
 * mail templates, and read the developer log. ADMIN and SUPER_ADMIN; only the super admin manages
 * admins (doc 3 §6).
 */

/** A row of the Users and Admins tables (doc 3 §2.2). */
export const adminUserSchema = z.object({
  _id: objectId,
  role: z.enum(roles),
  /** Empty while an invited admin has not chosen one. */
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  verified: z.boolean(),
  /** The user's restaurant (the menu link opens /menu/{restaurantId}); null for platform staff. */
  restaurantId: objectId.nullable(),
  restaurantName: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);
/** GET /admin/users: every owner, or one page searched by email, names, username or restaurant (issue 21). */
export const adminUserSorts = ['created', 'email', 'username'] as const;
export type AdminUserSort = (typeof adminUserSorts)[number];
export const adminUsersQuery = listPageQuery(adminUserSorts);

/** A row of the Restaurants table with what its "View more" modal shows. */
export const adminRestaurantSchema = z.object({
  _id: objectId,
  name: z.string(),
  restaurantType: z.string(),
  ownerUsername: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  /** The logo's small variant, shown 80×50. */
  logo: z.string().nullable(),
  timeZone: z.string(),
  /** A location's parent restaurant, when it is one. */
  parentName: z.string().nullable(),
  menus: z.number().int(),
  publishedMenus: z.number().int(),
  members: z.number().int(),
  locations: z.number().int(),
  subscription: z.object({ status: z.string(), interval: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type AdminRestaurant = z.infer<typeof adminRestaurantSchema>;
export const adminRestaurantListSchema = z.array(adminRestaurantSchema);
/** GET /admin/restaurants: every restaurant, or one page searched by name or owner (issue 21). */
export const adminRestaurantSorts = ['created', 'name'] as const;
export type AdminRestaurantSort = (typeof adminRestaurantSorts)[number];
export const adminRestaurantsQuery = listPageQuery(adminRestaurantSorts);

const dailyCount = z.object({ date: z.string(), count: z.number().int() });

/** GET /admin/statistics: the section counts and the statistics block (doc 3 §2.2). */
export const adminStatisticsSchema = z.object({
  users: z.number().int(),
  restaurants: z.number().int(),
  dmas: z.number().int(),
  pendingDmas: z.number().int(),
  /** Null for an ADMIN: only the super admin sees the Admins section (doc 3 §6). */
  admins: z.number().int().nullable(),
  activeSubscriptions: z.number().int(),
  publishedMenus: z.number().int(),
  /** The last 30 days, oldest first, one entry a day (days without any included as 0). */
  signUps: z.array(dailyCount),
  menuViews: z.array(dailyCount),
});
export type AdminStatistics = z.infer<typeof adminStatisticsSchema>;

/** POST /admin/create (super admin): who is invited as an admin. */
export const adminCreateSchema = z.object({
  firstName: optionalName,
  lastName: optionalName,
  email: emailField(),
});
export type AdminCreateInput = z.input<typeof adminCreateSchema>;

/** Bodies naming one account: resend-invitation, shapeshift (doc 3 §7.3 `_id`). */
export const adminIdSchema = z.object({ _id: objectId });

/**
 * POST /admin/shapeshift {_id, refreshToken, email} (doc 3 §7.3). Only `_id` decides: the
 * admin's own session (the bearer token) is what proves who asks; the other two are accepted for
 * the specification's shape and ignored.
 */
export const shapeshiftSchema = z.object({
  _id: objectId,
  refreshToken: text().max(512).optional(),
  email: text().max(254).optional(),
});

/** What a session acting as another account carries besides its tokens (decisions: Admin area). */
export const shapeshiftResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: userSchema,
  /** The admin acting: shown in the banner; the way back is POST /admin/return. */
  impersonator: z.object({ _id: objectId, username: z.string() }),
});
export type ShapeshiftResult = z.infer<typeof shapeshiftResultSchema>;

/** The admin's own session again (POST /admin/return). */
export const returnResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});

/** Deletions confirm with the admin's own password (doc 3 §2.2: "Password is required"). */
const confirmPassword = text({ error: messages.adminPasswordRequired })
  .min(1, { error: messages.adminPasswordRequired })
  .max(200, { error: messages.wrongPassword });

/** DELETE /admin/delete (an admin, super admin only) and DELETE /admin/delete/user. */
export const adminDeleteSchema = z.object({ _id: objectId, password: confirmPassword });

/** POST /admin/add-user (doc 3 §2.2, §5). */
export const adminAddUserSchema = z.object({
  firstName: optionalName,
  lastName: optionalName,
  username: usernameField,
  email: emailField(),
  restaurantName: text({ error: messages.restaurantNameRequired('Restaurant') })
    .trim()
    .min(1, { error: messages.restaurantNameRequired('Restaurant') })
    .max(100, { error: messages.nameTooLong }),
});
export type AdminAddUserInput = z.input<typeof adminAddUserSchema>;
export const adminAddUserResultSchema = z.object({ newUser: adminUserSchema });

/** POST /admin/subscribe-user: a checkout for the user's restaurant; the answer's id is the session's. */
export const adminSubscribeUserSchema = z.object({
  plan_id: text().trim().min(1).max(200),
  user_id: objectId,
});
export const adminSubscribeResultSchema = z.object({ id: z.string() });

/** The admin account completion link (doc 3 §2.8). */
export const adminTokenParams = z.object({
  token: text({ error: messages.adminLinkInvalid }).min(1, { error: messages.adminLinkInvalid }).max(512),
});
export const adminInvitationSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type AdminInvitation = z.infer<typeof adminInvitationSchema>;

/** POST /admin/complete-account/{token} (doc 3 §2.8, §5). */
export const adminCompleteSchema = newAccountSchema;
export type AdminCompleteInput = z.input<typeof adminCompleteSchema>;

/**
 * One platform tag renamed on the admin page: `from` (in the saved lists before) became `to` (in the
 * lists sent). Every dish that chose `from` holds `to` afterwards.
 */
export const dietaryRenameSchema = z.object({
  type: z.enum(dietaryTypes),
  from: text().trim().min(1, { error: messages.dietaryRequired }).max(60, { error: messages.nameTooLong }),
  to: text().trim().min(1, { error: messages.dietaryRequired }).max(60, { error: messages.nameTooLong }),
});
export type DietaryRename = z.infer<typeof dietaryRenameSchema>;

/**
 * POST /admin/dietary/create: the three lists (unique tags), the lists the form started from
 * (`originalDietaryConsiderations`, doc 3 §5) and the renames the admin made on the page.
 */
export const adminDietarySaveSchema = dietaryListsInputSchema
  .extend({
    originalDietaryConsiderations: dietaryListsSchema.partial().optional(),
    renames: z.array(dietaryRenameSchema).max(200).optional(),
  })
  .refine(
    (lists) =>
      [lists.diets, lists.foodTypes, lists.other].every(
        (list) => new Set(list.map((item) => item.trim().toLowerCase())).size === list.length,
      ),
    { error: messages.dietaryTagsUnique },
  );
export type AdminDietarySave = z.input<typeof adminDietarySaveSchema>;
/** The platform's lists in the shape GET /dietary answers (`own` empty for an admin). */
export const adminDietarySchema = z.object({
  dietaryConsiderations: z.object({ admin: dietaryListsSchema, own: dietaryListsSchema }),
});

// ---------- mail templates (doc 3 §2.6) ----------

export const mailTemplateSummarySchema = z.object({
  name: z.string(),
  group: z.enum(mailTemplateGroups),
  title: z.string(),
  description: z.string(),
  subject: z.string(),
  updatedAt: z.string(),
});
export type MailTemplateSummary = z.infer<typeof mailTemplateSummarySchema>;

export const mailTemplateDetailSchema = mailTemplateSummarySchema.extend({
  content: z.string(),
  /** The placeholders that have a value when this template is sent (General ones included). */
  placeholders: z.array(z.string()),
});
export type MailTemplateDetail = z.infer<typeof mailTemplateDetailSchema>;

export const templateQuery = z.object({ template: text().trim().min(1).max(100) });

/** POST /admin/edit-email-template {subject, emailContent, template} (doc 3 §7.3). */
export const editTemplateSchema = z.object({
  template: text().trim().min(1).max(100),
  subject: text({ error: 'Subject cannot be empty' })
    .trim()
    .min(1, { error: 'Subject cannot be empty' })
    .max(300, { error: 'Subject is too long' }),
  emailContent: text({ error: 'Content cannot be empty' })
    .min(1, { error: 'Content cannot be empty' })
    .max(100_000, { error: 'Content is too long' }),
});
export type EditTemplateInput = z.input<typeof editTemplateSchema>;

/** A mail of the outbox (mail mode without SMTP) or of the sent list. */
export const adminMailSchema = z.object({
  _id: objectId,
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export const adminMailListSchema = z.array(adminMailSchema);

// ---------- developer logs (doc 3 §2.2) ----------

export const adminLogSchema = z.object({
  _id: objectId,
  createdAt: z.string(),
  message: z.string().nullable(),
  url: z.string(),
  status_code: z.number().int(),
  method: z.string(),
  user: z.object({ username: z.string().nullable() }),
});
export type AdminLog = z.infer<typeof adminLogSchema>;

/**
 * GET /admin/logs: always one page (the log is never read whole), newest first; `route` is a
 * substring of the address and `search` of the address or the message (issue 21: the shared page
 * query and answer).
 */
export const ADMIN_LOG_PAGE_SIZE = 20;
export const adminLogSorts = ['created'] as const;
export const adminLogsQuery = listPageQuery(adminLogSorts).extend({
  status: z.coerce.number().int().min(0).max(999).optional(),
  route: text().trim().max(300).optional(),
});
export const adminLogPageSchema = paginatedSchema(adminLogSchema);
export type AdminLogPage = z.infer<typeof adminLogPageSchema>;
export const adminLogDeleteSchema = z.object({ ids: idList(1000).min(1, { error: messages.invalidInput }) });

/** POST /admin/loggers: the web app's own uncaught errors (logged with status 0, method CLIENT). */
export const clientLogSchema = z.object({
  message: text().max(2000).optional().default(''),
  url: text().max(2000).optional().default(''),
});
