import {
  grantPermissions,
  type Member,
  type MemberInvitation,
  type MemberPermissionsInput,
  mailLinkLifetimes,
  messages,
  type Permissions,
} from '@carte/domain';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NotFoundError, TooManyRequestsError } from '../../core/errors.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { actionTokens, restaurants, users } from '../../db/schema.ts';
import { hashPassword, hashToken, newOpaqueToken, usernameTaken } from '../identity/index.ts';
import { pendingUsername, presentMember } from './member.presenter.ts';

/** What members need of the mail feature: a template name, a recipient and its placeholders. */
export interface MemberMailer {
  send(template: string, to: string, vars: Record<string, string>): Promise<unknown>;
}

export interface MemberDeps {
  db: Db;
  mailer: MemberMailer;
  publicUrl: string;
  now: () => Date;
}

type UserRow = typeof users.$inferSelect;

const INVITATION_MS = mailLinkLifetimes.invitation.hours * 3_600_000;
/** Invitation mails per member and window, the first one included. */
const RESEND_MAX = 3;
const RESEND_WINDOW_MS = 3_600_000;

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Owners of a restaurant: the owner, or a reseller's client who owns theirs (doc 2 §6 "restaurant role"). */
const isOwner = (caller: Caller) => caller.role === 'RESTAURANT' || caller.role === 'DMA_CLIENT';

/** "Noor's Café & Bar" → "noor-s-caf-bar": the part of a generated username naming the restaurant. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24);

/**
 * The team of a restaurant (doc 2 §2 Members, §4, §6, §7). Members are accounts of role MEMBER
 * whose restaurant is the caller's own (a location's team is its own: never the parent's). A member
 * is invited by mail and completes the account through a 7-day single-use link; when the address
 * already belongs to a verified account, the new account is ready at once and linked to that person
 * (decisions §4, several accounts). Members change nothing a diner sees, so no public-menu change.
 */
