import { sql } from 'drizzle-orm';
import type { ApiErrorCode } from '../../../domain/errors';
import type { CardStatus, ExpirationType, LedgerType } from '../../../domain/giftcards';
import { namedStatement, type Db } from '../../db/client';
import { idList, inIdList, readByIds } from '../../db/id-list';
import type { CardState } from '../../../domain/giftcardRules';

/**
 * The one place that writes the ledger. Callers lock cards (`lockCards`, SELECT … FOR UPDATE
 * inside their DB transaction), decide a change per card with the pure rules, and hand the
 * changes here: one ledger row per change (SUCCESS with its effect, or ERROR with none) and the
 * card's running balance/frozen/state updated in the same transaction. So a card's balance is
 * always the sum of its SUCCESS rows, and every balance_after is that sum at the row.
 */
export interface LockedCard extends CardState {
  id: string;
  code: string;
  companyId: string;
  typologyId: string;
  valueCents: number | null;
  typologyValueCents: number | null;
  expirationType: ExpirationType;
  expirationMonths: number | null;
  expirationDate: string | null;
  activationDate: Date | null;
  firstUseDate: Date | null;
  activationStoreId: string | null;
}

interface LockedRow {
  id: string;
  code: string;
  company_id: string;
  typology_id: string;
  status: CardStatus;
  enabled_status: CardStatus | null;
  balance_cents: string | number;
  frozen_cents: string | number;
  value_cents: string | number | null;
  typology_value_cents: string | number | null;
  expiration_type: ExpirationType;
  expiration_months: number | null;
  expiration_date: string | Date | null;
  activation_date: Date | string | null;
  expire_date: Date | string | null;
  first_use_date: Date | string | null;
  ever_consumed: boolean;
  voided: boolean;
  activation_store_id: string | null;
}

const date = (v: Date | string | null) => (v === null ? null : new Date(v));
const numOrNull = (v: string | number | null) => (v === null ? null : Number(v));
const dayString = (v: string | Date | null) => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** The cards' lock: a move's one card, a bulk chunk's hundreds. */
const lockCardsStatement = readByIds<LockedRow>('tessera_lock_cards', sql`c.id`, (ids) =>
  sql`SELECT c.id, c.code, c.company_id, c.typology_id, c.status, c.enabled_status, c.balance_cents, c.frozen_cents, c.value_cents,
        t.value_cents AS typology_value_cents, t.expiration_type, t.expiration_months, t.expiration_date,
        c.activation_date, c.expire_date, c.first_use_date, c.ever_consumed, c.voided_at IS NOT NULL AS voided, c.activation_store_id
      FROM gift_cards c JOIN card_typologies t ON t.id = c.typology_id
      WHERE ${ids} AND ${inIdList(sql`c.company_id`, sql.placeholder('companyIds'))}
      ORDER BY c.id
      FOR UPDATE OF c`,
);

/** Locks the cards (in id order, so concurrent bulk chunks never deadlock) inside the subtree. */
export async function lockCards(tx: Db, companyIds: readonly string[], ids: readonly string[]): Promise<LockedCard[]> {
  if (ids.length === 0) return [];
  const rows = await lockCardsStatement(tx, ids, { companyIds: idList(companyIds) });
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    companyId: r.company_id,
    typologyId: r.typology_id,
    status: r.status,
    enabledStatus: r.enabled_status,
    balanceCents: Number(r.balance_cents),
    frozenCents: Number(r.frozen_cents),
    valueCents: numOrNull(r.value_cents),
    typologyValueCents: numOrNull(r.typology_value_cents),
    expirationType: r.expiration_type,
    expirationMonths: r.expiration_months,
    expirationDate: dayString(r.expiration_date),
    activationDate: date(r.activation_date),
    expireDate: date(r.expire_date),
    firstUseDate: date(r.first_use_date),
    everConsumed: r.ever_consumed,
    voided: r.voided,
    activationStoreId: r.activation_store_id,
  }));
}

/** Card columns a change may set (only on SUCCESS). */
export interface CardPatch {
  status?: CardStatus;
  enabledStatus?: CardStatus | null;
  activationDate?: Date | null;
  expireDate?: Date | null;
  firstUseDate?: Date | null;
  everConsumed?: boolean;
  /** voids the card for good (an order's cancel): no later change may be applied to it */
  voided?: true;
  activationStoreId?: string | null;
  valueCents?: number | null;
}

export interface LedgerEntry {
  type: LedgerType;
  /** set: the change is refused and recorded as an ERROR row with no effect */
  errorCode?: ApiErrorCode;
  amountCents?: number;
  frozenDeltaCents?: number;
  storeId?: string | null;
  returnNumber?: string | null;
  relatedTransactionId?: string | null;
  patch?: CardPatch;
  /** the change zeroes the card's holds (DEACTIVATE): its open FREEZE rows are marked released by it */
  releasesHolds?: boolean;
}

export interface CardChange {
  card: LockedCard;
  entry: LedgerEntry;
}

