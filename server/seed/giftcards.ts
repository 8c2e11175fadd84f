import { eq, inArray, sql } from 'drizzle-orm';
import { generateCardCode } from '../../domain/codes';
import { type CardStatus, type ExpirationType, type TypologyType } from '../../domain/giftcards';
import type { Db } from '../db/client';
import { cardTypologies, companies, giftCards, stores, type giftCardTransactions } from '../db/schema';
import { cardHistory } from './giftcards-history';

/** A new unguessable card code with its check character (domain/codes.ts). */
export const newCardCode = (): string => generateCardCode();

interface SeedTypology {
  sku: string;
  name: string;
  type: TypologyType;
  valueCents: number | null;
  expirationType: ExpirationType;
  expirationMonths: number | null;
  expirationDate: string | null;
}

export const DEMO_TYPOLOGIES: SeedTypology[] = [
  { sku: 'GC-PHY-25', name: 'Gift Card 25 €', type: 'PHYSICAL', valueCents: 2500, expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 12, expirationDate: null },
  { sku: 'GC-PHY-50', name: 'Gift Card 50 €', type: 'PHYSICAL', valueCents: 5000, expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 24, expirationDate: null },
  { sku: 'GC-DIG-VAR', name: 'Digital Gift Card', type: 'DIGITAL', valueCents: null, expirationType: 'MONTHS_FROM_FIRST_USE', expirationMonths: 12, expirationDate: null },
  { sku: 'GC-DIG-XMAS', name: 'Christmas Card 100 €', type: 'DIGITAL', valueCents: 10000, expirationType: 'FIXED_DATE', expirationMonths: null, expirationDate: '2027-01-31' },
];

/** company code → stores (code, name, category, default activation) */
export const DEMO_STORES: Record<string, Array<[string, string, string, boolean]>> = {
  TESSERA: [
    ['TESSERA-HQ', 'Tessera Sede', 'HQ', true],
    ['TESSERA-WEB', 'Tessera Online', 'WEB', false],
  ],
  ACME: [
    ['MI-CENTRO', 'Milano Centro', 'RETAIL', true],
    ['MI-NAVIGLI', 'Milano Navigli', 'RETAIL', false],
    ['RM-TERMINI', 'Roma Termini', 'RETAIL', false],
    ['TO-PORTA-NUOVA', 'Torino Porta Nuova', 'RETAIL', false],
    ['ACME-WEB', 'Acme Online', 'WEB', false],
  ],
  'ACME-NORD': [
    ['BG-CENTRO', 'Bergamo Centro', 'RETAIL', true],
    ['BS-FRANCIACORTA', 'Brescia Franciacorta', 'OUTLET', false],
  ],
};

/** cards per company, and the share of each state */
const CARDS: Record<string, number> = { ACME: 1900, 'ACME-NORD': 800, TESSERA: 300 };
const STATES: Array<[CardStatus, number]> = [
  ['NOT_ACTIVE', 0.24],
  ['ACTIVE', 0.36],
  ['SOLD', 0.14],
  ['DISABLED', 0.07],
  ['LOCKED', 0.05],
  ['EXPIRED', 0.14],
];

/** Deterministic pseudo-random numbers (mulberry32): the same demo history on every start. */
function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function stateFor(random: () => number): CardStatus {
  let roll = random();
  for (const [state, share] of STATES) {
    if ((roll -= share) < 0) return state;
  }
  return 'ACTIVE';
}

async function seedCatalog(db: Db, companyIds: Map<string, string>) {
  await db
    .insert(cardTypologies)
    .values(DEMO_TYPOLOGIES.map((t) => ({ ...t, companyId: null, variableValue: t.valueCents === null })))
    .onConflictDoNothing();
  for (const [companyCode, list] of Object.entries(DEMO_STORES)) {
    const companyId = companyIds.get(companyCode);
    if (!companyId) continue;
    await db
      .insert(stores)
      .values(list.map(([code, name, storeCategoryId, isDefaultActivation]) => ({ companyId, code, name, storeCategoryId, isDefaultActivation })))
      .onConflictDoNothing();
  }
}

