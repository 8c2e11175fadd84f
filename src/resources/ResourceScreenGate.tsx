import { Suspense, useMemo, type ComponentType } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { AccessDeniedPage } from '../layout/AccessDeniedPage';
import { LoadingPage } from '../layout/LoadingPage';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { RouteGuard } from '../routes/RouteGuard';
import { USER_CONFIGURATION_CACHE_MS } from '../../domain/constants';
import { useTesseraAuthProvider } from '../authProvider/useTesseraAuthProvider';
import { GatedScreenContext } from '../components/schema/gatedScreen';

interface GateProps {
  resource: string;
  action: string;
  /** i18n key under `screens.` */
  title: string;
  component: ComponentType;
}

function Allowed({ resource, action, title, component: Component }: GateProps) {
  const translate = useTranslate();
  const authProvider = useTesseraAuthProvider();
  // the answer at hand (the configuration has arrived) renders the screen in this very render
  const now = authProvider.canAccessNow?.({ resource, action });
  const { canAccess, isPending } = useCanAccess({ resource, action, initialData: now, staleTime: now === undefined ? undefined : USER_CONFIGURATION_CACHE_MS });
  const gate = useMemo(() => ({ resource, action }), [resource, action]);
  // the browser tab names the screen; the access-denied page names itself
  useDocumentTitle(isPending || canAccess ? translate(`screens.${title}`) : undefined);
  if (isPending) return <LoadingPage />;
  // a screen the user may not open says so, with a way home (not a silent redirect)
  if (!canAccess) return <AccessDeniedPage />;
  return (
    <GatedScreenContext.Provider value={gate}>
      <Suspense fallback={<LoadingPage />}>
        <Component />
      </Suspense>
    </GatedScreenContext.Provider>
  );
}

/**
 * Every registry screen: signed in (else /login, remembering the origin), allowed by
 * `authProvider.canAccess` for its resource and action, loaded lazily. React-admin's own
 * controllers check authentication and access again inside.
 */
export function ResourceScreenGate(props: GateProps) {
  return (
    <RouteGuard>
      <Allowed {...props} />
    </RouteGuard>
  );
}

/**
 * react-admin's list route is `/*` and its edit route `:id/*`: what they catch beyond their own
 * path is an unknown sub-path, which goes back to the section base (SPEC §2).
 */
export function ExactPath({ fallback, children }: { fallback: string; children: React.ReactNode }) {
  const rest = useParams()['*'];
  if (rest) return <Navigate to={fallback} replace />;
  return <>{children}</>;
}
