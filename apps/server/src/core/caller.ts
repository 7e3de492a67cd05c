import { effectivePermissions, type Permissions, type Role } from '@carte/domain';

/** The acting user, handed to services (STYLE rule 4). Built from the token, never from the body. */
export interface Caller {
  userId: string;
  username: string;
  email: string;
  role: Role;
  restaurantId: string | null;
  permissions: Permissions;
  sessionId: string;
  /** Set when an admin acts as this user ("Login as", doc 3 §4): the admin's id (docs/security.md). */
  impersonatorId?: string | null;
  /**
   * The caller's restaurant and its parent (null: none) as the sign-in check read them with the user;
   * `scopeOf` then needs no query of its own. Used only while `id` is still `restaurantId`.
   */
  knownRestaurant?: { id: string; parentId: string | null; parentDrafts: boolean };
}

/** The caller a user is in one of their sessions: the flags are the ones their role grants. */
export const callerFor = (
  user: {
    id: string;
    username: string;
    email: string;
    role: Role;
    restaurantId: string | null;
    permissions: Partial<Permissions> | null;
  },
  sessionId: string,
): Caller => ({
  userId: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  restaurantId: user.restaurantId,
  permissions: effectivePermissions(user.role, user.permissions),
  sessionId,
});
