export { createHttpClient, type HttpClient, type RequestOptions } from './httpClient';
export { HttpError, errorMessage, errorTextFromBody, isCancelledError } from './httpError';
export { createDataProvider } from './dataProvider';
export type { TesseraActions, TesseraAccountActions, TesseraAuthProvider, TesseraDataProvider } from './types';
export { createQueryClient } from './queryClient';
export { AUTH_PATHS } from './authEndpoints';
export { RESOURCE_PATHS, resourcePath } from './resourcePaths';
