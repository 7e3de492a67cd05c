import { z } from 'zod';
import { objectId } from './api.ts';
import { messages } from './messages.ts';
import { text } from './text.ts';
import {
  captchaField,
  emailField,
  optionalName,
  passwordField,
  phoneField,
  usernameField,
  whenFieldsPassed,
} from './validation.ts';

/**
 * Add restaurant (doc 2 §2, §7 `POST /restaurants/add`): a new account of the same person with a
 * new restaurant, standalone or a location of a restaurant the person owns (`isLocation` and
 * `parent`). The restaurant's name is checked by the server, whose message names the new
 * restaurant's type ("Food truck name cannot be empty").
 */
export const addRestaurantSchema = z
  .object({
    username: usernameField,
    restaurantName: text().trim().max(100, { error: messages.nameTooLong }).optional().default(''),
    /** The parent restaurant's id; '' or null for none. */
    parent: z
      .union([text().regex(/^[0-9a-f]{24}$/, { error: messages.parentInvalid }), z.literal(''), z.null()])
      .optional()
      .transform((value) => value || null),
    isLocation: z.boolean({ error: messages.invalidInput }).optional().default(false),
    reCaptchaToken: captchaField,
  })
  .refine((data) => !data.isLocation || data.parent !== null, {
    error: messages.parentRequired,
    path: ['parent'],
    when: whenFieldsPassed('parent', 'isLocation'),
  });
export type AddRestaurantInput = z.input<typeof addRestaurantSchema>;

/** The owner's request (doc 2 §5): the new owner's email and the owner's own password. */
export const transferRequestSchema = z.object({
  email: emailField(),
  password: text({ error: messages.transferPasswordRequired })
    .min(1, { error: messages.transferPasswordRequired })
    .max(200, { error: messages.transferPasswordRequired }),
});
export type TransferRequestInput = z.input<typeof transferRequestSchema>;

/** `?token=` of the mailed link (the status and the acceptance). */
export const transferTokenQuerySchema = z.object({
  token: text({ error: messages.transferLinkInvalid })
    .min(1, { error: messages.transferLinkInvalid })
    .max(512, { error: messages.transferLinkInvalid }),
});

/**
 * Accepting (doc 2 §7): a new person sends their account details; someone who already has an
 * account under the invited address sends a username for the new account and their password. The
 * email is the invited one whatever is sent (the mailed link proves it), so `email` is ignored.
 */
export const transferAcceptSchema = z.object({
  firstName: optionalName,
  lastName: optionalName,
  email: text().max(254).optional(),
  username: usernameField,
  phoneNumber: phoneField,
  password: text({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired })
    .max(200, { error: messages.passwordPattern }),
  confirm_password: text().max(200).optional(),
});
export type TransferAcceptInput = z.input<typeof transferAcceptSchema>;

/**
 * The take-ownership page's form for a new person (the server checks the same in `accept`): a
 * password of the shared pattern, confirmed.
 */
export const transferNewOwnerFormSchema = transferAcceptSchema
  .extend({
    password: passwordField(),
    confirm_password: text({ error: messages.confirmPasswordRequired })
      .min(1, { error: messages.confirmPasswordRequired })
      .max(200),
  })
  .refine((data) => data.password === data.confirm_password, {
    error: messages.passwordMismatch,
    path: ['confirm_password'],
    when: whenFieldsPassed('password', 'confirm_password'),
  });

/** The take-ownership page's information (doc 2 §2): restaurant, current owner, who is invited. */
export const transferInfoSchema = z.object({
  restaurant: z.object({ _id: objectId, name: z.string() }),
  owner: z.object({ username: z.string(), email: z.string() }),
  /** The invited address (read-only on the page). */
  email: z.string(),
  /** A verified account already uses the invited address: the page asks for its password. */
  hasAccount: z.boolean(),
  expiresAt: z.string(),
  /**
   * The restaurant is a location of another restaurant, which the transfer does not include: after
   * it, the location keeps showing the parent's published menus and no longer sees its drafts.
   */
  parentRestaurant: z.object({ _id: objectId, name: z.string() }).nullable(),
  /** The restaurant's locations held by the same owner: they change hands with it. */
  locations: z.array(z.object({ _id: objectId, name: z.string() })),
});
export type TransferInfo = z.infer<typeof transferInfoSchema>;

/** The owner's pending request, or null (doc 2 §4: pending only when the message is truthy). */
export const pendingTransferSchema = z.object({ email: z.string(), expiresAt: z.string() }).nullable();
export type PendingTransfer = z.infer<typeof pendingTransferSchema>;

/** How long a transfer link stays valid (docs/decisions.md, Ownership transfer). */
export const TRANSFER_LINK_DAYS = 7;
