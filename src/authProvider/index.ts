export { createAuthProvider, type LoginParams } from './authProvider';
export { canAccessResource } from './canAccess';
export { loadUserConfiguration } from './userConfiguration';
export { clearSession, hasSession, readCompanyId } from './session';
