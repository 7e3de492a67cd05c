import type { Role } from '@carte/domain';
import { and, asc, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/** Staff accounts: never a linked account of anyone, never acted as from outside staff (acting.ts). */
export const staffRoles: readonly Role[] = ['ADMIN', 'SUPER_ADMIN'];
export const isStaff = (role: Role): boolean => staffRoles.includes(role);

/**
 * Is a username held by an account (case does not count), other than `exceptUserId`'s? Every form
 * that picks a username asks it before writing; the unique index decides races (`asUsernameTaken`).
 */
export async function usernameTaken(db: Db | Tx, username: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** PostgreSQL's unique violation (23505), through any wrapping (db/errors.ts). */
export const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== null;

/**
 * Runs a write that may lose a race for a unique value and answers `onConflict` (an `InvalidError`
 * with the username-taken text, usually) instead of the database's error.
 */
export async function withUniqueAs<T>(write: () => Promise<T>, onConflict: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw onConflict();
    throw error;
  }
}

/**
 * "The person" behind an address (decisions §4, several accounts): the oldest verified account under
 * `email` that a new account may join — never a staff account, whose person stays its own (issue 20).
 * Joining always needs proof from whoever holds that address: a mailed link opened, the password of
 * that account, or an invitation accepted from its signed-in session. Never a hash copied unasked.
 */
export async function joinableAccountOf(
  db: Db,
  email: string,
  exceptUserId?: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        isNotNull(users.verifiedAt),
        notInArray(users.role, [...staffRoles]),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row ?? null;
}
