import type { ApiErrorCode } from '../../domain/errors';
import type { CardMoveResult, GiftCard, LedgerType, Transaction } from '../../domain/giftcards';
import { transaction, type CardRow, type LedgerRow } from '../test/builders';
import type { DemoContext } from './context';
import { addTransaction, ancestry, KIND, type DemoDb, type DemoUser } from './db';
import { apiError, notFound } from './errors';
import { effectiveStatus, refusalDetail, refusalStatus, rowActions } from '../../domain/giftcardRules';

const NO_ACTIONS = { unfreeze: false, return: false, cancel: false } as const;

/**
 * The demo's ledger writer, as server/modules/giftcards/ledger.ts: one row per change (SUCCESS
 * with its effect, or ERROR with none), the card's balance, frozen amount and state updated
 * with it; a change that would break the invariants is a bug, never written.
 */
export interface LedgerEntry {
  type: LedgerType;
  errorCode?: ApiErrorCode;
  amountCents?: number;
  frozenDeltaCents?: number;
  storeId?: string | null;
  returnNumber?: string | null;
  relatedTransactionId?: string | null;
  patch?: Partial<Pick<CardRow, 'status' | 'enabledStatus' | 'activationDate' | 'expireDate' | 'firstUseDate' | 'everConsumed' | 'storeId' | 'storeName' | 'valueCents' | 'voided'>>;
}

const date = (iso: string | null) => (iso === null ? null : new Date(iso));

/** What the rules read from a card. */
export const stateOf = (card: CardRow) => ({ ...card, expireDate: date(card.expireDate) });

/** The card as the API answers it (effective status, available balance; ledger-only fields left out). */
export function cardRecord(card: CardRow, now = new Date()): GiftCard {
  const { enabledStatus: _e, everConsumed: _u, valueCents: _v, ...record } = card;
  return { ...record, status: effectiveStatus({ status: card.status, expireDate: date(card.expireDate) }, now), availableBalanceCents: card.balanceCents - card.frozenCents };
}

/** A ledger row as the API answers it: with the row actions that would succeed now (as the server). */
export function transactionRecord(db: DemoDb, row: LedgerRow, now = new Date()): Transaction {
  const { companyId: _c, unfrozenByTransactionId: _u, ...record } = row;
  const card = db.cardById.get(row.cardId);
  const related = row.type === 'RETURN' && row.relatedTransactionId ? db.transactionById.get(row.relatedTransactionId) : undefined;
  const actions = card ? rowActions({ ...row, released: row.releasedAt !== null }, stateOf(card), !!related?.cancelledByTransactionId, now) : NO_ACTIONS;
  return { ...record, actions };
}

/** The store of a code for a card: its company's, else the nearest company above it. */
export function storeForCard(db: DemoDb, companyId: string, code: string) {
  for (const id of ancestry(db, companyId)) {
    const found = db.stores.find((s) => s.companyId === id && s.code === code.trim());
    if (found) return found;
  }
  return undefined;
}

let lastTime = 0;
/** Strictly increasing times, so "newest first" is the order things happened in. */
function nowIso(): string {
  lastTime = Math.max(Date.now(), lastTime + 1);
  return new Date(lastTime).toISOString();
}

