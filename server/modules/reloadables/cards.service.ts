import { cardActionRefusal, oneCardRefusal, type CardBulkBody, type CardBulkResult, type ReloadableCard, type ReloadableCardStatus, type ReloadRunDetail } from '../../../domain/reloadables';
import type { ErrorCode } from '../../../domain/errors';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/access';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/errors';
import type { IdempotencyRequest } from '../../lib/idempotency';
import { runIdempotent, unwrap } from '../../lib/idempotency';
import {
  cardNumbers,
  clientIdsOf,
  clientIdUsed,
  companyNames,
  findReloadableCard,
  lockClientIds,
  setCardClientId,
  setCardCompany,
  setCardStatus,
  type CardViewer,
} from './cards.repository';
import { appendCardEvent, lockReloadableCards, type LockedReloadableCard } from './ledger.repository';
import { createRun, createRunOfValidRows } from './reloads.service';

/**
 * A card's non-money actions (lock, unlock, company, client ID), one card or many, and a card's
 * reload by hand (a one-row run through the reloads service). Every change is checked against
 * the domain rules on the locked card and written with its history event (ledger.repository.ts).
 */

const stateInvalid = () => new ApiError(409, 'CARD_STATE_INVALID', "The card's state does not allow this action");
const clientIdTaken = () => new ApiError(409, 'CLIENT_ID_TAKEN', 'Another card of the company already has this client ID', { clientId: 'errors.codes.CLIENT_ID_TAKEN' });

/** The cards as `actor` sees them: its company's wallet pays, its subtree, the configured caps. */
export const cardViewer = (ctx: AppContext, actor: Actor): CardViewer => ({ companyId: actor.companyId, companyIds: actor.companyIds, caps: ctx.config.reloads });

async function cardAfter(ctx: AppContext, actor: Actor, id: string): Promise<ReloadableCard> {
  const card = await findReloadableCard(ctx.db, cardViewer(ctx, actor), id, ctx.clock.now());
  if (!card) throw notFound();
  return card;
}

type Change = { kind: 'lock' } | { kind: 'unlock' } | { kind: 'linkCompany'; companyId: string };

/** One change on a locked card, in the caller's transaction: the refusal code, or null once written. */
async function applyChange(tx: Db, actor: Actor, card: LockedReloadableCard, change: Change, clientId: string | null): Promise<string | null> {
  const action = change.kind;
  if (cardActionRefusal(card.status, action)) return 'CARD_STATE_INVALID';
  if (change.kind === 'linkCompany') {
    if (change.companyId === card.companyId) return null;
    if (clientId !== null) {
      await lockClientIds(tx, change.companyId);
      if (await clientIdUsed(tx, change.companyId, clientId, card.id)) return 'CLIENT_ID_TAKEN';
    }
    await setCardCompany(tx, card.id, change.companyId);
    const from = card.companyId;
    const names = await companyNames(tx, [from, change.companyId]);
    card.companyId = change.companyId;
    await appendCardEvent(tx, card, 'COMPANY_LINKED', actor.userId, { from, to: change.companyId, fromName: names.get(from) ?? null, toName: names.get(change.companyId) ?? null });
    return null;
  }
  const to: ReloadableCardStatus = change.kind === 'lock' ? 'LOCKED' : 'ACTIVE';
  await setCardStatus(tx, card.id, to);
  await appendCardEvent(tx, card, change.kind === 'lock' ? 'LOCK' : 'UNLOCK', actor.userId, { from: card.status, to });
  card.status = to;
  return null;
}

const REFUSALS: Record<string, () => ApiError> = { CARD_STATE_INVALID: stateInvalid, CLIENT_ID_TAKEN: clientIdTaken };

async function assertCompanyInSubtree(actor: Actor, companyId: string): Promise<void> {
  if (!actor.companyIds.includes(companyId)) throw notFound('The company is not in your scope');
}

/** lock / unlock / link company on one card: 404 outside the subtree, 409 CARD_STATE_INVALID or CLIENT_ID_TAKEN. */
export async function changeCard(ctx: AppContext, actor: Actor, id: string, change: Change): Promise<ReloadableCard> {
  if (change.kind === 'linkCompany') await assertCompanyInSubtree(actor, change.companyId);
  await ctx.db.transaction(async (tx) => {
    const card = (await lockReloadableCards(tx, actor.companyIds, [id])).get(id);
    if (!card) throw notFound();
    const clientId = (await clientIdsOf(tx, [id])).get(id) ?? null;
    const refusal = await applyChange(tx, actor, card, change, clientId);
    if (refusal) throw REFUSALS[refusal]();
  });
  return cardAfter(ctx, actor, id);
}

