import { and, eq, sql } from 'drizzle-orm';
import type { OrderItem, ProgressiveRange, Recipient } from '../../../domain/orders';
import { queryRows, type Db } from '../../db/client';
import { orderItems, orderRecipients } from '../../db/schema';
import { inIds } from '../../db/company-scope';
import { cardInStock } from './repository';

/** The rows behind a draft's items: what item checks read (typology, stock) and what saving an item writes. */

export interface TypologyFacts {
  type: string;
  value_cents: string | number | null;
  variable_value: boolean;
}

/** A typology of the catalog the subtree may order (the provider's or its own), or undefined. */
export async function typologyFacts(tx: Db, typologyId: string, companyIds: readonly string[]): Promise<TypologyFacts | undefined> {
  const [typology] = await queryRows<TypologyFacts>(
    tx,
    sql`SELECT type, value_cents, variable_value FROM card_typologies WHERE id = ${typologyId}
        AND (company_id IS NULL OR ${inIds(sql`company_id`, companyIds)})`,
  );
  return typology;
}

/** How many progressives of the range are unsold cards of the typology in the stock an order placed by `placedBy` may draw on. */
export async function unsoldInRange(tx: Db, placedBy: string, typologyId: string, range: ProgressiveRange): Promise<number> {
  const [row] = await queryRows<{ ok: number }>(
    tx,
    sql`SELECT count(*)::int AS ok FROM gift_cards g
        WHERE g.typology_id = ${typologyId} AND g.progressive BETWEEN ${range.from} AND ${range.to} AND ${cardInStock(placedBy)}`,
  );
  return row.ok;
}

/** The saved files of an item being edited (what `keptItemFiles` may keep). */
export interface SavedItem {
  quantity: number;
  templateName: string | null;
  templateType: string | null;
  templateContent: string | null;
  namesListName: string | null;
}

export async function findSavedItem(tx: Db, orderId: string, itemId: string): Promise<SavedItem | undefined> {
  const [found] = await tx
    .select({ quantity: orderItems.quantity, templateName: orderItems.templateName, templateType: orderItems.templateType, templateContent: orderItems.templateContent, namesListName: orderItems.namesListName })
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  return found;
}

export interface ItemValues {
  typologyId: string;
  quantity: number;
  valueCents: number;
  ranges: OrderItem['ranges'];
  templateName: string | null;
  templateType: string | null;
  templateContent: string | null;
  namesListName: string | null;
}

export async function insertItem(tx: Db, orderId: string, values: ItemValues): Promise<string> {
  const [{ id }] = await tx
    .insert(orderItems)
    .values({ orderId, ...values })
    .returning({ id: orderItems.id });
  return id;
}

export async function updateItem(tx: Db, orderId: string, itemId: string, values: ItemValues): Promise<void> {
  await tx
    .update(orderItems)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
}

export async function deleteItem(tx: Db, itemId: string): Promise<void> {
  await tx.delete(orderItems).where(eq(orderItems.id, itemId));
}

export async function deleteRecipients(tx: Db, itemId: string): Promise<void> {
  await tx.delete(orderRecipients).where(eq(orderRecipients.itemId, itemId));
}

/** The names list's recipients of an item, in list order. */
export async function insertRecipients(tx: Db, orderId: string, itemId: string, recipients: readonly Recipient[]): Promise<void> {
  const rows = recipients.map((r, position) => ({ position, first_name: r.firstName, last_name: r.lastName, email: r.email }));
  await tx.execute(sql`INSERT INTO order_recipients (order_id, item_id, position, first_name, last_name, email)
    SELECT ${orderId}, ${itemId}, r.position, r.first_name, r.last_name, r.email
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(position int, first_name text, last_name text, email text)`);
}

export async function countItems(tx: Db, orderId: string): Promise<number> {
  const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM order_items WHERE order_id = ${orderId}`);
  return count.n;
}

/** The order's cards as its totals hold them (`refreshTotals`). */
export async function orderCardTotal(tx: Db, orderId: string): Promise<number> {
  const [totals] = await queryRows<{ cards: number }>(tx, sql`SELECT (physical_cards + digital_cards)::int AS cards FROM orders WHERE id = ${orderId}`);
  return totals.cards;
}
