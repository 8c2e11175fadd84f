import type { GetListParams, GetListResult, Identifier } from 'react-admin';
import { z } from 'zod';
import type { ApiErrorCode } from '../../domain/errors';
import { giftCardCsv, type CsvFormat } from '../../domain/csv';
import {
  CARD_COUNT_CAP,
  type CardCount,
  CARD_CODE_ALPHABET,
  CARD_CODE_LENGTH,
  CARD_SORT_FIELDS,
  CARD_STATUS_FILTER_MAP,
  MAX_BULK_FILTER_CARDS,
  TRANSACTION_LIST_TYPE_MAP,
  cardCodeSearchSchema,
  cardFilterSchema,
  makeBulkSchema,
  makeMoveSchema,
  makeReloadSchema,
  makeReturnSchema,
  normalizeCardCode,
  rangeEndExclusive,
  rangeStart,
  transactionFilterSchema,
  type BulkBody,
  type BulkResult,
  type CardFilter,
  type CardMoveResult,
  type GiftCard,
  type ReturnBody,
  type TransactionFilter,
} from '../../domain/giftcards';
import type { CardRow, LedgerRow } from '../test/builders';
import type { DemoContext } from './context';
import { ancestry, type DemoDb } from './db';
import { apiError, notFound, parseOr400 } from './errors';
import { page, sortParam } from './lists';
import { applyChange, cardInScope, cardRecord, idempotent, moveCard, stateOf, storeForCard, transactionRecord, type LedgerEntry } from './ledger';
import { availableCents, blockingChange, cancelRefusal, cancelReversalCents, endOfDay, expiryAtActivation, expiryAtFirstUse, moneyMoveRefusal, returnRefusal, stateChangeRefusal, unfreezeRefusal } from '../../domain/giftcardRules';

/**
 * Gift cards and their ledger in memory: the lists with the API's filters and sorts
 * (server/modules/giftcards/card-filter.ts, transactions.repository.ts), and every action of
 * TesseraActions with the services' rules and codes (moves, bulk, transaction actions).
 */
const CODE_CHARS = new RegExp(`^[${CARD_CODE_ALPHABET}]+$`);
const time = (iso: string | null) => (iso === null ? null : new Date(iso).getTime());

function cardMatches(card: CardRow, filter: CardFilter, now: Date): boolean {
  const status = filter.status;
  if (status && status !== 'all') {
    const past = card.expireDate !== null && new Date(card.expireDate) <= now;
    if (status === 'expired') {
      if (!(card.status === 'EXPIRED' || ((card.status === 'ACTIVE' || card.status === 'SOLD') && past))) return false;
    } else {
      const rule = CARD_STATUS_FILTER_MAP[status];
      if (!rule.statuses?.includes(card.status)) return false;
      if ((status === 'active' || status === 'sold') && past) return false;
      if (rule.noOrderReference && card.orderReference !== null) return false;
    }
  }
  if (filter.code !== undefined) {
    const code = normalizeCardCode(filter.code);
    if (!CODE_CHARS.test(code)) return false;
    if (code.length >= CARD_CODE_LENGTH ? card.code !== code : !card.code.startsWith(code)) return false;
  }
  if (filter.progressiveFrom !== undefined && card.progressive < filter.progressiveFrom) return false;
  if (filter.progressiveTo !== undefined && card.progressive > filter.progressiveTo) return false;
  if (filter.lotNumber !== undefined && card.lotNumber !== filter.lotNumber) return false;
  if (filter.orderReference !== undefined && card.orderReference !== filter.orderReference) return false;
  if (filter.storeId !== undefined && card.storeId !== filter.storeId) return false;
  const inRange = (value: string | null, from?: string, to?: string) => {
    if (from === undefined && to === undefined) return true;
    const t = time(value);
    if (t === null) return false;
    return (from === undefined || t >= rangeStart(from).getTime()) && (to === undefined || t < rangeEndExclusive(to).getTime());
  };
  return inRange(card.activationDate, filter.activationFrom, filter.activationTo) && inRange(card.expireDate, filter.expiryFrom, filter.expiryTo);
}

