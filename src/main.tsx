import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createI18nProvider } from './i18n/i18nProvider';
import { authProvider, dataProvider, queryClient, store } from './services';

// the app renders in the detected language once its texts are in. No top-level await: a chunk
// loaded meanwhile that imports from this entry (dayjs's Spanish, French and German calendars
// import dayjs from it) would wait for this module to finish, and this module for it
void createI18nProvider().then((i18nProvider) => {
  store.removeItem('locale');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* real paths (SPEC §2 routes, e-mail links), not react-admin's default hash router */}
      <BrowserRouter>
        <App authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient} store={store} />
      </BrowserRouter>
    </StrictMode>,
  );
});
