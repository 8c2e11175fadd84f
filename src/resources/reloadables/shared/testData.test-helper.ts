import { HttpResponse } from 'msw';
import type { CardEvent, NotificationSettings, ReloadableCard, ReloadableUserDetail, Wallet, WalletMovement } from '../../../../domain/reloadables';
import { cardActionsFor } from '../../../../domain/reloadables';

/** The reloadable API of the test session's company (renderScreen signs in company-1). */
export const API = '/api/company/company-1/reloadable';
export const SUB_ID = '5b000000-0000-4000-8000-000000000002';
export const CARD_ID = '5c000000-0000-4000-8000-000000000001';
export const USER_ID = '5d000000-0000-4000-8000-000000000001';

export function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    id: overrides.companyId ?? 'company-1',
    companyId: 'company-1',
    companyName: 'Acme S.p.A.',
    companyCode: 'ACME',
    balanceCents: 1_250_000,
    reservedCents: 250_000,
    availableCents: 1_000_000,
    lastReloadAt: '2026-11-20T09:30:00.000Z',
    parentCompanyId: null,
    ...overrides,
  };
}

export function movement(overrides: Partial<WalletMovement> = {}): WalletMovement {
  return {
    id: 'mv-1',
    companyId: 'company-1',
    type: 'WALLET_RELOAD',
    reason: 'FUNDING',
    amountCents: 500_000,
    balanceAfterCents: 1_250_000,
    counterpartCompanyId: null,
    counterpartCompanyName: null,
    runNumber: null,
    cardId: null,
    cardNumber: null,
    runId: null,
    note: null,
    userName: 'Tessera Admin',
    createdAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

export function card(overrides: Partial<ReloadableCard> = {}): ReloadableCard {
  const status = overrides.status ?? 'ACTIVE';
  return {
    id: CARD_ID,
    number: '5350000000000001',
    companyId: 'company-1',
    companyName: 'Acme S.p.A.',
    clientId: 'EMP-001',
    userId: USER_ID,
    customerName: 'Mario Rossi',
    status,
    balanceCents: 12_500,
    activationDate: '2026-01-10T08:00:00.000Z',
    expirationDate: '2029-01-31',
    lastReloadAt: '2026-11-02T10:00:00.000Z',
    monthReloadedCents: 5_000,
    yearReloadedCents: 40_000,
    actions: cardActionsFor(status),
    ...overrides,
  };
}

export function cardEvent(overrides: Partial<CardEvent> = {}): CardEvent {
  return { id: 'ev-1', cardId: CARD_ID, type: 'RELOAD', amountCents: 5_000, balanceAfterCents: 12_500, runId: null, detail: null, userName: 'Ada Lovelace', createdAt: '2026-11-02T10:00:00.000Z', ...overrides };
}

export function holder(overrides: Partial<ReloadableUserDetail> = {}): ReloadableUserDetail {
  return {
    id: USER_ID,
    companyId: 'company-1',
    firstName: 'Mario',
    lastName: 'Rossi',
    email: 'mario.rossi@acme.test',
    phone: '3331112222',
    clientId: 'EMP-001',
    cardCount: 1,
    createdAt: '2026-01-10T08:00:00.000Z',
    cards: [card()],
    ...overrides,
  };
}

export function settings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    id: 'ns-1',
    companyId: 'company-1',
    recipients: [],
    lowBalanceEnabled: false,
    lowBalanceThresholdCents: 0,
    runCompletedEnabled: true,
    runFailedEnabled: true,
    monthlyStatementEnabled: false,
    updatedAt: null,
    ...overrides,
  };
}

/** A list page as the API answers it: `Content-Range … s-e/total`, `*` when it does not count. */
export const page = <T>(rows: T[], total: number | '*' = rows.length) => HttpResponse.json(rows, { headers: { 'Content-Range': `items 0-${Math.max(0, rows.length - 1)}/${total}` } });
