import { reportedErrors, type PlannedReload, type ReloadableCard, type ReloadRunDetail, type ReloadValidation } from '../../../../domain/reloadables';

export const BASE = '/api/company/company-1/reloadable';
export const RUN_ID = '7e000000-0000-4000-8000-000000000001';

export function card(overrides: Partial<ReloadableCard> = {}): ReloadableCard {
  return {
    id: 'c1000000-0000-4000-8000-000000000001',
    number: '5350000000000001',
    companyId: 'company-1',
    companyName: 'Acme S.p.A.',
    clientId: 'EMP-001',
    userId: null,
    customerName: 'Mario Rossi',
    status: 'ACTIVE',
    balanceCents: 1000,
    activationDate: '2026-01-10T09:00:00.000Z',
    expirationDate: '2029-12-31',
    lastReloadAt: null,
    monthReloadedCents: 0,
    yearReloadedCents: 0,
    actions: { lock: true, unlock: false, reload: true, linkCompany: true, clientId: true },
    ...overrides,
  };
}

export function validation(overrides: Partial<ReloadValidation> = {}): ReloadValidation {
  // the counts the server sends with its errors, unless a test states its own
  return { rows: [], count: 0, totalCents: 0, availableCents: 100_000, shortfallCents: 0, ...reportedErrors(overrides.errors ?? []), ...overrides };
}

export function run(overrides: Partial<ReloadRunDetail> = {}): ReloadRunDetail {
  return {
    id: RUN_ID,
    number: 'RL-000042',
    companyId: 'company-1',
    companyName: 'Acme S.p.A.',
    source: 'CSV',
    fileName: 'november.csv',
    state: 'COMPLETED',
    scheduledAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    startedAt: '2026-11-20T09:00:00.000Z',
    completedAt: '2026-11-20T09:00:02.000Z',
    rowCount: 3,
    totalCents: 7500,
    creditedCount: 2,
    creditedCents: 5000,
    deletedCount: 1,
    userName: 'Ada Lovelace',
    progress: { done: 3, total: 3 },
    ...overrides,
  };
}

export function plannedRow(overrides: Partial<PlannedReload> = {}): PlannedReload {
  return {
    id: 'p1000000-0000-4000-8000-000000000001',
    runId: RUN_ID,
    runNumber: 'RL-000042',
    position: 2,
    companyId: 'company-1',
    companyName: 'Acme S.p.A.',
    cardId: 'c1000000-0000-4000-8000-000000000001',
    cardNumber: '5350000000000001',
    customer: 'Mario Rossi',
    amountCents: 2500,
    insertedAt: '2026-11-20T09:00:00.000Z',
    scheduledAt: '2099-01-15T08:30:00.000Z',
    initialAmountCents: 1000,
    currentAmountCents: 1000,
    state: 'IN_PROGRESS',
    reason: null,
    creditedAt: null,
    ...overrides,
  };
}

/** A problem+json response body with params (the shortfall). */
export function problemBody(status: number, code: string, extra: Record<string, unknown> = {}) {
  return { title: 'Error', status, detail: 'raw server words', instance: '/api/test', error: { message: code }, ...extra };
}
