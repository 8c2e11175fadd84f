import type { GiftCard, Transaction } from '../../../domain/giftcards';
import { actionsOnHealthyCard } from '../../test/builders-giftcards';

/** Data builders for the gift-card and transaction screen tests. */
export function giftCard(overrides: Partial<GiftCard> = {}): GiftCard {
  return {
    id: '6f1c1d0e-0000-4000-8000-000000000001',
    code: 'ABCD2345EFGH6789',
    progressive: 1001,
    lotNumber: 'LOT-1',
    orderReference: 'ORD-1',
    typologyId: 'typ-1',
    typologyName: 'Gift 50',
    companyId: 'company-1',
    companyName: 'Acme',
    status: 'ACTIVE',
    balanceCents: 5000,
    frozenCents: 0,
    availableBalanceCents: 5000,
    activationDate: '2026-01-10T09:30:00.000Z',
    expireDate: '2027-01-10T09:30:00.000Z',
    firstUseDate: null,
    storeId: null,
    storeName: 'Negozio Centro',
    voided: false,
    createdAt: '2026-01-01T08:00:00.000Z',
    ...overrides,
  };
}

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  const row: Omit<Transaction, 'actions'> = {
    id: '7a2b0000-0000-4000-8000-000000000001',
    cardId: '6f1c1d0e-0000-4000-8000-000000000001',
    cardCode: 'ABCD2345EFGH6789',
    type: 'CONSUME',
    listType: 'consume',
    result: 'SUCCESS',
    amountCents: -3000,
    balanceAfterCents: 2000,
    frozenDeltaCents: 0,
    storeId: null,
    storeName: 'Negozio Centro',
    storeCode: 'NEG-001',
    returnNumber: null,
    relatedTransactionId: null,
    cancelledByTransactionId: null,
    releasedAt: null,
    returnedCents: 1000,
    typologyName: 'Gift 50',
    userId: null,
    userName: 'Ada Lovelace',
    errorCode: null,
    createdAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
  return { ...row, actions: overrides.actions ?? actionsOnHealthyCard(row) };
}
