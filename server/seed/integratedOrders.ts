import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { cardTypologies, companies, users } from '../db/schema';
import { subtreeIds } from '../db/company-scope';
import { createIntegratedOrder } from '../modules/integrated-orders/service';

/**
 * Demo integrated orders (issue 22): three orders of Acme's web shop, made through the integrated
 * orders' service so they are what the integration API makes (cards minted and active, code
 * e-mails in the outbox), so the order history's integrated tab is not empty in the demo. Runs
 * once (skipped when any exists); needs the gift-card catalog (seedGiftcards) first.
 */
export async function seedIntegratedOrders(db: Db): Promise<{ orders: number }> {
  const [existing] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM integrated_orders`);
  if (existing.n > 0) return { orders: 0 };
  const [acme] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'ACME'));
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'operator@acme.test'));
  const typologyRows = await db.select({ id: cardTypologies.id, sku: cardTypologies.sku }).from(cardTypologies).where(inArray(cardTypologies.sku, ['GC-DIG-VAR', 'GC-DIG-XMAS']));
  const typology = new Map(typologyRows.map((r) => [r.sku, r.id]));
  if (!acme || !operator || typology.size < 2) return { orders: 0 };

  // no API key in the demo: the orders are the web shop's as if posted with one of Acme's
  const caller = { keyId: null, actor: { userId: operator.id, companyId: acme.id, companyIds: await subtreeIds(db, acme.id) } };
  // the seed runs in the caller's transaction: nothing to wake
  const ctx = { jobs: { wake: () => undefined } };
  const variable = typology.get('GC-DIG-VAR')!;
  const xmas = typology.get('GC-DIG-XMAS')!;
  const orders = [
    {
      orderNumber: 'SHOP-100231',
      orderedAt: '2026-11-20T10:42:00+01:00',
      buyerEmail: 'chiara.russo@example.com',
      buyerLanguage: 'it' as const,
      items: [
        { externalItemId: '100231-1', typologyId: variable, denominationCents: 5000 },
        { externalItemId: '100231-2', typologyId: variable, denominationCents: 2500, priceCents: 2250, activationEmail: 'marco.russo@example.com' },
        { externalItemId: '100231-3', typologyId: xmas, denominationCents: 10000 },
      ],
    },
    {
      orderNumber: 'SHOP-100245',
      orderedAt: '2026-11-22T18:05:00+01:00',
      buyerEmail: 'emma.wilson@example.com',
      buyerLanguage: 'en' as const,
      items: [{ externalItemId: '100245-1', typologyId: xmas, denominationCents: 10000 }],
    },
    {
      orderNumber: 'SHOP-100262',
      orderedAt: '2026-11-25T09:15:00+01:00',
      buyerEmail: 'paolo.conti@example.com',
      items: [
        { externalItemId: '100262-1', typologyId: variable, denominationCents: 3000 },
        { externalItemId: '100262-2', typologyId: variable, denominationCents: 3000, activationEmail: 'giorgia.conti@example.com' },
      ],
    },
  ];
  for (const order of orders) await createIntegratedOrder(db, ctx, caller, order);
  return { orders: orders.length };
}
