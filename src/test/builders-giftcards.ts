import { listTypeOf, type CardStatus, type GiftCard, type LedgerType, type Transaction, type Typology } from '../../domain/giftcards';
import { rowActions } from '../../domain/giftcardRules';
import { sequentialId } from './builders-ids';

/**
 * Gift-card data builders, shared by the SPA tests and the demo data (src/demo): a typology, a
 * card, a ledger row, and a whole consistent card history. Every builder takes overrides; the
 * defaults are a usable card worth 50.00 EUR of Acme.
 */
let serial = 0;
const nextId = (kind: number) => sequentialId(kind, ++serial);

export const BUILDER_COMPANY_ID = sequentialId(1, 2);

export function typology(overrides: Partial<Typology> = {}): Typology {
  return {
    id: nextId(5),
    companyId: null,
    name: 'Gift Card 50 €',
    type: 'PHYSICAL',
    valueCents: 5000,
    variableValue: false,
    sku: 'GC-PHY-50',
    expirationType: 'MONTHS_FROM_ACTIVATION',
    expirationMonths: 24,
    expirationDate: null,
    ...overrides,
  };
}

/** A card record as the API answers it; `availableBalanceCents` follows balance − frozen unless given. */
export function giftCard(overrides: Partial<GiftCard> = {}): GiftCard {
  const balanceCents = overrides.balanceCents ?? 5000;
  const frozenCents = overrides.frozenCents ?? 0;
  return {
    id: nextId(6),
    code: 'ABCDEFGHJKMNPQRS',
    progressive: 100_000 + serial,
    lotNumber: 'LOT-ACME-001',
    orderReference: 'ORD-ACME-0001',
    typologyId: sequentialId(5, 1),
    typologyName: 'Gift Card 50 €',
    companyId: BUILDER_COMPANY_ID,
    companyName: 'Acme S.p.A.',
    status: 'ACTIVE',
    activationDate: '2026-01-10T09:00:00.000Z',
    expireDate: '2028-01-10T09:00:00.000Z',
    firstUseDate: null,
    storeId: null,
    storeName: null,
    voided: false,
    createdAt: '2026-01-09T09:00:00.000Z',
    ...overrides,
    balanceCents,
    frozenCents,
    availableBalanceCents: overrides.availableBalanceCents ?? balanceCents - frozenCents,
  };
}

/** A ledger row as the API answers it; `listType` follows `type`. */
/**
 * The row actions of a ledger row on a card with room for anything (active, no expiry, a large
 * balance and hold): what the row itself allows. The demo recomputes them on its real cards.
 */
export function actionsOnHealthyCard(row: Omit<Transaction, 'actions'>): Transaction['actions'] {
  const card = { status: 'ACTIVE' as const, expireDate: null, balanceCents: 1e12, frozenCents: 1e9, voided: false };
  return rowActions({ ...row, released: row.releasedAt !== null }, card, false, new Date());
}

export function transaction(overrides: Partial<Transaction> & { type?: LedgerType } = {}): Transaction {
  const type = overrides.type ?? 'RECHARGE';
  const row: Omit<Transaction, 'actions'> = {
    id: nextId(7),
    cardId: sequentialId(6, 1),
    cardCode: 'ABCDEFGHJKMNPQRS',
    result: 'SUCCESS',
    amountCents: 1000,
    balanceAfterCents: 6000,
    frozenDeltaCents: 0,
    storeId: null,
    storeName: null,
    storeCode: null,
    returnNumber: null,
    relatedTransactionId: null,
    cancelledByTransactionId: null,
    releasedAt: null,
    returnedCents: 0,
    typologyName: 'Gift Card 50 €',
    userId: null,
    userName: null,
    errorCode: null,
    createdAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
    type,
    listType: listTypeOf(type),
  };
  return { ...row, actions: overrides.actions ?? actionsOnHealthyCard(row) };
}

/** A card as the ledger keeps it: the record plus the state the API does not show. */
export interface CardRow extends GiftCard {
  /** the usable status ENABLE returns to after DISABLE/LOCK */
  enabledStatus: CardStatus | null;
  everConsumed: boolean;
  /** the value of a variable-value card (null: the typology's) */
  valueCents: number | null;
}

/** A ledger row as stored: the record plus its company and the UNFREEZE that released it. */
export interface LedgerRow extends Transaction {
  companyId: string;
  unfrozenByTransactionId: string | null;
}

export interface HistoryStore {
  id: string;
  code: string;
  name: string;
}

export interface HistoryInput {
  card: GiftCard;
  target: CardStatus;
  valueCents: number;
  stores: readonly HistoryStore[];
  random: () => number;
  newId: () => string;
  now: Date;
}

const DAY = 86_400_000;

/**
 * A believable, consistent history for one card: the rows obey the rules the API enforces
 * (balance = sum of SUCCESS rows and never negative, frozen ≤ balance, returns ≤ consume, one
 * cancel per row), so the data never shows what the product could not have produced.
 */
