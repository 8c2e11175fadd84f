import { findStoreForCard } from '../giftcards/stores.repository';
import { sql } from 'drizzle-orm';
import type { CardMoveResult, GiftCard } from '../../../domain/giftcards';
import { normalizeCardCode } from '../../../domain/giftcards';
import { isSearchableCode } from '../../../domain/codes';
import { refusalDetail, refusalStatus } from '../../../domain/giftcardRules';
import type { ApiErrorCode } from '../../../domain/errors';
import { namedStatement, type Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/errors';
import { runIdempotent, type IdempotencyRequest, type Outcome } from '../../lib/idempotency';
import { runBulk } from '../giftcards/bulk.service';
import { findTransactionRow } from '../giftcards/transactions.repository';
import { cardByCodeRead, findCardRecord, toCardRecord, type CardRecordRow } from '../giftcards/cards.repository';
import { consume, freeze, type MoveOptions } from '../giftcards/moves.service';
import { cancel, returnConsume, unfreeze } from '../giftcards/transaction-actions.service';
import type { IntegrationCaller } from './caller';
import type { IntegrationCard, IntegrationMove } from './schemas';

/**
 * The integration API's gift-card calls: a code (or a ledger row's id) turned into what the back
 * office's services take, then THE SAME services (moves.service.ts, transaction-actions.service.ts,
 * bulk.service.ts for activation): same rules, ledger, access checks and refusal codes. The ledger's
 * user is the key's creator (caller.actor.userId).
 */

export interface CallOptions {
  maxTransactionCents: number;
  idempotency: IdempotencyRequest;
}

const maskCode = (code: string) => `${'•'.repeat(Math.max(0, code.length - 4))}${code.slice(-4)}`;

export function toIntegrationCard(card: GiftCard): IntegrationCard {
  return {
    id: card.id,
    maskedCode: maskCode(card.code),
    status: card.status,
    typologyName: card.typologyName,
    balanceCents: card.balanceCents,
    frozenCents: card.frozenCents,
    availableBalanceCents: card.availableBalanceCents,
    expireDate: card.expireDate,
  };
}

export function toIntegrationMove(result: CardMoveResult): IntegrationMove {
  const t = result.transaction;
  return {
    card: toIntegrationCard(result.card),
    transaction: {
      id: t.id,
      type: t.type,
      result: t.result,
      amountCents: t.amountCents,
      frozenDeltaCents: t.frozenDeltaCents,
      balanceAfterCents: t.balanceAfterCents,
      storeCode: t.storeCode,
      returnNumber: t.returnNumber,
      relatedTransactionId: t.relatedTransactionId,
      createdAt: t.createdAt,
    },
  };
}

/**
 * The card with this code in the key's company subtree. A mistyped code (wrong check character)
 * is 400 as in the back office's search; a code of another company answers exactly as an unknown
 * code (404 NOT_FOUND, same body), so a key learns nothing outside its company.
 */
/** The read of every till call, its text built once and planned once per connection. */
const cardByCodeStatement = namedStatement<CardRecordRow>('tessera_integration_card_by_code', cardByCodeRead(sql.placeholder('companyId'), sql.placeholder('code')));

export async function cardByCode(db: Db, caller: IntegrationCaller, code: string): Promise<GiftCard> {
  if (!isSearchableCode(code)) throw new ApiError(400, 'VALIDATION_ERROR', 'The code is mistyped (its check character does not match)', { code: 'validation.cardCode' });
  const [row] = await cardByCodeStatement(db, { companyId: caller.actor.companyId, code: normalizeCardCode(code) });
  if (!row) throw notFound();
  return toCardRecord(row);
}

/** The store a till's move is at: a till key's own store (another code: 403 API_KEY_STORE_MISMATCH), else the one the call names. */
export function storeCodeOf(caller: IntegrationCaller, given: string | undefined): string {
  if (caller.storeCode !== null) {
    if (given !== undefined && given.trim() !== caller.storeCode) throw new ApiError(403, 'API_KEY_STORE_MISMATCH', 'This key moves money at its own store only');
    return caller.storeCode;
  }
  if (given === undefined) throw new ApiError(400, 'VALIDATION_ERROR', 'The store is required', { storeCode: 'validation.required' });
  return given;
}

/** A till key acts on the ledger rows of its own store only (unfreeze, cancel); unknown rows are the services' 404. */
async function assertRowAtStore(db: Db, caller: IntegrationCaller, transactionId: string): Promise<void> {
  if (caller.storeId === null) return;
  const row = await findTransactionRow(db, caller.actor.companyIds, transactionId);
  if (row && row.storeId !== caller.storeId) throw new ApiError(403, 'API_KEY_STORE_MISMATCH', 'This key acts on its own store’s moves only');
}

const moveOptions = (options: CallOptions): MoveOptions => ({ maxTransactionCents: options.maxTransactionCents, idempotency: options.idempotency });

export async function consumeByCode(db: Db, caller: IntegrationCaller, body: { code: string; amountCents: number; storeCode?: string }, options: CallOptions) {
  const storeCode = storeCodeOf(caller, body.storeCode);
  const card = await cardByCode(db, caller, body.code);
  return consume(db, caller.actor, card.id, { amountCents: body.amountCents, storeCode }, moveOptions(options));
}

export async function freezeByCode(db: Db, caller: IntegrationCaller, body: { code: string; amountCents: number; storeCode?: string }, options: CallOptions) {
  const storeCode = storeCodeOf(caller, body.storeCode);
  const card = await cardByCode(db, caller, body.code);
  return freeze(db, caller.actor, card.id, { amountCents: body.amountCents, storeCode }, moveOptions(options));
}

export async function unfreezeRow(db: Db, caller: IntegrationCaller, transactionId: string, options: CallOptions) {
  await assertRowAtStore(db, caller, transactionId);
  return unfreeze(db, caller.actor, transactionId, moveOptions(options));
}

export async function cancelRow(db: Db, caller: IntegrationCaller, transactionId: string, options: CallOptions) {
  await assertRowAtStore(db, caller, transactionId);
  return cancel(db, caller.actor, transactionId, moveOptions(options));
}

/** A return against a consumption (its transactionId): never more than was consumed (RETURN_EXCEEDS_CONSUME, the service's rule). */
export function returnAgainst(db: Db, caller: IntegrationCaller, body: { transactionId: string; amountCents: number; returnNumber: string; storeCode?: string }, options: CallOptions) {
  const storeCode = storeCodeOf(caller, body.storeCode);
  return returnConsume(db, caller.actor, body.transactionId, { amountCents: body.amountCents, returnNumber: body.returnNumber, storeCode }, moveOptions(options));
}

/**
 * Activates a card as it is sold at the till: the back office's activation (bulk.service.ts, one
 * card, its rules and its ACTIVATE ledger row), under the call's Idempotency-Key. A refusal (a card
 * already active, a variable-value card without an amount…) answers its code.
 */
export async function activateAndSell(db: Db, caller: IntegrationCaller, body: { code: string; amountCents?: number; storeCode?: string }, options: CallOptions): Promise<Outcome<GiftCard>> {
  // the card is activated at the till's store (a till key's own, or the one the call names); without
  // one, at the company's default activation store, as in the back office
  const storeCode = caller.storeCode !== null || body.storeCode !== undefined ? storeCodeOf(caller, body.storeCode) : null;
  const card = await cardByCode(db, caller, body.code);
  const actor = caller.actor;
  return runIdempotent<GiftCard>(db, options.idempotency, async (tx) => {
    const params = body.amountCents === undefined ? undefined : { amountCents: body.amountCents };
    const activationStoreId = storeCode === null ? undefined : await findStoreForCard(tx, card.companyId, storeCode.trim());
    if (storeCode !== null && !activationStoreId) throw new ApiError(400, 'VALIDATION_ERROR', 'Unknown store code', { storeCode: 'validation.invalid' });
    const result = await runBulk(tx, actor, { action: 'activate', ids: [card.id], ...(params ? { params } : {}) }, options.maxTransactionCents, { activationStoreId });
    const failure = result.failed[0];
    if (failure) {
      const code = failure.error as ApiErrorCode;
      return { ok: false, status: refusalStatus(code), code, detail: refusalDetail(code) };
    }
    const record = await findCardRecord(tx, actor.companyIds, card.id);
    if (!record) throw notFound();
    return { ok: true, body: record };
  });
}
