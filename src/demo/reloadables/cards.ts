import type { GetListParams, GetListResult, Identifier } from 'react-admin';
import {
  cardActionRefusal,
  cardBulkBodySchema,
  cardReloadBodySchema,
  clientIdBodySchema,
  linkCompanyBodySchema,
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
  const byNumber = filter.q !== undefined && /^\d{4,}$/.test(filter.q);
  const names = new Map(store.holders.map((h) => [h.id, `${h.firstName} ${h.lastName}`]));
  const cards = store.cards.filter(
    (c) =>
      companyIds.has(c.companyId) &&
      (!filter.companyId || c.companyId === filter.companyId) &&
      (!filter.status || c.status === filter.status) &&
      (!filter.clientId || c.clientId === filter.clientId) &&
      (!filter.userId || c.userId === filter.userId) &&
      (!filter.q || (byNumber && c.number.startsWith(filter.q)) || contains(c.clientId, filter.q) || contains(c.userId ? names.get(c.userId) : null, filter.q)),
  );
  const now = new Date();
  return page(sortRows(cards, (c) => c[sort.field], sort.order), params.pagination, instance, (c) => cardRecord(ctx.db, store, c, now), false);
}

function cardOr404(ctx: DemoContext, id: unknown, action: string, suffix = ''): { card: DemoCard; who: ReturnType<DemoContext['require']>; instance: string } {
  const who = ctx.require(CARDS, action);
  const instance = `${base(who.companyId)}/cards/${String(id)}${suffix}`;
  const card = reloadablesOf(ctx.db).cardById.get(String(id));
  if (!card || !who.companyIds.has(card.companyId)) throw notFound(instance);
  return { card, who, instance };
}

export const getCard = (ctx: DemoContext, id: Identifier): ReloadableCard => cardRecord(ctx.db, reloadablesOf(ctx.db), cardOr404(ctx, id, 'show').card);

