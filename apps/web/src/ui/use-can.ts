import { type Connector, type PermissionKey, satisfies } from '@carte/domain';
import { useCallback } from 'react';
import { useCurrentUser } from '../api/session.ts';

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
