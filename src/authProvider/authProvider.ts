import type { UserIdentity } from 'react-admin';
import { canAccess } from '../../domain/access';
import type { Permissions } from '../../domain/permissions';
import type { Language } from '../../domain/constants';
import { refreshResponseSchema, sessionSchema, type SignInResponse, type UserConfiguration } from '../../domain/schemas/auth';
import type { ProfileBody } from '../../domain/schemas/users';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { AUTH_PATHS, logoutUrl } from '../dataProvider/authEndpoints';
import type { HttpClient } from '../dataProvider/httpClient';
import type { TesseraAuthProvider } from '../dataProvider/types';
import { clearSession, hasSession, readAccessToken, readCompanyId, readRefreshToken, readViewedCompany, storeSession, storeTokens, storeViewedCompany } from '../dataProvider/session';
import { loadUserConfiguration } from './userConfiguration';
import { cacheUserConfiguration, clearUserConfigurationCache, settledUserConfiguration } from '../dataProvider/userConfigurationCache';

export interface LoginParams {
  email: string;
  password: string;
}

/**
 * The one road to the session: sign-in, token exchange, logout, the user's configuration and
 * permissions, react-admin's access checks (domain/access.ts), and the account calls of SPEC §7.
 */
/** What the access table reads of the signed-in user besides their flags (domain/access.ts). */
const accessContextOf = (configuration: UserConfiguration) => ({ isProvider: configuration.company.isProvider, isReferent: configuration.user.isReferent });

/** The signed-in user as react-admin's identity, with the company the screens and forms work in. */
function identityOf({ user, company }: UserConfiguration): UserIdentity {
  const viewed = readViewedCompany();
  return {
    id: user.id,
    fullName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    email: user.email,
    // the company the screens and forms work in: the one looked at, else the user's own
    companyId: viewed?.id ?? company.id,
    companyName: viewed?.name ?? company.name,
    ownCompanyId: company.id,
    ownCompanyName: company.name,
  };
}

export function createAuthProvider(http: HttpClient): TesseraAuthProvider {
  async function permissions(): Promise<Permissions> {
    if (!hasSession()) throw new Error('No session');
    return (await loadUserConfiguration(http)).permissions;
  }

  /**
   * The stored session's user, asked with its own tokens outside the http client's refresher: a
   * refused refresh there ends the session by leaving for the root, and the link's page must stay.
   * An expired access token is refreshed once here (its new tokens stored, for a logout to revoke).
   */
  async function sessionUser(): Promise<UserConfiguration['user'] | null> {
    const settled = settledUserConfiguration();
    if (settled) return settled.user;
    const ask = async () => {
      const token = readAccessToken();
      const { body } = await http.request<UserConfiguration>(AUTH_PATHS.userConfiguration, { authenticated: false, headers: token ? { Authorization: `Bearer ${token}` } : {} });
      return body.user;
    };
    try {
      return await ask();
    } catch (error) {
      if ((error as { status?: number }).status !== 401) return null;
    }
    const refreshToken = readRefreshToken();
    if (!refreshToken) return null;
    try {
      const { body } = await http.request(AUTH_PATHS.accessToken, { method: 'POST', json: { refresh_token: refreshToken, grant_type: 'refresh_token' }, authenticated: false });
      storeTokens(refreshResponseSchema.parse(body));
      return await ask();
    } catch {
      return null;
    }
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

    async signedInUser() {
      const user = hasSession() ? await sessionUser() : null;
      return user && { name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email, email: user.email };
    },

    async checkAuth() {
      // message false: landing on a protected page signed out is not an error worth a toast
      if (!hasSession()) throw { message: false };
    },

    /**
     * The http client already refreshed the token (and cleared the session when it could not); a
     * 401 reaching here means the session it was sent with is over. A session stored since (signed
     * in again, here or in another tab, while the call was out) is not that session: it stays.
     */
    async checkError(error: { status?: number }) {
      if (error?.status === 401 && !hasSession()) {
        clearSession();
        clearUserConfigurationCache();
        throw { message: false };
      }
    },

    getPermissions: permissions,

    async getIdentity(): Promise<UserIdentity> {
      return identityOf(await loadUserConfiguration(http));
    },

    identityNow() {
      const configuration = hasSession() ? settledUserConfiguration() : undefined;
      return configuration && identityOf(configuration);
    },

    /** Unknown resource or action: denied (domain/access.ts). */
    async canAccess({ resource, action }: { resource: string; action: string }) {
      const configuration = hasSession() ? await loadUserConfiguration(http).catch(() => null) : null;
      return configuration ? canAccess(configuration.permissions, resource, action, accessContextOf(configuration)) : false;
    },

    canAccessNow({ resource, action }: { resource: string; action: string }) {
      const configuration = hasSession() ? settledUserConfiguration() : undefined;
      return configuration ? canAccess(configuration.permissions, resource, action, accessContextOf(configuration)) : undefined;
    },

    getConfiguration: () => loadUserConfiguration(http),
    getCompanyId: readCompanyId,
    hasSession,
    forgetSession() {
      clearSession();
      clearUserConfigurationCache();
    },
    getViewedCompany: readViewedCompany,
    setViewedCompany: storeViewedCompany,

    async forgotPassword(email: string) {
      await http.request(AUTH_PATHS.forgotPassword, { method: 'POST', json: { email }, authenticated: false });
      clearSession();
      clearUserConfigurationCache();
    },
    async resetPassword(password: string, token: string) {
      await http.request(AUTH_PATHS.resetPassword, { method: 'POST', json: { password, token }, authenticated: false });
    },
    async activateAccount(password: string, token: string) {
      await http.request(AUTH_PATHS.activateAccount, { method: 'POST', json: { password, token }, authenticated: false });
    },
    async changePassword(oldPassword: string, newPassword: string) {
      await http.request(AUTH_PATHS.changePassword, { method: 'PUT', json: { oldPassword, newPassword } });
    },
    async updateProfile(profile: ProfileBody) {
      const { body } = await http.request<UserConfiguration>(AUTH_PATHS.profile, { method: 'PUT', json: profile });
      // the shell and the profile read the configuration: the answer is the new one
      cacheUserConfiguration(Promise.resolve(body));
      return body;
    },
    async setLanguage(language: Language) {
      await http.request(AUTH_PATHS.language, { method: 'PUT', json: { language } });
      clearUserConfigurationCache();
    },
    async confirmEmail(token: string) {
      await http.request(AUTH_PATHS.confirmEmail, { method: 'POST', json: { token }, authenticated: false });
      clearUserConfigurationCache();
    },
  };
}
