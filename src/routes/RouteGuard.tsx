import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { canOpenPath } from '../../domain/menu';
import type { Permissions } from '../../domain/permissions';
import { hasSession } from '../authProvider/session';
import { LoadingPage } from '../layout/LoadingPage';

function PermissionGate({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<Permissions>();
  const { pathname } = useLocation();
  if (isPending) return <LoadingPage />;
  // a screen the user may not open: `/` sends them to their first screen (or no-permissions)
  if (!canOpenPath(permissions, pathname)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * Protected screens (SPEC §2): both tokens stored, else /login remembering the origin; then
 * allowed by the menu table. The session is checked here, synchronously, rather than through
 * react-admin's checkAuth → logout chain, which re-runs its redirect on every location change
 * while the old screen is still mounted and so piles up history entries.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (!hasSession()) return <Navigate to="/login" replace state={{ nextPathname: pathname, nextSearch: search }} />;
  return <PermissionGate>{children}</PermissionGate>;
}