/** The filtered cards of the scope in (field, id) order; nulls last ascending, first descending. */
function filteredCards(db: DemoDb, companyIds: Set<string>, filter: CardFilter, field: (typeof CARD_SORT_FIELDS)[number], order: 'ASC' | 'DESC'): CardRow[] {
  const now = new Date();
  const rows = db.cards.filter((c) => companyIds.has(c.companyId) && cardMatches(c, filter, now));
  const dir = order === 'ASC' ? 1 : -1;
  const key = (c: CardRow) => (field === 'progressive' ? c.progressive : time(c[field]));
  return rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) {
      if (ka === null) return order === 'ASC' ? 1 : -1;
      if (kb === null) return order === 'ASC' ? -1 : 1;
      return (ka < kb ? -1 : 1) * dir;
    }
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * dir;
  });
}

const cardsPath = (companyId: string) => `/api/company/${companyId}/giftcard/cards`;
const transactionsPath = (companyId: string) => `/api/company/${companyId}/giftcard/transactions`;

export function listCards(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<GiftCard> {
  const { companyId, companyIds } = ctx.require('privative/giftcards', 'list');
  const instance = cardsPath(companyId);
  const filter = parseOr400(cardFilterSchema, params.filter ?? {}, instance);
  const sort = sortParam(params.sort, CARD_SORT_FIELDS, { field: 'progressive', order: 'ASC' }, instance);
  const now = new Date();
  return page(filteredCards(ctx.db, companyIds, filter, sort.field, sort.order), params.pagination, instance, (c) => cardRecord(c, now), true);
}

function transactionMatches(row: LedgerRow, filter: TransactionFilter): boolean {
  if (filter.type && !TRANSACTION_LIST_TYPE_MAP[filter.type].includes(row.type)) return false;
  const t = new Date(row.createdAt).getTime();
  if (filter.dateFrom !== undefined && t < rangeStart(filter.dateFrom).getTime()) return false;
  if (filter.dateTo !== undefined && t >= rangeEndExclusive(filter.dateTo).getTime()) return false;
  if (filter.storeId !== undefined && row.storeId !== filter.storeId) return false;
  return filter.cardId === undefined || row.cardId === filter.cardId;
}

function sortedTransactions(rows: LedgerRow[], order: 'ASC' | 'DESC'): LedgerRow[] {
  const dir = order === 'ASC' ? 1 : -1;
  return rows.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1) * dir);
}

