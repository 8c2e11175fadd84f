import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../db/client';
import { cardTypologies } from '../../db/schema';
import { caller } from '../builders';
import { addCard } from './giftcards';

/** Builders for order tests. */
export async function addCatalogTypology(db: Db, type: 'DIGITAL' | 'PHYSICAL', valueCents: number | null): Promise<string> {
  const [row] = await db
    .insert(cardTypologies)
    .values({
      name: `${type} ${randomUUID().slice(0, 6)}`,
      type,
      valueCents,
      variableValue: valueCents === null,
      sku: `SKU-${randomUUID()}`,
      expirationType: 'MONTHS_FROM_ACTIVATION',
      expirationMonths: 12,
    })
    .returning({ id: cardTypologies.id });
  return row.id;
}

/** Unsold physical stock (NOT_ACTIVE, no order) of a typology: progressives from..to, in the provider's company. */
export async function addStock(db: Db, companyId: string, typologyId: string, from: number, to: number): Promise<void> {
  for (let p = from; p <= to; p += 1) await addCard(db, { companyId, typologyId, status: 'NOT_ACTIVE', orderReference: null, progressive: p });
}

export const file = (name: string, type: string, content: string | Buffer) => ({ name, type, content: Buffer.from(content).toString('base64') });
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

export const CONFIGURATION = { referentName: 'Mario Rossi', referentEmail: 'mario.rossi@acme.test', companyOrderNumber: 'PO-2026-1', validMonths: 6 };

/** The order's cards with their ledger counts. */
export async function cardsOf(db: Db, orderNumber: string) {
  return queryRows<{ id: string; code: string; status: string; balance_cents: string; company_id: string; sold: number; activate: number; cancel: number }>(
    db,
    sql`SELECT g.id, g.code, g.status, g.balance_cents, g.company_id,
          (SELECT count(*)::int FROM gift_card_transactions x WHERE x.card_id = g.id AND x.type = 'SOLD') AS sold,
          (SELECT count(*)::int FROM gift_card_transactions x WHERE x.card_id = g.id AND x.type = 'ACTIVATE' AND x.result = 'SUCCESS') AS activate,
          (SELECT count(*)::int FROM gift_card_transactions x WHERE x.card_id = g.id AND x.type = 'CANCEL') AS cancel
        FROM gift_cards g WHERE g.order_reference = ${orderNumber} ORDER BY g.progressive`,
  );
}

export async function outboxTo(db: Db, address: string): Promise<Array<{ subject: string; text_body: string; template: string }>> {
  return queryRows(db, sql`SELECT subject, text_body, template FROM email_outbox WHERE to_address = ${address} ORDER BY created_at`);
}

/** A JSON caller with PUT and DELETE too. */
export function orderCaller(app: FastifyInstance) {
  const call = caller(app);
  return (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    method === 'GET' || method === 'POST'
      ? call(token, method, url, payload, headers)
      : app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}
