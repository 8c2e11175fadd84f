import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { createHttpClient } from '../../dataProvider/httpClient';
import { createQueryClient } from '../../dataProvider/queryClient';
import { createI18nProvider } from '../../i18n/i18nProvider';
import { LocationProbe } from '../../test/LocationProbe';
import { signedIn } from '../../test/builders';

/**
 * Renders a registry or store screen as the app does: the real dataProvider and http client
 * against msw, react-admin's contexts, a router at `path` (`route` is the screen's pattern) and
 * a signed-in session of company-1 ("Acme").
 */
export async function renderRegistryScreen(ui: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  signedIn();
  const dataProvider = createDataProvider(createHttpClient({ onSessionEnd: () => undefined })) as DataProvider;
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({}),
    getIdentity: async () => ({ id: 'user-1', fullName: 'Ada Lovelace', companyName: 'Acme' }),
  };
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={await createI18nProvider()} queryClient={createQueryClient()} store={memoryStore()}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
        <LocationProbe />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}
