import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createI18nProvider } from './i18n/i18nProvider';
import { authProvider, dataProvider, queryClient } from './services';

// texts are bundled, so this resolves at once; the app renders in the detected language
const i18nProvider = await createI18nProvider();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient} />
  </StrictMode>,
);
