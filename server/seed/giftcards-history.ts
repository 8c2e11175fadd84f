import type { CardStatus, LedgerType } from '../../domain/giftcards';

/**
 * A believable, consistent history for one demo card: the rows obey the same rules the API
 * enforces (balance = sum of rows, never negative, frozen ≤ balance, returns ≤ consume, one
 * cancel per row), so demo data never shows something the product could not have produced.
 */
export interface SeedRow {
  id: string;
  type: LedgerType;
  result: 'SUCCESS' | 'ERROR';
  amountCents: number;
  balanceAfterCents: number;
  frozenDeltaCents: number;
  storeId: string | null;
  returnNumber: string | null;
  relatedTransactionId: string | null;
  cancelledByTransactionId: string | null;
  unfrozenByTransactionId: string | null;
  returnedCents: number;
  errorCode: string | null;
  createdAt: Date;
}

export interface SeedCardState {
  status: CardStatus;
  enabledStatus: CardStatus | null;
  balanceCents: number;
  frozenCents: number;
  activationDate: Date | null;
  expireDate: Date | null;
  firstUseDate: Date | null;
  everConsumed: boolean;
  activationStoreId: string | null;
  rows: SeedRow[];
}

export interface HistoryInput {
  target: CardStatus;
  valueCents: number;
  stores: string[];
  random: () => number;
  newId: () => string;
  now: Date;
}

const DAY = 86_400_000;

export function cardHistory(input: HistoryInput): SeedCardState {
  const { target, valueCents, stores, random, newId, now } = input;
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const state: SeedCardState = {
    status: 'NOT_ACTIVE',
    enabledStatus: null,
    balanceCents: 0,
    frozenCents: 0,
    activationDate: null,
    expireDate: null,
    firstUseDate: null,
    everConsumed: false,
    activationStoreId: null,
    rows: [],
  };
  if (target === 'NOT_ACTIVE') return state;

  const expired = target === 'EXPIRED';
  const start = new Date(now.getTime() - (expired ? 400 + random() * 300 : 5 + random() * 330) * DAY);
  let clock = start.getTime();
  const latest = now.getTime() - 60_000;
  // steps of hours to weeks; near "now" they shrink instead of piling up on one instant
  const tick = () => {
    const step = (0.2 + random() * 20) * DAY;
    clock = clock + step < latest ? clock + step : clock + (latest - clock) * random() * 0.5;
    return new Date(clock);
  };
  const add = (row: Partial<SeedRow> & { type: LedgerType }): SeedRow => {
    const full: SeedRow = {
      id: newId(),
      result: 'SUCCESS',
      amountCents: 0,
      frozenDeltaCents: 0,
      storeId: null,
      returnNumber: null,
      relatedTransactionId: null,
      cancelledByTransactionId: null,
      unfrozenByTransactionId: null,
      returnedCents: 0,
      errorCode: null,
      createdAt: tick(),
      balanceAfterCents: 0,
      ...row,
    };
    if (full.result === 'SUCCESS') {
      state.balanceCents += full.amountCents;
      state.frozenCents += full.frozenDeltaCents;
    }
    full.balanceAfterCents = state.balanceCents;
    state.rows.push(full);
    return full;
  };

  const store = pick(stores);
  const sold = target === 'SOLD';
  const first = add({ type: sold ? 'SOLD' : 'ACTIVATE', amountCents: valueCents, storeId: store, createdAt: start });
  state.status = sold ? 'SOLD' : 'ACTIVE';
  state.activationDate = first.createdAt;
  state.activationStoreId = store;
  state.expireDate = new Date(start.getTime() + (expired ? 365 : 540) * DAY);

  const consumes: SeedRow[] = [];
  const moves = Math.floor(random() * 6);
  for (let i = 0; i < moves; i++) {
    const available = state.balanceCents - state.frozenCents;
    const roll = random();
    if (roll < 0.55 && available > 100) {
      const amount = Math.max(100, Math.floor((available * (0.1 + random() * 0.6)) / 50) * 50);
      consumes.push(add({ type: 'CONSUME', amountCents: -Math.min(amount, available), storeId: pick(stores) }));
      state.everConsumed = true;
      state.firstUseDate ??= consumes[consumes.length - 1].createdAt;
    } else if (roll < 0.65 && consumes.length > 0) {
      const consume = pick(consumes);
      const left = -consume.amountCents - consume.returnedCents;
      if (left > 0 && consume.cancelledByTransactionId === null) {
        const amount = Math.max(1, Math.floor(left / 2));
        const ret = add({ type: 'RETURN', amountCents: amount, storeId: consume.storeId, returnNumber: `R-${Math.floor(random() * 90000 + 10000)}`, relatedTransactionId: consume.id });
        consume.returnedCents += ret.amountCents;
      }
    } else if (roll < 0.72 && consumes.length > 0) {
      const consume = consumes[consumes.length - 1];
      if (consume.cancelledByTransactionId === null) {
        const cancel = add({ type: 'CANCEL', amountCents: -consume.amountCents - consume.returnedCents, storeId: consume.storeId, relatedTransactionId: consume.id });
        consume.cancelledByTransactionId = cancel.id;
      }
    } else if (roll < 0.82) {
      add({ type: 'RECHARGE', amountCents: pick([1000, 2000, 2500, 5000]) });
    } else if (roll < 0.9 && available > 500) {
      const freeze = add({ type: 'FREEZE', frozenDeltaCents: Math.floor(available / 4), storeId: pick(stores) });
      if (random() < 0.6) {
        const unfreeze = add({ type: 'UNFREEZE', frozenDeltaCents: -freeze.frozenDeltaCents, storeId: freeze.storeId, relatedTransactionId: freeze.id });
        freeze.unfrozenByTransactionId = unfreeze.id;
      }
    } else {
      add({ type: 'CONSUME', result: 'ERROR', errorCode: 'INSUFFICIENT_BALANCE', storeId: pick(stores) });
    }
  }

  if (target === 'DISABLED' || target === 'LOCKED') {
    state.enabledStatus = state.status;
    add({ type: target === 'DISABLED' ? 'DISABLE' : 'LOCK' });
    state.status = target;
  }
  if (expired) state.status = 'EXPIRED';
  return state;
}
