import type { ErrorCode, ProblemBody } from '../../../domain/errors';
import {
  cardActionsFor,
  DEFAULT_RELOAD_CAPS,
  periodOf,
  periodTotals,
  reloadRefusal,
  type CardEvent,
  type CardEventType,
  type NotificationSettings,
  type PlannedReload,
  type ReloadableCard,
  type ReloadableCardStatus,
  type ReloadableUser,
  type ReloadRun,
  type ReloadRunDetail,
  type ReloadState,
  type Wallet,
  type WalletMovement,
  type WalletMovementReason,
  type WalletMovementType,
} from '../../../domain/reloadables';
import { HttpError, errorTextFromBody } from '../../dataProvider/httpError';
import type { DemoDb, DemoUser } from '../db';

/**
 * The reloadable programme's tables in the demo's memory (server/db/schema/reloadables.ts) and
 * its money primitives, as server/modules/reloadables/ledger.ts: the only writers of wallet
 * movements and card credits. Invariants: a wallet's balance is the sum of its movements, never
 * negative, reserved ≤ balance; a card's balance is the sum of its RELOAD events.
 */

/** id kind of every row of the programme (sequentialId: one counter, unique ids). */
export const RELOADABLE_KIND = 12;

export interface DemoWallet {
  companyId: string;
  balanceCents: number;
  reservedCents: number;
  lastReloadAt: string | null;
}
export interface DemoMovement extends Omit<WalletMovement, 'runNumber'> {
  /** insertion order: "newest first" is the order things happened in */
  seq: number;
}
export type DemoHolder = Omit<ReloadableUser, 'cardCount'>;
export interface DemoCard {
  id: string;
  number: string;
  companyId: string;
  userId: string | null;
  clientId: string | null;
  status: ReloadableCardStatus;
  balanceCents: number;
  activationDate: string | null;
  expirationDate: string | null;
  lastReloadAt: string | null;
  monthKey: string | null;
  yearKey: string | null;
  monthReloadedCents: number;
  yearReloadedCents: number;
}
export interface DemoEvent extends CardEvent {
  seq: number;
}
/** A run as the API answers it, plus what it still holds reserved in the wallet. */
export interface DemoRun extends ReloadRun {
  reservedCents: number;
}
export interface DemoRow {
  id: string;
  runId: string;
  position: number;
  companyId: string;
  cardId: string;
  amountCents: number;
  state: ReloadState;
  reason: string | null;
  insertedAt: string;
  initialBalanceCents: number;
  /** the card's balance right after this row's credit */
  creditedBalanceCents: number | null;
  creditedAt: string | null;
}

export interface ReloadableStore {
  wallets: Map<string, DemoWallet>;
  movements: DemoMovement[];
  holders: DemoHolder[];
  cards: DemoCard[];
  cardById: Map<string, DemoCard>;
  events: DemoEvent[];
  runs: DemoRun[];
  rows: DemoRow[];
  notifications: Map<string, NotificationSettings>;
  seq: number;
  runNumber: number;
}

export function emptyStore(): ReloadableStore {
  return { wallets: new Map(), movements: [], holders: [], cards: [], cardById: new Map(), events: [], runs: [], rows: [], notifications: new Map(), seq: 0, runNumber: 0 };
}

// ---------------------------------------------------------------- errors

/** A problem as the API's ApiError answers it, with `errors` and `params` (src/demo/errors.ts does not carry params). */
export function problem(status: number, code: ErrorCode, instance: string, detail: string, extra: { errors?: Record<string, string>; params?: Record<string, string | number> } = {}): HttpError {
  const body: ProblemBody = {
    type: 'about:blank',
    title: status === 400 ? 'Bad Request' : status === 409 ? 'Conflict' : 'Error',
    status,
    detail,
    instance,
    error: { message: code },
    ...(extra.errors && Object.keys(extra.errors).length > 0 ? { errors: extra.errors } : {}),
    ...(extra.params ? { params: extra.params } : {}),
  };
  return new HttpError(errorTextFromBody(body), status, body);
}

/** 409 WALLET_INSUFFICIENT with `params.shortfallCents` (the SPA says by how much). */
export const walletInsufficient = (shortfallCents: number, instance: string) =>
  problem(409, 'WALLET_INSUFFICIENT', instance, `The wallet lacks ${shortfallCents} cents`, { params: { shortfallCents } });

// ---------------------------------------------------------------- wallets

