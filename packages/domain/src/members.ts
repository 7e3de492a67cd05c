import { z } from 'zod';
import { objectId, permissionsSchema } from './api.ts';
import { messages } from './messages.ts';
import { listPageQuery } from './pagination.ts';
import { type PermissionKey, type Permissions, permissionKeys } from './permissions.ts';
import { text } from './text.ts';
import {
  emailField,
  idList,
  newAccountFields,
  optionalName,
  withPasswordConfirmation,
} from './validation.ts';

/**
 * The team of a restaurant (doc 2 §2 Members, §3 Member, §4, §6, §7): members hold permission flags,
 * are invited by mail (7 days, decisions §4) and complete their account at /member-verify-account.
 */

/** A member as the owner's table shows it (doc 2 §3: _id, username, email, names, state, permissions). */
export const memberSchema = z.object({
  _id: objectId,
  /** Empty until the invitation is completed (the member chooses it then). */
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  /** "verified" once the invitation is completed (the Verified column says Yes), "pending" before. */
  state: z.enum(['verified', 'pending']),
  permissions: permissionsSchema,
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** GET /api/members: the whole team, or one page of it searched by name or email (issue 21). */
export const memberSorts = ['created', 'name'] as const;
export type MemberSort = (typeof memberSorts)[number];
export const listMembersQuery = listPageQuery(memberSorts);

/** The flags a form sends: every key optional (a missing one is false on create, unchanged on update). */
export const memberPermissionsInput = z.object(
  Object.fromEntries(permissionKeys.map((key) => [key, z.boolean().optional()])) as Record<
    PermissionKey,
    z.ZodOptional<z.ZodBoolean>
  >,
);
export type MemberPermissionsInput = z.infer<typeof memberPermissionsInput>;

/** A name a change may leave out (then it stays as it is). */
const memberName = text().trim().max(100, { error: messages.nameTooLong }).optional();

/** POST /members: who is invited and what they may do. */
export const memberCreateSchema = z.object({
  firstName: optionalName,
  lastName: optionalName,
  email: emailField(),
  permissions: memberPermissionsInput.optional().default({}),
});
export type MemberCreateInput = z.input<typeof memberCreateSchema>;

/** PUT /members/{id}: the names and the flags (the email is the invitation's and stays). */
export const memberUpdateSchema = z.object({
  firstName: memberName,
  lastName: memberName,
  permissions: memberPermissionsInput.optional().default({}),
});
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;

/** DELETE /members {ids} (decisions §3: removals name their ids in the body). */
export const memberDeleteSchema = z.object({ ids: idList(1000).min(1, { error: messages.invalidInput }) });

/** POST /members/resend-invitation {member} (doc 2 §7). */
export const memberResendSchema = z.object({ member: objectId });

/** The link of an invitation (GET /members/verify?token=). */
export const memberTokenQuery = z.object({
  token: text({ error: messages.verifyLinkInvalid }).min(1, { error: messages.verifyLinkInvalid }).max(512),
});

/** What the complete-member-account page shows before the form is filled. */
export const memberInvitationSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  restaurantName: z.string(),
});
export type MemberInvitation = z.infer<typeof memberInvitationSchema>;

/**
 * POST /members/verify: completing the account (doc 2 §7: token with firstName, lastName, username,
 * phoneNumber, password; the page also sends its confirmation). Names have no rules (doc 3 §5).
 */
export const memberCompleteSchema = withPasswordConfirmation(
  z.object({
    token: text({ error: messages.verifyLinkInvalid }).min(1, { error: messages.verifyLinkInvalid }).max(512),
    ...newAccountFields,
    /** Left out: the name the invitation was made with stays. */
    firstName: memberName,
    lastName: memberName,
  }),
);
export type MemberCompleteInput = z.input<typeof memberCompleteSchema>;

/**
 * POST /members/accept `{ token }` (signed in): the invited address's owner takes the invitation as a
 * new account linked to the signed-in person, who switches to it from the account menu. A link of
 * another address than the signed-in account's answers 400 `verifyLinkInvalid`; an acting-as session 403.
 */
export const memberAcceptSchema = memberTokenQuery;
export type MemberAcceptInput = z.input<typeof memberAcceptSchema>;
/** The answer of POST /members/accept: the new member account. */
export const memberAcceptResultSchema = z.object({
  account: z.object({ _id: objectId, username: z.string() }),
});
export type MemberAcceptResult = z.infer<typeof memberAcceptResultSchema>;

/**
 * The answer of POST /members: the member, and `alreadyVerified`, always false now: an invited
 * address's existing account joins only when its owner accepts (POST /members/accept).
 */
export const memberCreatedSchema = z.object({ member: memberSchema, alreadyVerified: z.boolean() });

/**
 * Doc 2 §6: a member grants only what they hold. Flags the granter lacks keep the value they have
 * (`current`; false for a new member): changing one is refused. Answers the flags to store, or the
 * first key the granter may not change.
 */
export function grantPermissions(
  granter: Permissions,
  requested: MemberPermissionsInput,
  current: Partial<Permissions> = {},
): { permissions: Permissions } | { refused: PermissionKey } {
  const out = {} as Permissions;
  for (const key of permissionKeys) {
    const now = current[key] === true;
    const asked = requested[key];
    if (asked === undefined || asked === now) {
      out[key] = now;
    } else if (!granter[key]) {
      return { refused: key };
    } else {
      out[key] = asked;
    }
  }
  return { permissions: out };
}

/** The labels of the permission keys in the members' modals and table (doc 2 §3). */
export const permissionLabels: Record<PermissionKey, string> = {
  restaurant: 'Restaurant',
  menu: 'Menu',
  category: 'Category',
  dish: 'Dish',
  ingredient: 'Ingredient',
  member: 'Member',
};
