import { and, eq, sql } from 'drizzle-orm';
import { issuesToErrors } from '../../../domain/errors';
import { MAX_UPLOAD_BYTES } from '../../../domain/constants';
import {
  canOrder,
  isTodayOrLater,
  keptItemFiles,
  makeOrderItemSchema,
  MAX_ORDER_CARDS,
  orderConfirmRefusal,
  orderRefusalStatus,
  parseNamesList,
  rangesTotal,
  typologyTypeFor,
  type CreateOrderBody,
  type Order,
  type OrderAction,
  type OrderConfiguration,
  type OrderDetail,
  type OrderItem,
  type OrderTracking,
  type ProgressiveRange,
  type Recipient,
} from '../../../domain/orders';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/access';
import { queryRows, type Db } from '../../db/client';
import { orderItems, orderRecipients, orders } from '../../db/schema';
import { enqueue } from '../../jobs/queue';
import { companySubtree, inIds } from '../../lib/company-scope';
import { ApiError, notFound } from '../../lib/errors';
import { sniffImage } from '../../lib/uploads';
import { runIdempotent, type IdempotencyRequest, type Outcome } from '../../lib/idempotency';
import { activateOrderCards, isUsed, lockOrderCards } from './cards';
import { queueConfirmation, queueRecipientCodes } from './emails';
import { ORDER_CANCEL_JOB, ORDER_ISSUE_JOB } from './jobs';
import { findOrder, listItems, refreshTotals, type OrderView } from './repository';

const invalid = (errors: Record<string, string>, detail = 'The request is not valid') => new ApiError(400, 'VALIDATION_ERROR', detail, errors);

const DETAIL: Record<string, string> = {
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

export async function orderDetail(db: Db, view: OrderView, companyIds: readonly string[], id: string): Promise<OrderDetail> {
  const order = await findOrder(db, view, companyIds, id);
  if (!order) throw notFound();
  return { ...order, items: await listItems(db, id) };
}

/** A step that changes an order in one transaction (no Idempotency-Key), checked against the table. */
async function apply(ctx: AppContext, actor: Actor, id: string, action: OrderAction, work: (tx: Db, order: Order, to: Order['state']) => Promise<void>, view: OrderView = 'placed'): Promise<void> {
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome<null>> => {
    const locked = await lockFor(tx, actor, id, action, view);
    if (isRefusal(locked)) return locked;
    await work(tx, locked.order, locked.to);
    return { ok: true, body: null };
  });
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.code, outcome.detail);
}

/** `apply`, answering the order's detail. */
async function change(ctx: AppContext, actor: Actor, id: string, action: OrderAction, work: (tx: Db, order: Order, to: Order['state']) => Promise<void>, view: OrderView = 'placed'): Promise<OrderDetail> {
  await apply(ctx, actor, id, action, work, view);
  return orderDetail(ctx.db, view, actor.companyIds, id);
}

// ---------------------------------------------------------------- drafts

