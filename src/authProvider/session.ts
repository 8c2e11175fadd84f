import { STORAGE_KEYS } from '../../domain/constants';
import type { Session } from '../../domain/schemas/auth';

/** The session lives in local storage under the keys of SPEC §9, kept verbatim. */
export function readAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.accessToken);
}

export function readRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refreshToken);
}

export function readCompanyId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.companyId);
}

/** Protected screens need both tokens (SPEC §2). */
export function hasSession(): boolean {
  return Boolean(readAccessToken() && readRefreshToken());
}

export function storeSession(session: Session): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  localStorage.setItem(STORAGE_KEYS.companyId, session.companyId);
}

export function storeTokens(tokens: { accessToken: string; refreshToken: string }): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.companyId);
}
