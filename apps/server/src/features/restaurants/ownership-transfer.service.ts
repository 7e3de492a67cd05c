import {
  messages,
  PASSWORD_PATTERN,
  type PendingTransfer,
  TRANSFER_LINK_DAYS,
  type TransferAcceptInput,
  type TransferInfo,
} from '@carte/domain';
import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Caller, callerFor } from '../../core/caller.ts';
import { ForbiddenError, InvalidError } from '../../core/errors.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { actionTokens, restaurants, users } from '../../db/schema.ts';
import { hashPassword, hashToken, newOpaqueToken, usernameTaken } from '../identity/index.ts';

type UserRow = typeof users.$inferSelect;

/** What the transfer needs of the mail feature: a template name, a recipient and its placeholders. */
export interface TransferMailer {
  send(template: string, to: string, vars: Record<string, string>): Promise<unknown>;
}

export interface OwnershipTransferDeps {
  db: Db;
  mailer: TransferMailer;
  /** The accounts feature's throttled current-password check (docs/security.md, finding 3). */
  confirmPassword: (caller: Caller, password: string, clientIp: string) => Promise<void>;
  publicMenu: PublicMenuChanges;
  publicUrl: string;
  now: () => Date;
}

const KIND = 'transfer-ownership' as const;
const LINK_MS = TRANSFER_LINK_DAYS * 24 * 3_600_000;

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Ownership transfer (doc 2 §2 "Take ownership page", §4, §5, §7). The owner asks with the new
 * owner's email and their own password; the invited address gets a single-use link (7 days, kept
 * hashed in `action_tokens` as kind `transfer-ownership`, the address in `new_email`). Accepting
 * makes a new owner account (a new person's, or one more account of the person who already holds a
 * verified account under the address) holding the restaurant, and closes the old owner's account of
 * that restaurant in the same transaction: its sessions end at once. Menus, media, members,
 * locations' links and the subscription belong to the restaurant, so they move with it.
 */