export function cardHistory(input: HistoryInput): { card: CardRow; rows: LedgerRow[] } {
  const { target, valueCents, stores, random, newId, now } = input;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const card: CardRow = {
    ...input.card,
    status: 'NOT_ACTIVE',
    balanceCents: 0,
    frozenCents: 0,
    availableBalanceCents: 0,
    activationDate: null,
    expireDate: null,
    firstUseDate: null,
    storeId: null,
    storeName: null,
    enabledStatus: null,
    everConsumed: false,
    valueCents: null,
  };
  const rows: LedgerRow[] = [];
  if (target === 'NOT_ACTIVE') return { card, rows };

  const expired = target === 'EXPIRED';
  const start = now.getTime() - (expired ? 400 + random() * 300 : 5 + random() * 330) * DAY;
  let clock = start;
  const latest = now.getTime() - 60_000;
  // steps of hours to weeks; near "now" they shrink instead of piling up on one instant
  const tick = () => {
    const step = (0.2 + random() * 20) * DAY;
    clock = clock + step < latest ? clock + step : clock + (latest - clock) * random() * 0.5;
    return new Date(clock).toISOString();
  };
  const add = (row: Partial<LedgerRow> & { type: LedgerType }, store: HistoryStore | null = null): LedgerRow => {
    const full: LedgerRow = {
      ...transaction({
        id: newId(),
        cardId: card.id,
        cardCode: card.code,
        typologyName: card.typologyName,
        amountCents: 0,
        storeId: store?.id ?? null,
        storeName: store?.name ?? null,
        storeCode: store?.code ?? null,
        createdAt: row.createdAt ?? tick(),
        ...row,
      }),
      companyId: card.companyId,
      unfrozenByTransactionId: null,
    };
    if (full.result === 'SUCCESS') {
      card.balanceCents += full.amountCents;
      card.frozenCents += full.frozenDeltaCents;
    }
    full.balanceAfterCents = card.balanceCents;
    rows.push(full);
    return full;
  };

  const store = pick(stores);
  const sold = target === 'SOLD';
  const first = add({ type: sold ? 'SOLD' : 'ACTIVATE', amountCents: valueCents, createdAt: new Date(start).toISOString() }, store);
  card.status = sold ? 'SOLD' : 'ACTIVE';
  card.activationDate = first.createdAt;
  card.storeId = store.id;
  card.storeName = store.name;
  card.expireDate = new Date(start + (expired ? 365 : 540) * DAY).toISOString();

  const consumes: LedgerRow[] = [];
  const moves = Math.floor(random() * 6);
  for (let i = 0; i < moves; i++) {
    const available = card.balanceCents - card.frozenCents;
    const roll = random();
    if (roll < 0.55 && available > 100) {
      const amount = Math.max(100, Math.floor((available * (0.1 + random() * 0.6)) / 50) * 50);
      const consume = add({ type: 'CONSUME', amountCents: -Math.min(amount, available) }, pick(stores));
      consumes.push(consume);
      card.everConsumed = true;
      card.firstUseDate ??= consume.createdAt;
    } else if (roll < 0.65 && consumes.length > 0) {
      const consume = pick(consumes);
      const left = -consume.amountCents - consume.returnedCents;
      if (left > 0 && consume.cancelledByTransactionId === null) {
        const back = stores.find((s) => s.id === consume.storeId) ?? null;
        const ret = add({ type: 'RETURN', amountCents: Math.max(1, Math.floor(left / 2)), returnNumber: `R-${Math.floor(random() * 90000 + 10000)}`, relatedTransactionId: consume.id }, back);
        consume.returnedCents += ret.amountCents;
      }
    } else if (roll < 0.72 && consumes.length > 0) {
      const consume = consumes[consumes.length - 1];
      if (consume.cancelledByTransactionId === null) {
        const back = stores.find((s) => s.id === consume.storeId) ?? null;
        const cancel = add({ type: 'CANCEL', amountCents: -consume.amountCents - consume.returnedCents, relatedTransactionId: consume.id }, back);
        consume.cancelledByTransactionId = cancel.id;
      }
    } else if (roll < 0.82) {
      add({ type: 'RECHARGE', amountCents: pick([1000, 2000, 2500, 5000]) });
    } else if (roll < 0.9 && available > 500) {
      const at = pick(stores);
      const freeze = add({ type: 'FREEZE', frozenDeltaCents: Math.floor(available / 4) }, at);
      if (random() < 0.6) {
        const unfreeze = add({ type: 'UNFREEZE', frozenDeltaCents: -freeze.frozenDeltaCents, relatedTransactionId: freeze.id }, at);
        freeze.unfrozenByTransactionId = unfreeze.id;
        freeze.releasedAt = unfreeze.createdAt;
      }
    } else {
      add({ type: 'CONSUME', result: 'ERROR', errorCode: 'INSUFFICIENT_BALANCE' }, pick(stores));
    }
  }

  if (target === 'DISABLED' || target === 'LOCKED') {
    card.enabledStatus = card.status;
    add({ type: target === 'DISABLED' ? 'DISABLE' : 'LOCK' });
    card.status = target;
  }
  if (expired) card.status = 'EXPIRED';
  card.availableBalanceCents = card.balanceCents - card.frozenCents;
  return { card, rows };
}
