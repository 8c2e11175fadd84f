import { usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { firstMenuPath } from '../../domain/menu';
import type { Permissions } from '../../domain/permissions';
import { LoadingPage } from './LoadingPage';
import { NoPermissionsPage } from './NoPermissionsPage';

/** `/`: the first screen the user may open, or the no-permissions page (SPEC §2). */
export function HomeRedirect() {
  const { permissions, isPending } = usePermissions<Permissions>();
  if (isPending) return <LoadingPage />;
  const target = firstMenuPath(permissions);
  return target ? <Navigate to={target} replace /> : <NoPermissionsPage />;
}
