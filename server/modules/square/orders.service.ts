import type { SquareOrder, SquareOrderCreateBody, SquareValidation, SquareValidateBody } from '../../../domain/schemas/square';
import {
  readSquareCsv,
  SQUARE_LIMITS,
  squareApprovalRequired,
  squareOrderActionRefusal,
  squareOrderTarget,
  squareRefusalStatus,
  type SquareLineProblem,
  type SquareOrderAction,
  type SquareRecipient,
  type SquareTypology,
} from '../../../domain/square';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import type { Actor } from '../../lib/access';
import { ApiError, notFound } from '../../lib/errors';
import { runIdempotent, unwrap, type IdempotencyRequest } from '../../lib/idempotency';
import { decodeCsvFile } from '../../lib/uploads';
import { SQUARE_JOBS, type SquareJobPayload } from './orders.jobs';
import { deleteSquareOrder, findSquareOrder, hasSpentCode, insertSquareOrder, liveCodeHolders, moveSquareOrder, toSquareOrders, type OrderView, type SquareOrderRow } from './orders.repository';

/** The orders' work (README.md beside this file): upload, validation, creation and the actions of the transition table. */

/** A refused upload (400 SQUARE_ROWS_INVALID, 409 SQUARE_WARNINGS_NOT_ACCEPTED): the problem body carries the validation. */
export class SquareValidationError extends ApiError {
  constructor(
    statusCode: number,
    code: 'SQUARE_ROWS_INVALID' | 'SQUARE_WARNINGS_NOT_ACCEPTED',
    detail: string,
    readonly validation: SquareValidation,
  ) {
    super(statusCode, code, detail);
  }
}

export type SquareActor = Pick<Actor, 'userId' | 'companyId' | 'companyIds' | 'company'>;
const viewOf = (ctx: AppContext, actor: SquareActor): OrderView => ({ viewer: { isProvider: actor.company.isProvider }, thresholdCents: ctx.config.square.approvalThresholdCents });

/** The order as the caller sees it (404 outside the subtree). */
export async function squareOrderRecord(ctx: AppContext, actor: SquareActor, id: string, db: Db = ctx.db): Promise<SquareOrder> {
  const row = await findSquareOrder(db, actor.companyIds, id);
  if (!row) throw notFound('No such square order');
  return (await toSquareOrders(db, [row], viewOf(ctx, actor)))[0];
}

/**
 * A file read against the rules (readSquareCsv) and the database: a recipient holding a live code
 * of the typology from an earlier order of the subtree is a warning on its line.
 */
export async function validateRecipients(ctx: AppContext, actor: SquareActor, typology: SquareTypology, text: string): Promise<{ validation: SquareValidation; recipients: SquareRecipient[] }> {
  const reading = readSquareCsv(text);
  const holders = await liveCodeHolders(ctx.db, actor.companyIds, typology, reading.recipients.map((r) => r.email));
  const warnings: SquareLineProblem[] = reading.recipients
    .filter((r) => holders.has(r.email))
    .map((r) => ({ line: r.line, column: 'email', code: 'square.warning.liveCode', severity: 'warning', params: { orderNumber: holders.get(r.email)! } }));
  const problems = [...reading.problems, ...warnings].sort((a, b) => a.line - b.line);
  const totalAmountCents = reading.recipients.reduce((sum, r) => sum + r.amountCents, 0);
  const validation: SquareValidation = {
    validCount: reading.recipients.length,
    totalAmountCents,
    errorCount: reading.problems.length,
    warningCount: warnings.length,
    problems: problems.slice(0, SQUARE_LIMITS.maxRows),
    rejected: Object.fromEntries(Object.entries(reading.cells).map(([line, cells]) => [String(line), cells])),
    header: reading.header,
    approvalRequired: squareApprovalRequired(totalAmountCents, ctx.config.square.approvalThresholdCents),
  };
  return { validation, recipients: reading.recipients };
}

/** POST orders/validate: nothing written. */
export async function validateUpload(ctx: AppContext, actor: SquareActor, body: SquareValidateBody): Promise<SquareValidation> {
  return (await validateRecipients(ctx, actor, body.typology, decodeCsvFile(body.file, SQUARE_LIMITS.maxCsvBytes))).validation;
}

const fileKey = (orderId: string) => `square/orders/${orderId}.csv`;

/**
 * POST orders: validated again (errors → 400, warnings not accepted → 409), the file kept in the
 * file storage, the order created PENDING with its number and its `square.create` job, which
 * reads the file into recipients. Under an Idempotency-Key (lib/idempotency.ts) all of it runs
 * after the key is claimed, in the key's transaction: the same key and body again (a retry, a
 * double click, a second post while the first runs) answer the first order and create nothing
 * (`onReplay` is told); the key with another body is refused 422 IDEMPOTENCY_KEY_REUSED. A refused
 * upload (400/409) rolls the key back with everything: the corrected file may be sent under it.
 */