/** `reloadables/card-history`: the card's events, newest first (filter `cardId`, the path's). */
export function listCardHistory(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<CardEvent> {
  const who = ctx.require('reloadables/card-history', 'list');
  const cardId = String(params.filter?.cardId ?? '');
  const instance = `${base(who.companyId)}/cards/${cardId}/history`;
  const store = reloadablesOf(ctx.db);
  const card = store.cardById.get(cardId);
  if (!card || !who.companyIds.has(card.companyId)) throw notFound(instance);
  const events = store.events.filter((e) => e.cardId === cardId).sort((a, b) => b.seq - a.seq);
  return page(events, params.pagination, instance, eventRecord, false);
}

// ---------------------------------------------------------------- holders

export function listUsers(ctx: DemoContext, params: Partial<GetListParams>): GetListResult<ReloadableUser> {
  const { companyId, companyIds } = ctx.require('reloadables/users', 'list');
  const instance = `${base(companyId)}/users`;
  const filter = parseOr400(reloadableUserFilterSchema, params.filter ?? {}, instance);
  const store = reloadablesOf(ctx.db);
  const q = filter.q;
  const holders = store.holders.filter((h) => companyIds.has(h.companyId) && (!q || contains(`${h.firstName} ${h.lastName}`, q) || contains(h.email, q) || contains(h.clientId, q)));
  return page(sortRows(holders, (h) => `${h.lastName} ${h.firstName}`, 'ASC'), params.pagination, instance, (h) => holderRecord(store, h), false);
}

export function getUser(ctx: DemoContext, id: Identifier): ReloadableUserDetail {
  const { companyId, companyIds } = ctx.require('reloadables/users', 'show');
  const store = reloadablesOf(ctx.db);
  const holder = store.holders.find((h) => h.id === String(id));
  if (!holder || !companyIds.has(holder.companyId)) throw notFound(`${base(companyId)}/users/${String(id)}`);
  const now = new Date();
  const cards = store.cards.filter((c) => c.userId === holder.id).sort((a, b) => a.number.localeCompare(b.number));
  return { ...holderRecord(store, holder), cards: cards.map((c) => cardRecord(ctx.db, store, c, now)) };
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
  card.status = action === 'lock' ? 'LOCKED' : 'ACTIVE';
  appendCardEvent(ctx.db, store, card, action === 'lock' ? 'LOCK' : 'UNLOCK', who.user, new Date().toISOString());
  return cardRecord(ctx.db, store, card);
}
export const lockCard = (ctx: DemoContext, id: Identifier) => setLock(ctx, id, 'lock');
export const unlockCard = (ctx: DemoContext, id: Identifier) => setLock(ctx, id, 'unlock');

/**
 * A card reloaded by hand now: a one-row run (source CARD) paid by the wallet of the company looked
 * at, whose own cards only it reloads. A refusal is the row's code as a 409; a short wallet 409 WALLET_INSUFFICIENT.
 */
export function reloadCard(ctx: DemoContext, id: Identifier, amountCents: number, key: string): Promise<{ card: ReloadableCard; run: ReloadRunDetail }> {
  const { card, who, instance } = cardOr404(ctx, id, 'reload', '/reload');
  const body = parseOr400(cardReloadBodySchema, { amountCents }, instance);
  return idempotent(ctx, key, `reloadables.cardReload:${card.id}`, body, instance, () => {
    const store = reloadablesOf(ctx.db);
    const now = new Date();
    const checked = checkRows(store, who.companyId, [{ row: 1, cardId: card.id, amountCents: body.amountCents }], now);
    const refused = checked.errors[0];
    if (refused) {
      const code = refused.code.replace('errors.codes.', '') as Parameters<typeof problem>[1];
      throw problem(409, code, instance, `The card cannot be reloaded: ${code}`);
    }
    const run = createRun(ctx.db, store, { companyId: who.companyId, user: who.user, source: 'CARD', fileName: null, scheduledAt: null, rows: checked.rows }, now, instance);
    return { card: cardRecord(ctx.db, store, card, now), run: runDetail(store, run) };
  });
}

export function linkCardCompany(ctx: DemoContext, id: Identifier, companyId: Identifier): ReloadableCard {
  const { card, who, instance } = cardOr404(ctx, id, 'linkCompany', '/company');
  const body = parseOr400(linkCompanyBodySchema, { companyId }, instance);
  if (!who.companyIds.has(body.companyId)) throw notFound(instance, 'The company is not in your scope');
  refuseAction(card, 'linkCompany', instance);
  return relink(ctx, card, body.companyId, who.user);
}

function relink(ctx: DemoContext, card: DemoCard, companyId: string, user: ReturnType<DemoContext['require']>['user']): ReloadableCard {
  const store = reloadablesOf(ctx.db);
  const name = (id: string) => ctx.db.companies.find((c) => c.id === id)?.companyName ?? null;
  const detail = { fromCompanyId: card.companyId, fromCompanyName: name(card.companyId), toCompanyId: companyId, toCompanyName: name(companyId) };
  card.companyId = companyId;
  appendCardEvent(ctx.db, store, card, 'COMPANY_LINKED', user, new Date().toISOString(), detail);
  return cardRecord(ctx.db, store, card);
}

export function setCardClientId(ctx: DemoContext, id: Identifier, clientId: string): ReloadableCard {
  const { card, who, instance } = cardOr404(ctx, id, 'clientId', '/client-id');
  const body = parseOr400(clientIdBodySchema, { clientId }, instance);
  refuseAction(card, 'clientId', instance);
  const store = reloadablesOf(ctx.db);
  if (store.cards.some((c) => c.id !== card.id && c.companyId === card.companyId && c.clientId === body.clientId)) {
    throw problem(409, 'CLIENT_ID_TAKEN', instance, 'Another card of the company has this client ID');
  }
  const detail = { from: card.clientId, to: body.clientId };
  card.clientId = body.clientId;
  appendCardEvent(ctx.db, store, card, 'CLIENT_ID_CHANGED', who.user, new Date().toISOString(), detail);
  return cardRecord(ctx.db, store, card);
}

/**
 * lock / unlock / linkCompany / reload on many cards: per card ok or its code (`code` = the card's
 * number, `error` = the refusal). The reloads that pass make one MANUAL run, all-or-nothing
 * against the wallet.
 */
export function bulkCards(ctx: DemoContext, body: CardBulkBody, key: string): Promise<CardBulkResult> {
  const who = ctx.require(CARDS, 'bulk');
  const instance = `${base(who.companyId)}/cards/bulk`;
  const input = parseOr400(cardBulkBodySchema, body, instance);
  const target = input.params?.companyId;
  if (input.action === 'linkCompany' && target && !who.companyIds.has(target)) throw notFound(instance, 'The company is not in your scope');
  return idempotent(ctx, key, `reloadables.bulk:${who.companyId}`, input, instance, () => {
    const store = reloadablesOf(ctx.db);
    const result: CardBulkResult = { action: input.action, total: input.ids.length, succeeded: 0, failed: [] };
    const now = new Date();
    const found: DemoCard[] = [];
    for (const id of input.ids) {
      const card = store.cardById.get(id);
      if (!card || !who.companyIds.has(card.companyId)) result.failed.push({ id, code: '', error: 'NOT_FOUND' });
      else found.push(card);
    }
    if (input.action === 'reload') {
      const amountCents = input.params!.amountCents!;
      const checked = checkRows(store, who.companyId, found.map((card, i) => ({ row: i + 1, cardId: card.id, amountCents })), now);
      for (const error of checked.errors) {
        const card = found[error.row - 1];
        result.failed.push({ id: card.id, code: card.number, error: error.code.replace(codeKey(''), '') });
      }
      if (checked.rows.length > 0) createRun(ctx.db, store, { companyId: who.companyId, user: who.user, source: 'MANUAL', fileName: null, scheduledAt: null, rows: checked.rows }, now, instance);
      result.succeeded = checked.rows.length;
      return result;
    }
    for (const card of found) {
      const action = input.action as 'lock' | 'unlock' | 'linkCompany';
      const refusal = cardActionRefusal(card.status, action);
      if (refusal) {
        result.failed.push({ id: card.id, code: card.number, error: refusal });
        continue;
      }
      if (action === 'linkCompany') relink(ctx, card, target!, who.user);
      else {
        card.status = action === 'lock' ? 'LOCKED' : 'ACTIVE';
        appendCardEvent(ctx.db, store, card, action === 'lock' ? 'LOCK' : 'UNLOCK', who.user, now.toISOString());
      }
      result.succeeded += 1;
    }
    return result;
  });
}
