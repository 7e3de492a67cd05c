import { z } from 'zod';
import { permissionKeys } from './permissions.ts';
import { restaurantTypes, roles } from './roles.ts';

/** Every answer of /api (decisions §3). */
export interface Envelope<T> {
  statusCode: number;
  confirmation: 'Success' | 'Fail';
  message: T;
}

export const objectId = z.string().regex(/^[0-9a-f]{24}$/);

export const envelopeSchema = <T extends z.ZodType>(message: T) =>
  z.object({
    statusCode: z.number().int(),
    confirmation: z.enum(['Success', 'Fail']),
    message,
  });

export const failSchema = envelopeSchema(z.string());

export const permissionsSchema = z.object(
  Object.fromEntries(permissionKeys.map((key) => [key, z.boolean()])) as Record<
    (typeof permissionKeys)[number],
    z.ZodBoolean
  >,
);

export const restaurantSummarySchema = z.object({
  _id: objectId,
  name: z.string(),
  restaurantType: z.enum(restaurantTypes),
  timeZone: z.string(),
  parentRestaurant: z.string().nullable(),
});

export const linkedAccountSchema = z.object({
  _id: objectId,
  username: z.string(),
  role: z.enum(roles),
  restaurantName: z.string().nullable(),
});

/** The user as it leaves the server (doc 1 §3): never a password hash or a token. */
export const userSchema = z.object({
  _id: objectId,
  username: z.string(),
  email: z.string(),
  /** An address asked for but not confirmed yet (its link was mailed to it); the email stays until then. */
  pendingEmail: z.string().nullable().default(null),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  role: z.enum(roles),
  permissions: permissionsSchema,
  verified: z.boolean(),
  company_name: z.string().nullable(),
  dma_parent_email: z.string().nullable(),
  restaurants: z.array(restaurantSummarySchema),
  accounts: z.array(linkedAccountSchema),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

/** The outcomes of a login (doc 2 §4). Exactly one of the shapes. */
export const loginResultSchema = z.union([
  z.object({ accessToken: z.string(), refreshToken: z.string(), user: userSchema }),
  z.object({
    multipleAccounts: z.array(z.object({ username: z.string(), restaurantName: z.string().nullable() })),
  }),
  z.object({ account_unverified: z.literal(true), token: z.string(), email: z.string() }),
]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const verifyResultSchema = z.object({
  decoded_token: z.object({
    require_enter_password: z.boolean(),
    username: z.string(),
    email: z.string(),
  }),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/** Settings the browser may know (STYLE rule 9: an explicit allow-list). */
export const publicConfigSchema = z.object({
  captcha: z.enum(['altcha', 'recaptcha', 'off']),
  recaptchaSiteKey: z.string().nullable(),
  billingProvider: z.enum(['stripe', 'local', 'off']),
  publicUrl: z.string(),
  /** The platform's support address (SUPPORT_EMAIL): the help menu's mail links. */
  supportEmail: z.string(),
  /** The machine translation service (TRANSLATE_PROVIDER): "Translate missing" shows unless `off`. */
  translateProvider: z.enum(['off', 'libretranslate', 'deepl']).default('off'),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
