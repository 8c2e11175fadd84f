import type { GetListParams, GetListResult, Identifier } from 'react-admin';
import type { ErrorCode } from '../../../domain/errors';
import {
  cardActionRefusal,
  cardBulkBodySchema,
  cardReloadBodySchema,
  clientIdBodySchema,
  linkCompanyBodySchema,
  oneCardRefusal,
  reloadableCardFilterSchema,
  reloadableUserFilterSchema,
  type CardAction,
  type CardBulkBody,
  type CardBulkResult,
  type CardEvent,
  type ReloadableCard,
  type ReloadableUser,
  type ReloadableUserDetail,
  type ReloadRunDetail,
} from '../../../domain/reloadables';
import type { DemoContext } from '../context';
import { notFound, parseOr400 } from '../errors';
import { idempotent } from '../ledger';
import { contains, page, sortParam, sortRows } from '../lists';
import { checkRows, codeKey, createRun } from './runs';
import { reloadablesOf } from './seed';
import { appendCardEvent, cardRecord, eventRecord, holderRecord, problem, runDetail, type DemoCard } from './store';

/**
 * Reloadable cards and their holders, as server/modules/reloadables/{cards,users}.routes.ts:
 * lists with the API's filter and sorts over the subtree of the company looked at, the card's
 * history, lock/unlock/link company/client ID (domain `cardActionRefusal`), a reload by hand
 * (a one-row run against the wallet) and the bulk actions with their per-card summary.
 */
const CARDS = 'reloadables/cards';
const base = (companyId: string) => `/api/company/${companyId}/reloadable`;
const CARD_SORTS = ['number', 'lastReloadAt', 'expirationDate'] as const;


