import { Navigate, Outlet, useLocation } from 'react-router';
import { type LoginState, sessionEnding, useSession } from '../../api/session.ts';

/**
 * Private routes go to /login when nobody is signed in (doc 3 §2.1), remembering the page asked for.
 * When this page's session just ended, /login already knows how (sessionEnding): nothing to add.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: LoginState | undefined = sessionEnding()
      ? undefined
      : { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
