import type { ReactNode } from 'react';
import { Authenticated, usePermissions } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { canOpenPath } from '../../domain/menu';
import type { Permissions } from '../../domain/permissions';
import { LoadingPage } from '../layout/LoadingPage';

function PermissionGate({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<Permissions>();
  const { pathname } = useLocation();
  if (isPending) return <LoadingPage />;
  // a screen the user may not open: `/` sends them to their first screen (or no-permissions)
  if (!canOpenPath(permissions, pathname)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** Protected screens: signed in (else /login, remembering the origin) and allowed by the menu table. */
export function RouteGuard({ children }: { children: ReactNode }) {
  return (
    <Authenticated>
      <PermissionGate>{children}</PermissionGate>
    </Authenticated>
  );
}
