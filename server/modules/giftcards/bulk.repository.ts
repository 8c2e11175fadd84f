import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../db/company-scope';

/** A bulk action's progress under its Idempotency-Key (bulk_action_items): which cards moved, and how, so a resumed run skips them. */

/** Cards of `ids` that already have their progress row under the key (moved once already). */
export async function doneUnderKey(tx: Db, keyId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await queryRows<{ card_id: string }>(tx, sql`SELECT card_id FROM bulk_action_items WHERE key_id = ${keyId} AND ${inIds(sql`card_id`, ids)}`);
  return new Set(rows.map((r) => r.card_id));
}

/** The progress rows of a chunk, in the chunk's own transaction (ids come from locked cards or are unknown). */
export async function recordProgress(tx: Db, keyId: string, items: ReadonlyArray<{ id: string; code: string; error: string | null }>): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map((i) => ({ key_id: keyId, card_id: i.id, card_code: i.code, error_code: i.error }));
  await tx.execute(sql`INSERT INTO bulk_action_items (key_id, card_id, card_code, error_code)
      SELECT r.key_id, r.card_id, r.card_code, r.error_code FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(key_id uuid, card_id uuid, card_code text, error_code text)
      ON CONFLICT DO NOTHING`);
}

export async function progressOf(db: Db, keyId: string): Promise<Map<string, { code: string; error: string | null }>> {
  const rows = await queryRows<{ card_id: string; card_code: string; error_code: string | null }>(
    db,
    sql`SELECT card_id, card_code, error_code FROM bulk_action_items WHERE key_id = ${keyId}`,
  );
  return new Map(rows.map((r) => [r.card_id, { code: r.card_code, error: r.error_code }]));
}