export function applyChange(db: DemoDb, card: CardRow, entry: LedgerEntry, user: DemoUser | null): LedgerRow {
  const ok = entry.errorCode === undefined;
  const amount = ok ? (entry.amountCents ?? 0) : 0;
  const frozenDelta = ok ? (entry.frozenDeltaCents ?? 0) : 0;
  if (ok) {
    const balance = card.balanceCents + amount;
    const frozen = card.frozenCents + frozenDelta;
    if (card.voided) throw new Error(`change on voided card ${card.id}`);
    if (balance < 0 || frozen < 0 || frozen > balance) throw new Error(`ledger invariant broken for card ${card.id}`);
    Object.assign(card, entry.patch, { balanceCents: balance, frozenCents: frozen, availableBalanceCents: balance - frozen });
  }
  const store = entry.storeId ? db.stores.find((s) => s.id === entry.storeId) : undefined;
  const row: LedgerRow = {
    ...transaction({
      id: db.newId(KIND.transaction),
      cardId: card.id,
      cardCode: card.code,
      type: entry.type,
      result: ok ? 'SUCCESS' : 'ERROR',
      amountCents: amount,
      balanceAfterCents: card.balanceCents,
      frozenDeltaCents: frozenDelta,
      storeId: store?.id ?? null,
      storeName: store?.name ?? null,
      storeCode: store?.code ?? null,
      returnNumber: entry.returnNumber ?? null,
      relatedTransactionId: entry.relatedTransactionId ?? null,
      typologyName: card.typologyName,
      userId: user?.id ?? null,
      userName: user ? `${user.firstName} ${user.lastName}` : null,
      errorCode: entry.errorCode ?? null,
      createdAt: nowIso(),
    }),
    companyId: card.companyId,
    unfrozenByTransactionId: null,
  };
  addTransaction(db, row);
  if (ok) releaseHolds(db, card, row);
  return row;
}

/**
 * As the server: an UNFREEZE releases its FREEZE; a DEACTIVATE, which zeroes the card's holds,
 * releases every hold still standing. A released FREEZE carries `releasedAt`, so "unfreeze"
 * shows only where it can work.
 */
function releaseHolds(db: DemoDb, card: CardRow, row: LedgerRow): void {
  const holds = (db.ledgerByCard.get(card.id) ?? []).filter((t) => t.type === 'FREEZE' && t.result === 'SUCCESS' && t.releasedAt === null);
  for (const hold of holds) {
    if (row.type === 'DEACTIVATE' || (row.type === 'UNFREEZE' && row.relatedTransactionId === hold.id)) {
      hold.releasedAt = row.createdAt;
      hold.unfrozenByTransactionId = row.id;
    }
  }
}

/** A card in the caller's scope, or 404 (unknown and out-of-scope answer alike). */
export function cardInScope(db: DemoDb, companyIds: Set<string>, id: unknown, instance: string): CardRow {
  const card = db.cardById.get(String(id));
  if (!card || !companyIds.has(card.companyId)) throw notFound(instance);
  return card;
}

/**
 * One money move on one card: `decide` picks the ledger entry (with its refusal code, if any);
 * a refusal is written as an ERROR row and thrown as the server's problem.
 */
export function moveCard(ctx: DemoContext, card: CardRow, instance: string, decide: (card: CardRow) => LedgerEntry, after?: (entry: LedgerEntry, row: LedgerRow) => void): CardMoveResult {
  const { user } = ctx.actor();
  const entry = decide(card);
  const row = applyChange(ctx.db, card, entry, user);
  if (entry.errorCode) throw apiError(refusalStatus(entry.errorCode), entry.errorCode, instance, refusalDetail(entry.errorCode));
  after?.(entry, row);
  return { card: cardRecord(card), transaction: transactionRecord(ctx.db, row) };
}

/**
 * Idempotency-Key as the server honours it: the same key and body answer the first outcome
 * (success or refusal) again, so money moves once; the same key with another body is refused.
 */
export function idempotent<T>(ctx: DemoContext, key: string | undefined, route: string, body: unknown, instance: string, work: () => T): Promise<T> {
  if (!key) return Promise.resolve().then(work);
  const { user } = ctx.actor();
  const slot = `${user.id}:${key}`;
  const fingerprint = JSON.stringify([route, body]);
  const seen = ctx.db.idempotency.get(slot);
  if (seen) {
    if (seen.fingerprint !== fingerprint) {
      return Promise.reject(apiError(422, 'IDEMPOTENCY_KEY_REUSED', instance, 'The Idempotency-Key was used for another request'));
    }
    return seen.outcome as Promise<T>;
  }
  const outcome = Promise.resolve().then(work);
  ctx.db.idempotency.set(slot, { fingerprint, outcome });
  // a refusal (409/422) is an answer and is kept; a request that never ran (400, 404) frees the key
  outcome.catch((error: { status?: number }) => {
    if (error?.status !== 409 && error?.status !== 422) ctx.db.idempotency.delete(slot);
  });
  return outcome;
}
