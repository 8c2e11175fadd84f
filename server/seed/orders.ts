import { eq, inArray, sql } from 'drizzle-orm';
import type { OrderConfiguration } from '../../domain/orders';
import type { AppContext } from '../context';
import { queryRows, type Db } from '../db/client';
import type { Actor } from '../lib/access';
import { cardTypologies, companies, orders, users } from '../db/schema';
import { runCancel, runIssue } from '../modules/orders/jobs';
import * as service from '../modules/orders/service';
import { newCardCode } from './giftcards';

/**
 * Demo orders in every state of SPEC §4 (issue 9), made through the orders service and its
 * jobs so they are exactly what the API makes: a draft, issued (digital with a names list),
 * activated, cancelled, third-party shipments in progress, shipped and delivered, a verification (ERROR,
 * a physical range already taken) and one confirmed and waiting for its job. Physical orders draw
 * from a small stock of unsold cards of "Gift Card 50 €" made here. Runs once (skipped when any
 * order exists); needs the gift-card catalog (seedGiftcards) first.
 */
export async function seedOrders(db: Db): Promise<{ orders: number }> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  if (existing.n > 0) return { orders: 0 };
  const codes = ['TESSERA', 'ACME', 'ACME-NORD'];
  const companyRows = await db.select({ id: companies.id, code: companies.code }).from(companies).where(inArray(companies.code, codes));
  const company = new Map(companyRows.map((r) => [r.code as string, r.id]));
  const typologyRows = await db.select({ id: cardTypologies.id, sku: cardTypologies.sku }).from(cardTypologies).where(inArray(cardTypologies.sku, ['GC-DIG-VAR', 'GC-DIG-XMAS', 'GC-PHY-50']));
  const typology = new Map(typologyRows.map((r) => [r.sku, r.id]));
  const [admin] = await db.select({ id: users.id, permissions: users.permissions }).from(users).where(eq(users.email, 'admin@tessera.test'));
  const [operator] = await db.select({ id: users.id, permissions: users.permissions }).from(users).where(eq(users.email, 'operator@acme.test'));
  if (codes.some((c) => !company.has(c)) || typologyRows.length < 3 || !admin || !operator) return { orders: 0 };

  // the seed runs in the caller's transaction: jobs run inline, nothing to wake
  const ctx = { db, jobs: { wake: () => undefined } } as unknown as AppContext;
  const subtree = async (root: string) => (await queryRows<{ id: string }>(db, sql`WITH RECURSIVE s(id) AS (SELECT ${root}::uuid UNION SELECT c.id FROM companies c JOIN s ON c.parent_id = s.id) SELECT id FROM s`)).map((r) => r.id);
  const actor = async (user: { id: string; permissions: Actor['permissions'] }, code: string, isProvider: boolean): Promise<Actor> => {
    const companyId = company.get(code)!;
    return { userId: user.id, permissions: user.permissions, company: { id: companyId, isProvider }, language: 'it', companyId, companyIds: await subtree(companyId) };
  };
  const acme = await actor(operator, 'ACME', false);
  const provider = await actor(admin, 'TESSERA', true);
  const nord = company.get('ACME-NORD')!;
  const config = (n: number, extra: Partial<OrderConfiguration> = {}) => ({
    referentName: 'Oscar Operatore',
    referentEmail: 'operator@acme.test',
    validMonths: 12,
    companyOrderNumber: `PO-2026-${String(n).padStart(3, '0')}`,
    sendEmailToCompanyContact: false,
    autoActivate: false,
    shippingAddress: null,
    ...extra,
  });
  const issue = (id: string, actor: Actor) => runIssue(ctx, { orderId: id, userId: actor.userId }, true);

  async function draft(actor: Actor, receiver: string, shippingType: 'DIGITAL' | 'PHYSICAL' | 'PHISICAL_SHIPMENT', items: unknown[], n: number, extra = {}) {
    const order = await service.createOrder(ctx, actor, { subCompanyId: receiver, shippingType });
    for (const item of items) await service.addItem(ctx, actor, order.id, item);
    await service.configureOrder(ctx, actor, order.id, config(n, extra));
    return order.id;
  }
  async function confirmed(actor: Actor, receiver: string, shippingType: 'DIGITAL' | 'PHYSICAL' | 'PHISICAL_SHIPMENT', items: unknown[], n: number, extra = {}) {
    const id = await draft(actor, receiver, shippingType, items, n, extra);
    await service.confirmOrder(ctx, actor, id, null);
    return id;
  }

  // unsold physical stock: 40 cards of Gift Card 50 € held by the provider
  const physical = typology.get('GC-PHY-50')!;
  const [{ last }] = await queryRows<{ last: string | number }>(
    db,
    sql`INSERT INTO typology_progressives (typology_id, last_progressive)
        VALUES (${physical}, (SELECT COALESCE(max(progressive), 0) FROM gift_cards WHERE typology_id = ${physical}) + 40)
        ON CONFLICT (typology_id) DO UPDATE SET last_progressive = typology_progressives.last_progressive + 40 RETURNING last_progressive AS last`,
  );
  const first = Number(last) - 39;
  const stock = Array.from({ length: 40 }, (_, i) => ({ code: newCardCode(), progressive: first + i }));
  await db.execute(sql`INSERT INTO gift_cards (company_id, typology_id, code, progressive, lot_number, status)
    SELECT ${provider.companyId}, ${physical}, r.code, r.progressive, 'LOT-ORDERS-001', 'NOT_ACTIVE'
    FROM jsonb_to_recordset(${JSON.stringify(stock)}::jsonb) AS r(code text, progressive bigint)`);
  const range = (from: number, to: number) => ({ typologyId: physical, ranges: [{ from: first + from, to: first + to }] });

  const names = Buffer.from('nome;cognome;email\nGiulia;Bianchi;giulia.bianchi@example.com\nLuca;Ferrari;luca.ferrari@example.com\nSara;Colombo;sara.colombo@example.com\n').toString('base64');
  const dig = typology.get('GC-DIG-VAR')!;
  const xmas = typology.get('GC-DIG-XMAS')!;

  // draft (NEW)
  await draft(acme, nord, 'DIGITAL', [{ typologyId: xmas, quantity: 10 }], 1);
  // issued (COMPLETED), names list, not activated
  await issue(await confirmed(acme, nord, 'DIGITAL', [{ typologyId: dig, valueCents: 2500, namesList: { type: 'text/csv', name: 'dipendenti.csv', content: names } }], 2), acme);
  // activated
  const activated = await confirmed(acme, acme.companyId, 'DIGITAL', [{ typologyId: xmas, quantity: 20 }], 3);
  await issue(activated, acme);
  await service.activateOrder(ctx, acme, activated, null);
  // cancelled
  const cancelled = await confirmed(acme, nord, 'DIGITAL', [{ typologyId: dig, quantity: 5, valueCents: 1000 }], 4);
  await issue(cancelled, acme);
  await service.cancelOrder(ctx, acme, cancelled, null);
  await runCancel(ctx, { orderId: cancelled, userId: acme.userId });
  // third-party shipments: shipped, and delivered
  const shipped = await confirmed(provider, acme.companyId, 'PHISICAL_SHIPMENT', [range(0, 9)], 5, { shippingAddress: 'Corso Francia 45, 10138 Torino' });
  await issue(shipped, provider);
  await service.setTracking(ctx, provider, shipped, { carrier: 'BRT', number: 'BRT-0042-2026', link: 'https://www.brt.it/' });
  const delivered = await confirmed(provider, nord, 'PHISICAL_SHIPMENT', [range(10, 14)], 6);
  await issue(delivered, provider);
  await service.setTracking(ctx, provider, delivered, { carrier: 'SDA', number: 'SDA-7731', link: null });
  await service.markDelivered(ctx, provider, delivered, 'placed');
  // verification (ERROR): its range was free when the item was added, another order took part of it first
  const clash = await draft(acme, acme.companyId, 'PHYSICAL', [range(18, 22)], 8);
  // physical shipped by the customer, issued
  await issue(await confirmed(acme, acme.companyId, 'PHYSICAL', [range(15, 19)], 7), acme);
  await service.confirmOrder(ctx, acme, clash, null);
  await issue(clash, acme);
  // confirmed, waiting for the issue job (the server's runner issues it at start)
  await confirmed(acme, nord, 'DIGITAL', [{ typologyId: xmas, quantity: 3 }], 9);
  // a third-party shipment issued, waiting for its tracking
  await issue(await confirmed(provider, nord, 'PHISICAL_SHIPMENT', [range(23, 27)], 10), provider);
  // a history rather than one instant: the n-th order placed 3 × (11 − n) days ago
  await db.execute(sql`UPDATE orders SET created_at = created_at - make_interval(days => GREATEST(0, 3 * (11 - substring(number from 5)::int))),
      confirmed_at = confirmed_at - make_interval(days => GREATEST(0, 3 * (11 - substring(number from 5)::int)))`);
  return { orders: 10 };
}
