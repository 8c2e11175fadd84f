import { sql } from 'drizzle-orm';
import { periodOf, type CardEventType, type ReloadableCardState, type WalletMovementReason, type WalletMovementType } from '../../../domain/reloadables';
import { queryRows, type Db } from '../../db/client';
import { reloadableCardEvents } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { inIds } from '../../db/company-scope';
import { cardStateOf, type CardStateRow } from './cards.repository';

/**
 * The one place that writes the programme's money: wallet movements and card credits. Every
 * function runs inside the caller's DB transaction. Lock order, everywhere: cards (by id), then
 * the wallet; so concurrent runs, manual reloads and transfers never deadlock.
 *
 * Invariants (also CHECK constraints): a wallet's balance is the sum of its movements and never
 * negative; reserved ≤ balance; a card's balance is the sum of its RELOAD events; a reload row is
 * credited and debited at most once (unique row_id in both ledgers).
 */

export interface LockedWallet {
  companyId: string;
  balanceCents: number;
  reservedCents: number;
}

/** Creates the wallet if missing and locks it (SELECT … FOR UPDATE). */
export async function lockWallet(tx: Db, companyId: string): Promise<LockedWallet> {
  await tx.execute(sql`INSERT INTO wallets (company_id) VALUES (${companyId}) ON CONFLICT (company_id) DO NOTHING`);
  const [row] = await queryRows<{ balance_cents: string | number; reserved_cents: string | number }>(
    tx,
    sql`SELECT balance_cents, reserved_cents FROM wallets WHERE company_id = ${companyId} FOR UPDATE`,
  );
  return { companyId, balanceCents: Number(row.balance_cents), reservedCents: Number(row.reserved_cents) };
}

/** 409 WALLET_INSUFFICIENT with the shortfall in the detail (the SPA shows it from the body's `shortfallCents`). */
export class WalletInsufficientError extends ApiError {
  constructor(readonly shortfallCents: number) {
    super(409, 'WALLET_INSUFFICIENT', `The wallet lacks ${shortfallCents} cents`, undefined, { shortfallCents });
  }
}

export interface WalletMove {
  type: WalletMovementType;
  reason: WalletMovementReason;
  /** signed: + into the wallet, − out of it */
  amountCents: number;
  counterpartCompanyId?: string | null;
  cardId?: string | null;
  runId?: string | null;
  rowId?: string | null;
  note?: string | null;
  userId?: string | null;
}

/**
 * Appends movements to a locked wallet and updates its balance once. `releaseReservedCents` is
 * the part of the wallet's reservation these movements consume (a planned run's credits);
 * unreserved debits may only use the available part (balance − reserved).
 * Throws WalletInsufficientError (nothing written) when the wallet cannot cover them.
 */
export async function applyWalletMoves(tx: Db, wallet: LockedWallet, moves: readonly WalletMove[], releaseReservedCents = 0): Promise<LockedWallet> {
  if (moves.length === 0 && releaseReservedCents === 0) return wallet;
  const net = moves.reduce((sum, move) => sum + move.amountCents, 0);
  const reserved = wallet.reservedCents - releaseReservedCents;
  if (reserved < 0) throw new Error(`wallet ${wallet.companyId}: releasing more than reserved`);
  const balance = wallet.balanceCents + net;
  if (balance < reserved) throw new WalletInsufficientError(reserved - balance);
  let running = wallet.balanceCents;
  const rows = moves.map((move) => {
    running += move.amountCents;
    return {
      companyId: wallet.companyId,
      type: move.type,
      reason: move.reason,
      amountCents: move.amountCents,
      balanceAfterCents: running,
      counterpartCompanyId: move.counterpartCompanyId ?? null,
      cardId: move.cardId ?? null,
      runId: move.runId ?? null,
      rowId: move.rowId ?? null,
      note: move.note ?? null,
      userId: move.userId ?? null,
    };
  });
  // one JSON parameter, not 11 per row: building a 500-row VALUES list cost more than the insert itself
  if (rows.length > 0) {
    await tx.execute(sql`
      INSERT INTO wallet_movements (company_id, type, reason, amount_cents, balance_after_cents, counterpart_company_id, card_id, run_id, row_id, note, user_id)
      SELECT v."companyId", v.type, v.reason, v."amountCents", v."balanceAfterCents", v."counterpartCompanyId", v."cardId", v."runId", v."rowId", v.note, v."userId"
      FROM jsonb_to_recordset(${JSON.stringify(rows.map((row, i) => ({ ...row, i })))}::jsonb) AS v("companyId" uuid, type text, reason text, "amountCents" bigint, "balanceAfterCents" bigint,
        "counterpartCompanyId" uuid, "cardId" uuid, "runId" uuid, "rowId" uuid, note text, "userId" uuid, i int)
      ORDER BY v.i`);
  }
  const walletReloaded = moves.some((move) => move.type === 'WALLET_RELOAD' && move.amountCents > 0);
  await tx.execute(sql`
    UPDATE wallets SET balance_cents = ${balance}, reserved_cents = ${reserved}, updated_at = now()
      ${walletReloaded ? sql`, last_reload_at = now()` : sql``}
    WHERE company_id = ${wallet.companyId}`);
  return { companyId: wallet.companyId, balanceCents: balance, reservedCents: reserved };
}

