import { Navigate } from 'react-router-dom';
import { useTesseraAuthProvider } from '../authProvider/useTesseraAuthProvider';
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
  const signedIn = useTesseraAuthProvider().hasSession();
  return signedIn ? <FirstScreen /> : <Navigate to="/login" replace />;
}
