import { homePathFor } from '@carte/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { afterSignInPath, useSession } from '../../api/session.ts';

/**
 * Authentication pages send a signed-in user home (doc 3 §2.1): admins and resellers to their
 * dashboards, or back to the page that asked for a sign-in (the same rule as the login form's).
 */
export function GuestOnly() {
  const session = useSession();
  const location = useLocation();
  if (session)
    return <Navigate to={afterSignInPath(location.state, homePathFor(session.user.role))} replace />;
  return <Outlet />;
}
