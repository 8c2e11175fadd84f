import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReloadableCardStatus } from '../../../domain/reloadables';
import { queryRows, type Db } from '../../db/client';
import { login } from '../auth';
import { companyIdOf } from '../builders';

/** Builders and ledger checks for the wallet, card and notification tests (rows straight in the database). */

export interface Demo {
  tessera: string;
  acme: string;
  nord: string;
  /** provider staff: every flag */
  admin: string;
  /** Acme's referent: a parent company's reloadable flags */
  referent: string;
  /** Acme Nord's operator: reloadable flags, not a parent */
  nordOperator: string;
  /** an Acme user without any flag */
  noAccess: string;
}

export async function demoOf(app: FastifyInstance, db: Db): Promise<Demo> {
  return {
    tessera: await companyIdOf(db, 'TESSERA'),
    acme: await companyIdOf(db, 'ACME'),
    nord: await companyIdOf(db, 'ACME-NORD'),
    admin: (await login(app, 'admin@tessera.test')).accessToken,
    referent: (await login(app, 'referent@acme.test')).accessToken,
    nordOperator: (await login(app, 'operator@acme-nord.test')).accessToken,
    noAccess: (await login(app, 'noaccess@acme.test')).accessToken,
  };
}

export const reloadableUrl = (companyId: string, path: string) => `/api/company/${companyId}/reloadable/${path}`;

let serial = 0;
/** A 16-digit number no other card of this process has (prefix 59 keeps them apart from the seed's 535…). */
export function nextCardNumber(): string {
  serial += 1;
  return `59${String(process.pid % 100_000).padStart(5, '0')}${String(serial).padStart(9, '0')}`;
}

export interface CardSpec {
  status?: ReloadableCardStatus;
  number?: string;
  clientId?: string | null;
  holder?: { firstName: string; lastName: string; email?: string; clientId?: string } | null;
  expirationDate?: string | null;
}

/** One card (ACTIVE, expiring 2099-12-31 by default) with its ISSUE event, and its holder when given. */
export async function addCard(db: Db, companyId: string, spec: CardSpec = {}): Promise<{ id: string; number: string; userId: string | null }> {
  let userId: string | null = null;
  if (spec.holder) {
    [{ id: userId }] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO reloadable_users (company_id, first_name, last_name, email, client_id)
          VALUES (${companyId}, ${spec.holder.firstName}, ${spec.holder.lastName}, ${spec.holder.email ?? null}, ${spec.holder.clientId ?? null}) RETURNING id`,
    );
  }
  const number = spec.number ?? nextCardNumber();
  const [card] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO reloadable_cards (number, company_id, user_id, client_id, status, expiration_date, activation_date)
        VALUES (${number}, ${companyId}, ${userId}, ${spec.clientId ?? null}, ${spec.status ?? 'ACTIVE'},
          ${spec.expirationDate === undefined ? '2099-12-31' : spec.expirationDate}::date, now()) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO reloadable_card_events (card_id, company_id, type, amount_cents, balance_after_cents) VALUES (${card.id}, ${companyId}, 'ISSUE', 0, 0)`);
  return { id: card.id, number, userId };
}

/** A wallet next to its ledger: balance, reserved, the sum of its movements, the lowest balance-after ever written. */
export async function walletLedger(db: Db, companyId: string): Promise<{ balance: number; reserved: number; sum: number; lowest: number | null; movements: number }> {
  const [row] = await queryRows<{ balance: string | null; reserved: string | null; sum: string | null; lowest: string | null; n: number }>(
    db,
    sql`SELECT (SELECT balance_cents FROM wallets WHERE company_id = ${companyId}) AS balance, (SELECT reserved_cents FROM wallets WHERE company_id = ${companyId}) AS reserved,
          sum(amount_cents) AS sum, min(balance_after_cents) AS lowest, count(*)::int AS n
        FROM wallet_movements WHERE company_id = ${companyId}`,
  );
  return { balance: Number(row.balance ?? 0), reserved: Number(row.reserved ?? 0), sum: Number(row.sum ?? 0), lowest: row.lowest === null ? null : Number(row.lowest), movements: row.n };
}

export async function outbox(db: Db, template: string): Promise<Array<{ to_address: string; subject: string; text_body: string }>> {
  return queryRows(db, sql`SELECT to_address, subject, text_body FROM email_outbox WHERE template = ${template} ORDER BY created_at, id`);
}
