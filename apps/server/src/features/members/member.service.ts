import {
  grantPermissions,
  likePattern,
  type Member,
  type MemberAcceptResult,
  type MemberInvitation,
  type MemberPermissionsInput,
  type MemberSort,
  messages,
  type PageRequest,
  type Paginated,
  type Permissions,
} from '@carte/domain';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, InvalidError, NotFoundError, TooManyRequestsError } from '../../core/errors.ts';
import type { MailSender } from '../../core/mail-port.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { pageOrder, readPage, readWhole } from '../../db/list-page.ts';
import { restaurants, users } from '../../db/schema.ts';
import {
  assertNotActing,
  completeInvitedAccount,
  hashPassword,
  isStaff,
  joinableAccountOf,
  type MailedLinks,
  usernameTaken,
  withUniqueAs,
} from '../identity/index.ts';
import { pendingUsername, presentMember } from './member.presenter.ts';

export interface MemberDeps {
  db: Db;
  mailer: MailSender;
  links: MailedLinks;
  publicUrl: string;
  now: () => Date;
}

type UserRow = typeof users.$inferSelect;

/** Invitation mails per member and window, the first one included. */
const RESEND_MAX = 3;
const RESEND_WINDOW_MS = 3_600_000;

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
 * is invited by mail through a 7-day single-use link: the invitee completes a separate account, or,
 * holding an account under the address, accepts from it while signed in and the new account joins
 * that person (issue 20: nobody joins a person unasked). Members change nothing a diner sees, so no public-menu change.
 */
export function createMemberService(deps: MemberDeps) {
  const { db, mailer, links, now } = deps;

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

  /**
   * A fresh 7-day link for a pending member; older unused ones stop working. An address that already
   * holds an account (never staff) is asked to accept from that account, signed in, or to make a
   * separate one (`member-created-already-verified`); any other gets the complete-account form.
   */
  async function sendInvitation(caller: Caller, member: UserRow): Promise<void> {
    const token = await links.issue('member-invitation', { userId: member.id });
    const link = `${deps.publicUrl}/member-verify-account?token=${encodeURIComponent(token)}`;
    const holder = await joinableAccountOf(db, member.email, member.id);
    await mailer.send(holder ? 'member-created-already-verified' : 'member-created', member.email, {
      ...(await mailVars(caller, member)),
      link,
      token,
    });
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
    const link = await links.find(token, 'member-invitation');
    if (!link?.userId) return null;
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, link.userId), eq(users.role, 'MEMBER'), isNull(users.verifiedAt)));
    return user ? { token: link, user } : null;
  }

  return {
    /** The caller's team, oldest first (a team is small: no paging). */
    async list(caller: Caller): Promise<Member[]> {
      return readWhole(
        db,
        (tx, limit, offset) =>
          tx
            .select()
            .from(users)
            .where(and(eq(users.restaurantId, restaurantOf(caller)), eq(users.role, 'MEMBER')))
            .orderBy(asc(users.createdAt), asc(users.id))
            .limit(limit)
            .offset(offset),
        async (_tx, rows) => rows.map(presentMember),
      );
    },

    /**
     * One page of the team (issue 21): the members whose name or email contains `search`, oldest
     * first or by `sort` (created, name: first then last name), counted and cut in SQL.
     */
    async page(caller: Caller, request: PageRequest<MemberSort>): Promise<Paginated<Member>> {
      const pattern = request.search ? likePattern(request.search) : undefined;
      const where = and(
        eq(users.restaurantId, restaurantOf(caller)),
        eq(users.role, 'MEMBER'),
        pattern
          ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern))
          : undefined,
      );
      const [counted] = await db.select({ total: count() }).from(users).where(where);
      // Oldest first; ties end on the id, ascending as the whole list's.
      const order = pageOrder(
        request,
        {
          created: [users.createdAt, 'asc'],
          name: [sql`lower(${users.firstName} || ' ' || ${users.lastName})`, 'asc'],
        },
        'created',
        asc(users.id),
      );
      return readPage(
        request,
        counted?.total ?? 0,
        (limit, offset) =>
          db
            .select()
            .from(users)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        async (rows) => rows.map(presentMember),
      );
    },

    /**
     * Invites a person: always a pending account and a 7-day link, whoever holds the address (issue
     * 20). Nobody joins a person, and no password hash is copied, until the invitee accepts from their
     * own signed-in account (`accept`) or completes a separate account (`complete`). The answer shows
     * only what the inviter typed, the same for a known and an unknown address.
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
      const id = newId();
      // Two invitations of one address at the same moment.
      const [member] = await withUniqueAs(
        () =>
          db
            .insert(users)
            .values({
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
            })
            .returning(),
        () => new InvalidError(messages.conflict),
      );
      await sendInvitation(caller, member!);
      return { member: presentMember(member!), alreadyVerified: false };
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
      const recent = await links.issuedSince(
        'member-invitation',
        { userId: member.id },
        new Date(now().getTime() - RESEND_WINDOW_MS),
      );
      if (recent.length >= RESEND_MAX) {
        const wait = Math.ceil((recent[0]!.getTime() + RESEND_WINDOW_MS - now().getTime()) / 1000);
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
     * Completes a separate account: the member's names, username, phone and password; the link is
     * used once. It is a person of its own: joining the accounts already under the address is what
     * `accept` does, from one of them, signed in (issue 20).
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
      await completeInvitedAccount(
        { db, links },
        {
          linkId: found.token.id,
          userId: found.user.id,
          set: {
            username: input.username,
            firstName: input.firstName ?? found.user.firstName,
            lastName: input.lastName ?? found.user.lastName,
            phoneNumber: input.phoneNumber,
            passwordHash,
            verifiedAt: now(),
            updatedAt: now(),
          },
          invalid: messages.verifyLinkInvalid,
        },
      );
      return messages.memberAccountCompleted;
    },

    /**
     * POST /members/accept: the invitee, signed in to an account under the invited address, accepts;
     * the member account becomes one more account of that person (its password, names and phone).
     * A staff account, an acting session, another address or a used link: the same refusal.
     */
    async accept(caller: Caller, token: string): Promise<MemberAcceptResult> {
      assertNotActing(caller);
      const found = await findInvitation(token);
      const [person] = await db.select().from(users).where(eq(users.id, caller.userId));
      if (
        !found ||
        !person?.verifiedAt ||
        !person.passwordHash ||
        isStaff(person.role) ||
        person.email.toLowerCase() !== found.user.email.toLowerCase()
      ) {
        throw new InvalidError(messages.verifyLinkInvalid);
      }
      const username = await usernameFor(person, await restaurantName(found.user.restaurantId ?? ''));
      await completeInvitedAccount(
        { db, links },
        {
          linkId: found.token.id,
          userId: found.user.id,
          set: {
            username,
            firstName: found.user.firstName || person.firstName,
            lastName: found.user.lastName || person.lastName,
            phoneNumber: person.phoneNumber,
            passwordHash: person.passwordHash,
            verifiedAt: now(),
            personId: person.personId,
            updatedAt: now(),
          },
          invalid: messages.verifyLinkInvalid,
          conflict: messages.conflict,
        },
      );
      return { account: { _id: found.user.id, username } };
    },
  };
}

/** A member's stored flags, every key present. */
const effectiveFlags = (member: UserRow): Permissions => presentMember(member).permissions;

export type MemberService = ReturnType<typeof createMemberService>;
