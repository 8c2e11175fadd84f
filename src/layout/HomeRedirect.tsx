import { Navigate } from 'react-router-dom';
import { hasSession } from '../authProvider/session';
import { firstMenuPath } from '../resources/registry';
import { LoadingPage } from './LoadingPage';
import { NoPermissionsPage } from './NoPermissionsPage';
import { useMenu } from './useMenu';

function FirstScreen() {
  const { menu, isPending } = useMenu();
  if (isPending) return <LoadingPage />;
  const target = firstMenuPath(menu);
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
