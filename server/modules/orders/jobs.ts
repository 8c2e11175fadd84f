import { issuedStateFor, type OrderState } from '../../../domain/orders';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { JobRegistry } from '../../jobs/registry';
import { activateOrderCards, issueOrderCards, OrderRefusal, voidOrderCards } from './cards';
import { queueRecipientCodes } from './emails';
import { markCancelled, markCancelRefused, markIssueError, markRetried, orderById, setOrderState } from './repository';

export const ORDER_ISSUE_JOB = 'orders.issue';
export const ORDER_CANCEL_JOB = 'orders.cancel';

export interface OrderJobPayload {
  orderId: string;
  /** who confirmed or cancelled: the ledger rows carry it */
  userId: string | null;
}

const REFUSAL_DETAIL = 'Unable to cancel the order. GiftCards have already been used.';

/** Moves the order from one of `from` to `to` in its own transaction; false when it was not in `from`. */
async function step(db: Db, orderId: string, from: readonly string[], to: OrderState): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await orderById(tx, orderId, true);
    if (!order || !from.includes(order.state)) return false;
    if (order.state !== to) await setOrderState(tx, orderId, to);
    return true;
  });
}

/**
 * The issue job: PENDING → IN_PROGRESS (visible while it works) → the cards are made in one
 * transaction → COMPLETED, or SHIPMENT_IN_PROGRESS for a third-party shipment (auto-activate:
 * activated in the same transaction, recipients e-mailed). A refusal (a range already taken) or
 * the last failed attempt → ERROR ("verification") with the code; provider staff retry it. The
 * job's `signal` (its lease lost, or a shutdown) is checked before the cards' transaction, which
 * commits whole or not at all; a stopped run leaves the order IN_PROGRESS for the next to resume.
 */
export async function runIssue(ctx: AppContext, payload: OrderJobPayload, lastAttempt: boolean, signal?: AbortSignal): Promise<void> {
  const { orderId, userId } = payload;
  if (!(await step(ctx.db, orderId, ['PENDING', 'IN_PROGRESS'], 'IN_PROGRESS'))) return;
  // the lease lost or the instance shutting down: the cards' transaction is not begun (whoever runs the job next resumes from IN_PROGRESS)
  signal?.throwIfAborted();
  try {
    const mails = await ctx.db.transaction(async (tx) => {
      const order = await orderById(tx, orderId, true);
      if (!order || order.state !== 'IN_PROGRESS') return 0;
      await issueOrderCards(tx, order, userId);
      await markRetried(tx, orderId, issuedStateFor(order.shippingType));
      if (!order.autoActivate) return 0;
      await activateOrderCards(tx, order, userId);
      return queueRecipientCodes(tx, order);
    });
    if (mails > 0) ctx.jobs.wake();
  } catch (err) {
    if (err instanceof OrderRefusal) return markIssueError(ctx.db, orderId, err.code, err.detail);
    if (lastAttempt && !signal?.aborted) await markIssueError(ctx.db, orderId, 'INTERNAL_ERROR', err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/**
 * The cancel job: PENDING_CANCEL → IN_PROGRESS_CANCEL → the cards are voided under their row
 * locks → CANCELLED. A card used since the cancel was asked (checked under the same locks a
 * consume takes) refuses it: the order returns to the state it came from with ORDER_CARDS_USED.
 */
export async function runCancel(ctx: AppContext, payload: OrderJobPayload, signal?: AbortSignal): Promise<void> {
  const { orderId, userId } = payload;
  if (!(await step(ctx.db, orderId, ['PENDING_CANCEL', 'IN_PROGRESS_CANCEL'], 'IN_PROGRESS_CANCEL'))) return;
  signal?.throwIfAborted();
  await ctx.db.transaction(async (tx) => {
    const order = await orderById(tx, orderId, true);
    if (!order || order.state !== 'IN_PROGRESS_CANCEL') return;
    const refusal = await voidOrderCards(tx, order, userId);
    if (refusal) {
      await markCancelRefused(tx, orderId, refusal, REFUSAL_DETAIL);
      return;
    }
    await markCancelled(tx, orderId);
  });
}

export function registerOrderJobs(ctx: AppContext, registry: JobRegistry): void {
  registry.register(ORDER_ISSUE_JOB, (payload, { lastAttempt, signal }) => runIssue(ctx, payload as OrderJobPayload, lastAttempt, signal));
  registry.register(ORDER_CANCEL_JOB, (payload, { signal }) => runCancel(ctx, payload as OrderJobPayload, signal));
}