const COLUMNS = {
  gift_cards: `id uuid, company_id uuid, typology_id uuid, code text, progressive bigint, lot_number text, order_reference text, status text,
    enabled_status text, balance_cents bigint, frozen_cents bigint, value_cents bigint, activation_date timestamptz, expire_date timestamptz,
    first_use_date timestamptz, ever_consumed boolean, activation_store_id uuid, created_at timestamptz`,
  gift_card_transactions: `id uuid, card_id uuid, company_id uuid, type text, result text, amount_cents bigint, balance_after_cents bigint,
    frozen_delta_cents bigint, store_id uuid, return_number text, related_transaction_id uuid, cancelled_by_transaction_id uuid,
    unfrozen_by_transaction_id uuid, returned_cents bigint, user_id uuid, error_code text, created_at timestamptz`,
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Many rows in one statement and one parameter (a JSON array): far faster than wide VALUES lists. */
async function insertJson(db: Db, table: keyof typeof COLUMNS, rows: object[]) {
  const names = COLUMNS[table].split(',').map((c) => c.trim().split(' ')[0]);
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v])));
    await db.execute(
      sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names.join(', '))})
          SELECT ${sql.raw(names.join(', '))} FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS r(${sql.raw(COLUMNS[table])})`,
    );
  }
}

/**
 * Demo gift cards (≈3,000 over Tessera, Acme and Acme Nord) with their ledgers. Idempotent:
 * catalog rows are inserted when missing, cards only for a company that has none yet.
 */
export async function seedGiftcards(db: Db): Promise<{ cards: number; transactions: number }> {
  const rows = await db.select({ id: companies.id, code: companies.code }).from(companies).where(inArray(companies.code, Object.keys(CARDS)));
  const companyIds = new Map(rows.map((r) => [r.code as string, r.id]));
  await seedCatalog(db, companyIds);
  const typologies = await db.select().from(cardTypologies).where(inArray(cardTypologies.sku, DEMO_TYPOLOGIES.map((t) => t.sku)));
  const random = seededRandom(20260301);
  const now = new Date();
  let cardCount = 0;
  let txCount = 0;
  let progressive = 100_000;
  for (const [companyCode, count] of Object.entries(CARDS)) {
    const companyId = companyIds.get(companyCode);
    if (!companyId) continue;
    const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(giftCards).where(eq(giftCards.companyId, companyId));
    if (existing.n > 0) continue;
    const storeIds = (await db.select({ id: stores.id }).from(stores).where(eq(stores.companyId, companyId))).map((s) => s.id);
    const cards: (typeof giftCards.$inferInsert)[] = [];
    const ledger: (typeof giftCardTransactions.$inferInsert)[] = [];
    for (let i = 0; i < count; i++) {
      const typology = typologies[Math.floor(random() * typologies.length)];
      const valueCents = typology.valueCents ?? [1000, 2000, 3000, 5000, 7500, 15000][Math.floor(random() * 6)];
      const history = cardHistory({ target: stateFor(random), valueCents, stores: storeIds, random, newId: () => crypto.randomUUID(), now });
      const id = crypto.randomUUID();
      const lot = Math.floor(i / 250) + 1;
      cards.push({
        id,
        companyId,
        typologyId: typology.id,
        code: newCardCode(),
        progressive: progressive++,
        lotNumber: typology.type === 'PHYSICAL' ? `LOT-${companyCode}-${String(lot).padStart(3, '0')}` : null,
        orderReference: i % 7 === 0 ? null : `ORD-${companyCode}-${String(Math.floor(i / 40) + 1).padStart(4, '0')}`,
        status: history.status,
        enabledStatus: history.enabledStatus,
        balanceCents: history.balanceCents,
        frozenCents: history.frozenCents,
        valueCents: typology.valueCents === null ? valueCents : null,
        activationDate: history.activationDate,
        expireDate: history.expireDate,
        firstUseDate: history.firstUseDate,
        everConsumed: history.everConsumed,
        activationStoreId: history.activationStoreId,
        createdAt: new Date((history.activationDate ?? now).getTime() - 86_400_000),
      });
      for (const row of history.rows) ledger.push({ ...row, cardId: id, companyId, userId: null });
    }
    await insertJson(db, 'gift_cards', cards);
    await insertJson(db, 'gift_card_transactions', ledger);
    cardCount += cards.length;
    txCount += ledger.length;
  }
  return { cards: cardCount, transactions: txCount };
}
