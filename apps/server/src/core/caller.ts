import type { Permissions, Role } from '@carte/domain';

/** The acting user, handed to services (STYLE rule 4). Built from the token, never from the body. */
export interface Caller {
  userId: string;
  username: string;
  email: string;
  role: Role;
  restaurantId: string | null;
  permissions: Permissions;
  sessionId: string;
}
