import type { AuthProvider, UserIdentity } from 'react-admin';
import type { Permissions } from '../../domain/permissions';
import { sessionSchema, type SignInResponse } from '../../domain/schemas/auth';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { AUTH_PATHS, logoutUrl } from '../dataProvider/authEndpoints';
import type { HttpClient } from '../dataProvider/httpClient';
import { canAccessResource } from './canAccess';
import { clearSession, hasSession, readRefreshToken, storeSession } from './session';
import { loadUserConfiguration } from './userConfiguration';
import { clearUserConfigurationCache } from './userConfigurationCache';

export interface LoginParams {
  email: string;
  password: string;
}

export function createAuthProvider(http: HttpClient): AuthProvider {
  async function permissions(): Promise<Permissions> {
    if (!hasSession()) throw new Error('No session');
    return (await loadUserConfiguration(http)).permissions;
  }

  return {
    /** Sign in at the identity provider, then exchange its idToken for our session (SPEC §4). */
    async login({ email, password }: LoginParams) {
      const config = getRuntimeConfig();
      const signInUrl = `${config.identitySignInUrl}?${new URLSearchParams({ key: config.identityApiKey })}`;
      const signIn = await http.request<SignInResponse>(signInUrl, {
        method: 'POST',
        json: { email, password, tenantId: config.tenantId, returnSecureToken: true },
        authenticated: false,
      });
      const exchange = await http.request(AUTH_PATHS.tokenExchange, {
        method: 'POST',
        json: { fireBaseToken: signIn.body.idToken },
        authenticated: false,
      });
      clearUserConfigurationCache();
      storeSession(sessionSchema.parse(exchange.body));
    },

    /** The server call may fail: the local session is cleared regardless (SPEC §4). */
    async logout() {
      const refreshToken = readRefreshToken();
      if (refreshToken) {
        await http.request(logoutUrl(refreshToken), { authenticated: false, responseType: 'text' }).catch(() => undefined);
      }
      clearSession();
      clearUserConfigurationCache();
    },

    async checkAuth() {
      // message false: landing on a protected page signed out is not an error worth a toast
      if (!hasSession()) throw { message: false };
    },

    /** The http client already refreshed the token; a 401 reaching here means the session is over. */
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        clearSession();
        clearUserConfigurationCache();
        throw { message: false };
      }
    },

    getPermissions: permissions,

    async getIdentity(): Promise<UserIdentity> {
      const { user, company } = await loadUserConfiguration(http);
      return {
        id: user.id,
        fullName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
        email: user.email,
        companyName: company.name,
      };
    },

    async canAccess({ resource }: { resource: string; action: string }) {
      return canAccessResource(await permissions().catch(() => null), resource);
    },
  };
}
