import {
  batchActionAllowed,
  type Batch,
  type BatchCreateBody,
  type CatalogTypology,
  type TypologyCreateBody,
  type TypologyUpdateBody,
} from '../../../domain/catalog';
import { isTodayOrLater } from '../../../domain/orders';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import { assertCan, type Actor } from '../../lib/access';
import { ApiError, notFound } from '../../lib/errors';
import { isUuid, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { runIdempotent, unwrap, type IdempotencyRequest, type Outcome } from '../../lib/idempotency';
import { findTypology, insertTypology, typologyInUse, updateTypology } from '../giftcards/typologies.repository';
import { activationStates, type ActivationMode, type ActivationPayload } from './activation';
import { archiveFileName, batchById, findBatch, insertBatch, lockBatch, lotNumberTaken, markActivationPending, markArchivePending } from './batches.repository';

export const JOB_GENERATE = 'catalog.batch.generate';
export const JOB_ARCHIVE = 'catalog.batch.archive';
export const JOB_ACTIVATION = 'catalog.batch.activation';


const invalid = (errors: Record<string, string>, detail = 'The request is not valid') => new ApiError(400, 'VALIDATION_ERROR', detail, errors);

async function uniqueOr<T>(work: () => Promise<T>, field: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new ApiError(409, 'DUPLICATE_CODE', `This ${field} is already in use`, { [field]: 'validation.duplicateCode' });
    throw error;
  }
}

// ---------------------------------------------------------------- typologies

export async function showTypology(db: Db, actor: Actor, id: string): Promise<CatalogTypology> {
  assertCan(actor, 'privative/typologies', 'show');
  const typology = isUuid(id) ? await findTypology(db, actor.companyIds, id) : undefined;
  if (!typology) throw notFound();
  return typology;
}

export async function createTypology(db: Db, actor: Actor, body: TypologyCreateBody): Promise<CatalogTypology> {
  assertCan(actor, 'privative/typologies', 'create');
  // a company's own product must be of the route's subtree: a body never widens the scope
  if (body.companyId && !actor.companyIds.includes(body.companyId)) throw invalid({ companyId: 'validation.invalid' });
  return uniqueOr(() => insertTypology(db, body), 'sku');
}

export async function editTypology(db: Db, actor: Actor, id: string, body: TypologyUpdateBody): Promise<CatalogTypology> {
  assertCan(actor, 'privative/typologies', 'edit');
  const current = await showTypology(db, actor, id);
  if ((current.type !== body.type || current.variableValue !== body.variableValue) && (await typologyInUse(db, id))) {
    throw new ApiError(409, 'TYPOLOGY_IN_USE', 'Cards were made of this typology: its type and variable value are fixed');
  }
  const updated = await uniqueOr(() => updateTypology(db, id, body), 'sku');
  if (!updated) throw notFound();
  return updated;
}

// ---------------------------------------------------------------- batches

export async function showBatch(db: Db, actor: Actor, id: string): Promise<Batch> {
  assertCan(actor, 'privative/batches', 'show');
  const batch = isUuid(id) ? await findBatch(db, actor.companyIds, id) : undefined;
  if (!batch) throw notFound();
  return batch;
}

/**
 * A new batch of the route's company: checked, stored PENDING and its generation job queued in
 * the same transaction (the job takes the progressives and makes the cards).
 */
export async function createBatch(ctx: AppContext, actor: Actor, body: BatchCreateBody): Promise<Batch> {
  assertCan(actor, 'privative/batches', 'create');
  const typology = await findTypology(ctx.db, actor.companyIds, body.typologyId);
  // batches are print runs: physical cards only (digital codes are minted by orders)
  if (!typology || typology.type !== 'PHYSICAL') throw invalid({ typologyId: 'validation.invalid' });
  const expireDate = body.expireDate ?? (typology.expirationType === 'FIXED_DATE' ? typology.expirationDate : null);
  // the cards work until the end of their day, UTC: the same today as the form's (domain isTodayOrLater)
  if (expireDate && !isTodayOrLater(expireDate, new Date())) throw invalid({ expireDate: 'validation.futureDate' });
  if (await lotNumberTaken(ctx.db, actor.companyId, body.lotNumber)) {
    throw new ApiError(409, 'DUPLICATE_CODE', 'This lot number is already in use', { lotNumber: 'validation.duplicateCode' });
  }
  const id = await uniqueOr(
    () =>
      ctx.db.transaction(async (tx) => {
        const batchId = await insertBatch(tx, { companyId: actor.companyId, typologyId: typology.id, lotNumber: body.lotNumber, quantity: body.quantity, orderReference: body.orderReference || null, expireDate, userId: actor.userId });
        await enqueue(tx, JOB_GENERATE, { batchId }, { maxAttempts: 3 });
        return batchId;
      }),
    'lotNumber',
  );
  ctx.jobs.wake();
  return (await batchById(ctx.db, id)) as Batch;
}

