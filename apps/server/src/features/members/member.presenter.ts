import { effectivePermissions, type Member } from '@carte/domain';
import type { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/**
 * A pending member holds this username until they choose theirs: it is outside the username
 * pattern, so nobody can register it or sign in with it, and it never leaves the server.
 */
export const PENDING_USERNAME_PREFIX = '~invited-';
export const pendingUsername = (userId: string) => `${PENDING_USERNAME_PREFIX}${userId}`;

/** A member as the team table shows it (STYLE rule 2): names every field, never a hash or a token. */
export const presentMember = (row: UserRow): Member => ({
  _id: row.id,
  username: row.username.startsWith(PENDING_USERNAME_PREFIX) ? '' : row.username,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phoneNumber: row.phoneNumber,
  state: row.verifiedAt ? 'verified' : 'pending',
  permissions: effectivePermissions('MEMBER', row.permissions),
  createdAt: row.createdAt.toISOString(),
});
