import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';

/**
 * Is a username held by an account (case does not count), other than `exceptUserId`'s? Every form
 * that picks a username asks it before writing; the unique index decides races.
 */
export async function usernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
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
