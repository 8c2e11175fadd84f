import { AUTH_PATHS } from '../dataProvider/authEndpoints';
import type { HttpClient } from '../dataProvider/httpClient';
import { httpClient } from '../services';

/** The account calls of SPEC §7 outside react-admin's resources. */
export function createAccountApi(http: HttpClient) {
  return {
    forgotPassword: (email: string) => http.request(AUTH_PATHS.forgotPassword, { method: 'POST', json: { email }, authenticated: false }),
    resetPassword: (password: string, token: string) =>
      http.request(AUTH_PATHS.resetPassword, { method: 'POST', json: { password, token }, authenticated: false }),
    activateAccount: (password: string, token: string) =>
      http.request(AUTH_PATHS.activateAccount, { method: 'POST', json: { password, token }, authenticated: false }),
    changePassword: (oldPassword: string, newPassword: string) =>
      http.request(AUTH_PATHS.changePassword, { method: 'PUT', json: { oldPassword, newPassword } }),
  };
}

export const accountApi = createAccountApi(httpClient);
