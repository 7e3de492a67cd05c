import { findRouteRule, homePathFor, satisfies } from '@carte/domain';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../api/session.ts';
import { PermissionDenied } from '../../ui/permission-denied.tsx';

/**
 * A private route whose rule (role, permission flags with and/or) the user does not satisfy shows a
 * permission-denied state instead of the screen (doc 3 §6). The server checks the same rules.
 */
export function RouteRuleGuard({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const route = findRouteRule(pathname);
  if (route?.private && !satisfies(user.role, user.permissions, route.rule)) {
    return <PermissionDenied homePath={homePathFor(user.role)} user={user} rule={route.rule} />;
  }
  return children;
}