export async function createOrder(ctx: AppContext, actor: Actor, body: CreateOrderBody): Promise<OrderDetail> {
  if (!actor.companyIds.includes(body.subCompanyId)) throw invalid({ subCompanyId: 'validation.invalid' });
  const [row] = await ctx.db
    .insert(orders)
    .values({
      number: sql`'ORD-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
      companyId: body.subCompanyId,
      placedByCompanyId: actor.companyId,
      createdByUserId: actor.userId,
      shippingType: body.shippingType,
    })
    .returning({ id: orders.id });
  return orderDetail(ctx.db, 'placed', actor.companyIds, row.id);
}

export function configureOrder(ctx: AppContext, actor: Actor, id: string, body: OrderConfiguration): Promise<OrderDetail> {
  return change(ctx, actor, id, 'editConfiguration', async (tx) => {
    await tx
      .update(orders)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(orders.id, id));
  });
}

/** A draft is deleted with its items and recipients. */
export function deleteOrder(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  return apply(ctx, actor, id, 'delete', async (tx) => {
    await tx.delete(orders).where(eq(orders.id, id));
  });
}

interface TypologyFacts {
  type: string;
  value_cents: string | number | null;
  variable_value: boolean;
}

function decode(content: string, field: string): Buffer {
  const data = Buffer.from(content, 'base64');
  if (data.length > MAX_UPLOAD_BYTES) throw new ApiError(413, 'FILE_TOO_LARGE', 'The file is larger than 5 MB', { [field]: 'validation.fileTooLarge' });
  return data;
}

/**
 * Whether every progressive of the ranges is, now, an unsold card of the typology in the stock the
 * order may draw on (the provider's or the placing company's subtree). The issue job checks again
 * under the cards' locks: another order may take them before this one is confirmed.
 */
async function rangesAvailable(tx: Db, placedBy: string, typologyId: string, ranges: readonly ProgressiveRange[]): Promise<boolean> {
  for (const range of ranges) {
    const [row] = await queryRows<{ ok: number }>(
      tx,
      sql`SELECT count(*)::int AS ok FROM gift_cards g
          WHERE g.typology_id = ${typologyId} AND g.progressive BETWEEN ${range.from} AND ${range.to}
            AND g.status = 'NOT_ACTIVE' AND g.order_reference IS NULL
            AND (g.company_id IN (SELECT id FROM companies WHERE is_provider) OR g.company_id IN (${companySubtree(placedBy)}))`,
    );
    if (row.ok !== range.to - range.from + 1) return false;
  }
  return true;
}

interface PreparedItem {
  values: { typologyId: string; quantity: number; valueCents: number; ranges: OrderItem['ranges']; templateName: string | null; templateType: string | null; templateContent: string | null; namesListName: string | null };
  recipients: Recipient[] | null;
  /** an edit keeping the saved names list keeps its recipients */
  keepRecipients: boolean;
}

/** The saved files of an item being edited (what `keptItemFiles` may keep). */
interface SavedItem {
  quantity: number;
  templateName: string | null;
  templateType: string | null;
  templateContent: string | null;
  namesListName: string | null;
}

/**
 * Validates an item body against the order's shipping type, the catalog and the files' own bytes;
 * an edit (`saved`) keeps the saved template or names list it does not replace (`keptItemFiles`).
 */
async function prepareItem(tx: Db, actor: Actor, order: Order, raw: unknown, saved: SavedItem | null = null): Promise<PreparedItem> {
  const parsed = makeOrderItemSchema(order.shippingType, { savedNamesList: Boolean(saved?.namesListName) }).safeParse(raw);
  if (!parsed.success) throw invalid(issuesToErrors(parsed.error.issues));
  const item = parsed.data;
  const kept = keptItemFiles(item, saved);
  const [typology] = await queryRows<TypologyFacts>(
    tx,
    sql`SELECT type, value_cents, variable_value FROM card_typologies WHERE id = ${item.typologyId}
        AND (company_id IS NULL OR ${inIds(sql`company_id`, actor.companyIds)})`,
  );
  if (!typology || typology.type !== typologyTypeFor(order.shippingType)) throw invalid({ typologyId: 'validation.invalid' });
  let valueCents: number;
  if (typology.variable_value || typology.value_cents === null) {
    if (item.valueCents === undefined) throw invalid({ valueCents: 'validation.required' });
    valueCents = item.valueCents;
  } else {
    valueCents = Number(typology.value_cents);
    if (item.valueCents !== undefined && item.valueCents !== valueCents) throw invalid({ valueCents: 'validation.invalid' });
  }
  let recipients: Recipient[] | null = null;
  if (item.template) {
    const sniffed = sniffImage(decode(item.template.content, 'template'));
    if (sniffed === null || sniffed !== item.template.type) throw new ApiError(415, 'FILE_TYPE_NOT_ALLOWED', 'The template must be a JPG or PNG image', { template: 'validation.fileType' });
  }
  if (item.namesList) {
    const list = parseNamesList(decode(item.namesList.content, 'namesList').toString('utf8'));
    if (!list.ok) throw new ApiError(400, 'FILE_UNREADABLE', `The names list is not valid (line ${list.line})`, { namesList: 'validation.orderNamesList' });
    recipients = list.recipients;
  }
  if (item.ranges && !(await rangesAvailable(tx, actor.companyId, item.typologyId, item.ranges))) throw invalid({ ranges: 'validation.orderRangeUnavailable' }, 'Some progressives of the ranges are not available');
  const quantity = item.ranges ? rangesTotal(item.ranges) : recipients ? recipients.length : kept.namesList ? saved!.quantity : item.quantity!;
  const template = kept.template ? { name: saved!.templateName, type: saved!.templateType, content: saved!.templateContent } : (item.template ?? null);
  return {
    values: {
      typologyId: item.typologyId,
      quantity,
      valueCents,
      ranges: item.ranges ?? null,
      templateName: template?.name ?? null,
      templateType: template?.type ?? null,
      templateContent: template?.content ?? null,
      namesListName: kept.namesList ? saved!.namesListName : (item.namesList?.name ?? null),
    },
    recipients,
    keepRecipients: kept.namesList,
  };
}

async function saveItem(tx: Db, order: Order, prepared: PreparedItem, itemId: string | null): Promise<string> {
  let id = itemId;
  if (id) {
    await tx
      .update(orderItems)
      .set({ ...prepared.values, updatedAt: new Date() })
      .where(and(eq(orderItems.id, id), eq(orderItems.orderId, order.id)));
    if (!prepared.keepRecipients) await tx.delete(orderRecipients).where(eq(orderRecipients.itemId, id));
  } else {
    [{ id }] = await tx.insert(orderItems).values({ orderId: order.id, ...prepared.values }).returning({ id: orderItems.id });
  }
  if (prepared.recipients && prepared.recipients.length > 0) {
    const rows = prepared.recipients.map((r, position) => ({ position, first_name: r.firstName, last_name: r.lastName, email: r.email }));
    await tx.execute(sql`INSERT INTO order_recipients (order_id, item_id, position, first_name, last_name, email)
      SELECT ${order.id}, ${id}, r.position, r.first_name, r.last_name, r.email
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(position int, first_name text, last_name text, email text)`);
  }
  await refreshTotals(tx, order.id);
  const [totals] = await queryRows<{ cards: number }>(tx, sql`SELECT (physical_cards + digital_cards)::int AS cards FROM orders WHERE id = ${order.id}`);
  if (totals.cards > MAX_ORDER_CARDS) throw invalid({ quantity: 'validation.orderQuantity' }, `An order holds at most ${MAX_ORDER_CARDS} cards`);
  return id!;
}

export async function addItem(ctx: AppContext, actor: Actor, id: string, body: unknown): Promise<OrderItem> {
  let itemId = '';
  await change(ctx, actor, id, 'addItem', async (tx, order) => {
    itemId = await saveItem(tx, order, await prepareItem(tx, actor, order, body), null);
  });
  return (await listItems(ctx.db, id, itemId))[0];
}

async function assertItem(tx: Db, orderId: string, itemId: string): Promise<SavedItem> {
  const [found] = await tx
    .select({ quantity: orderItems.quantity, templateName: orderItems.templateName, templateType: orderItems.templateType, templateContent: orderItems.templateContent, namesListName: orderItems.namesListName })
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  if (!found) throw notFound();
  return found;
}

export async function editItem(ctx: AppContext, actor: Actor, id: string, itemId: string, body: unknown): Promise<OrderItem> {
  await change(ctx, actor, id, 'editItem', async (tx, order) => {
    const saved = await assertItem(tx, id, itemId);
    await saveItem(tx, order, await prepareItem(tx, actor, order, body, saved), itemId);
  });
  return (await listItems(ctx.db, id, itemId))[0];
}

export async function removeItem(ctx: AppContext, actor: Actor, id: string, itemId: string): Promise<OrderDetail> {
  return change(ctx, actor, id, 'removeItem', async (tx) => {
    await assertItem(tx, id, itemId);
    await tx.delete(orderItems).where(eq(orderItems.id, itemId));
    await refreshTotals(tx, id);
  });
}

// ---------------------------------------------------------------- life of an order

type Keyed = IdempotencyRequest | null;

/**
 * Runs a keyed order action: one transaction with the Idempotency-Key row, answering the order as
 * the action left it; a replay answers that first answer (or the first refusal) and does nothing.
 */
async function keyed(ctx: AppContext, actor: Actor, id: string, action: OrderAction, key: Keyed, work: (tx: Db, order: Order, to: Order['state']) => Promise<number>, view: OrderView = 'placed'): Promise<OrderDetail> {
  let wake = 0;
  const outcome = await runIdempotent<OrderDetail>(ctx.db, key, async (tx) => {
    const locked = await lockFor(tx, actor, id, action, view);
    if (isRefusal(locked)) return locked;
    wake = await work(tx, locked.order, locked.to);
    return { ok: true, body: await orderDetail(tx, view, actor.companyIds, id) };
  });
  if (wake > 0) ctx.jobs.wake();
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.code, outcome.detail);
  return outcome.body;
}

/** NEW → PENDING: checks the draft is complete, queues the issue job and the confirmation e-mail. */
export function confirmOrder(ctx: AppContext, actor: Actor, id: string, key: Keyed): Promise<OrderDetail> {
  return keyed(ctx, actor, id, 'confirm', key, async (tx, order, to) => {
    const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM order_items WHERE order_id = ${id}`);
    const incomplete = orderConfirmRefusal(order, count.n);
    if (incomplete) throw new ApiError(409, incomplete, DETAIL[incomplete]);
    await tx.execute(sql`UPDATE orders SET state = ${to}, confirmed_at = now(), error_code = NULL, error_detail = NULL, updated_at = now() WHERE id = ${id}`);
    await enqueue(tx, ORDER_ISSUE_JOB, { orderId: id, userId: actor.userId });
    return 1 + (await queueConfirmation(tx, order, actor.language));
  });
}

