import {
  messages,
  PASSWORD_PATTERN,
  type PendingTransfer,
  type TransferAcceptInput,
  type TransferInfo,
} from '@carte/domain';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { type Caller, callerFor } from '../../core/caller.ts';
import { ForbiddenError, InvalidError } from '../../core/errors.ts';
import type { MailSender } from '../../core/mail-port.ts';
import type { PublicMenuChanges } from '../../core/public-menu-changes.ts';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { restaurants, users } from '../../db/schema.ts';
import {
  addOwner,
  asAccountOf,
  assertNotActing,
  hashPassword,
  joinableAccountOf,
  type MailedLinks,
  usernameTaken,
  withUniqueAs,
} from '../identity/index.ts';

type UserRow = typeof users.$inferSelect;

export interface OwnershipTransferDeps {
  db: Db;
  mailer: MailSender;
  /** The one mailed-link mechanism (identity/mailed-links.ts). */
  links: MailedLinks;
  /** The accounts feature's throttled current-password check (docs/security.md, finding 3). */
  confirmPassword: (caller: Caller, password: string, clientIp: string) => Promise<void>;
  publicMenu: PublicMenuChanges;
  publicUrl: string;
  now: () => Date;
}

const KIND = 'transfer-ownership' as const;

/** The `user.*` placeholders of both transfer mails: the owner who asked. */
const ownerVars = (owner: UserRow): Record<string, string> => ({
  'user.firstName': owner.firstName || owner.username,
  'user.lastName': owner.lastName,
  'user.username': owner.username,
  'user.email': owner.email,
  'user.phoneNumber': owner.phoneNumber,
});

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Ownership transfer (doc 2 §2 "Take ownership page", §4, §5, §7). The owner asks with the new
 * owner's email and their own password; the invited address gets a single-use link (7 days, kept
 * hashed in `action_tokens` as kind `transfer-ownership`, the address in `new_email`). Accepting
 * makes a new owner account (a new person's, or one more account of the person who already holds a
 * verified account under the address) holding the restaurant, and closes the old owner's account of
 * that restaurant in the same transaction: its sessions end at once. Menus, media, members and the
 * subscription belong to the restaurant, so they move with it; so do its locations held by the same
 * person (each as one more account of the new owner). The former owner gets a mail once it is done.
 */
