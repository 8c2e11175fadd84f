import { eq, sql } from 'drizzle-orm';
import type { IntegratedOrderBody } from '../../../domain/integratedOrders';
import { queryRows, type Db } from '../../db/client';
import { users } from '../../db/schema';
import { subtreeIds } from '../../db/company-scope';
import type { IntegrationCaller } from '../../modules/integration-api/caller';

/**
 * Builders for integrated-order tests. `keyCaller` is the caller the integration plugin puts on
 * `request.apiKey` for a key (server/modules/integration-api/caller.ts): its creator's principal acting
 * on the key's company and subtree. Here the key row is made straight in the database, as
 * authenticating keys is the integration plugin's work, not this module's.
 */
export async function keyCaller(db: Db, creatorEmail: string, companyId: string, scopes: IntegrationCaller['scopes'] = ['orders.create']): Promise<IntegrationCaller> {
  const [user] = await db.select().from(users).where(eq(users.email, creatorEmail));
  const prefix = `tk_${crypto.randomUUID().slice(0, 8)}`;
  const [key] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO api_keys (company_id, name, prefix, secret_hash, scopes, created_by_user_id)
        VALUES (${companyId}, ${`Shop ${prefix}`}, ${prefix}, 'x', ${JSON.stringify(scopes)}::jsonb, ${user.id}) RETURNING id`,
  );
  const [company] = await queryRows<{ is_provider: boolean }>(db, sql`SELECT is_provider FROM companies WHERE id = ${companyId}`);
  return {
    keyId: key.id,
    keyName: `Shop ${prefix}`,
    prefix,
    scopes,
    storeId: null,
    storeCode: null,
    actor: {
      userId: user.id,
      permissions: user.permissions,
      company: { id: companyId, isProvider: company.is_provider },
      language: user.language,
      companyId,
      companyIds: await subtreeIds(db, companyId),
    },
  };
}

/** A web shop's order of `n` items of the typology (25 € each), numbered `number`. */
export function shopOrder(number: string, typologyId: string, n = 3, extra: Partial<IntegratedOrderBody> = {}): IntegratedOrderBody {
  return {
    orderNumber: number,
    orderedAt: '2026-03-14T09:30:00Z',
    buyerEmail: 'buyer@shop.test',
    items: Array.from({ length: n }, (_, i) => ({ externalItemId: `L-${i + 1}`, typologyId, denominationCents: 2500, ...(i === 2 ? { activationEmail: 'friend@shop.test' } : {}) })),
    ...extra,
  };
}

/** How many orders, cards (under the order's card reference) and outbox e-mails there are: what a replay must leave alone. */
export async function counts(db: Db, reference: string) {
  const [row] = await queryRows<{ orders: number; cards: number; mails: number; ledger: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM integrated_orders) AS orders,
          (SELECT count(*)::int FROM gift_cards WHERE order_reference = ${reference}) AS cards,
          (SELECT count(*)::int FROM email_outbox) AS mails,
          (SELECT count(*)::int FROM gift_card_transactions) AS ledger`,
  );
  return row;
}