/** ERROR → PENDING (provider staff): the issue job runs again. */
export function retryOrder(ctx: AppContext, actor: Actor, id: string): Promise<OrderDetail> {
  return keyed(ctx, actor, id, 'retry', null, async (tx, _order, to) => {
    await tx.execute(sql`UPDATE orders SET state = ${to}, error_code = NULL, error_detail = NULL, updated_at = now() WHERE id = ${id}`);
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
    await tx.execute(sql`UPDATE orders SET state = ${to}, cancel_from_state = ${order.state}, error_code = NULL, error_detail = NULL, updated_at = now() WHERE id = ${id}`);
    await enqueue(tx, ORDER_CANCEL_JOB, { orderId: id, userId: actor.userId });
    return 1;
  });
}

export function editExpiry(ctx: AppContext, actor: Actor, id: string, expireDate: string): Promise<OrderDetail> {
  if (!isTodayOrLater(expireDate, new Date())) throw invalid({ expireDate: 'validation.futureDate' });
  return change(ctx, actor, id, 'editExpiry', async (tx) => {
    await tx.update(orders).set({ expireDate, updatedAt: new Date() }).where(eq(orders.id, id));
  });
}

/** Tracking of a third-party shipment (provider staff): the first one marks it SHIPPED. */
export function setTracking(ctx: AppContext, actor: Actor, id: string, body: OrderTracking): Promise<OrderDetail> {
  return change(ctx, actor, id, 'tracking', async (tx, _order, to) => {
    await tx.execute(sql`UPDATE orders SET state = ${to}, tracking_carrier = ${body.carrier}, tracking_number = ${body.number}, tracking_link = ${body.link},
        shipped_at = COALESCE(shipped_at, now()), updated_at = now() WHERE id = ${id}`);
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
      await tx.execute(sql`UPDATE orders SET state = ${to}, delivered_at = now(), updated_at = now() WHERE id = ${id}`);
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
