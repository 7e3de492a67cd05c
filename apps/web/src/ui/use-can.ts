import { type Connector, canPickFromMedia, type PermissionKey, satisfies } from '@carte/domain';
import { useCallback } from 'react';
import { useCurrentUser, useSession } from '../api/session.ts';

/**
 * Permission-aware UI (doc 1 §6): `can('menu')`, `can(['menu', 'dish'], 'or')`. Owners and agency
 * clients hold every flag; members their own. The server checks the same rules.
 */
export function useCan() {
  const user = useCurrentUser();
  return useCallback(
    (required: PermissionKey | readonly PermissionKey[], connector: Connector = 'and') =>
      satisfies(user.role, user.permissions, {
        except: typeof required === 'string' ? [required] : required,
        connector,
      }),
    [user.role, user.permissions],
  );
}

/**
 * Whether image fields offer "Choose from media" (doc 2 §6: hidden when the user's permissions are
 * dish only). False without a session, so an image field works on signed-out pages too.
 */
export function useCanPickFromMedia(): boolean {
  const session = useSession();
  return session ? canPickFromMedia(session.user.role, session.user.permissions) : false;
}