export function createOwnershipTransferService(deps: OwnershipTransferDeps) {
  const { db, mailer, links, now } = deps;

  /** Only the owner sees and uses the transfer (doc 2 §6). */
  function assertOwner(caller: Caller): string {
    if (caller.role !== 'RESTAURANT' || !caller.restaurantId) throw new ForbiddenError();
    return caller.restaurantId;
  }

  /**
   * The restaurant's locations held by the same person as its owner (their other accounts): they
   * change hands with it. A location held by someone else (a franchise, transferred before) stays
   * with its owner and keeps its parent. Each comes with the owner account that holds it.
   */
  async function locationsOf(executor: Db | Tx, restaurantId: string, personId: string) {
    return executor
      .select({ id: restaurants.id, name: restaurants.name, accountId: users.id })
      .from(restaurants)
      .innerJoin(users, and(eq(users.restaurantId, restaurants.id), eq(users.role, 'RESTAURANT')))
      .where(and(eq(restaurants.parentId, restaurantId), eq(users.personId, personId)))
      .orderBy(asc(restaurants.name), asc(restaurants.id));
  }

  /** The parent of a location, when the restaurant is one. */
  async function parentOf(parentId: string | null) {
    if (!parentId) return null;
    const [parent] = await db
      .select({ _id: restaurants.id, name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, parentId));
    return parent ?? null;
  }

  /** A free username for the n-th location's account of the new owner: `{username}.{n}`, then on. */
  async function locationUsername(tx: Tx, username: string, taken: Set<string>): Promise<string> {
    for (let n = 1; ; n++) {
      const candidate = `${username.slice(0, 50 - String(n).length - 1)}.${n}`;
      if (taken.has(candidate.toLowerCase())) continue;
      if (await usernameTaken(tx, candidate)) continue;
      taken.add(candidate.toLowerCase());
      return candidate;
    }
  }

  /** A live link with its owner and restaurant, or the "not valid" answer. */
  async function findLink(token: string) {
    const link = await links.find(token, KIND);
    const [row] = link?.userId
      ? await db
          .select({ owner: users, restaurant: restaurants })
          .from(users)
          .innerJoin(restaurants, eq(users.restaurantId, restaurants.id))
          .where(eq(users.id, link.userId))
      : [];
    if (!link?.newEmail || !row || row.owner.role !== 'RESTAURANT')
      throw new InvalidError(messages.transferLinkInvalid);
    return { ...row, link, email: link.newEmail };
  }

  return {
    /** POST /restaurants/request-transfer-ownership: a newer request replaces a pending one. */
    async request(caller: Caller, input: { email: string; password: string }, clientIp: string) {
      const restaurantId = assertOwner(caller);
      // Giving a restaurant away is its owner's act, never an acting admin's (identity/acting.ts).
      assertNotActing(caller);
      await deps.confirmPassword(caller, input.password, clientIp);
      const [owner] = await db.select().from(users).where(eq(users.id, caller.userId));
      const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
      if (!owner || !restaurant) throw new ForbiddenError();
      if (sameEmail(owner.email, input.email)) throw new InvalidError(messages.transferToSelf);

      const token = await links.issue(KIND, { userId: owner.id }, { newEmail: input.email });
      await mailer.send('transfer-ownership', input.email, {
        ...ownerVars(owner),
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
      const row = await links.pending(KIND, { userId: caller.userId });
      return row?.newEmail ? { email: row.newEmail, expiresAt: row.expiresAt.toISOString() } : null;
    },

    /** POST /restaurants/cancel-transfer-request: the mailed link stops working. */
    async cancel(caller: Caller): Promise<string> {
      assertOwner(caller);
      const canceled = await links.retire(KIND, { userId: caller.userId });
      if (canceled === 0) throw new InvalidError(messages.transferNonePending);
      return messages.transferCanceled;
    },

    /** GET /restaurants/transfer-ownership-status?token: what the take-ownership page shows. */
    async info(token: string): Promise<TransferInfo> {
      const found = await findLink(token);
      return {
        restaurant: { _id: found.restaurant.id, name: found.restaurant.name },
        owner: { username: found.owner.username, email: found.owner.email },
        email: found.email,
        hasAccount: (await joinableAccountOf(db, found.email)) !== null,
        expiresAt: found.link.expiresAt.toISOString(),
        parentRestaurant: await parentOf(found.restaurant.parentId),
        locations: (await locationsOf(db, found.restaurant.id, found.owner.personId)).map((row) => ({
          _id: row.id,
          name: row.name,
        })),
      };
    },

    /** POST /restaurants/accept-transfer-request?token: the restaurant changes hands. */
    async accept(
      token: string,
      input: TransferAcceptInput & { username: string; password: string },
      clientIp: string,
    ): Promise<string> {
      const found = await findLink(token);
      // The person already under the address (never staff), proved by that account's password.
      const existing = await joinableAccountOf(db, found.email);
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
      const moved = await withUniqueAs(
        () =>
          db.transaction(async (tx) => {
            const used = await links.consume(found.link.id, tx);
            const [owner] = await tx
              .select({ restaurantId: users.restaurantId })
              .from(users)
              .where(eq(users.id, found.owner.id))
              .for('update');
            if (!used || owner?.restaurantId !== restaurantId)
              throw new InvalidError(messages.transferLinkInvalid);
            // The mailed link proves the address.
            const account = asAccountOf({ ...person, email: found.email }, now());
            await addOwner(tx, restaurantId, { username: input.username, ...account });
            // The old owner's account of this restaurant closes: its sessions (refresh-token families)
            // go with it, so its next request is refused. Their other accounts stay as they are.
            await tx.delete(users).where(eq(users.id, found.owner.id));
            // The locations the same person holds go with it: one more account of the new owner each
            // (same person, so switch-account links them), and the old owner's account of each closes.
            const locations = await locationsOf(tx, restaurantId, found.owner.personId);
            const taken = new Set([input.username.toLowerCase()]);
            for (const location of locations) {
              const username = await locationUsername(tx, input.username, taken);
              await addOwner(tx, location.id, { username, ...account });
              await tx.delete(users).where(eq(users.id, location.accountId));
            }
            // A location reads its parent's drafts only while one person holds both: the locations
            // that stay with another person, and this restaurant if it is one, are told apart now.
            await tx
              .update(restaurants)
              .set({ parentDrafts: false })
              .where(
                and(
                  eq(restaurants.parentId, restaurantId),
                  locations.length > 0
                    ? notInArray(
                        restaurants.id,
                        locations.map((location) => location.id),
                      )
                    : undefined,
                ),
              );
            if (found.restaurant.parentId) {
              const [parentOwner] = await tx
                .select({ personId: users.personId })
                .from(users)
                .where(and(eq(users.restaurantId, found.restaurant.parentId), eq(users.role, 'RESTAURANT')));
              await tx
                .update(restaurants)
                .set({ parentDrafts: parentOwner?.personId === account.personId })
                .where(eq(restaurants.id, restaurantId));
            }
            return locations;
          }),
        () => new InvalidError(messages.usernameTaken),
      );
      // The public menu shows its owner's contact address (a location's too).
      deps.publicMenu.changed(restaurantId);
      for (const location of moved) deps.publicMenu.changed(location.id);
      // The former owner is told, at the address of the account that asked.
      const names = moved.map((location) => location.name);
      await mailer.send('transfer-completed', found.owner.email, {
        ...ownerVars(found.owner),
        'restaurant.name': found.restaurant.name,
        'restaurant.locations':
          names.length === 0
            ? ''
            : names.length === 1
              ? `Its location ${names[0]} went with it.`
              : `Its locations ${names.slice(0, -1).join(', ')} and ${names.at(-1)} went with it.`,
        'newOwner.firstName': existing ? existing.firstName : (input.firstName ?? ''),
        'newOwner.lastName': existing ? existing.lastName : (input.lastName ?? ''),
        'newOwner.username': input.username,
        'newOwner.email': found.email,
      });
      return messages.transferAccepted;
    },
  };
}

export type OwnershipTransferService = ReturnType<typeof createOwnershipTransferService>;
