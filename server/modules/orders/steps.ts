import { canOrder, orderRecordActions, orderRefusalStatus, type Order, type OrderAction, type OrderDetail } from '../../../domain/orders';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/access';
import { ApiError, notFound } from '../../lib/errors';
import { runIdempotent, type IdempotencyRequest, type Outcome } from '../../lib/idempotency';
import { findOrder, listItems, type OrderView } from './repository';

/**
 * How every change of an order runs (drafts.ts, lifecycle.ts): the order locked in the caller's
 * view, the action checked against the transition table (domain `canOrder`), then the work, in
 * one transaction; keyed actions with their Idempotency-Key row.
 */

export const invalid = (errors: Record<string, string>, detail = 'The request is not valid') => new ApiError(400, 'VALIDATION_ERROR', detail, errors);

export const DETAIL: Record<string, string> = {
  ORDER_STATE_INVALID: 'The order is not in a state that allows this',
  ORDER_ALREADY_ACTIVATED: 'The order has already been activated',
  ORDER_ACTION_NOT_ALLOWED: 'This action is not available for this type of order',
  ORDER_CARDS_USED: 'Unable to cancel the order. GiftCards have already been used.',
  ORDER_EMPTY: 'The order has no products',
  ORDER_INCOMPLETE: 'The order configuration is not complete',
  FORBIDDEN: 'Not allowed',
};
const refusal = (code: keyof typeof DETAIL & string): Outcome<never> => ({
  ok: false,
  status: orderRefusalStatus(code as never),
  code: code as never,
  detail: DETAIL[code] ?? 'The operation was refused',
});

/** The order, locked, checked against the transition table: the order, or the refusal. */
async function lockFor(tx: Db, actor: Actor, id: string, action: OrderAction, view: OrderView = 'placed'): Promise<{ order: Order; to: Order['state'] } | Outcome<never>> {
  const order = await findOrder(tx, view, actor.companyIds, id, true);
  if (!order) throw notFound();
  const answer = canOrder(action, order, actor.company);
  if (!answer.allowed) return refusal(answer.reason);
  return { order, to: answer.to };
}
const isRefusal = (value: unknown): value is Outcome<never> => typeof value === 'object' && value !== null && 'ok' in value;

/** Who reads an order's detail: the subtree they see it from, their flags and company kind (what `actions` is computed for). */
export type DetailReader = Pick<Actor, 'companyIds' | 'permissions' | 'company'>;

/**
 * The order as `reader` sees it in `view` (404 outside it), with its items and the actions the
 * reader may take now (domain `orderRecordActions`: the transition table, the confirm refusal,
 * the view and the access table), which the order page offers as they are.
 */
export async function orderDetail(db: Db, view: OrderView, reader: DetailReader, id: string): Promise<OrderDetail> {
  const order = await findOrder(db, view, reader.companyIds, id);
  if (!order) throw notFound();
  const items = await listItems(db, id);
  const actions = orderRecordActions(order, items.length, { permissions: reader.permissions, isProvider: reader.company.isProvider }, view);
  return { ...order, items, actions };
}

export type Work<T> = (tx: Db, order: Order, to: Order['state']) => Promise<T>;

/** A step that changes an order in one transaction (no Idempotency-Key), checked against the table. */
export async function apply(ctx: AppContext, actor: Actor, id: string, action: OrderAction, work: Work<void>, view: OrderView = 'placed'): Promise<void> {
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome<null>> => {
    const locked = await lockFor(tx, actor, id, action, view);
    if (isRefusal(locked)) return locked;
    await work(tx, locked.order, locked.to);
    return { ok: true, body: null };
  });
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.code, outcome.detail);
}

/** `apply`, answering the order's detail. */
export async function change(ctx: AppContext, actor: Actor, id: string, action: OrderAction, work: Work<void>, view: OrderView = 'placed'): Promise<OrderDetail> {
  await apply(ctx, actor, id, action, work, view);
  return orderDetail(ctx.db, view, actor, id);
}

export type Keyed = IdempotencyRequest | null;

/**
 * Runs a keyed order action: one transaction with the Idempotency-Key row, answering the order as
 * the action left it; a replay answers that first answer (or the first refusal) and does nothing.
 * `work` answers how many jobs it queued (the runner is woken after the commit).
 */
export async function keyed(ctx: AppContext, actor: Actor, id: string, action: OrderAction, key: Keyed, work: Work<number>, view: OrderView = 'placed'): Promise<OrderDetail> {
  let wake = 0;
  const outcome = await runIdempotent<OrderDetail>(ctx.db, key, async (tx) => {
    const locked = await lockFor(tx, actor, id, action, view);
    if (isRefusal(locked)) return locked;
    wake = await work(tx, locked.order, locked.to);
    return { ok: true, body: await orderDetail(tx, view, actor, id) };
  });
  if (wake > 0) ctx.jobs.wake();
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.code, outcome.detail);
  return outcome.body;
}