/** Queues (again) the batch's PDF archive: refused while the cards are not all made or an archive is being made. */
export async function requestArchive(ctx: AppContext, actor: Actor, id: string): Promise<Batch> {
  assertCan(actor, 'privative/batches', 'archive');
  await showBatch(ctx.db, actor, id);
  await ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, id);
    if (!batch) throw notFound();
    const busy = batch.archiveStatus === 'PENDING' || batch.archiveStatus === 'IN_PROGRESS';
    if (busy || !batchActionAllowed('archive', { status: batch.status, activated: batch.activatedAt !== null })) {
      throw new ApiError(409, 'BATCH_STATE_INVALID', 'The batch cannot make its archive now');
    }
    await markArchivePending(tx, id);
    await enqueue(tx, JOB_ARCHIVE, { batchId: id, language: actor.language }, { maxAttempts: 3 });
  });
  ctx.jobs.wake();
  return showBatch(ctx.db, actor, id);
}

/** The finished archive's file name (409 ARCHIVE_NOT_READY before it is done). */
export async function archiveFileOf(db: Db, actor: Actor, id: string): Promise<{ batch: Batch; file: string }> {
  assertCan(actor, 'privative/batches', 'download');
  const batch = await showBatch(db, actor, id);
  const file = await archiveFileName(db, id);
  if (batch.archiveStatus !== 'COMPLETED' || !file) throw new ApiError(409, 'ARCHIVE_NOT_READY', 'The archive is not ready');
  return { batch, file };
}

/**
 * Activation or deactivation of a batch: the state moves to PENDING_ACTIVATION / PENDING_DEACTIVATE
 * and the job is queued in one transaction, under the caller's Idempotency-Key when given (a
 * replay answers the first answer and queues nothing). Refused with 409 BATCH_STATE_INVALID when
 * the batch's state does not allow it (domain/catalog.ts batchActionAllowed).
 */
export async function requestActivation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  mode: ActivationMode,
  amountCents: number | undefined,
  idempotency: IdempotencyRequest | null,
): Promise<Batch> {
  assertCan(actor, 'privative/batches', mode);
  const current = await showBatch(ctx.db, actor, id);
  if (mode === 'activate') {
    const typology = await findTypology(ctx.db, actor.companyIds, current.typologyId);
    if (typology?.variableValue && amountCents === undefined) throw invalid({ amountCents: 'validation.required' });
    if (!typology?.variableValue && amountCents !== undefined) throw invalid({ amountCents: 'validation.invalid' });
  }
  const outcome: Outcome<{ id: string }> = await runIdempotent(ctx.db, idempotency, async (tx) => {
    const batch = await lockBatch(tx, id);
    if (!batch) return { ok: false, status: 404, code: 'NOT_FOUND', detail: 'Not found' };
    if (!batchActionAllowed(mode, { status: batch.status, activated: batch.activatedAt !== null })) {
      return { ok: false, status: 409, code: 'BATCH_STATE_INVALID', detail: `The batch cannot ${mode} from ${batch.status}` };
    }
    await markActivationPending(tx, id, activationStates(mode).pending);
    const payload: ActivationPayload = { batchId: id, mode, userId: actor.userId, ...(amountCents === undefined ? {} : { amountCents }) };
    await enqueue(tx, JOB_ACTIVATION, payload, { maxAttempts: 3 });
    return { ok: true, body: { id } };
  });
  unwrap(outcome);
  ctx.jobs.wake();
  return showBatch(ctx.db, actor, id);
}