export function createMemberService(deps: MemberDeps) {
  const { db, mailer, now } = deps;

  const restaurantOf = (caller: Caller): string => {
    if (!caller.restaurantId) throw new ForbiddenError();
    return caller.restaurantId;
  };

  async function restaurantName(restaurantId: string): Promise<string> {
    const [row] = await db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    return row?.name ?? '';
  }

  /** A member of the caller's restaurant; 404 for anyone else's, so ids reveal nothing. */
  async function findMember(restaurantId: string, memberId: string): Promise<UserRow> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, memberId), eq(users.restaurantId, restaurantId), eq(users.role, 'MEMBER')));
    if (!row) throw new NotFoundError();
    return row;
  }

  /** Doc 2 §6, enforced here whatever the browser sent: flags the caller lacks cannot change. */
  function granted(caller: Caller, requested: MemberPermissionsInput, current: Partial<Permissions> = {}) {
    const outcome = grantPermissions(caller.permissions, requested, current);
    if ('refused' in outcome) throw new ForbiddenError(messages.grantOnlyOwnPermissions);
    return outcome.permissions;
  }

  /** The placeholders of both member mails: `user.*` is who acts (doc 3 §2.6), `member.*` the member. */
  async function mailVars(caller: Caller, member: UserRow): Promise<Record<string, string>> {
    const [inviter] = await db.select().from(users).where(eq(users.id, caller.userId));
    return {
      'user.firstName': inviter?.firstName || caller.username,
      'user.lastName': inviter?.lastName ?? '',
      'user.username': caller.username,
      'user.email': caller.email,
      'user.phoneNumber': inviter?.phoneNumber ?? '',
      'restaurant.name': await restaurantName(member.restaurantId ?? ''),
      'member.firstName': member.firstName,
      'member.lastName': member.lastName,
      'member.username': presentMember(member).username,
      'member.email': member.email,
    };
  }

  /** A fresh 7-day link for a pending member; older unused ones stop working. */
  async function sendInvitation(caller: Caller, member: UserRow): Promise<void> {
    const token = newOpaqueToken();
    await db.transaction(async (tx) => {
      await tx
        .update(actionTokens)
        .set({ usedAt: now() })
        .where(
          and(
            eq(actionTokens.userId, member.id),
            eq(actionTokens.kind, 'member-invitation'),
            isNull(actionTokens.usedAt),
          ),
        );
      await tx.insert(actionTokens).values({
        userId: member.id,
        kind: 'member-invitation',
        tokenHash: hashToken(token),
        expiresAt: new Date(now().getTime() + INVITATION_MS),
      });
    });
    await mailer.send('member-created', member.email, {
      ...(await mailVars(caller, member)),
      link: `${deps.publicUrl}/member-verify-account?token=${encodeURIComponent(token)}`,
      token,
    });
  }

  /** The oldest verified account under an address: the person a new member account joins. */
  async function verifiedAccountOf(email: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.verifiedAt)))
      .orderBy(asc(users.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** "noorh" joining "Harbour Café" → "noorh.harbour-caf", then "-2", "-3"… until free. */
  async function usernameFor(person: UserRow, restaurant: string): Promise<string> {
    const base = `${person.username.slice(0, 24)}.${slug(restaurant) || 'team'}`;
    for (let n = 1; n <= 20; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await usernameTaken(db, candidate))) return candidate;
    }
    return `${base}-${newId().slice(-6)}`;
  }

  /** An unused, unexpired invitation whose member has not completed it; null otherwise. */
  async function findInvitation(token: string) {
    const [row] = await db
      .select({ token: actionTokens, user: users })
      .from(actionTokens)
      .innerJoin(users, eq(actionTokens.userId, users.id))
      .where(
        and(
          eq(actionTokens.tokenHash, hashToken(token)),
          eq(actionTokens.kind, 'member-invitation'),
          isNull(actionTokens.usedAt),
          gt(actionTokens.expiresAt, now()),
          eq(users.role, 'MEMBER'),
          isNull(users.verifiedAt),
        ),
      );
    return row ?? null;
  }

  return {
    /** The caller's team, oldest first (a team is small: no paging). */
    async list(caller: Caller): Promise<Member[]> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.restaurantId, restaurantOf(caller)), eq(users.role, 'MEMBER')))
        .orderBy(asc(users.createdAt), asc(users.id));
      return rows.map(presentMember);
    },

    /**
     * Invites a person. An address already verified gets its new account at once, linked to that
     * person (same person id, same password; `member-created-already-verified`); any other gets a
     * pending account and a 7-day link (`member-created`).
     */
    async create(
      caller: Caller,
      input: { firstName: string; lastName: string; email: string; permissions: MemberPermissionsInput },
    ): Promise<{ member: Member; alreadyVerified: boolean }> {
      const restaurantId = restaurantOf(caller);
      const permissions = granted(caller, input.permissions);
      const [taken] = await db
        .select({ role: users.role })
        .from(users)
        .where(and(eq(users.restaurantId, restaurantId), sql`lower(${users.email}) = lower(${input.email})`))
        .limit(1);
      if (taken) {
        throw new InvalidError(taken.role === 'MEMBER' ? messages.memberExists : messages.memberIsOwner);
      }

      const person = await verifiedAccountOf(input.email);
      const id = newId();
      const values: typeof users.$inferInsert = person
        ? {
            id,
            username: await usernameFor(person, await restaurantName(restaurantId)),
            email: input.email,
            firstName: input.firstName || person.firstName,
            lastName: input.lastName || person.lastName,
            phoneNumber: person.phoneNumber,
            role: 'MEMBER',
            permissions,
            passwordHash: person.passwordHash,
            verifiedAt: now(),
            personId: person.personId,
            restaurantId,
          }
        : {
            id,
            username: pendingUsername(id),
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            role: 'MEMBER',
            permissions,
            passwordHash: null,
            verifiedAt: null,
            personId: newId(),
            restaurantId,
          };
      let member: UserRow;
      try {
        [member] = (await db.insert(users).values(values).returning()) as [UserRow];
      } catch (error) {
        // Two invitations of one address at the same moment, or a username taken meanwhile.
        if (isUniqueViolation(error)) throw new InvalidError(messages.conflict);
        throw error;
      }
      if (person) {
        await mailer.send('member-created-already-verified', member.email, {
          ...(await mailVars(caller, member)),
          link: `${deps.publicUrl}/login`,
        });
      } else {
        await sendInvitation(caller, member);
      }
      return { member: presentMember(member), alreadyVerified: Boolean(person) };
    },

    /** New names and flags; a flag the caller lacks keeps its value (changing it is refused). */
    async update(
      caller: Caller,
      memberId: string,
      input: { firstName?: string; lastName?: string; permissions: MemberPermissionsInput },
    ): Promise<Member> {
      const member = await findMember(restaurantOf(caller), memberId);
      const permissions = granted(caller, input.permissions, effectiveFlags(member));
      const [updated] = await db
        .update(users)
        .set({
          permissions,
          ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
          ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
          updatedAt: now(),
        })
        .where(eq(users.id, member.id))
        .returning();
      return presentMember(updated!);
    },

    /**
     * Removes members, all or none (404 when one is not in the team). Their accounts go with their
     * refresh tokens and links, and the auth guard finds no user behind their access tokens: their
     * very next request is refused (401).
     */
    async remove(caller: Caller, ids: string[]): Promise<string> {
      const restaurantId = restaurantOf(caller);
      const unique = [...new Set(ids)];
      await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(inArray(users.id, unique), eq(users.restaurantId, restaurantId), eq(users.role, 'MEMBER')),
          )
          .for('update');
        if (found.length !== unique.length) throw new NotFoundError();
        await tx.delete(users).where(inArray(users.id, unique));
      });
      return messages.membersDeleted;
    },

    /** A new 7-day link for a pending member; the owner alone may send it (doc 2 §4, §6). */
    async resendInvitation(caller: Caller, memberId: string): Promise<string> {
      if (!isOwner(caller)) throw new ForbiddenError();
      const member = await findMember(restaurantOf(caller), memberId);
      if (member.verifiedAt) throw new InvalidError(messages.memberAlreadyVerified);
      // At most three invitation mails an hour per member, so the button cannot flood a mailbox.
      const recent = await db
        .select({ createdAt: actionTokens.createdAt })
        .from(actionTokens)
        .where(
          and(
            eq(actionTokens.userId, member.id),
            eq(actionTokens.kind, 'member-invitation'),
            gt(actionTokens.createdAt, new Date(now().getTime() - RESEND_WINDOW_MS)),
          ),
        )
        .orderBy(asc(actionTokens.createdAt));
      if (recent.length >= RESEND_MAX) {
        const wait = Math.ceil((recent[0]!.createdAt.getTime() + RESEND_WINDOW_MS - now().getTime()) / 1000);
        throw new TooManyRequestsError(messages.tooManyRequests, Math.max(1, wait));
      }
      await sendInvitation(caller, member);
      return messages.invitationResent;
    },

    /** What the complete-member-account page shows; the invalid-link text otherwise (doc 2 §8). */
    async invitation(token: string): Promise<MemberInvitation> {
      const found = await findInvitation(token);
      if (!found) throw new InvalidError(messages.verifyLinkInvalid);
      return {
        firstName: found.user.firstName,
        lastName: found.user.lastName,
        email: found.user.email,
        restaurantName: await restaurantName(found.user.restaurantId ?? ''),
      };
    },

    /**
     * Completes the account: the member's names, username, phone and password; the link is used
     * once. The address is proven by the link, so the account joins the verified accounts under it.
     */
    async complete(input: {
      token: string;
      firstName?: string;
      lastName?: string;
      username: string;
      phoneNumber: string;
      password: string;
    }): Promise<string> {
      const found = await findInvitation(input.token);
      if (!found) throw new InvalidError(messages.verifyLinkInvalid);
      if (await usernameTaken(db, input.username, found.user.id))
        throw new InvalidError(messages.usernameTaken);
      const passwordHash = await hashPassword(input.password);
      const person = await verifiedAccountOf(found.user.email);
      try {
        await db.transaction(async (tx) => {
          const used = await tx
            .update(actionTokens)
            .set({ usedAt: now() })
            .where(and(eq(actionTokens.id, found.token.id), isNull(actionTokens.usedAt)))
            .returning({ id: actionTokens.id });
          if (used.length !== 1) throw new InvalidError(messages.verifyLinkInvalid);
          await tx
            .update(users)
            .set({
              username: input.username,
              firstName: input.firstName ?? found.user.firstName,
              lastName: input.lastName ?? found.user.lastName,
              phoneNumber: input.phoneNumber,
              passwordHash,
              verifiedAt: now(),
              ...(person ? { personId: person.personId } : {}),
              updatedAt: now(),
            })
            .where(eq(users.id, found.user.id));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new InvalidError(messages.usernameTaken);
        throw error;
      }
      return messages.memberAccountCompleted;
    },
  };
}

/** A member's stored flags, every key present. */
const effectiveFlags = (member: UserRow): Permissions => presentMember(member).permissions;

export type MemberService = ReturnType<typeof createMemberService>;