export function walletOf(store: ReloadableStore, companyId: string): DemoWallet {
  let wallet = store.wallets.get(companyId);
  if (!wallet) {
    wallet = { companyId, balanceCents: 0, reservedCents: 0, lastReloadAt: null };
    store.wallets.set(companyId, wallet);
  }
  return wallet;
}

export interface WalletMove {
  type: WalletMovementType;
  reason: WalletMovementReason;
  amountCents: number;
  counterpartCompanyId?: string | null;
  cardId?: string | null;
  runId?: string | null;
  note?: string | null;
}

const userNameOf = (user: DemoUser | null) => (user ? `${user.firstName} ${user.lastName}` : null);
const companyNameOf = (db: DemoDb, id: string | null) => (id ? (db.companies.find((c) => c.id === id)?.companyName ?? null) : null);

/**
 * Appends movements to a wallet (balance after each). `releaseReservedCents` is the part of the
 * reservation these movements consume (a planned run's credits); other debits may use only the
 * available part. A wallet that cannot cover them: 409 WALLET_INSUFFICIENT, nothing written.
 */
export function applyWalletMoves(db: DemoDb, store: ReloadableStore, companyId: string, moves: readonly WalletMove[], opts: { user: DemoUser | null; at: string; instance: string; releaseReservedCents?: number }): DemoWallet {
  const wallet = walletOf(store, companyId);
  const net = moves.reduce((sum, move) => sum + move.amountCents, 0);
  const reserved = wallet.reservedCents - (opts.releaseReservedCents ?? 0);
  if (reserved < 0) throw new Error(`wallet ${companyId}: releasing more than reserved`);
  const balance = wallet.balanceCents + net;
  if (balance < reserved) throw walletInsufficient(reserved - balance, opts.instance);
  let running = wallet.balanceCents;
  for (const move of moves) {
    running += move.amountCents;
    store.movements.push({
      id: db.newId(RELOADABLE_KIND),
      seq: (store.seq += 1),
      companyId,
      type: move.type,
      reason: move.reason,
      amountCents: move.amountCents,
      balanceAfterCents: running,
      counterpartCompanyId: move.counterpartCompanyId ?? null,
      counterpartCompanyName: companyNameOf(db, move.counterpartCompanyId ?? null),
      cardId: move.cardId ?? null,
      cardNumber: move.cardId ? (store.cardById.get(move.cardId)?.number ?? null) : null,
      runId: move.runId ?? null,
      note: move.note ?? null,
      userName: userNameOf(opts.user),
      createdAt: opts.at,
    });
  }
  wallet.balanceCents = balance;
  wallet.reservedCents = reserved;
  if (moves.some((move) => move.type === 'WALLET_RELOAD' && move.amountCents > 0)) wallet.lastReloadAt = opts.at;
  return wallet;
}

/** Sets aside `cents` of the available balance for a planned run (409 WALLET_INSUFFICIENT when it is not there). */
export function reserve(store: ReloadableStore, companyId: string, cents: number, instance: string): void {
  const wallet = walletOf(store, companyId);
  const available = wallet.balanceCents - wallet.reservedCents;
  if (cents > available) throw walletInsufficient(cents - available, instance);
  wallet.reservedCents += cents;
}

/** Gives back `cents` of the reservation (a planned row deleted, or refused at run time). */
export function release(store: ReloadableStore, companyId: string, cents: number): void {
  const wallet = walletOf(store, companyId);
  if (cents > wallet.reservedCents) throw new Error(`wallet ${companyId}: releasing more than reserved`);
  wallet.reservedCents -= cents;
}

export function walletRecord(db: DemoDb, store: ReloadableStore, companyId: string): Wallet {
  const wallet = walletOf(store, companyId);
  const company = db.companies.find((c) => c.id === companyId)!;
  return {
    id: companyId,
    companyId,
    companyName: company.companyName,
    companyCode: company.code ?? '',
    balanceCents: wallet.balanceCents,
    reservedCents: wallet.reservedCents,
    availableCents: wallet.balanceCents - wallet.reservedCents,
    lastReloadAt: wallet.lastReloadAt,
    parentCompanyId: company.parentId ?? null,
  };
}

export const movementRecord =
  (store: ReloadableStore) =>
  ({ seq: _seq, ...movement }: DemoMovement): WalletMovement => ({ ...movement, runNumber: movement.runId ? (store.runs.find((run) => run.id === movement.runId)?.number ?? null) : null });

// ---------------------------------------------------------------- cards

