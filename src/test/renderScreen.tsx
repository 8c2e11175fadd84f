import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { canAccess } from '../../domain/access';
import { permissionsFrom, type PermissionKey } from '../../domain/permissions';
import type { ResourceName } from '../../domain/access';
import { createAuthProvider } from '../authProvider/authProvider';
import { createDataProvider } from '../dataProvider/dataProvider';
import { createHttpClient } from '../dataProvider/httpClient';
import { createQueryClient } from '../dataProvider/queryClient';
import type { TesseraAuthProvider } from '../dataProvider/types';
import { createI18nProvider } from '../i18n/i18nProvider';
import { LocationProbe } from './LocationProbe';
import { signedIn, testSession } from './builders';

export interface RenderScreenOptions {
  /** the URL the router starts at */
  path?: string;
  /** the screen's route pattern, for useParams (`/privative/stores/:id`) */
  route?: string;
  /** the permission flags of the signed-in user; canAccess answers from domain/access.ts */
  permissions?: PermissionKey[];
  /** the user is provider staff (the access table's staff entries open to them); default: what the test's served configuration says */
  provider?: boolean;
  /** the user is their company's referent (the access table's referent entries: the audit trail) */
  referent?: boolean;
  /** the react-admin resource the screen belongs to (what the registry mounts it under) */
  resource?: ResourceName;
  /** authProvider methods of the test's own (a session check that never answers) */
  auth?: Partial<TesseraAuthProvider>;
}

/**
 * Renders a business screen as the app does: the real dataProvider and http client against msw,
 * react-admin's contexts (resource context included), a router at `path` and a signed-in session
 * of company-1 ("Acme") holding `permissions`. The authProvider is the real one, with its
 * permissions and identity fixed: access checks stay on.
 */
export async function renderScreen(ui: ReactElement, { path = '/', route = '*', permissions = [], provider, referent = false, resource, auth }: RenderScreenOptions = {}) {
  signedIn();
  const http = createHttpClient({ onSessionEnd: () => undefined });
  const dataProvider = createDataProvider(http);
  const granted = permissionsFrom(permissions);
  const authProvider: TesseraAuthProvider = {
    ...createAuthProvider(http),
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => granted,
    getIdentity: async () => ({ id: 'user-1', fullName: 'Ada Lovelace', companyId: 'company-1', companyName: 'Acme' }),
    canAccess: async ({ resource: name, action }) => canAccess(granted, name, action, { isProvider: provider ?? testSession.provider, isReferent: referent }),
    ...auth,
  };
  const screen = resource ? <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider> : ui;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={await createI18nProvider()} queryClient={createQueryClient()} store={memoryStore()}>
        <Routes>
          <Route path={route} element={screen} />
        </Routes>
        <LocationProbe />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}
