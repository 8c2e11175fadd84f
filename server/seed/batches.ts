import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_MAX_TRANSACTION_CENTS } from '../../domain/giftcards';
import { queryRows, type Db } from '../db/client';
import { cardTypologies, companies, users } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { runBatchActivation } from '../modules/catalog/activation';
import { generateBatchCards } from '../modules/catalog/generate';
import { JOB_ARCHIVE, JOB_GENERATE } from '../modules/catalog/service';

/** Physical typologies only batches use (the others come from the gift-card seed). */
const BATCH_TYPOLOGIES = [
  { sku: 'GC-PHY-10', name: 'Gift Card 10 €', type: 'PHYSICAL' as const, valueCents: 1000, variableValue: false, expirationType: 'FIXED_DATE' as const, expirationMonths: null, expirationDate: '2027-12-31' },
  { sku: 'GC-PHY-OPEN', name: 'Gift Card a importo libero', type: 'PHYSICAL' as const, valueCents: null, variableValue: true, expirationType: 'MONTHS_FROM_FIRST_USE' as const, expirationMonths: 18, expirationDate: null },
];

/**
 * Demo batches of the provider (issue 9), made by the same job code the API queues: completed
 * ones (one activated, one with its PDF archive queued, made when the server starts), one
 * waiting to be generated (the server's runner makes it on start, so its progress shows), one in
 * verification (ERROR) and one whose deactivation was refused for a used card
 * (ERROR_DEACTIVATE). Runs once (skipped when any batch exists); after the order seed, so the
 * batches' progressives follow every card already made.
 */
export async function seedBatches(db: Db): Promise<{ batches: number }> {
  const [existing] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM card_batches`);
  if (existing.n > 0) return { batches: 0 };
  const [provider] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'TESSERA'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@tessera.test'));
  if (!provider || !admin) return { batches: 0 };
  await db
    .insert(cardTypologies)
    .values(BATCH_TYPOLOGIES.map((t) => ({ ...t, companyId: null })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: cardTypologies.id, sku: cardTypologies.sku })
    .from(cardTypologies)
    .where(inArray(cardTypologies.sku, ['GC-PHY-25', 'GC-PHY-50', 'GC-PHY-10', 'GC-PHY-OPEN']));
  const typology = new Map(rows.map((r) => [r.sku, r.id]));
  if (typology.size < 4) return { batches: 0 };

  const batch = async (sku: string, lot: string, quantity: number, extra: { expireDate?: string; orderReference?: string; status?: 'ERROR'; error?: string } = {}) => {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO card_batches (company_id, typology_id, lot_number, quantity, expire_date, order_reference, user_id, status, error_message, created_at)
          VALUES (${provider.id}, ${typology.get(sku)!}, ${lot}, ${quantity}, ${extra.expireDate ?? null}, ${extra.orderReference ?? null}, ${admin.id},
            ${extra.status ?? 'PENDING'}, ${extra.error ?? null}, now() - make_interval(mins => ${quantity % 97}))
          RETURNING id`,
    );
    return row.id;
  };
  const activate = (batchId: string, mode: 'activate' | 'deactivate', amountCents?: number) =>
    db.execute(sql`UPDATE card_batches SET status = ${mode === 'activate' ? 'PENDING_ACTIVATION' : 'PENDING_DEACTIVATE'} WHERE id = ${batchId}`).then(() =>
      runBatchActivation(db, { batchId, mode, userId: admin.id, ...(amountCents ? { amountCents } : {}) }, DEFAULT_MAX_TRANSACTION_CENTS),
    );

  const printed = await batch('GC-PHY-25', 'LOT-2026-001', 500, { expireDate: '2028-12-31' });
  await generateBatchCards(db, printed);
  await db.execute(sql`UPDATE card_batches SET archive_status = 'PENDING' WHERE id = ${printed}`);
  await enqueue(db, JOB_ARCHIVE, { batchId: printed, language: 'it' }, { maxAttempts: 3 });

  const active = await batch('GC-PHY-50', 'LOT-2026-002', 200, { orderReference: 'PO-TESSERA-0042' });
  await generateBatchCards(db, active);
  await activate(active, 'activate');

  const open = await batch('GC-PHY-OPEN', 'LOT-2026-003', 120);
  await generateBatchCards(db, open);
  await activate(open, 'activate', 3000);
  // one card was used at a till: its deactivation is refused, the batch shows ERROR_DEACTIVATE
  await db.execute(sql`UPDATE gift_cards SET ever_consumed = true WHERE id = (SELECT id FROM gift_cards WHERE lot_number = 'LOT-2026-003' ORDER BY progressive LIMIT 1)`);
  await activate(open, 'deactivate');

  await batch('GC-PHY-25', 'LOT-2026-004', 1000, { status: 'ERROR', error: 'The generation job stopped before making the cards (demo data)' });

  const waiting = await batch('GC-PHY-10', 'LOT-2026-005', 20_000, { expireDate: '2027-12-31' });
  await enqueue(db, JOB_GENERATE, { batchId: waiting }, { maxAttempts: 3 });
  return { batches: 5 };
}