export function createOwnershipTransferService(deps: OwnershipTransferDeps) {
  const { db, mailer, now } = deps;

  /** Only the owner sees and uses the transfer (doc 2 §6). */
  function assertOwner(caller: Caller): string {
    if (caller.role !== 'RESTAURANT' || !caller.restaurantId) throw new ForbiddenError();
    return caller.restaurantId;
  }

  const pendingOf = (userId: string) =>
    and(
      eq(actionTokens.userId, userId),
      eq(actionTokens.kind, KIND),
      isNull(actionTokens.usedAt),
      gt(actionTokens.expiresAt, now()),
    );

  async function hasLocations(restaurantId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.parentId, restaurantId))
      .limit(1);
    return Boolean(row);
  }

  /** A live link with its owner and restaurant, or the "not valid" answer. */
  async function findLink(token: string) {
    const [row] = await db
      .select({ link: actionTokens, owner: users, restaurant: restaurants })
      .from(actionTokens)
      .innerJoin(users, eq(actionTokens.userId, users.id))
      .innerJoin(restaurants, eq(users.restaurantId, restaurants.id))
      .where(
        and(
          eq(actionTokens.tokenHash, hashToken(token)),
          eq(actionTokens.kind, KIND),
          isNull(actionTokens.usedAt),
          gt(actionTokens.expiresAt, now()),
        ),
      );
    if (!row?.link.newEmail || row.owner.role !== 'RESTAURANT')
      throw new InvalidError(messages.transferLinkInvalid);
    return { ...row, email: row.link.newEmail };
  }

  /** The oldest verified account under an address: the one whose password an existing holder gives. */
  async function verifiedAccountOf(email: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.verifiedAt)))
      .orderBy(asc(users.createdAt))
      .limit(1);
    return row ?? null;
  }

  return {
    /** POST /restaurants/request-transfer-ownership: a newer request replaces a pending one. */
    async request(caller: Caller, input: { email: string; password: string }, clientIp: string) {
      const restaurantId = assertOwner(caller);
      await deps.confirmPassword(caller, input.password, clientIp);
      const [owner] = await db.select().from(users).where(eq(users.id, caller.userId));
      const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
      if (!owner || !restaurant) throw new ForbiddenError();
      if (sameEmail(owner.email, input.email)) throw new InvalidError(messages.transferToSelf);
      // Its locations (other accounts' restaurants) would go on showing the new owner's menus.
      if (await hasLocations(restaurantId)) throw new InvalidError(messages.transferHasLocations);

      const token = newOpaqueToken();
      await db.transaction(async (tx) => {
        await tx.update(actionTokens).set({ usedAt: now() }).where(pendingOf(owner.id));
        await tx.insert(actionTokens).values({
          userId: owner.id,
          kind: KIND,
          tokenHash: hashToken(token),
          newEmail: input.email,
          expiresAt: new Date(now().getTime() + LINK_MS),
        });
      });
      await mailer.send('transfer-ownership', input.email, {
        'user.firstName': owner.firstName || owner.username,
        'user.lastName': owner.lastName,
        'user.username': owner.username,
        'user.email': owner.email,
        'user.phoneNumber': owner.phoneNumber,
        'restaurant.name': restaurant.name,
        'newOwner.email': input.email,
        link: `${deps.publicUrl}/transfer-ownership?token=${encodeURIComponent(token)}`,
        token,
      });
      return messages.transferRequested;
    },

    /** GET /restaurants/temporary-transfer-ownership-status: the pending request, or null. */
    async pending(caller: Caller): Promise<PendingTransfer> {
      assertOwner(caller);
      const [row] = await db
        .select({ email: actionTokens.newEmail, expiresAt: actionTokens.expiresAt })
        .from(actionTokens)
        .where(pendingOf(caller.userId))
        .orderBy(desc(actionTokens.createdAt))
        .limit(1);
      return row?.email ? { email: row.email, expiresAt: row.expiresAt.toISOString() } : null;
    },

    /** POST /restaurants/cancel-transfer-request: the mailed link stops working. */
    async cancel(caller: Caller): Promise<string> {
      assertOwner(caller);
      const canceled = await db
        .update(actionTokens)
        .set({ usedAt: now() })
        .where(pendingOf(caller.userId))
        .returning({ id: actionTokens.id });
      if (canceled.length === 0) throw new InvalidError(messages.transferNonePending);
      return messages.transferCanceled;
    },

    /** GET /restaurants/transfer-ownership-status?token: what the take-ownership page shows. */
    async info(token: string): Promise<TransferInfo> {
      const found = await findLink(token);
      return {
        restaurant: { _id: found.restaurant.id, name: found.restaurant.name },
        owner: { username: found.owner.username, email: found.owner.email },
        email: found.email,
        hasAccount: (await verifiedAccountOf(found.email)) !== null,
        expiresAt: found.link.expiresAt.toISOString(),
      };
    },

    /** POST /restaurants/accept-transfer-request?token: the restaurant changes hands. */
    async accept(
      token: string,
      input: TransferAcceptInput & { username: string; password: string },
      clientIp: string,
    ): Promise<string> {
      const found = await findLink(token);
      const existing = await verifiedAccountOf(found.email);
      let person: Pick<UserRow, 'firstName' | 'lastName' | 'phoneNumber' | 'passwordHash' | 'personId'>;
      if (existing) {
        // One more account of the same person: proved by the password of their account, throttled.
        await deps.confirmPassword(callerFor(existing, 'ownership-transfer'), input.password, clientIp);
        person = existing;
      } else {
        if (!PASSWORD_PATTERN.test(input.password)) throw new InvalidError(messages.passwordPattern);
        if (input.confirm_password !== undefined && input.confirm_password !== input.password)
          throw new InvalidError(messages.passwordMismatch);
        person = {
          firstName: input.firstName ?? '',
          lastName: input.lastName ?? '',
          phoneNumber: input.phoneNumber ?? '',
          passwordHash: await hashPassword(input.password),
          personId: newId(),
        };
      }
      if (await usernameTaken(db, input.username)) throw new InvalidError(messages.usernameTaken);

      const restaurantId = found.restaurant.id;
      try {
        await db.transaction(async (tx) => {
          const used = await tx
            .update(actionTokens)
            .set({ usedAt: now() })
            .where(and(eq(actionTokens.id, found.link.id), isNull(actionTokens.usedAt)))
            .returning({ id: actionTokens.id });
          const [owner] = await tx
            .select({ restaurantId: users.restaurantId })
            .from(users)
            .where(eq(users.id, found.owner.id))
            .for('update');
          if (used.length === 0 || owner?.restaurantId !== restaurantId)
            throw new InvalidError(messages.transferLinkInvalid);
          const [child] = await tx
            .select({ id: restaurants.id })
            .from(restaurants)
            .where(eq(restaurants.parentId, restaurantId))
            .limit(1);
          if (child) throw new InvalidError(messages.transferHasLocations);
          await tx.insert(users).values({
            username: input.username,
            email: found.email,
            firstName: person.firstName,
            lastName: person.lastName,
            phoneNumber: person.phoneNumber,
            role: 'RESTAURANT',
            passwordHash: person.passwordHash,
            // The mailed link proves the address.
            verifiedAt: now(),
            personId: person.personId,
            restaurantId,
          });
          // The old owner's account of this restaurant closes: its sessions (refresh-token families)
          // go with it, so its next request is refused. Their other accounts stay as they are.
          await tx.delete(users).where(eq(users.id, found.owner.id));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new InvalidError(messages.usernameTaken);
        throw error;
      }
      // The public menu shows its owner's contact address.
      deps.publicMenu.changed(restaurantId);
      return messages.transferAccepted;
    },
  };
}

export type OwnershipTransferService = ReturnType<typeof createOwnershipTransferService>;
