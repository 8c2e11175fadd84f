export { createAuthProvider, type LoginParams } from './authProvider';
export { loadUserConfiguration } from './userConfiguration';
export { clearSession, hasSession } from '../dataProvider/session';
