import { Suspense } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, type AuthProvider, type DataProvider, type I18nProvider, type Store } from 'react-admin';
import { Route } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { AccessDeniedPage } from './layout/AccessDeniedPage';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { ErrorPage } from './layout/ErrorPage';
import { HomeRedirect } from './layout/HomeRedirect';
import { lazyWithReload } from './components/lazyWithReload';
import { LoadingPage } from './layout/LoadingPage';
import { NotFoundPage } from './layout/NotFoundPage';
import { LoginPage } from './pages/login/LoginPage';
import { resourceElements, sectionRoutes } from './resources/resourceRoutes';
import { RouteGuard } from './routes/RouteGuard';
import { theme } from './theme';

const ProfilePage = lazyWithReload(() => import('./pages/profile/ProfilePage'));
const ChangePasswordPage = lazyWithReload(() => import('./pages/password/ChangePasswordPage'));
const DownloadsPage = lazyWithReload(() => import('./pages/downloads/DownloadsPage'));
// the public account pages come when one is opened (from an e-mail's link, or the sign-in page's
// "forgot password"): the sign-in page's JavaScript does not carry them (issue 45)
const ForgotPasswordPage = lazyWithReload(async () => ({ default: (await import('./pages/forgotPassword/ForgotPasswordPage')).ForgotPasswordPage }));
const AccountActivationPage = lazyWithReload(async () => ({ default: (await import('./pages/activation/AccountActivationPage')).AccountActivationPage }));
const ConfirmEmailPage = lazyWithReload(async () => ({ default: (await import('./pages/confirmEmail/ConfirmEmailPage')).ConfirmEmailPage }));
// react-admin's page for a failed authentication check, downloaded when it shows
const AuthenticationError = lazyWithReload(() => import('./layout/raAuthenticationError'));

export interface AppProps {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  queryClient: QueryClient;
  store?: Store;
}

function publicPage(element: React.ReactNode) {
  return <Suspense fallback={<LoadingPage />}>{element}</Suspense>;
}

function AuthenticationErrorPage() {
  return publicPage(<AuthenticationError />);
}

function lazyScreen(element: React.ReactNode) {
  return (
    <RouteGuard>
      <Suspense fallback={<LoadingPage />}>{element}</Suspense>
    </RouteGuard>
  );
}

/**
 * The SPA: public account pages without the shell, everything else inside it (SPEC §2). Every
 * business screen is a `<Resource>` of the registry (src/resources/registry.ts).
 */
export function App({ authProvider, dataProvider, i18nProvider, queryClient, store }: AppProps) {
  return (
    // react-admin's <Admin> is <AdminContext> + <AdminUI>, and AdminUI is <CoreAdminUI> with
    // react-admin's default pages: written out with ours only, the defaults (react-admin's English
    // i18n provider and polyglot, its login page and layout) stay out of the sign-in page's
    // JavaScript (issue 8), and the shell comes with the first signed-in screen (AppLayout)
    <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient} store={store} theme={theme}>
      <CssBaseline enableColorScheme />
      <CoreAdminUI
        title="Tessera"
        layout={AppLayout}
        loginPage={LoginPage}
        catchAll={NotFoundPage}
        error={ErrorPage}
        loading={LoadingPage}
        authenticationError={AuthenticationErrorPage}
        // a controller's own access check failing says so, like the screen gate does
        accessDenied={AccessDeniedPage}
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/forgot-password" element={publicPage(<ForgotPasswordPage />)} />
          <Route path="/user-account-activation" element={publicPage(<AccountActivationPage />)} />
          <Route path="/confirm-email" element={publicPage(<ConfirmEmailPage />)} />
        </CustomRoutes>
        <CustomRoutes>
          {/* `/` is ours, not react-admin's dashboard slot: that slot runs its own auth check */}
          <Route path="/" element={<HomeRedirect />} />
          <Route path="/profile" element={lazyScreen(<ProfilePage />)} />
          <Route path="/password" element={lazyScreen(<ChangePasswordPage />)} />
          <Route path="/downloads" element={lazyScreen(<DownloadsPage />)} />
          {sectionRoutes()}
        </CustomRoutes>
        {resourceElements()}
      </CoreAdminUI>
      <AppNotification />
    </AdminContext>
  );
}
