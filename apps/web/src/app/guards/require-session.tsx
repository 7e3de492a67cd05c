import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../api/session.ts';

/** Private routes go to /login when nobody is signed in (doc 3 §2.1). */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
