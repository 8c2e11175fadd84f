import { sql, type SQL } from 'drizzle-orm';
import type { ProgressiveRange } from '../../../domain/orders';
import { queryRows, type Db } from '../../db/client';
import { cardInStock } from './repository';

/**
 * The statements of an order's issue (cards.ts decides what is issued and refused), in the
 * caller's transaction: the items to issue, minting digital cards SOLD with their ledger rows,
 * tying names-list recipients to them, and taking physical ranges.
 */

/** An item as its issue reads it. */
export interface IssueItem {
  id: string;
  typology_id: string;
  quantity: number;
  value_cents: string | number;
  ranges: ProgressiveRange[] | null;
}

/** The order's items, in the order they were added. */
export function itemsToIssue(tx: Db, orderId: string): Promise<IssueItem[]> {
  return queryRows<IssueItem>(tx, sql`SELECT id, typology_id, quantity, value_cents, ranges FROM order_items WHERE order_id = ${orderId} ORDER BY created_at, id`);
}

/** What minted digital cards are: whose, of which typology and value, under which order reference. */
export interface MintTarget {
  companyId: string;
  typologyId: string;
  orderReference: string;
  valueCents: number;
}

/**
 * Inserts the cards SOLD, one SOLD ledger row each; a code already in the system is skipped (the
 * unique index). Answers the progressives of the cards inserted.
 */
export async function insertSoldCards(tx: Db, target: MintTarget, cards: ReadonlyArray<{ code: string; progressive: number }>, userId: string | null): Promise<number[]> {
  const inserted = await queryRows<{ progressive: string | number }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO gift_cards (company_id, typology_id, code, progressive, order_reference, status, value_cents)
          SELECT ${target.companyId}, ${target.typologyId}, r.code, r.progressive, ${target.orderReference}, 'SOLD', ${target.valueCents}
          FROM jsonb_to_recordset(${JSON.stringify(cards)}::jsonb) AS r(code text, progressive bigint)
          ON CONFLICT (code) DO NOTHING
          RETURNING id, company_id, progressive),
        led AS (
          INSERT INTO gift_card_transactions (card_id, company_id, type, amount_cents, balance_after_cents, user_id, created_at)
          SELECT id, company_id, 'SOLD', 0, 0, ${userId}, clock_timestamp() FROM ins)
        SELECT progressive FROM ins`,
  );
  return inserted.map((r) => Number(r.progressive));
}

/** Each names-list recipient of the item gets the minted card at its position (the first progressive plus it). */
export async function tieRecipientsToMinted(tx: Db, itemId: string, target: MintTarget, first: number): Promise<void> {
  await tx.execute(sql`UPDATE order_recipients r SET card_id = g.id
      FROM gift_cards g
      WHERE r.item_id = ${itemId} AND g.company_id = ${target.companyId} AND g.order_reference = ${target.orderReference}
        AND g.typology_id = ${target.typologyId} AND g.progressive = ${first} + r.position`);
}

const inRange = (typologyId: string, range: ProgressiveRange): SQL => sql`typology_id = ${typologyId} AND progressive BETWEEN ${range.from} AND ${range.to}`;

/** The cards of a range of the typology, locked (id order), each with whether it is in the stock an order placed by `placedBy` may draw on. */
export function lockRangeCards(tx: Db, placedBy: string, typologyId: string, range: ProgressiveRange): Promise<Array<{ id: string; stock: boolean }>> {
  const inRangeG = sql`g.typology_id = ${typologyId} AND g.progressive BETWEEN ${range.from} AND ${range.to}`;
  return queryRows<{ id: string; stock: boolean }>(tx, sql`SELECT g.id, ${cardInStock(placedBy)} AS stock FROM gift_cards g WHERE ${inRangeG} ORDER BY g.id FOR UPDATE OF g`);
}

/** The range's cards (locked by the caller) → SOLD to the target, one SOLD ledger row each in progressive order. */
export async function sellRange(tx: Db, typologyId: string, range: ProgressiveRange, target: Omit<MintTarget, 'typologyId'>, userId: string | null): Promise<void> {
  await tx.execute(sql`UPDATE gift_cards SET company_id = ${target.companyId}, order_reference = ${target.orderReference}, status = 'SOLD',
      value_cents = ${target.valueCents}, updated_at = now() WHERE ${inRange(typologyId, range)}`);
  await tx.execute(sql`INSERT INTO gift_card_transactions (card_id, company_id, type, amount_cents, balance_after_cents, user_id, created_at)
      SELECT id, company_id, 'SOLD', 0, 0, ${userId}, clock_timestamp() FROM gift_cards WHERE ${inRange(typologyId, range)} ORDER BY progressive`);
}
