import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTesseraAuthProvider } from '../authProvider/useTesseraAuthProvider';

/**
 * Protected screens (SPEC §2): both tokens stored, else /login remembering the origin. The
 * session is checked here, synchronously, rather than through react-admin's checkAuth → logout
 * chain, which re-runs its redirect on every location change while the old screen is still
 * mounted and so piles up history entries. Access to a resource screen is checked next by
 * `authProvider.canAccess` (resources/ResourceScreenGate.tsx).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const signedIn = useTesseraAuthProvider().hasSession();
  if (!signedIn) return <Navigate to="/login" replace state={{ nextPathname: pathname, nextSearch: search }} />;
  return <>{children}</>;
}
