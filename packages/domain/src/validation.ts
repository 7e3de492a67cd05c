import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { objectId } from './api.ts';
import { messages } from './messages.ts';
import { restaurantTypeLabel, restaurantTypes } from './roles.ts';
import { isStorableText, text } from './text.ts';

/** Password rule of doc 1 §5: eight or more characters with a digit, a lowercase and an uppercase letter. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

// The storable-text rule lives in its own small module (the public menu's script reads the filter
// rules, which use it, without this file's account schemas and phone numbers).
export { isStorableText, text } from './text.ts';

/**
 * Caps that keep a request inside what the database and its driver accept (issue 8): a list of ids
 * is bound as one parameter each and PostgreSQL takes at most 65,535 per statement.
 */
export const ID_LIST_MAX = 10_000;

/** A list of ids, capped (one bound parameter each). */
export const idList = (max: number = ID_LIST_MAX) =>
  z.array(objectId).max(max, { error: messages.tooManyItems(max) });

/**
 * Free-form JSON kept as it is (a menu's `templateMeta`): an object at most `maxDepth` levels deep
 * and `maxChars` characters of keys and text, every key and text storable. Checked without
 * recursion, so a body nested thousands of levels deep is refused, not a stack overflow.
 */
export const jsonRecord = (maxDepth = 10, maxChars = 65_536) =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const problem = jsonProblem(value, maxDepth, maxChars);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

function jsonProblem(root: unknown, maxDepth: number, maxChars: number): string | null {
  const stack: [unknown, number][] = [[root, 1]];
  let chars = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      chars += value.length;
      if (!isStorableText(value)) return messages.textInvalid;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return messages.invalidInput;
    } else if (value && typeof value === 'object') {
      if (depth > maxDepth) return messages.tooDeep;
      for (const [key, item] of Object.entries(value)) {
        chars += key.length;
        if (!isStorableText(key)) return messages.textInvalid;
        stack.push([item, depth + 1]);
      }
    }
    if (chars > maxChars) return messages.tooLarge;
  }
  return null;
}

/** Is this a plain JSON object (not null, not a list)? Cross-field rules run only on one. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `when` of a cross-field rule: run it only on an object (object first: a body that is null, a list
 * or a number is answered "Invalid input", never crashes the rule) whose named fields passed.
 */
export const whenFieldsPassed =
  (...keys: string[]) =>
  (payload: { value: unknown; issues: { path?: PropertyKey[] }[] }): boolean =>
    isJsonObject(payload.value) && !payload.issues.some((issue) => keys.includes(String(issue.path?.[0])));

/** A string that must be present. Checks keep running (an aborting check would skip the cross-field ones); forms and the server read the first message per field. */
export const requiredString = (message: string, max = 200) =>
  text({ error: message }).trim().min(1, { error: message }).max(max, { error: messages.nameTooLong });

export const optionalName = text().trim().max(100, { error: messages.nameTooLong }).optional().default('');

export const emailField = (required = messages.emailRequired) =>
  text({ error: required })
    .trim()
    .min(1, { error: required })
    .max(254, { error: messages.emailInvalid })
    .pipe(z.email({ error: messages.emailInvalid }))
    .transform((value) => value.toLowerCase());

export const passwordField = (required: string = messages.passwordRequired) =>
  text({ error: required })
    .min(1, { error: required })
    .max(200, { error: messages.passwordPattern })
    .regex(PASSWORD_PATTERN, { error: messages.passwordPattern });

export const usernameField = text({ error: messages.usernameRequired })
  .trim()
  .min(1, { error: messages.usernameRequired })
  .max(50, { error: messages.nameTooLong })
  .refine((value) => !value.includes('@'), { error: messages.usernameNoAt })
  .regex(USERNAME_PATTERN, { error: messages.usernameInvalid });

/** Phone numbers are optional; when given they must be a valid international number (+1 by default). */
export const phoneField = text()
  .trim()
  .max(32, { error: messages.phoneInvalid })
  .optional()
  .default('')
  .refine((value) => value === '' || isValidPhoneNumber(value, 'US'), { error: messages.phoneInvalid });

export const isValidTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const timeZoneField = text()
  .trim()
  .optional()
  .default('UTC')
  .refine(isValidTimeZone, { error: messages.timeZoneInvalid });

export const captchaField = text().optional();

/** Adds "confirm equals password" to an object schema; runs even when other fields have problems. */
function confirmMatches<T extends z.ZodObject>(
  schema: T,
  passwordKey: string,
  confirmKey: string,
  required: string,
) {
  return schema
    .refine(
      (data: Record<string, unknown>) => typeof data[confirmKey] === 'string' && data[confirmKey] !== '',
      { error: required, path: [confirmKey], when: whenFieldsPassed(confirmKey) },
    )
    .refine(
      (data: Record<string, unknown>) => data[confirmKey] === '' || data[passwordKey] === data[confirmKey],
      {
        error: messages.passwordMismatch,
        path: [confirmKey],
        when: whenFieldsPassed(confirmKey, passwordKey),
      },
    );
}

const confirmField = (required: string) => text({ error: required }).optional().default('');

/**
 * The fields of a new account, whoever makes it (doc 3 §5): registration and the forms that complete
 * an account from a mailed link (admin, member, reseller). Each payload lists them in its own order,
 * since the server answers the first failing field's message, and adds its own fields.
 */
export const newAccountFields = {
  firstName: optionalName,
  lastName: optionalName,
  username: usernameField,
  phoneNumber: phoneField,
  password: passwordField(),
  confirm_password: confirmField(messages.confirmPasswordRequired),
};

