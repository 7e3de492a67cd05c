import { homePathFor } from '@carte/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../../api/session.ts';

/** ADMIN and SUPER_ADMIN visiting / go to /admin/dashboard; DMA to /dma/dashboard (doc 1 §2). */
export function HomeRedirect({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const home = homePathFor(user.role);
  if (home !== '/') return <Navigate to={home} replace />;
  return children;
}
