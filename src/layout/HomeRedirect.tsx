import { usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { firstMenuPath } from '../../domain/menu';
import type { Permissions } from '../../domain/permissions';
import { hasSession } from '../authProvider/session';
import { LoadingPage } from './LoadingPage';
import { NoPermissionsPage } from './NoPermissionsPage';

function FirstScreen() {
  const { permissions, isPending } = usePermissions<Permissions>();
  if (isPending) return <LoadingPage />;
  const target = firstMenuPath(permissions);
  return target ? <Navigate to={target} replace /> : <NoPermissionsPage />;
}

/**
 * `/`: the first screen the user may open, or the no-permissions page (SPEC §2). Signed out, it
 * goes straight to /login: without a session there are no permissions to read, and an empty
 * answer must not be mistaken for "no permissions".
 */
export function HomeRedirect() {
  return hasSession() ? <FirstScreen /> : <Navigate to="/login" replace />;
}
