import { createAuthProvider } from './authProvider/authProvider';
import { createDataProvider } from './dataProvider/dataProvider';
import { createHttpClient } from './dataProvider/httpClient';
import { createQueryClient } from './dataProvider/queryClient';

/** The app's single instances, shared by react-admin and the account pages. */
export const httpClient = createHttpClient();
export const authProvider = createAuthProvider(httpClient);
export const dataProvider = createDataProvider(httpClient);
export const queryClient = createQueryClient();