export async function createSquareOrder(ctx: AppContext, actor: SquareActor, body: SquareOrderCreateBody, idempotency: IdempotencyRequest | null = null): Promise<SquareOrder> {
  const text = decodeCsvFile(body.file, SQUARE_LIMITS.maxCsvBytes);
  let written: string | null = null;
  let outcome;
  try {
    outcome = await runIdempotent<{ id: string }>(ctx.db, idempotency, async (tx) => {
      // read on the key's transaction (one connection on PGlite: another would wait for this one)
      const { validation } = await validateRecipients({ ...ctx, db: tx }, actor, body.typology, text);
      if (validation.errorCount > 0) throw new SquareValidationError(400, 'SQUARE_ROWS_INVALID', `${validation.errorCount} problems in the file`, validation);
      if (validation.warningCount > 0 && !body.acceptWarnings) throw new SquareValidationError(409, 'SQUARE_WARNINGS_NOT_ACCEPTED', `${validation.warningCount} warnings to accept`, validation);
      const id = crypto.randomUUID();
      const key = fileKey(id);
      const bytes = new TextEncoder().encode(text);
      await ctx.files.put(key, (async function* () { yield bytes; })(), 'text/csv');
      written = key;
      await insertSquareOrder(tx, {
        id,
        companyId: actor.companyId,
        host: body.host.toLowerCase(),
        referentEmail: body.referentEmail.toLowerCase(),
        typology: body.typology,
        validMonths: body.validMonths,
        totalAmountCents: validation.totalAmountCents,
        quantity: validation.validCount,
        fileKey: key,
        userId: actor.userId,
      });
      await enqueue(tx, SQUARE_JOBS.create, { orderId: id, userId: actor.userId } satisfies SquareJobPayload);
      return { ok: true, body: { id } };
    });
  } catch (error) {
    // rolled back: the file kept for it goes too
    if (written) await ctx.files.remove(written);
    throw error;
  }
  const { id } = unwrap(outcome);
  ctx.jobs.wake();
  return squareOrderRecord(ctx, actor, id);
}

const DETAIL: Record<string, string> = {
  FORBIDDEN: 'Only provider staff approve square orders',
  SQUARE_ORDER_STATE_INVALID: 'The order is not in a state that allows this',
  SQUARE_CODES_SPENT: 'Unable to cancel the order: a code has already been spent',
};

/** The job an action starts (the table's busy states), or null. */
const JOB_OF: Partial<Record<string, string>> = { APPROVING: SQUARE_JOBS.mint, ACTIVATING: SQUARE_JOBS.activate, CANCELLING: SQUARE_JOBS.cancel };

/**
 * An action of the transition table (confirm, approve, activate, cancel, delete) on the order,
 * locked FOR UPDATE for the move: two concurrent actions, one wins and the other is refused by
 * the state it finds. Answers the order as the move left it (delete: as it was).
 */
export async function squareOrderAction(ctx: AppContext, actor: SquareActor, id: string, action: SquareOrderAction): Promise<SquareOrder> {
  let before: SquareOrderRow | null = null;
  const moved = await ctx.db.transaction(async (tx) => {
    const order = await findSquareOrder(tx, actor.companyIds, id, true);
    if (!order) throw notFound('No such square order');
    before = order;
    const facts = { state: order.status, totalAmountCents: Number(order.total_amount_cents) };
    const refusal = squareOrderActionRefusal(action, facts, { isProvider: actor.company.isProvider });
    if (refusal) throw new ApiError(squareRefusalStatus(refusal), refusal, DETAIL[refusal]);
    const to = squareOrderTarget(action, facts, ctx.config.square.approvalThresholdCents);
    if (to === 'REMOVED') {
      await deleteSquareOrder(tx, id);
      return 'REMOVED' as const;
    }
    if (action === 'cancel' && (await hasSpentCode(tx, id))) throw new ApiError(409, 'SQUARE_CODES_SPENT', DETAIL.SQUARE_CODES_SPENT);
    const job = JOB_OF[to];
    await moveSquareOrder(tx, { id, action, to, from: order.status, userId: actor.userId, now: ctx.clock.now(), progressTotal: job ? order.total_quantity : null });
    if (job) await enqueue(tx, job, { orderId: id, userId: actor.userId } satisfies SquareJobPayload);
    return job ? ('JOB' as const) : ('MOVED' as const);
  });
  if (moved === 'REMOVED') {
    const removed = before as SquareOrderRow | null;
    if (removed?.file_key) await ctx.files.remove(removed.file_key);
    return (await toSquareOrders(ctx.db, [removed!], viewOf(ctx, actor)))[0];
  }
  if (moved === 'JOB') ctx.jobs.wake();
  return squareOrderRecord(ctx, actor, id);
}