const ts = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Writes the ledger rows and card updates of locked cards; returns the new row ids in order. */
export async function applyChanges(tx: Db, changes: readonly CardChange[], userId: string | null): Promise<string[]> {
  if (changes.length === 0) return [];
  const ids = changes.map(() => crypto.randomUUID());
  const updates: Record<string, unknown>[] = [];
  const rows = changes.map(({ card, entry }, i) => {
    const ok = entry.errorCode === undefined;
    const amount = ok ? (entry.amountCents ?? 0) : 0;
    const frozenDelta = ok ? (entry.frozenDeltaCents ?? 0) : 0;
    if (ok) {
      // the rules refuse every action on a voided card (CARD_VOIDED); the database must never see one
      if (card.voided) throw new Error(`change on voided card ${card.id}`);
      const next = { ...card, ...entry.patch, balanceCents: card.balanceCents + amount, frozenCents: card.frozenCents + frozenDelta };
      if (next.balanceCents < 0 || next.frozenCents < 0 || next.frozenCents > next.balanceCents) {
        // The rules should have refused this; the database must never hold it.
        throw new Error(`ledger invariant broken for card ${card.id}`);
      }
      Object.assign(card, next);
      updates.push({
        id: card.id,
        status: next.status,
        enabled_status: next.enabledStatus,
        balance_cents: next.balanceCents,
        frozen_cents: next.frozenCents,
        value_cents: next.valueCents,
        activation_date: ts(next.activationDate),
        expire_date: ts(next.expireDate),
        first_use_date: ts(next.firstUseDate),
        ever_consumed: next.everConsumed,
        voided: next.voided,
        activation_store_id: next.activationStoreId,
      });
    }
    return {
      id: ids[i],
      card_id: card.id,
      company_id: card.companyId,
      type: entry.type,
      result: ok ? 'SUCCESS' : 'ERROR',
      amount_cents: amount,
      balance_after_cents: card.balanceCents,
      frozen_delta_cents: frozenDelta,
      store_id: entry.storeId ?? null,
      return_number: entry.returnNumber ?? null,
      related_transaction_id: entry.relatedTransactionId ?? null,
      user_id: userId,
      error_code: entry.errorCode ?? null,
    };
  });
  const values = { rows: JSON.stringify(rows), updates: JSON.stringify(updates) };
  const releases = changes.flatMap(({ card, entry }, i) => (entry.errorCode === undefined && entry.releasesHolds ? [{ card_id: card.id, by: ids[i] }] : []));
  if (releases.length === 0 && updates.length > 0) {
    // the rows and the cards' new state in one round trip (a move's usual case)
    await insertRowsAndUpdateCards(tx, values);
    return ids;
  }
  await insertRowsStatement(tx, values);
  if (releases.length > 0) await releaseHoldsStatement(tx, { releases: JSON.stringify(releases) });
  if (updates.length > 0) await updateCardsStatement(tx, values);
  return ids;
}

// one statement and one parameter for any number of rows (bulk chunks write hundreds), each named:
// planned once per connection
const insertRows = sql`INSERT INTO gift_card_transactions (id, card_id, company_id, type, result, amount_cents, balance_after_cents,
      frozen_delta_cents, store_id, return_number, related_transaction_id, user_id, error_code, created_at)
    SELECT r.id, r.card_id, r.company_id, r.type, r.result, r.amount_cents, r.balance_after_cents, r.frozen_delta_cents, r.store_id,
      r.return_number, r.related_transaction_id, r.user_id, r.error_code, clock_timestamp()
    FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) AS r(id uuid, card_id uuid, company_id uuid, type text, result text,
      amount_cents bigint, balance_after_cents bigint, frozen_delta_cents bigint, store_id uuid, return_number text,
      related_transaction_id uuid, user_id uuid, error_code text)`;
const updateCards = sql`UPDATE gift_cards g SET status = v.status, enabled_status = v.enabled_status, balance_cents = v.balance_cents,
      frozen_cents = v.frozen_cents, value_cents = v.value_cents, activation_date = v.activation_date, expire_date = v.expire_date,
      first_use_date = v.first_use_date, ever_consumed = v.ever_consumed, activation_store_id = v.activation_store_id,
      voided_at = CASE WHEN v.voided THEN COALESCE(g.voided_at, now()) END, updated_at = now()
    FROM jsonb_to_recordset(${sql.placeholder('updates')}::jsonb) AS v(id uuid, status text, enabled_status text, balance_cents bigint,
      frozen_cents bigint, value_cents bigint, activation_date timestamptz, expire_date timestamptz, first_use_date timestamptz,
      ever_consumed boolean, voided boolean, activation_store_id uuid)
    WHERE g.id = v.id`;
const insertRowsStatement = namedStatement<never>('tessera_ledger_insert', insertRows);
const updateCardsStatement = namedStatement<never>('tessera_ledger_update_cards', updateCards);
const insertRowsAndUpdateCards = namedStatement<never>('tessera_ledger_insert_update_cards', sql`WITH ledger_rows AS (${insertRows}) ${updateCards}`);
const releaseHoldsStatement = namedStatement<never>(
  'tessera_ledger_release_holds',
  sql`UPDATE gift_card_transactions x SET unfrozen_by_transaction_id = v.by
    FROM jsonb_to_recordset(${sql.placeholder('releases')}::jsonb) AS v(card_id uuid, by uuid)
    WHERE x.card_id = v.card_id AND x.type = 'FREEZE' AND x.result = 'SUCCESS' AND x.unfrozen_by_transaction_id IS NULL`,
);
