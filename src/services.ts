import { localStorageStore } from 'react-admin';
import { createAuthProvider } from './authProvider/authProvider';
import { createDataProvider } from './dataProvider/dataProvider';
import { createHttpClient } from './dataProvider/httpClient';
import { createQueryClient } from './dataProvider/queryClient';

/**
 * The app's single instances. The http client is private to the providers: screens reach the API
 * through the dataProvider and the session through the authProvider only.
 */
const httpClient = createHttpClient();
export const authProvider = createAuthProvider(httpClient);
export const dataProvider = createDataProvider(httpClient);
export const queryClient = createQueryClient();

/**
 * react-admin's persisted UI state (sidebar, list parameters). It keeps its own copy of the
 * locale, which would override i18next's detection order (SPEC §1: ?lng= first): main.tsx drops
 * that copy at start so i18next decides and react-admin follows.
 */
export const store = localStorageStore(undefined, 'Tessera');
