import { homePathFor } from '@carte/domain';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../api/session.ts';

/** Authentication pages send a signed-in user home (doc 3 §2.1): admins and resellers to their dashboards. */
export function GuestOnly() {
  const session = useSession();
  if (session) return <Navigate to={homePathFor(session.user.role)} replace />;
  return <Outlet />;
}