/** Adds a new account's rule to a payload: `confirm_password` is given and equals `password`. */
export const withPasswordConfirmation = <T extends z.ZodObject>(schema: T) =>
  confirmMatches(schema, 'password', 'confirm_password', messages.confirmPasswordRequired);

/** A new account: its fields in this order and the confirmation rule (the admin's completion form). */
export const newAccountSchema = withPasswordConfirmation(z.object(newAccountFields));

// ---- payloads of /api/users/* (doc 2 §3, doc 3 §7.4) ----

export const registerSchema = withPasswordConfirmation(
  z.object({
    firstName: newAccountFields.firstName,
    lastName: newAccountFields.lastName,
    phoneNumber: newAccountFields.phoneNumber,
    username: newAccountFields.username,
    email: emailField(),
    restaurantType: z.enum(restaurantTypes).optional().default('RESTAURANT'),
    restaurantName: text().trim().max(100, { error: messages.nameTooLong }).optional().default(''),
    timeZone: timeZoneField,
    password: newAccountFields.password,
    confirm_password: newAccountFields.confirm_password,
    reCaptchaToken: captchaField,
  }),
).refine((data) => data.restaurantName.length > 0, {
  // "{Type} name cannot be empty" (doc 2 §5): the message names the chosen business type.
  error: (issue) => {
    const input = issue.input as { restaurantType?: string } | undefined;
    return messages.restaurantNameRequired(restaurantTypeLabel(input?.restaurantType));
  },
  path: ['restaurantName'],
  when: whenFieldsPassed('restaurantName'),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** Login: one field holds a username or an email, told apart by the presence of @ (doc 2 §3). */
export const loginSchema = z.object({
  username: text({ error: messages.usernameOrEmailRequired })
    .trim()
    .min(1, { error: messages.usernameOrEmailRequired })
    .max(254),
  password: text({ error: messages.passwordRequired }).min(1, { error: messages.passwordRequired }).max(200),
  reCaptchaToken: captchaField,
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * What POST /users/login accepts. The web form sends its one field as `username`; a client written
 * from doc 2 §3 ("username or email, chosen by presence of @") sends `email` when the identifier
 * holds an @. Either name is read (`username` first when both are filled); the server tells
 * usernames from emails by the @ itself, whatever the field's name.
 */
export const loginRequestSchema = z
  .object({
    username: text({ error: messages.usernameOrEmailRequired }).trim().max(254).optional(),
    email: text({ error: messages.usernameOrEmailRequired }).trim().max(254).optional(),
    password: text({ error: messages.passwordRequired }).max(200).optional(),
    reCaptchaToken: captchaField,
  })
  .superRefine((value, ctx) => {
    // Checked here, in the form's order, so an empty form answers the identifier's message first.
    if (!value.username && !value.email) {
      ctx.addIssue({ code: 'custom', path: ['username'], message: messages.usernameOrEmailRequired });
    }
    if (!value.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordRequired });
    }
  })
  .transform((value) => ({
    username: value.username || value.email || '',
    password: value.password ?? '',
    reCaptchaToken: value.reCaptchaToken,
  }));

export const tokenSchema = z.object({
  token: text().min(1, { error: messages.verifyLinkInvalid }).max(512),
});

/** The link of an email change, opened at /user-verify-email. */
export const emailChangeTokenSchema = z.object({
  token: text().min(1, { error: messages.emailChangeLinkInvalid }).max(512),
});

export const refreshSchema = z.object({ refreshToken: text().min(1).max(512) });

export const verifyAndSetPasswordSchema = confirmMatches(
  z.object({
    token: text().min(1).max(512),
    password: passwordField(),
    confirm_password: confirmField(messages.confirmPasswordRequired),
  }),
  'password',
  'confirm_password',
  messages.confirmPasswordRequired,
);

export const emailRequestSchema = z.object({ email: emailField(), reCaptchaToken: captchaField });

export const resetPasswordSchema = confirmMatches(
  z.object({
    password: passwordField(),
    confirmPassword: confirmField(messages.confirmPasswordRequired),
    reCaptchaToken: captchaField,
  }),
  'password',
  'confirmPassword',
  messages.confirmPasswordRequired,
);

export const updateAccountSchema = z.object({
  firstName: optionalName,
  lastName: optionalName,
  username: usernameField,
  email: emailField(),
  phoneNumber: phoneField,
  company_name: text().trim().max(100, { error: messages.nameTooLong }).optional(),
  /** Needed only when the email changes (the server knows the current one). */
  current_password: text().max(200).optional(),
  reCaptchaToken: captchaField,
});
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

export const updatePasswordSchema = confirmMatches(
  z.object({
    current_password: text({ error: messages.currentPasswordRequired })
      .min(1, { error: messages.currentPasswordRequired })
      .max(200),
    new_password: passwordField(messages.newPasswordRequired),
    confirm_new_password: confirmField(messages.confirmNewPasswordRequired),
    reCaptchaToken: captchaField,
  }),
  'new_password',
  'confirm_new_password',
  messages.confirmNewPasswordRequired,
);

export const deleteAccountSchema = z.object({
  password: text({ error: messages.deletePasswordRequired })
    .min(1, { error: messages.deletePasswordRequired })
    .max(200),
});

export const switchAccountSchema = z.object({
  accountID: text().regex(/^[0-9a-f]{24}$/, { error: messages.switchAccountFailed }),
  refreshToken: text().min(1).max(512),
});

/** The first message of a failed parse: what the server answers and what a form shows first. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? messages.invalidInput;
}

/** Field → first message, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}
