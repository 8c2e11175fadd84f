import './config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { localStorageStore } from 'react-admin';
import { HashRouter } from 'react-router-dom';
import { App } from '../App';
import { createAuthProvider } from '../authProvider/authProvider';
import { createDataProvider } from '../dataProvider/dataProvider';
import { createHttpClient } from '../dataProvider/httpClient';
import { createQueryClient } from '../dataProvider/queryClient';
import { createI18nProvider } from '../i18n/i18nProvider';
import type { DemoApi } from './host/connection';
import { MailPanel } from './MailPanel';

/**
 * The demo's app: the real App, dataProvider and authProvider, their requests answered in the
 * browser by the server's own API in a worker (host/worker.ts) instead of the network. Hash
 * routing, so any static file server serves every screen from index.html without rewrite rules.
 */
export async function startDemoApp(api: DemoApi) {
  const httpClient = createHttpClient({ fetch: api.fetch, onSessionEnd: () => window.location.replace('#/login') });
  const authProvider = createAuthProvider(httpClient);
  // the texts load while the worker says whether it started for this page
  const [fresh, i18nProvider] = await Promise.all([api.fresh, createI18nProvider()]);
  // a returning visitor's stored session died with the database it signed in to: the sign-in
  // form shows at once, rather than after a refused call to a database still loading
  if (fresh) authProvider.forgetSession();
  const dataProvider = createDataProvider(httpClient);
  const queryClient = createQueryClient();
  const store = localStorageStore(undefined, 'TesseraDemo');
  store.removeItem('locale');

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <HashRouter>
        <App authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient} store={store} />
        <MailPanel api={api} />
      </HashRouter>
    </StrictMode>,
  );
}
