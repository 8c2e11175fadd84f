import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { MIGRATIONS_FOLDER } from '../server/db/migrate';

/**
 * The large-data generator of the benchmark: `cards` gift cards (90% Acme, 10% Acme Nord) with
 * `perCard` ledger rows each, written by the database itself (INSERT … SELECT generate_series),
 * indexes dropped during the load and rebuilt after, exactly as the migration defines them.
 * Every card's balance is the sum of its rows: an ACTIVATE of 50.00, then CONSUMEs of 2.50.
 */
const TABLES = ['gift_cards', 'gift_card_transactions'];

function indexStatements(): Array<{ name: string; statement: string }> {
  const text = readFileSync(`${MIGRATIONS_FOLDER}/0001_giftcard_core.sql`, 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.trim().replace(/;$/, ''))
    .filter((s) => /^CREATE (UNIQUE )?INDEX/.test(s) && TABLES.some((t) => s.includes(`ON "${t}"`)))
    .map((statement) => ({ name: /INDEX "([^"]+)"/.exec(statement)?.[1] ?? '', statement }));
}

export interface GenerateOptions {
  acmeId: string;
  nordId: string;
  typologyId: string;
  storeId: string;
  cards: number;
  perCard: number;
  log: (message: string) => void;
}

export async function generateGiftcards(db: Db, o: GenerateOptions): Promise<void> {
  const indexes = indexStatements();
  const t0 = Date.now();
  for (const { name } of indexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}"`));
  // foreign-key triggers off for the load only (the generator writes consistent ids)
  await db.execute(sql.raw(`SET session_replication_role = replica`));
  const consumes = o.perCard - 1;
  const chunk = 250_000;
  for (let from = 1; from <= o.cards; from += chunk) {
    const to = Math.min(o.cards, from + chunk - 1);
    await db.execute(sql`
      INSERT INTO gift_cards (id, company_id, typology_id, code, progressive, lot_number, order_reference, status, balance_cents, frozen_cents,
        activation_date, expire_date, first_use_date, ever_consumed, activation_store_id, created_at, updated_at)
      SELECT gen_random_uuid(), CASE WHEN g % 10 = 0 THEN ${o.nordId}::uuid ELSE ${o.acmeId}::uuid END, ${o.typologyId}::uuid,
        translate(substr(md5('card-' || g), 1, 16), '0123456789abcdef', 'ABCDEFGHJKMNPQRS'), g,
        'LOT-' || lpad((g / 1000)::text, 5, '0'), CASE WHEN g % 7 = 0 THEN NULL ELSE 'ORD-' || (g / 50) END,
        CASE WHEN g % 20 = 0 THEN 'LOCKED' WHEN g % 20 = 1 THEN 'DISABLED' WHEN g % 20 = 2 THEN 'SOLD' ELSE 'ACTIVE' END,
        ${5000 - consumes * 250}, 0,
        now() - ((${o.cards} - g) * interval '30 seconds'), now() + interval '400 days' - ((${o.cards} - g) * interval '30 seconds'),
        now() - ((${o.cards} - g) * interval '30 seconds') + interval '1 hour', ${consumes > 0}, ${o.storeId}::uuid,
        now() - ((${o.cards} - g) * interval '30 seconds') - interval '1 day', now()
      FROM generate_series(${from}::bigint, ${to}::bigint) g`);
    await db.execute(sql`
      INSERT INTO gift_card_transactions (id, card_id, company_id, type, result, amount_cents, balance_after_cents, frozen_delta_cents,
        store_id, returned_cents, created_at)
      SELECT gen_random_uuid(), c.id, c.company_id, CASE WHEN k = 1 THEN 'ACTIVATE' ELSE 'CONSUME' END, 'SUCCESS',
        CASE WHEN k = 1 THEN 5000 ELSE -250 END, 5000 - (k - 1) * 250, 0, c.activation_store_id, 0,
        c.activation_date + (k - 1) * interval '1 hour'
      FROM gift_cards c CROSS JOIN generate_series(1, ${o.perCard}) k
      WHERE c.progressive BETWEEN ${from} AND ${to}`);
    o.log(`  ${to.toLocaleString('en')} cards, ${(to * o.perCard).toLocaleString('en')} transactions (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await db.execute(sql.raw(`SET session_replication_role = DEFAULT`));
  const t1 = Date.now();
  for (const { statement } of indexes) await db.execute(sql.raw(statement));
  await db.execute(sql.raw(`ANALYZE gift_cards`));
  await db.execute(sql.raw(`ANALYZE gift_card_transactions`));
  o.log(`  indexes rebuilt and analysed (${((Date.now() - t1) / 1000).toFixed(0)} s)`);
}
