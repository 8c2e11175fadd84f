import { permissionsFrom, type PermissionKey } from '../../domain/permissions';
import type { UserConfiguration } from '../../domain/schemas/auth';
import { storeSession } from '../dataProvider/session';

/**
 * Whether the signed-in user of a test is provider staff: what the served configuration says
 * (`servedConfiguration`) and what renderScreen's canAccess reads, as the real authProvider reads
 * one configuration for both. Reset after each test (setup.ts).
 */
export const testSession = { provider: false };

/** The configuration answer of a test's signed-in user, its company kind kept for canAccess too. */
export function servedConfiguration(configuration: UserConfiguration, provider: boolean): UserConfiguration {
  configuration.company.isProvider = provider;
  testSession.provider = provider;
  return configuration;
}

export function signedIn(session = { accessToken: 'access-1', refreshToken: 'refresh-1', companyId: 'company-1' }) {
  storeSession(session);
  return session;
}

export function userConfiguration(keys: readonly PermissionKey[] = [], overrides: Partial<UserConfiguration['user']> = {}): UserConfiguration {
  return {
    user: {
      id: 'user-1',
      email: 'ada@acme.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '3331234567',
      phoneCountry: '+39',
      role: 'OPERATOR',
      language: 'it',
      status: 'ACTIVE',
      address: null,
      city: null,
      state: null,
      zip: null,
      country: null,
      pendingEmail: null,
      isReferent: false,
      ...overrides,
    },
    company: { id: 'company-1', name: 'Acme', parentId: null, isProvider: false },
    permissions: permissionsFrom(keys),
  };
}

export function problem(status: number, code: string | undefined, instance = '/api/test', detail?: string) {
  return { title: 'Error', status, detail, instance, ...(code ? { error: { message: code } } : {}) };
}

// the entity builders of the SPA tests' records (the demo runs the server's own seed instead)
export { cardCode, seededRandom, sequentialId } from './builders-ids';
export { cardHistory, giftCard, transaction, typology, BUILDER_COMPANY_ID, type CardRow, type HistoryInput, type HistoryStore, type LedgerRow } from './builders-giftcards';
export { company, operator, store } from './builders-registry';