export function listCards(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<ReloadableCard> {
  const { companyId, companyIds } = ctx.require(CARDS, 'list');
  const instance = `${base(companyId)}/cards`;
  const filter = parseOr400(reloadableCardFilterSchema, params.filter ?? {}, instance);
  const sort = sortParam(params.sort, CARD_SORTS, { field: 'number', order: 'ASC' }, instance);
  const store = reloadablesOf(ctx.db);
  // q as the API reads it: client ID prefix, card number prefix (≥ 4 digits, spaces ignored), a name in either order
  const q = filter.q?.trim() ?? '';
  const digits = q.replace(/\s/g, '');
  const byNumber = /^\d{4,}$/.test(digits);
  const holders = new Map(store.holders.map((h) => [h.id, h]));
  const matchesQ = (c: DemoCard) => {
    const h = c.userId ? holders.get(c.userId) : undefined;
    return (
      (c.clientId ?? '').toLowerCase().startsWith(q.toLowerCase()) ||
      (byNumber && c.number.startsWith(digits)) ||
      (h !== undefined && (contains(`${h.firstName} ${h.lastName}`, q) || contains(`${h.lastName} ${h.firstName}`, q)))
    );
  };
  const cards = store.cards.filter(
    (c) =>
      companyIds.has(c.companyId) &&
      (!filter.companyId || c.companyId === filter.companyId) &&
      (!filter.status || c.status === filter.status) &&
      (!filter.clientId || c.clientId === filter.clientId) &&
      (!filter.userId || c.userId === filter.userId) &&
      (!q || matchesQ(c)),
  );
  const now = new Date();
  return page(sortRows(cards, (c) => c[sort.field], sort.order), params.pagination, instance, (c) => cardRecord(ctx.db, store, c, now, ctx.actor()), false);
}

function cardOr404(ctx: DemoContext, id: unknown, action: string, suffix = ''): { card: DemoCard; who: ReturnType<DemoContext['require']>; instance: string } {
  const who = ctx.require(CARDS, action);
  const instance = `${base(who.companyId)}/cards/${String(id)}${suffix}`;
  const card = reloadablesOf(ctx.db).cardById.get(String(id));
  if (!card || !who.companyIds.has(card.companyId)) throw notFound(instance);
  return { card, who, instance };
}

export const getCard = (ctx: DemoContext, id: Identifier): ReloadableCard => cardRecord(ctx.db, reloadablesOf(ctx.db), cardOr404(ctx, id, 'show').card, new Date(), ctx.actor());

/** `reloadables/card-history`: the card's events, newest first (filter `cardId`, the path's). */
export function listCardHistory(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<CardEvent> {
  const who = ctx.require('reloadables/card-history', 'list');
  const cardId = String(params.filter?.cardId ?? '');
  const instance = `${base(who.companyId)}/cards/${cardId}/history`;
  const store = reloadablesOf(ctx.db);
  const card = store.cardById.get(cardId);
  if (!card || !who.companyIds.has(card.companyId)) throw notFound(instance);
  sortParam(params.sort, ['createdAt'] as const, { field: 'createdAt', order: 'DESC' }, instance);
  const events = store.events.filter((e) => e.cardId === cardId).sort((a, b) => b.seq - a.seq);
  return page(events, params.pagination, instance, eventRecord, false);
}

// ---------------------------------------------------------------- holders

export function listUsers(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<ReloadableUser> {
  const { companyId, companyIds } = ctx.require('reloadables/users', 'list');
  const instance = `${base(companyId)}/users`;
  const filter = parseOr400(reloadableUserFilterSchema, params.filter ?? {}, instance);
  const store = reloadablesOf(ctx.db);
  sortParam(params.sort, ['lastName'] as const, { field: 'lastName', order: 'ASC' }, instance);
  const q = filter.q;
  const holders = store.holders.filter(
    (h) => companyIds.has(h.companyId) && (!q || contains(`${h.firstName} ${h.lastName}`, q) || contains(`${h.lastName} ${h.firstName}`, q) || contains(h.email, q) || contains(h.clientId, q)),
  );
  return page(sortRows(holders, (h) => `${h.lastName} ${h.firstName}`, 'ASC'), params.pagination, instance, (h) => holderRecord(store, h), false);
}

export function getUser(ctx: DemoContext, id: Identifier): ReloadableUserDetail {
  const { companyId, companyIds } = ctx.require('reloadables/users', 'show');
  const store = reloadablesOf(ctx.db);
  const holder = store.holders.find((h) => h.id === String(id));
  if (!holder || !companyIds.has(holder.companyId)) throw notFound(`${base(companyId)}/users/${String(id)}`);
  const now = new Date();
  const cards = store.cards.filter((c) => c.userId === holder.id).sort((a, b) => a.number.localeCompare(b.number));
  return { ...holderRecord(store, holder), cards: cards.map((c) => cardRecord(ctx.db, store, c, now, ctx.actor())) };
}

// ---------------------------------------------------------------- actions

function refuseAction(card: DemoCard, action: CardAction, instance: string): void {
  const refusal = cardActionRefusal(card.status, action);
  if (refusal) throw problem(409, refusal, instance, `The card's state ${card.status} does not allow ${action}`);
}

function setLock(ctx: DemoContext, id: Identifier, action: 'lock' | 'unlock'): ReloadableCard {
  const { card, who, instance } = cardOr404(ctx, id, action, `/${action}`);
  refuseAction(card, action, instance);
  const store = reloadablesOf(ctx.db);
  setStatus(ctx, card, action, who.user, new Date().toISOString());
  return cardRecord(ctx.db, store, card, new Date(), ctx.actor());
}

/** lock → LOCKED, unlock → ACTIVE, with the history event saying from and to (as the server). */
function setStatus(ctx: DemoContext, card: DemoCard, action: 'lock' | 'unlock', user: ReturnType<DemoContext['require']>['user'], at: string): void {
  const to = action === 'lock' ? 'LOCKED' : 'ACTIVE';
  const detail = { from: card.status, to };
  card.status = to;
  appendCardEvent(ctx.db, reloadablesOf(ctx.db), card, action === 'lock' ? 'LOCK' : 'UNLOCK', user, at, detail);
}
export const lockCard = (ctx: DemoContext, id: Identifier) => setLock(ctx, id, 'lock');
export const unlockCard = (ctx: DemoContext, id: Identifier) => setLock(ctx, id, 'unlock');

/**
 * A card reloaded by hand now: a one-row run (source CARD) paid by the wallet of the company looked
 * at, whose own cards only it reloads. A refused card is 409 with the reason's code (domain `oneCardRefusal`),
 * a short wallet 409 WALLET_INSUFFICIENT.
 */
export function reloadCard(ctx: DemoContext, id: Identifier, amountCents: number, key: string): Promise<{ card: ReloadableCard; run: ReloadRunDetail }> {
  const { card, who, instance } = cardOr404(ctx, id, 'reload', '/reload');
  const body = parseOr400(cardReloadBodySchema, { amountCents }, instance);
  return idempotent(ctx, key, `reloadables.cardReload:${card.id}`, body, instance, () => {
    const store = reloadablesOf(ctx.db);
    const now = new Date();
    const checked = checkRows(store, who.companyId, [{ row: 1, cardId: card.id, amountCents: body.amountCents }], now);
    // as the API: one card refused answers the bare reason (409 RELOAD_CARD_LOCKED, …) or a 400 on the amount
    if (checked.errors.length > 0) {
      const refusal = oneCardRefusal(Object.fromEntries(checked.errors.map((e) => [`rows.${e.row}.${e.field}`, e.code])));
      if (refusal.status === 409) throw problem(409, refusal.code as ErrorCode, instance, 'The card cannot be reloaded');
      throw problem(400, 'VALIDATION_ERROR', instance, 'The amount is not valid', { errors: refusal.errors });
    }
    const run = createRun(ctx.db, store, { companyId: who.companyId, user: who.user, source: 'CARD', fileName: null, scheduledAt: null, rows: checked.rows }, now, instance);
    return { card: cardRecord(ctx.db, store, card, now, ctx.actor()), run: runDetail(store, run) };
  });
}

export function linkCardCompany(ctx: DemoContext, id: Identifier, companyId: Identifier): ReloadableCard {
  const { card, who, instance } = cardOr404(ctx, id, 'linkCompany', '/company');
  const body = parseOr400(linkCompanyBodySchema, { companyId }, instance);
  if (!who.companyIds.has(body.companyId)) throw notFound(instance, 'The company is not in your scope');
  refuseAction(card, 'linkCompany', instance);
  if (relink(ctx, card, body.companyId, who.user) === 'CLIENT_ID_TAKEN') throw clientIdTaken(instance);
  return cardRecord(ctx.db, reloadablesOf(ctx.db), card, new Date(), ctx.actor());
}

const clientIdTaken = (instance: string) => problem(409, 'CLIENT_ID_TAKEN', instance, 'Another card of the company has this client ID', { errors: { clientId: 'errors.codes.CLIENT_ID_TAKEN' } });
const clientIdUsed = (ctx: DemoContext, companyId: string, clientId: string, exceptId: string) =>
  reloadablesOf(ctx.db).cards.some((c) => c.id !== exceptId && c.companyId === companyId && c.clientId === clientId);

/** The card to another company (nothing when it is there already); its client ID must be free there. */
function relink(ctx: DemoContext, card: DemoCard, companyId: string, user: ReturnType<DemoContext['require']>['user']): 'CLIENT_ID_TAKEN' | null {
  if (card.companyId === companyId) return null;
  if (card.clientId !== null && clientIdUsed(ctx, companyId, card.clientId, card.id)) return 'CLIENT_ID_TAKEN';
  const name = (id: string) => ctx.db.companies.find((c) => c.id === id)?.companyName ?? null;
  const detail = { from: card.companyId, to: companyId, fromName: name(card.companyId), toName: name(companyId) };
  card.companyId = companyId;
  appendCardEvent(ctx.db, reloadablesOf(ctx.db), card, 'COMPANY_LINKED', user, new Date().toISOString(), detail);
  return null;
}

export function setCardClientId(ctx: DemoContext, id: Identifier, clientId: string): ReloadableCard {
  const { card, who, instance } = cardOr404(ctx, id, 'clientId', '/client-id');
  const body = parseOr400(clientIdBodySchema, { clientId }, instance);
  refuseAction(card, 'clientId', instance);
  const store = reloadablesOf(ctx.db);
  if (card.clientId === body.clientId) return cardRecord(ctx.db, store, card, new Date(), ctx.actor());
  if (clientIdUsed(ctx, card.companyId, body.clientId, card.id)) throw clientIdTaken(instance);
  const detail = { from: card.clientId, to: body.clientId };
  card.clientId = body.clientId;
  appendCardEvent(ctx.db, store, card, 'CLIENT_ID_CHANGED', who.user, new Date().toISOString(), detail);
  return cardRecord(ctx.db, store, card, new Date(), ctx.actor());
}

/**
 * lock / unlock / linkCompany / reload on many cards (ids once each): per card ok or its refusal
 * (`code` = the card's number, `error` = the code). The reloads that pass make one MANUAL run,
 * all-or-nothing against the wallet (409 WALLET_INSUFFICIENT, nothing runs).
 */
export function bulkCards(ctx: DemoContext, body: CardBulkBody, key: string): Promise<CardBulkResult> {
  const who = ctx.require(CARDS, 'bulk');
  const instance = `${base(who.companyId)}/cards/bulk`;
  const input = parseOr400(cardBulkBodySchema, body, instance);
  const target = input.params?.companyId;
  if (input.action === 'linkCompany' && target && !who.companyIds.has(target)) throw notFound(instance, 'The company is not in your scope');
  const ids = [...new Set(input.ids)];
  return idempotent(ctx, key, `reloadables.bulk:${who.companyId}`, input, instance, () => {
    const store = reloadablesOf(ctx.db);
    const now = new Date();
    const inScope = (id: string) => {
      const card = store.cardById.get(id);
      return card && who.companyIds.has(card.companyId) ? card : undefined;
    };
    if (input.action === 'reload') {
      // every id checked as a run's row (an unknown one is RELOAD_CARD_UNKNOWN); the good ones run as one MANUAL run
      const checked = checkRows(store, who.companyId, ids.map((cardId, i) => ({ row: i + 1, cardId, amountCents: input.params!.amountCents! })), now);
      const failed = checked.errors.map((e) => ({ id: ids[e.row - 1], code: inScope(ids[e.row - 1])?.number ?? '', error: e.code.replace(codeKey(''), '') }));
      if (checked.rows.length > 0) createRun(ctx.db, store, { companyId: who.companyId, user: who.user, source: 'MANUAL', fileName: null, scheduledAt: null, rows: checked.rows }, now, instance);
      return { action: 'reload', total: ids.length, succeeded: checked.rows.length, failed };
    }
    const action = input.action as 'lock' | 'unlock' | 'linkCompany';
    const failed: CardBulkResult['failed'] = [];
    for (const id of ids) {
      const card = inScope(id);
      if (!card) {
        failed.push({ id, code: '', error: 'NOT_FOUND' });
        continue;
      }
      let refusal: string | null = cardActionRefusal(card.status, action);
      if (!refusal) {
        if (action === 'linkCompany') refusal = relink(ctx, card, target!, who.user);
        else setStatus(ctx, card, action, who.user, now.toISOString());
      }
      if (refusal) failed.push({ id, code: card.number, error: refusal });
    }
    return { action: input.action, total: ids.length, succeeded: ids.length - failed.length, failed };
  });
}
