export { createHttpClient, type HttpClient, type RequestOptions } from './httpClient';
export { HttpError, errorMessage, errorTextFromBody, isCancelledError } from './httpError';
export { createDataProvider, type TesseraDataProvider } from './dataProvider';
export { createQueryClient } from './queryClient';
export { AUTH_PATHS } from './authEndpoints';
export { RESOURCE_PATHS, resourcePath } from './resourcePaths';
