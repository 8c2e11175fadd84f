import type { CreateOrderBody, OrderConfiguration, OrderDetail, OrderItem } from '../../../domain/orders';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { prepareItem, saveItem } from './items';
import { deleteItem, findSavedItem, type SavedItem } from './items.repository';
import { deleteOrderRow, findOrder, insertDraft, listItems, refreshTotals, updateOrder } from './repository';
import { apply, change, invalid, orderDetail } from './steps';

/** Drafts (NEW), saved at every wizard step: created, configured, deleted, their items added, replaced, removed. */

export async function createOrder(ctx: AppContext, actor: Actor, body: CreateOrderBody): Promise<OrderDetail> {
  if (!actor.companyIds.includes(body.subCompanyId)) throw invalid({ subCompanyId: 'validation.invalid' });
  const id = await insertDraft(ctx.db, { companyId: body.subCompanyId, placedByCompanyId: actor.companyId, createdByUserId: actor.userId, shippingType: body.shippingType });
  return orderDetail(ctx.db, 'placed', actor, id);
}

export function configureOrder(ctx: AppContext, actor: Actor, id: string, body: OrderConfiguration): Promise<OrderDetail> {
  return change(ctx, actor, id, 'editConfiguration', async (tx) => {
    await updateOrder(tx, id, body);
  });
}

/** A draft is deleted with its items and recipients. */
export function deleteOrder(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  return apply(ctx, actor, id, 'delete', async (tx) => {
    await deleteOrderRow(tx, id);
  });
}

/** The items of an order the subtree placed (404 when it cannot see it). */
export async function draftItems(db: Db, actor: Actor, id: string): Promise<OrderItem[]> {
  if (!(await findOrder(db, 'placed', actor.companyIds, id))) throw notFound();
  return listItems(db, id);
}

export async function addItem(ctx: AppContext, actor: Actor, id: string, body: unknown): Promise<OrderItem> {
  let itemId = '';
  await change(ctx, actor, id, 'addItem', async (tx, order) => {
    itemId = await saveItem(tx, order, await prepareItem(tx, actor, order, body), null);
  });
  return (await listItems(ctx.db, id, itemId))[0];
}

async function assertItem(tx: Db, orderId: string, itemId: string): Promise<SavedItem> {
  const found = await findSavedItem(tx, orderId, itemId);
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
    await deleteItem(tx, itemId);
    await refreshTotals(tx, id);
  });
}
