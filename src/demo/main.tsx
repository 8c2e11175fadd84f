import './config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { localStorageStore } from 'react-admin';
import { HashRouter } from 'react-router-dom';
import { App } from '../App';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { createQueryClient } from '../dataProvider/queryClient';
import { createI18nProvider } from '../i18n/i18nProvider';
import { createDemoAuthProvider } from './authProvider';
import { createContext } from './context';
import { createDemoDb } from './data';
import { createDemoDataProvider } from './dataProvider';

/**
 * The demo: the same App on in-memory providers (no request leaves the browser). Hash routing,
 * so any static file server serves every screen from index.html without rewrite rules.
 */
const db = createDemoDb();
const dataProvider = createDemoDataProvider(createContext(db, getRuntimeConfig().maxTransactionCents));
const authProvider = createDemoAuthProvider(db);
const queryClient = createQueryClient();
const store = localStorageStore(undefined, 'TesseraDemo');

const i18nProvider = await createI18nProvider();
store.removeItem('locale');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HashRouter>
      <App authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient} store={store} />
    </HashRouter>
  </StrictMode>,
);
