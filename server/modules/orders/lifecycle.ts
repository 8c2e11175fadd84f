import { canOrder, isTodayOrLater, orderConfirmRefusal, orderRefusalStatus, type Order, type OrderDetail, type OrderTracking } from '../../../domain/orders';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import type { Actor } from '../../lib/access';
import { ApiError, notFound } from '../../lib/errors';
import { activateOrderCards, isUsed, lockOrderCards } from './cards';
import { queueConfirmation, queueRecipientCodes } from './emails';
import { countItems } from './items.repository';
import { ORDER_CANCEL_JOB, ORDER_ISSUE_JOB } from './jobs';
import { findOrder, markCancelRequested, markConfirmed, markRetried, markShipmentDelivered, markTracked, updateOrder, type OrderView } from './repository';
import { apply, change, DETAIL, invalid, keyed, type Keyed } from './steps';

/** The life of an order after its draft: confirm, issue again, activate, cancel, expiry, shipment, e-mails. */

/** NEW → PENDING: checks the draft is complete, queues the issue job and the confirmation e-mail. */
export function confirmOrder(ctx: AppContext, actor: Actor, id: string, key: Keyed): Promise<OrderDetail> {
  return keyed(ctx, actor, id, 'confirm', key, async (tx, order, to) => {
    const incomplete = orderConfirmRefusal(order, await countItems(tx, id));
    if (incomplete) throw new ApiError(409, incomplete, DETAIL[incomplete]);
    await markConfirmed(tx, id, to);
    await enqueue(tx, ORDER_ISSUE_JOB, { orderId: id, userId: actor.userId });
    return 1 + (await queueConfirmation(tx, order, actor.language));
  });
}

/** ERROR → PENDING (provider staff): the issue job runs again. */
export function retryOrder(ctx: AppContext, actor: Actor, id: string): Promise<OrderDetail> {
  return keyed(ctx, actor, id, 'retry', null, async (tx, _order, to) => {
    await markRetried(tx, id, to);
    await enqueue(tx, ORDER_ISSUE_JOB, { orderId: id, userId: actor.userId });
    return 1;
  });
}

/** Cards ACTIVE with their value (ACTIVATE rows); names-list recipients get their codes. */
export function activateOrder(ctx: AppContext, actor: Actor, id: string, key: Keyed): Promise<OrderDetail> {
  return keyed(ctx, actor, id, 'activate', key, async (tx, order) => {
    await activateOrderCards(tx, order, actor.userId);
    return queueRecipientCodes(tx, order);
  });
}

/**
 * → PENDING_CANCEL, the cancel job does the rest. Refused at once (ORDER_CARDS_USED, SPEC §8's
 * text) when a card was already used; the job checks again under the cards' locks.
 */
export function cancelOrder(ctx: AppContext, actor: Actor, id: string, key: Keyed): Promise<OrderDetail> {
  return keyed(ctx, actor, id, 'cancel', key, async (tx, order, to) => {
    const cards = await lockOrderCards(tx, order);
    if (cards.some(isUsed)) throw new ApiError(409, 'ORDER_CARDS_USED', DETAIL.ORDER_CARDS_USED);
    await markCancelRequested(tx, id, to, order.state);
    await enqueue(tx, ORDER_CANCEL_JOB, { orderId: id, userId: actor.userId });
    return 1;
  });
}

export function editExpiry(ctx: AppContext, actor: Actor, id: string, expireDate: string): Promise<OrderDetail> {
  if (!isTodayOrLater(expireDate, new Date())) throw invalid({ expireDate: 'validation.futureDate' });
  return change(ctx, actor, id, 'editExpiry', async (tx) => {
    await updateOrder(tx, id, { expireDate });
  });
}

/** Tracking of a third-party shipment (provider staff): the first one marks it SHIPPED. */
export function setTracking(ctx: AppContext, actor: Actor, id: string, body: OrderTracking): Promise<OrderDetail> {
  return change(ctx, actor, id, 'tracking', async (tx, _order, to) => {
    await markTracked(tx, id, to, body);
  });
}

/** SHIPPED → SHIPMENT_DELIVERED: "mark as delivered" (placing company) or "received" (acquired orders). */
export function markDelivered(ctx: AppContext, actor: Actor, id: string, view: OrderView): Promise<OrderDetail> {
  return change(
    ctx,
    actor,
    id,
    'delivered',
    async (tx, _order, to) => {
      await markShipmentDelivered(tx, id, to);
    },
    view,
  );
}

export async function resendConfirmation(ctx: AppContext, actor: Actor, id: string): Promise<{ emails: number }> {
  let emails = 0;
  await apply(ctx, actor, id, 'resendConfirmation', async (tx, order) => {
    emails = await queueConfirmation(tx, order, actor.language);
  });
  ctx.jobs.wake();
  return { emails };
}

/** The order whose codes the caller downloads: in the view (404 otherwise), and in a state that has codes (the table's refusal otherwise). */
export async function orderWithCodes(db: Db, actor: Actor, id: string, view: OrderView): Promise<Order> {
  const order = await findOrder(db, view, actor.companyIds, id);
  if (!order) throw notFound();
  const allowed = canOrder('downloadCodes', order, actor.company);
  if (!allowed.allowed) throw new ApiError(orderRefusalStatus(allowed.reason), allowed.reason, 'The order has no codes to download in this state');
  return order;
}
