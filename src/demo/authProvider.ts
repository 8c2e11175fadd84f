import type { UserIdentity } from 'react-admin';
import { canAccess } from '../../domain/access';
import { changePasswordSchema, type UserConfiguration } from '../../domain/schemas/auth';
import { clearSession, hasSession, readCompanyId, readViewedCompany, storeSession, storeViewedCompany } from '../authProvider/session';
import type { TesseraAuthProvider } from '../dataProvider/types';
import { demoToken, sessionUser } from './context';
import type { DemoDb } from './db';
import { apiError, identityError, parseOr400 } from './errors';

/**
 * The demo's authProvider: the four accounts of the server's demo seed sign in with their
 * password, each with its permissions (a disabled account is refused with USER_DISABLED, a wrong
 * password with INVALID_LOGIN_CREDENTIALS). The session lives under the real keys (accessToken,
 * refreshToken, companyId), so the SPA's synchronous session check works unchanged.
 */
export function createDemoAuthProvider(db: DemoDb): TesseraAuthProvider {
  const configuration = (): UserConfiguration => {
    const user = sessionUser(db);
    if (!user) throw apiError(401, 'UNAUTHORIZED', '/api/user/configuration', 'Authentication required');
    const company = db.companies.find((c) => c.id === user.companyId)!;
    return {
      user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, phone: user.phone, phoneCountry: user.phoneCountry, role: user.role, language: user.language, status: user.status },
      company: { id: company.id, name: company.companyName, parentId: company.parentId, isProvider: company.isProvider },
      permissions: user.permissions,
    };
  };
  const later = <T>(work: () => T): Promise<T> => Promise.resolve().then(work);

  return {
    login: ({ email, password }: { email: string; password: string }) =>
      later(() => {
        const user = db.users.find((u) => u.email.toLowerCase() === String(email ?? '').trim().toLowerCase());
        if (!user || user.password === null || user.password !== password || user.status === 'PENDING_ACTIVATION') throw identityError('INVALID_LOGIN_CREDENTIALS');
        if (user.status !== 'ACTIVE') throw identityError('USER_DISABLED');
        storeSession({ accessToken: demoToken(user.id, 'access'), refreshToken: demoToken(user.id, 'refresh'), companyId: user.companyId });
      }),
    logout: () => later(() => clearSession()),
    checkAuth: () =>
      later(() => {
        // message false: landing on a protected page signed out is not an error worth a toast
        if (!hasSession() || !sessionUser(db)) throw { message: false };
      }),
    // a 401 ends the session it was sent with; one signed in since (here or in another tab) stays
    checkError: (error: { status?: number }) =>
      later(() => {
        if (error?.status === 401 && !sessionUser(db)) {
          clearSession();
          throw { message: false };
        }
      }),
    getPermissions: () => later(() => configuration().permissions),
    getIdentity: () =>
      later((): UserIdentity => {
        const { user, company } = configuration();
        const viewed = readViewedCompany();
        const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
        return { id: user.id, fullName, email: user.email, companyId: viewed?.id ?? company.id, companyName: viewed?.name ?? company.name, ownCompanyId: company.id, ownCompanyName: company.name };
      }),
    canAccess: ({ resource, action }: { resource: string; action: string }) =>
      later(() => {
        // unknown resource or action: denied (domain/access.ts), as the real provider
        return canAccess(sessionUser(db)?.permissions ?? null, resource, action);
      }),
    getConfiguration: () => later(configuration),
    getCompanyId: readCompanyId,
    hasSession,
    getViewedCompany: readViewedCompany,
    setViewedCompany: storeViewedCompany,
    // no e-mail leaves the demo: the requests succeed, as the server answers for any address
    forgotPassword: () => later(() => clearSession()),
    resetPassword: () => later(() => undefined),
    activateAccount: () => later(() => undefined),
    changePassword: (oldPassword: string, newPassword: string) =>
      later(() => {
        const user = sessionUser(db);
        const instance = '/api/user/password';
        if (!user) throw apiError(401, 'UNAUTHORIZED', instance, 'Authentication required');
        parseOr400(changePasswordSchema, { oldPassword, newPassword }, instance);
        if (user.password !== oldPassword) throw apiError(400, 'WRONG_PASSWORD', instance, 'The current password is wrong');
        if (newPassword === oldPassword) throw apiError(400, 'PASSWORD_REUSED', instance, 'The new password must differ from the current one');
        user.password = newPassword;
      }),
  };
}