/** Sets aside `cents` of the available balance for planned reloads (WalletInsufficientError when it is not there). */
export async function reserve(tx: Db, wallet: LockedWallet, cents: number): Promise<LockedWallet> {
  const available = wallet.balanceCents - wallet.reservedCents;
  if (cents > available) throw new WalletInsufficientError(cents - available);
  await tx.execute(sql`UPDATE wallets SET reserved_cents = reserved_cents + ${cents}, updated_at = now() WHERE company_id = ${wallet.companyId}`);
  return { ...wallet, reservedCents: wallet.reservedCents + cents };
}

/** Gives back `cents` of the reservation (a planned row deleted or refused at run time). */
export async function release(tx: Db, wallet: LockedWallet, cents: number): Promise<LockedWallet> {
  if (cents === 0) return wallet;
  if (cents > wallet.reservedCents) throw new Error(`wallet ${wallet.companyId}: releasing more than reserved`);
  await tx.execute(sql`UPDATE wallets SET reserved_cents = reserved_cents - ${cents}, updated_at = now() WHERE company_id = ${wallet.companyId}`);
  return { ...wallet, reservedCents: wallet.reservedCents - cents };
}

// ---------------------------------------------------------------- cards

export interface LockedReloadableCard extends ReloadableCardState {
  id: string;
  number: string;
  companyId: string;
  balanceCents: number;
}

interface CardRow extends CardStateRow {
  id: string;
  number: string;
  company_id: string;
  balance_cents: string | number;
}

/** Locks cards by id, in id order (the lock order); cards outside `companyIds` are not returned. */
export async function lockReloadableCards(tx: Db, companyIds: readonly string[], ids: readonly string[]): Promise<Map<string, LockedReloadableCard>> {
  const out = new Map<string, LockedReloadableCard>();
  if (ids.length === 0) return out;
  const sorted = [...new Set(ids)].sort();
  const rows = await queryRows<CardRow>(
    tx,
    sql`SELECT id, number, company_id, status, balance_cents, expiration_date, month_key, year_key, month_reloaded_cents, year_reloaded_cents
        FROM reloadable_cards WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(sorted)}::jsonb)::uuid) AND ${inIds(sql`company_id`, companyIds)}
        ORDER BY id FOR UPDATE`,
  );
  for (const row of rows) {
    out.set(row.id, { id: row.id, number: row.number, companyId: row.company_id, balanceCents: Number(row.balance_cents), ...cardStateOf(row) });
  }
  return out;
}

export interface CardCredit {
  card: LockedReloadableCard;
  amountCents: number;
  runId: string | null;
  rowId: string | null;
  userId: string | null;
}

/**
 * Credits locked cards: one RELOAD event each (balance after it), then each card's balance,
 * period totals and last reload date in one UPDATE. The cards in `credits` are updated in place
 * (a card credited twice in one call adds up). Returns the balance after each credit, in order.
 */
export async function creditCards(tx: Db, credits: readonly CardCredit[], at: Date = new Date()): Promise<number[]> {
  if (credits.length === 0) return [];
  const period = periodOf(at);
  const after: number[] = [];
  const events = credits.map((credit) => {
    const card = credit.card;
    if (card.monthKey !== period.month) {
      card.monthKey = period.month;
      card.monthReloadedCents = 0;
    }
    if (card.yearKey !== period.year) {
      card.yearKey = period.year;
      card.yearReloadedCents = 0;
    }
    card.balanceCents += credit.amountCents;
    card.monthReloadedCents += credit.amountCents;
    card.yearReloadedCents += credit.amountCents;
    after.push(card.balanceCents);
    return {
      cardId: card.id,
      companyId: card.companyId,
      type: 'RELOAD' as CardEventType,
      amountCents: credit.amountCents,
      balanceAfterCents: card.balanceCents,
      runId: credit.runId,
      rowId: credit.rowId,
      userId: credit.userId,
    };
  });
  await tx.execute(sql`
    INSERT INTO reloadable_card_events (card_id, company_id, type, amount_cents, balance_after_cents, run_id, row_id, user_id, created_at)
    SELECT v."cardId", v."companyId", v.type, v."amountCents", v."balanceAfterCents", v."runId", v."rowId", v."userId", ${at.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(events.map((event, i) => ({ ...event, i })))}::jsonb) AS v("cardId" uuid, "companyId" uuid, type text, "amountCents" bigint, "balanceAfterCents" bigint,
      "runId" uuid, "rowId" uuid, "userId" uuid, i int)
    ORDER BY v.i`);
  const cards = [...new Map(credits.map((credit) => [credit.card.id, credit.card])).values()];
  const json = JSON.stringify(cards.map((c) => ({ id: c.id, b: c.balanceCents, mk: c.monthKey, m: c.monthReloadedCents, yk: c.yearKey, y: c.yearReloadedCents })));
  await tx.execute(sql`
    UPDATE reloadable_cards AS c SET balance_cents = v.b, month_key = v.mk, month_reloaded_cents = v.m, year_key = v.yk, year_reloaded_cents = v.y,
      last_reload_at = ${at}, updated_at = now()
    FROM jsonb_to_recordset(${json}::jsonb) AS v(id uuid, b bigint, mk text, m bigint, yk text, y bigint)
    WHERE c.id = v.id`);
  return after;
}

/** A non-money event in a card's history (lock, unlock, company or client ID change). */
export async function appendCardEvent(
  tx: Db,
  card: Pick<LockedReloadableCard, 'id' | 'companyId' | 'balanceCents'>,
  type: Exclude<CardEventType, 'RELOAD'>,
  userId: string | null,
  detail: Record<string, string | null> | null = null,
): Promise<void> {
  await tx.insert(reloadableCardEvents).values({ cardId: card.id, companyId: card.companyId, type, amountCents: null, balanceAfterCents: card.balanceCents, detail, userId });
}