/** Credits a card (period totals in Rome time, last reload) and writes its RELOAD event. */
export function creditCard(db: DemoDb, store: ReloadableStore, card: DemoCard, amountCents: number, opts: { runId: string | null; user: DemoUser | null; at: string }): number {
  const period = periodOf(new Date(opts.at));
  if (card.monthKey !== period.month) Object.assign(card, { monthKey: period.month, monthReloadedCents: 0 });
  if (card.yearKey !== period.year) Object.assign(card, { yearKey: period.year, yearReloadedCents: 0 });
  card.balanceCents += amountCents;
  card.monthReloadedCents += amountCents;
  card.yearReloadedCents += amountCents;
  card.lastReloadAt = opts.at;
  appendCardEvent(db, store, card, 'RELOAD', opts.user, opts.at, null, amountCents, opts.runId);
  return card.balanceCents;
}

export function appendCardEvent(
  db: DemoDb,
  store: ReloadableStore,
  card: DemoCard,
  type: CardEventType,
  user: DemoUser | null,
  at: string,
  detail: Record<string, string | null> | null = null,
  amountCents: number | null = null,
  runId: string | null = null,
): void {
  store.events.push({ id: db.newId(RELOADABLE_KIND), seq: (store.seq += 1), cardId: card.id, type, amountCents, balanceAfterCents: card.balanceCents, runId, detail, userName: userNameOf(user), createdAt: at });
}

/** `viewer`: the company looked at, whose wallet pays a reload (a parent cannot reload a sub-company's card from its own), and its subtree (the companies a card may be linked to); the actions are those that would succeed `now` (as the API's). */
export function cardRecord(db: DemoDb, store: ReloadableStore, card: DemoCard, now: Date, viewer: { companyId: string; companyIds: ReadonlySet<string> }): ReloadableCard {
  const holder = card.userId ? store.holders.find((h) => h.id === card.userId) : undefined;
  const totals = periodTotals(card, now);
  return {
    id: card.id,
    number: card.number,
    companyId: card.companyId,
    companyName: companyNameOf(db, card.companyId) ?? '',
    clientId: card.clientId,
    userId: card.userId,
    customerName: holder ? `${holder.firstName} ${holder.lastName}` : null,
    status: card.status,
    balanceCents: card.balanceCents,
    activationDate: card.activationDate,
    expirationDate: card.expirationDate,
    lastReloadAt: card.lastReloadAt,
    monthReloadedCents: totals.month,
    yearReloadedCents: totals.year,
    actions: cardActionsFor(card.status, {
      paidHere: card.companyId === viewer.companyId,
      otherCompanies: [...viewer.companyIds].some((id) => id !== card.companyId),
      reloadableNow: reloadRefusal(card, 1, now, DEFAULT_RELOAD_CAPS) === null,
    }),
  };
}

export const eventRecord = ({ seq: _seq, ...event }: DemoEvent): CardEvent => ({ ...event, detail: event.detail ? { ...event.detail } : null });

export function holderRecord(store: ReloadableStore, holder: DemoHolder): ReloadableUser {
  return { ...holder, cardCount: store.cards.filter((c) => c.userId === holder.id).length };
}

// ---------------------------------------------------------------- runs

export function runRecord({ reservedCents: _r, ...run }: DemoRun): ReloadRun {
  return { ...run };
}

export function runDetail(store: ReloadableStore, run: DemoRun): ReloadRunDetail {
  const rows = store.rows.filter((r) => r.runId === run.id);
  return { ...runRecord(run), progress: { done: rows.filter((r) => r.state !== 'IN_PROGRESS').length, total: rows.length } };
}

export function rowRecord(db: DemoDb, store: ReloadableStore, row: DemoRow): PlannedReload {
  const run = store.runs.find((r) => r.id === row.runId)!;
  const card = store.cardById.get(row.cardId)!;
  const holder = card.userId ? store.holders.find((h) => h.id === card.userId) : undefined;
  return {
    id: row.id,
    runId: row.runId,
    runNumber: run.number,
    position: row.position,
    companyId: row.companyId,
    companyName: companyNameOf(db, row.companyId) ?? '',
    cardId: row.cardId,
    cardNumber: card.number,
    customer: holder ? `${holder.firstName} ${holder.lastName}` : null,
    amountCents: row.amountCents,
    insertedAt: row.insertedAt,
    scheduledAt: run.scheduledAt,
    initialAmountCents: row.initialBalanceCents,
    currentAmountCents: row.state === 'COMPLETED' && row.creditedBalanceCents !== null ? row.creditedBalanceCents : card.balanceCents,
    state: row.state,
    reason: row.reason,
    creditedAt: row.creditedAt,
  };
}
