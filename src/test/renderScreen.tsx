import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { permissionsFrom, type PermissionKey } from '../../domain/permissions';
import { createDataProvider } from '../dataProvider/dataProvider';
import { createHttpClient } from '../dataProvider/httpClient';
import { createQueryClient } from '../dataProvider/queryClient';
import { createI18nProvider } from '../i18n/i18nProvider';
import { LocationProbe } from './LocationProbe';
import { signedIn } from './builders';

/**
 * Renders a business screen as the app does: the real dataProvider and http client against msw,
 * react-admin's contexts, a router at `path` (`route` is the screen's pattern, for useParams)
 * and a signed-in session of company-1 ("Acme") holding `permissions`.
 */
export async function renderScreen(ui: ReactElement, { path = '/', route = '*', permissions = [] }: { path?: string; route?: string; permissions?: PermissionKey[] } = {}) {
  signedIn();
  const dataProvider = createDataProvider(createHttpClient({ onSessionEnd: () => undefined })) as DataProvider;
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissionsFrom(permissions),
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