/** Sets a card's client ID ("client ID changed"): unique among its company's cards (409 CLIENT_ID_TAKEN). */
export async function setClientId(ctx: AppContext, actor: Actor, id: string, clientId: string): Promise<ReloadableCard> {
  await ctx.db.transaction(async (tx) => {
    const card = (await lockReloadableCards(tx, actor.companyIds, [id])).get(id);
    if (!card) throw notFound();
    if (cardActionRefusal(card.status, 'clientId')) throw stateInvalid();
    const previous = (await clientIdsOf(tx, [id])).get(id) ?? null;
    if (previous === clientId) return;
    await lockClientIds(tx, card.companyId);
    if (await clientIdUsed(tx, card.companyId, clientId, id)) throw clientIdTaken();
    await setCardClientId(tx, id, clientId);
    await appendCardEvent(tx, card, 'CLIENT_ID_CHANGED', actor.userId, { from: previous, to: clientId });
  });
  return cardAfter(ctx, actor, id);
}


/** A card reloaded by hand now: a one-row CARD run against the route company's wallet (its rules and errors). */
export async function reloadCard(ctx: AppContext, actor: Actor, id: string, amountCents: number, idempotency: IdempotencyRequest | null): Promise<{ card: ReloadableCard; run: ReloadRunDetail }> {
  await cardAfter(ctx, actor, id);
  let run: ReloadRunDetail;
  try {
    run = await createRun(ctx, actor, { source: 'CARD', rows: [{ row: 1, cardId: id, amountCents }] }, idempotency);
  } catch (error) {
    // one card: the bare reason (RELOAD_CARD_LOCKED, RELOAD_MONTHLY_CAP, …), not a row of a run
    if (!(error instanceof ApiError) || error.code !== 'RELOAD_ROWS_INVALID') throw error;
    const refusal = oneCardRefusal(error.fieldErrors ?? {});
    if (refusal.status === 409) throw new ApiError(409, refusal.code as ErrorCode, 'The card cannot be reloaded');
    throw new ApiError(400, 'VALIDATION_ERROR', 'The amount is not valid', refusal.errors);
  }
  return { card: await cardAfter(ctx, actor, id), run };
}

/**
 * Many cards at once, with a per-id summary (the gift-card bulk's shape; `code` = the card's
 * number). lock / unlock / linkCompany: one transaction, the cards locked in id order, each
 * refused card reported and left as it was. reload: every id checked by the reloads service on
 * the locked cards, the valid ones run as one MANUAL run (all-or-nothing against the plafond: a
 * wallet that does not cover them answers 409 WALLET_INSUFFICIENT and nothing runs). The
 * Idempotency-Key makes a replay answer the first summary, whatever happened to the cards since.
 */
export async function bulkCards(ctx: AppContext, actor: Actor, body: CardBulkBody, idempotency: IdempotencyRequest | null): Promise<CardBulkResult> {
  const ids = [...new Set(body.ids)];
  if (body.action === 'reload') return bulkReload(ctx, actor, ids, body.params!.amountCents!, idempotency);
  const change: Change = body.action === 'linkCompany' ? { kind: 'linkCompany', companyId: body.params!.companyId! } : { kind: body.action };
  if (change.kind === 'linkCompany') await assertCompanyInSubtree(actor, change.companyId);
  const outcome = await runIdempotent<CardBulkResult>(ctx.db, idempotency, async (tx) => {
    const cards = await lockReloadableCards(tx, actor.companyIds, ids);
    const clientIds = change.kind === 'linkCompany' ? await clientIdsOf(tx, [...cards.keys()]) : new Map<string, string | null>();
    const failed: CardBulkResult['failed'] = [];
    for (const id of ids) {
      const card = cards.get(id);
      if (!card) {
        failed.push({ id, code: '', error: 'NOT_FOUND' });
        continue;
      }
      const refusal = await applyChange(tx, actor, card, change, clientIds.get(id) ?? null);
      if (refusal) failed.push({ id, code: card.number, error: refusal });
    }
    return { ok: true, body: { action: body.action, total: ids.length, succeeded: ids.length - failed.length, failed } };
  });
  return unwrap(outcome);
}

/**
 * The bulk reload: the cards that pass make one MANUAL run now, each refused card is reported
 * (checked on the locked cards, so concurrent bulks sharing a card each answer per card), and the
 * summary is the answer stored under the Idempotency-Key: a replay answers it as it was.
 */
async function bulkReload(ctx: AppContext, actor: Actor, ids: string[], amountCents: number, idempotency: IdempotencyRequest | null): Promise<CardBulkResult> {
  const rows = ids.map((cardId, i) => ({ row: i + 1, cardId, amountCents }));
  return createRunOfValidRows(ctx, actor, { source: 'MANUAL', rows }, idempotency, async (tx, { errors }) => {
    const numbers = await cardNumbers(tx, ids, actor.companyIds);
    const failedRows = new Map<number, string>();
    for (const error of errors) if (!failedRows.has(error.row)) failedRows.set(error.row, error.code.replace(/^errors\.codes\./, ''));
    const failed = [...failedRows].map(([row, code]) => ({ id: ids[row - 1], code: numbers.get(ids[row - 1]) ?? '', error: code }));
    return { action: 'reload', total: ids.length, succeeded: ids.length - failed.length, failed };
  });
}
