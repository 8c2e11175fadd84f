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
  sessionStorage.removeItem(VIEWED_COMPANY_KEY);
}

/**
 * The company whose data a user with sub-companies (provider staff, a parent company) is looking
 * at, chosen in the header. Kept per tab in session storage — not one of SPEC §9's local-storage
 * keys — so two tabs can look at two customers. The server still checks every path's
 * `{companyId}` against the user's scope.
 */
const VIEWED_COMPANY_KEY = 'tessera.viewedCompany';

export interface ViewedCompany {
  id: string;
  name: string;
}

export function readViewedCompany(): ViewedCompany | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(VIEWED_COMPANY_KEY) ?? 'null') as ViewedCompany | null;
    return value && typeof value.id === 'string' && typeof value.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function storeViewedCompany(company: ViewedCompany | null): void {
  if (company) sessionStorage.setItem(VIEWED_COMPANY_KEY, JSON.stringify({ id: company.id, name: company.name }));
  else sessionStorage.removeItem(VIEWED_COMPANY_KEY);
}

/** The `{companyId}` of company-scoped API paths: the viewed company, else the user's own. */
export function readScopeCompanyId(): string | null {
  return readViewedCompany()?.id ?? readCompanyId();
}
