import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CardStatus, ExpirationType } from '../../../domain/giftcards';
import { queryRows, type Db } from '../../db/client';
import { cardTypologies, giftCardTransactions, giftCards } from '../../db/schema';
import { newCardCode } from '../../seed/giftcards';

/** Builders for gift-card tests: rows that obey the ledger invariants, made straight in the database (shared builders: server/test/builders.ts). */
export async function addTypology(
  db: Db,
  options: { valueCents?: number | null; expirationType?: ExpirationType; expirationMonths?: number | null; expirationDate?: string | null; companyId?: string | null } = {},
): Promise<string> {
  const valueCents = options.valueCents === undefined ? 5000 : options.valueCents;
  const [row] = await db
    .insert(cardTypologies)
    .values({
      name: `Typology ${randomUUID().slice(0, 6)}`,
      type: 'PHYSICAL',
      valueCents,
      variableValue: valueCents === null,
      sku: `SKU-${randomUUID()}`,
      expirationType: options.expirationType ?? 'MONTHS_FROM_ACTIVATION',
      expirationMonths: options.expirationMonths === undefined ? 12 : options.expirationMonths,
      expirationDate: options.expirationDate ?? null,
      companyId: options.companyId ?? null,
    })
    .returning({ id: cardTypologies.id });
  return row.id;
}

let nextProgressive = 1;

export interface CardSpec {
  companyId: string;
  typologyId: string;
  status?: CardStatus;
  balanceCents?: number;
  expireDate?: Date | null;
  activationDate?: Date | null;
  lotNumber?: string | null;
  orderReference?: string | null;
  storeId?: string | null;
  everConsumed?: boolean;
  progressive?: number;
}

/** A card; a card with a balance gets the ACTIVATE row that explains it. */
export async function addCard(db: Db, spec: CardSpec): Promise<{ id: string; code: string }> {
  const status = spec.status ?? 'ACTIVE';
  const balance = spec.balanceCents ?? (status === 'NOT_ACTIVE' ? 0 : 5000);
  const activationDate = spec.activationDate === undefined ? (status === 'NOT_ACTIVE' ? null : new Date()) : spec.activationDate;
  const [row] = await db
    .insert(giftCards)
    .values({
      companyId: spec.companyId,
      typologyId: spec.typologyId,
      code: newCardCode(),
      progressive: spec.progressive ?? nextProgressive++,
      lotNumber: spec.lotNumber ?? null,
      orderReference: spec.orderReference === undefined ? 'ORD-1' : spec.orderReference,
      status,
      enabledStatus: status === 'DISABLED' || status === 'LOCKED' ? 'ACTIVE' : null,
      balanceCents: balance,
      activationDate,
      expireDate: spec.expireDate ?? null,
      activationStoreId: spec.storeId ?? null,
      everConsumed: spec.everConsumed ?? false,
    })
    .returning({ id: giftCards.id, code: giftCards.code });
  if (balance > 0) {
    await db.insert(giftCardTransactions).values({ cardId: row.id, companyId: spec.companyId, type: 'ACTIVATE', amountCents: balance, balanceAfterCents: balance });
  }
  return row;
}

/** The card's running totals next to the sums of its SUCCESS ledger rows. */
export async function ledgerCheck(db: Db, cardId: string) {
  const [row] = await queryRows<{ balance: string; frozen: string; sum: string | null; frozen_sum: string | null; errors: string }>(
    db,
    sql`SELECT c.balance_cents AS balance, c.frozen_cents AS frozen,
          (SELECT sum(amount_cents) FROM gift_card_transactions x WHERE x.card_id = c.id AND x.result = 'SUCCESS') AS sum,
          (SELECT sum(frozen_delta_cents) FROM gift_card_transactions x WHERE x.card_id = c.id AND x.result = 'SUCCESS') AS frozen_sum,
          (SELECT count(*) FROM gift_card_transactions x WHERE x.card_id = c.id AND x.result = 'ERROR') AS errors
        FROM gift_cards c WHERE c.id = ${cardId}`,
  );
  return { balance: Number(row.balance), frozen: Number(row.frozen), sum: Number(row.sum ?? 0), frozenSum: Number(row.frozen_sum ?? 0), errors: Number(row.errors) };
}