export function listTransactions(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<ReturnType<typeof transactionRecord>> {
  const { companyId, companyIds } = ctx.require('privative/transactions', 'list');
  const instance = transactionsPath(companyId);
  const filter = parseOr400(transactionFilterSchema, params.filter ?? {}, instance);
  const sort = sortParam(params.sort, ['createdAt'] as const, { field: 'createdAt', order: 'DESC' }, instance);
  const rows = ctx.db.transactions.filter((row) => companyIds.has(row.companyId) && transactionMatches(row, filter));
  return page(sortedTransactions(rows, sort.order), params.pagination, instance, (row) => transactionRecord(ctx.db, row), true);
}

/** A card's ledger, newest first (filter `{cardId}`, as the real provider fills the path with it). */
export function listCardLedger(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<ReturnType<typeof transactionRecord>> {
  const { companyId, companyIds } = ctx.require('privative/giftcard-transactions', 'list');
  const { cardId, ...rest } = (params.filter ?? {}) as Record<string, unknown>;
  if (cardId === undefined || cardId === null || cardId === '') throw new Error('The list of "privative/giftcard-transactions" needs the filter "cardId"');
  const instance = `${cardsPath(companyId)}/${String(cardId)}/transactions`;
  const card = cardInScope(ctx.db, companyIds, cardId, instance);
  parseOr400(z.object({}).strict(), rest, instance);
  const sort = sortParam(params.sort, ['createdAt'] as const, { field: 'createdAt', order: 'DESC' }, instance);
  return page(sortedTransactions([...(ctx.db.ledgerByCard.get(card.id) ?? [])], sort.order), params.pagination, instance, (row) => transactionRecord(ctx.db, row), true);
}

export function getCard(ctx: DemoContext, id: Identifier): GiftCard {
  const { companyId, companyIds } = ctx.require('privative/giftcards', 'show');
  return cardRecord(cardInScope(ctx.db, companyIds, id, `${cardsPath(companyId)}/${String(id)}`));
}

// ---------------------------------------------------------------- actions

/** The server's CSV (domain/csv.ts giftCardCsv): the user's language and zone. */
export function exportCards(ctx: DemoContext, filter: CardFilter, format: CsvFormat): Blob {
  const { companyId, companyIds } = ctx.require('privative/giftcards', 'export');
  const parsed = parseOr400(cardFilterSchema, filter, `${cardsPath(companyId)}/export`);
  const now = new Date();
  const csv = giftCardCsv(format);
  const lines = [csv.header];
  for (const card of filteredCards(ctx.db, companyIds, parsed, 'progressive', 'ASC')) lines.push(csv.line(cardRecord(card, now)));
  return new Blob(lines, { type: 'text/csv;charset=utf-8' });
}

/** The size of the filtered set, bounded like the server's (CARD_COUNT_CAP). */
export function countCards(ctx: DemoContext, filter: CardFilter): CardCount {
  const { companyId, companyIds } = ctx.require('privative/giftcards', 'list');
  const parsed = parseOr400(cardFilterSchema, filter, `${cardsPath(companyId)}/count`);
  const count = filteredCards(ctx.db, companyIds, parsed, 'progressive', 'ASC').length;
  return count > CARD_COUNT_CAP ? { count: CARD_COUNT_CAP, capped: true } : { count, capped: false };
}

export function searchByCode(ctx: DemoContext, code: string): GiftCard {
  const { companyId, companyIds } = ctx.require('privative/giftcards-search', 'search');
  const instance = `${cardsPath(companyId)}/search`;
  const { code: typed } = parseOr400(cardCodeSearchSchema, { code }, instance);
  const wanted = normalizeCardCode(typed);
  const card = ctx.db.cards.find((c) => c.code === wanted && companyIds.has(c.companyId));
  if (!card) throw notFound(instance);
  return cardRecord(card);
}

/** Amount checks shared by every move: a money move on an unusable card is refused first. */
function amountRefusal(card: CardRow, amountCents: number, max: number, needsAvailable: boolean): ApiErrorCode | undefined {
  const refusal = moneyMoveRefusal(stateOf(card), new Date());
  if (refusal) return refusal;
  if (amountCents > max) return 'AMOUNT_TOO_LARGE';
  if (needsAvailable && amountCents > availableCents(card)) return 'INSUFFICIENT_BALANCE';
  return undefined;
}

export function reloadCard(ctx: DemoContext, id: Identifier, amountCents: number, key: string): Promise<CardMoveResult> {
  const { companyId, companyIds } = ctx.require('privative/giftcards', 'reload');
  const instance = `${cardsPath(companyId)}/${String(id)}/reload`;
  const body = { amountCents };
  return idempotent(ctx, key, `cards.reload:${String(id)}`, body, instance, () => {
    parseOr400(makeReloadSchema(ctx.maxTransactionCents), body, instance);
    const card = cardInScope(ctx.db, companyIds, id, instance);
    return moveCard(ctx, card, instance, (c) => ({ type: 'RECHARGE', amountCents, errorCode: amountRefusal(c, amountCents, ctx.maxTransactionCents, false) }));
  });
}

function storeIdFor(ctx: DemoContext, card: CardRow, storeCode: string, instance: string): string {
  const found = storeForCard(ctx.db, card.companyId, storeCode);
  if (!found) throw apiError(400, 'VALIDATION_ERROR', instance, 'Unknown store code', { storeCode: 'validation.invalid' });
  return found.id;
}

/** A till's consume (not a back-office screen; the demo offers it for tests and journeys). */
export function consumeCard(ctx: DemoContext, id: Identifier, body: { amountCents: number; storeCode: string }, key?: string): Promise<CardMoveResult> {
  const { companyId, companyIds } = ctx.require('privative/giftcards', 'consume');
  const instance = `${cardsPath(companyId)}/${String(id)}/consume`;
  return idempotent(ctx, key, `cards.consume:${String(id)}`, body, instance, () => {
    parseOr400(makeMoveSchema(ctx.maxTransactionCents), body, instance);
    const card = cardInScope(ctx.db, companyIds, id, instance);
    return moveCard(ctx, card, instance, (c) => {
      const storeId = storeIdFor(ctx, c, body.storeCode, instance);
      const now = new Date();
      const typology = ctx.db.typologies.find((t) => t.id === c.typologyId);
      const firstUse = c.firstUseDate === null;
      const expiry = firstUse && typology ? expiryAtFirstUse(typology, now) : null;
      return {
        type: 'CONSUME',
        amountCents: -body.amountCents,
        storeId,
        errorCode: amountRefusal(c, body.amountCents, ctx.maxTransactionCents, true),
        patch: { everConsumed: true, ...(firstUse ? { firstUseDate: now.toISOString() } : {}), ...(expiry ? { expireDate: expiry.toISOString() } : {}) },
      };
    });
  });
}

export function freezeCard(ctx: DemoContext, id: Identifier, body: { amountCents: number; storeCode: string }, key?: string): Promise<CardMoveResult> {
  const { companyId, companyIds } = ctx.require('privative/giftcards', 'freeze');
  const instance = `${cardsPath(companyId)}/${String(id)}/freeze`;
  return idempotent(ctx, key, `cards.freeze:${String(id)}`, body, instance, () => {
    parseOr400(makeMoveSchema(ctx.maxTransactionCents), body, instance);
    const card = cardInScope(ctx.db, companyIds, id, instance);
    return moveCard(ctx, card, instance, (c) => ({
      type: 'FREEZE',
      frozenDeltaCents: body.amountCents,
      storeId: storeIdFor(ctx, c, body.storeCode, instance),
      errorCode: amountRefusal(c, body.amountCents, ctx.maxTransactionCents, true),
    }));
  });
}

/** An action on a ledger row: the row's card is the one that moves. */
function onRow(ctx: DemoContext, id: Identifier, action: 'unfreeze' | 'return' | 'cancel', body: unknown, key: string, decide: (card: CardRow, target: LedgerRow, instance: string) => LedgerEntry, after: (target: LedgerRow, entry: LedgerEntry, row: LedgerRow) => void) {
  const { companyId, companyIds } = ctx.require('privative/transactions', action);
  const instance = `${transactionsPath(companyId)}/${String(id)}/${action}`;
  return idempotent(ctx, key, `transactions.${action}:${String(id)}`, body, instance, () => {
    const target = ctx.db.transactionById.get(String(id));
    if (!target || !companyIds.has(target.companyId)) throw notFound(instance);
    const card = cardInScope(ctx.db, companyIds, target.cardId, instance);
    return moveCard(ctx, card, instance, (c) => decide(c, target, instance), (entry, row) => after(target, entry, row));
  });
}

export function unfreezeRow(ctx: DemoContext, id: Identifier, key: string): Promise<CardMoveResult> {
  return onRow(
    ctx,
    id,
    'unfreeze',
    {},
    key,
    (card, target) => {
      const errorCode = unfreezeRefusal({ ...target, released: target.releasedAt !== null }, card) ?? undefined;
      return { type: 'UNFREEZE', frozenDeltaCents: -target.frozenDeltaCents, relatedTransactionId: target.id, storeId: target.storeId, errorCode };
    },
    (target, _entry, row) => {
      target.unfrozenByTransactionId = row.id;
    },
  );
}

export function returnRow(ctx: DemoContext, id: Identifier, body: ReturnBody, key: string): Promise<CardMoveResult> {
  return onRow(
    ctx,
    id,
    'return',
    body,
    key,
    (card, target, instance) => {
      const valid = parseOr400(makeReturnSchema(ctx.maxTransactionCents), body, instance);
      const storeId = storeIdFor(ctx, card, valid.storeCode, instance);
      const errorCode = returnRefusal(target, stateOf(card), valid.amountCents, ctx.maxTransactionCents, new Date()) ?? undefined;
      return { type: 'RETURN', amountCents: valid.amountCents, storeId, returnNumber: valid.returnNumber, relatedTransactionId: target.id, errorCode };
    },
    (target, entry) => {
      target.returnedCents += entry.amountCents ?? 0;
    },
  );
}

export function cancelRow(ctx: DemoContext, id: Identifier, key: string): Promise<CardMoveResult> {
  let consumeOfReturn: LedgerRow | undefined;
  return onRow(
    ctx,
    id,
    'cancel',
    {},
    key,
    (card, target) => {
      consumeOfReturn = target.type === 'RETURN' && target.relatedTransactionId ? ctx.db.transactionById.get(target.relatedTransactionId) : undefined;
      const amount = cancelReversalCents(target);
      const errorCode = cancelRefusal(target, stateOf(card), !!consumeOfReturn?.cancelledByTransactionId, new Date()) ?? undefined;
      return { type: 'CANCEL', amountCents: amount, relatedTransactionId: target.id, storeId: target.storeId, errorCode };
    },
    (target, _entry, row) => {
      target.cancelledByTransactionId = row.id;
      if (consumeOfReturn) consumeOfReturn.returnedCents -= target.amountCents;
    },
  );
}

// ---------------------------------------------------------------- bulk

function defaultStore(db: DemoDb, companyId: string) {
  for (const id of ancestry(db, companyId)) {
    const found = db.stores.find((s) => s.companyId === id && s.defaultActivationStore);
    if (found) return found;
  }
  return undefined;
}

function decideBulk(ctx: DemoContext, card: CardRow, body: BulkBody, now: Date): LedgerEntry | { skip: ApiErrorCode } {
  const params = body.params ?? {};
  const state = stateOf(card);
  switch (body.action) {
    case 'reload': {
      const amount = params.amountCents ?? 0;
      const refusal = moneyMoveRefusal(state, now) ?? (amount > ctx.maxTransactionCents ? 'AMOUNT_TOO_LARGE' : null);
      // a refused reload is a refused money move: it stays in the ledger as an ERROR row
      return { type: 'RECHARGE', amountCents: amount, errorCode: refusal ?? undefined };
    }
    case 'activate': {
      const refusal = stateChangeRefusal('activate', state, now);
      if (refusal) return { skip: refusal };
      const typology = ctx.db.typologies.find((t) => t.id === card.typologyId);
      const typologyValue = typology?.valueCents ?? null;
      const value = card.valueCents ?? typologyValue ?? params.amountCents ?? null;
      if (value === null) return { skip: 'VALIDATION_ERROR' };
      const store = defaultStore(ctx.db, card.companyId);
      return {
        type: 'ACTIVATE',
        amountCents: value,
        patch: {
          status: 'ACTIVE',
          enabledStatus: null,
          valueCents: card.valueCents ?? (typologyValue === null ? value : null),
          activationDate: now.toISOString(),
          expireDate: typology ? (expiryAtActivation(typology, now)?.toISOString() ?? null) : null,
          firstUseDate: null,
          storeId: store?.id ?? null,
          storeName: store?.name ?? null,
        },
      };
    }
    case 'deactivate': {
      const refusal = stateChangeRefusal('deactivate', state, now);
      if (refusal) return { skip: refusal };
      return {
        type: 'DEACTIVATE',
        amountCents: -card.balanceCents,
        frozenDeltaCents: -card.frozenCents,
        patch: { status: 'NOT_ACTIVE', enabledStatus: null, activationDate: null, expireDate: null, firstUseDate: null, storeId: null, storeName: null },
      };
    }
    case 'disable':
    case 'lock':
    case 'enable': {
      const refusal = stateChangeRefusal(body.action, state, now);
      return refusal ? { skip: refusal } : blockingChange(body.action, card);
    }
    case 'editExpiry': {
      const refusal = stateChangeRefusal('editExpiry', state, now);
      return refusal ? { skip: refusal } : { type: 'EDIT_EXPIRY', patch: { expireDate: endOfDay(params.expireDate as string).toISOString() } };
    }
  }
}

/** A bulk action: per-card outcomes, never one card's refusal failing another; the summary. */
export function bulkCards(ctx: DemoContext, input: BulkBody, key: string): Promise<BulkResult> {
  const { companyId, companyIds, user } = ctx.require('privative/giftcards', 'bulk');
  const instance = `${cardsPath(companyId)}/bulk`;
  return idempotent(ctx, key, `cards.bulk:${companyId}`, input, instance, () => {
    const body = parseOr400(makeBulkSchema(ctx.maxTransactionCents), input, instance);
    const now = new Date();
    if (body.action === 'editExpiry' && body.params?.expireDate && endOfDay(body.params.expireDate) < now) {
      throw apiError(400, 'VALIDATION_ERROR', instance, 'The expiry date is in the past', { 'params.expireDate': 'validation.invalid' });
    }
    let ids: string[];
    if (body.ids) ids = [...new Set(body.ids)];
    else {
      ids = filteredCards(ctx.db, companyIds, body.filter ?? {}, 'progressive', 'ASC').map((c) => c.id);
      if (ids.length > MAX_BULK_FILTER_CARDS) {
        throw apiError(400, 'VALIDATION_ERROR', instance, `The filtered set has more than ${MAX_BULK_FILTER_CARDS} cards`, { filter: 'validation.bulkTooLarge' });
      }
    }
    const result: BulkResult = { action: body.action, total: ids.length, succeeded: 0, failed: [] };
    for (const id of ids) {
      const card = ctx.db.cardById.get(id);
      if (!card || !companyIds.has(card.companyId)) {
        result.failed.push({ id, code: '', error: 'NOT_FOUND' });
        continue;
      }
      const entry = decideBulk(ctx, card, body, now);
      if ('skip' in entry) {
        result.failed.push({ id, code: card.code, error: entry.skip });
        continue;
      }
      applyChange(ctx.db, card, entry, user);
      if (entry.errorCode) result.failed.push({ id, code: card.code, error: entry.errorCode });
      else result.succeeded += 1;
    }
    return result;
  });
}

