import { Suspense, useEffect, type ComponentType } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { LoadingPage } from '../layout/LoadingPage';
import { RouteGuard } from '../routes/RouteGuard';

interface GateProps {
  resource: string;
  action: string;
  /** i18n key under `screens.` */
  title: string;
  component: ComponentType;
}

/** The browser tab names the screen (the header and the page's h1 name it too). */
function useDocumentTitle(title: string) {
  const translate = useTranslate();
  const text = translate(`screens.${title}`);
  useEffect(() => {
    document.title = `${text} · Tessera`;
  }, [text]);
}

function Allowed({ resource, action, title, component: Component }: GateProps) {
  const { canAccess, isPending } = useCanAccess({ resource, action });
  useDocumentTitle(title);
  if (isPending) return <LoadingPage />;
  // a screen the user may not open: `/` sends them to their first screen (or no-permissions)
  if (!canAccess) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<LoadingPage />}>
      <Component />
    </Suspense>
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
