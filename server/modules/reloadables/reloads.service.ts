import { reportedErrors, periodOf, RELOAD_LIMITS, reloadRefusal, type ReloadCaps, type ReloadRowError, type ReloadRunDetail, type ReloadSource, type ReloadValidation, type ReloadableCardState } from '../../../domain/reloadables';
import { amountMaxMessage, maxDaysAheadMessage } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/access';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import { ApiError } from '../../lib/errors';
import { runIdempotent, unwrap, type IdempotencyRequest } from '../../lib/idempotency';
import { cardStateOf } from './cards.repository';
import { lockReloadableCards, lockWallet, reserve } from './ledger.repository';
import { executeRun, lowBalanceCheck, RUN_JOB } from './runs.execute';
import { insertRunRows, loadRunDetail, pendingReloadsOf, reloadCardsByIdOrNumber } from './runs.repository';
import { walletAvailable } from './wallet.repository';

export interface RunRowInput {
  /** file line or position in the selection (1-based) */
  row: number;
  cardId?: string;
  cardNumber?: string;
  amountCents: number;
}

/** What the rules need of a card, plus what the validation report shows. */
interface ResolvedCard extends ReloadableCardState {
  id: string;
  number: string;
  customer: string | null;
  balanceCents: number;
  /** planned reloads not yet run of this card, in the month and year of the check */
  pending: { month: number; year: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The company's cards named by the rows, by id or by number, in one query (a 10,000-row CSV is
 * one round trip: the keys go as two JSON arrays, not 10,000 parameters).
 */
async function resolveCards(db: Db, companyId: string, rows: readonly RunRowInput[], at: Date): Promise<{ byId: Map<string, ResolvedCard>; byNumber: Map<string, ResolvedCard> }> {
  const ids = [...new Set(rows.map((r) => r.cardId).filter((id): id is string => typeof id === 'string' && UUID.test(id)))];
  const numbers = [...new Set(rows.map((r) => r.cardNumber).filter((n): n is string => typeof n === 'string' && n !== ''))];
  const byId = new Map<string, ResolvedCard>();
  const byNumber = new Map<string, ResolvedCard>();
  if (ids.length === 0 && numbers.length === 0) return { byId, byNumber };
  const found = await reloadCardsByIdOrNumber(db, companyId, ids, numbers);
  for (const row of found) {
    const card: ResolvedCard = {
      id: row.id,
      number: row.number,
      customer: row.customer,
      balanceCents: Number(row.balance_cents),
      ...cardStateOf(row),
      pending: { month: 0, year: 0 },
    };
    byId.set(card.id, card);
    byNumber.set(card.number, card);
  }
  await withPending(db, byId, at);
  return { byId, byNumber };
}

/**
 * What planned reloads not yet run already ask for each card in the month and the year of `at`
 * (Rome time, by their run's scheduled time): the caps count them, so two plans cannot together
 * pass a cap. Read again after the cards are locked when a run is created (a concurrent plan of the
 * same card has committed by then).
 */
async function withPending(db: Db, cards: Map<string, ResolvedCard>, at: Date): Promise<void> {
  if (cards.size === 0) return;
  const period = periodOf(at);
  const rows = await pendingReloadsOf(db, [...cards.keys()], period);
  for (const card of cards.values()) card.pending = { month: 0, year: 0 };
  for (const row of rows) {
    const card = cards.get(row.card_id);
    if (card) card.pending = { month: Number(row.month_cents ?? 0), year: Number(row.year_cents ?? 0) };
  }
}

/** A row that may run, with the card it resolved to. */
interface GoodRow {
  row: number;
  card: ResolvedCard;
  amountCents: number;
}

/**
 * The rules over resolved cards (pure): amount bounds, card known, not twice, `reloadRefusal` at
 * `at`. Error codes are message keys (`validation.*`, `errors.codes.*`), as the CSV reader's are.
 */
function evaluate(rows: readonly RunRowInput[], cards: { byId: Map<string, ResolvedCard>; byNumber: Map<string, ResolvedCard> }, at: Date, caps: ReloadCaps) {
  const good: GoodRow[] = [];
  const errors: ReloadRowError[] = [];
  const seen = new Set<string>();
  for (const input of rows) {
    const amount = input.amountCents;
    if (!Number.isInteger(amount) || amount <= 0) {
      errors.push({ row: input.row, field: 'amount', code: 'validation.amount' });
      continue;
    }
    if (amount > RELOAD_LIMITS.maxReloadCents) {
      errors.push({ row: input.row, field: 'amount', code: amountMaxMessage(RELOAD_LIMITS.maxReloadCents) });
      continue;
    }
    const card = input.cardId ? cards.byId.get(input.cardId) : input.cardNumber ? cards.byNumber.get(input.cardNumber) : undefined;
    if (!card) {
      errors.push({ row: input.row, field: 'card', code: 'errors.codes.RELOAD_CARD_UNKNOWN' });
      continue;
    }
    if (seen.has(card.id)) {
      errors.push({ row: input.row, field: 'card', code: 'errors.codes.RELOAD_CARD_DUPLICATE' });
      continue;
    }
    seen.add(card.id);
    const refusal = reloadRefusal(card, amount, at, caps, card.pending);
    if (refusal) {
      errors.push({ row: input.row, field: 'card', code: `errors.codes.${refusal}` });
      continue;
    }
    good.push({ row: input.row, card, amountCents: amount });
  }
  return { good, errors };
}

/**
 * Checks rows without writing: each card must be the company's, reloadable now (or at
 * `at`, for a plan) by its amount within the caps (a card twice is RELOAD_CARD_DUPLICATE), and
 * the wallet must cover the total of the good rows (shortfall reported).
 */
export async function checkRows(db: Db, ctx: AppContext, actor: Pick<Actor, 'userId' | 'companyId'>, rows: readonly RunRowInput[], at: Date): Promise<ReloadValidation> {
  const cards = await resolveCards(db, actor.companyId, rows, at);
  const { good, errors } = evaluate(rows, cards, at, ctx.config.reloads);
  const availableCents = await walletAvailable(db, actor.companyId);
  const totalCents = good.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    rows: good.map((r) => ({ row: r.row, cardId: r.card.id, cardNumber: r.card.number, customer: r.card.customer, amountCents: r.amountCents })),
    ...reportedErrors(errors),
    count: good.length,
    totalCents,
    availableCents,
    shortfallCents: Math.max(0, totalCents - availableCents),
  };
}

/** 400 RELOAD_ROWS_INVALID naming each bad row as `rows.<row>.<field>` → message key. */
function rowsInvalid(errors: readonly ReloadRowError[]): ApiError {
  const fieldErrors: Record<string, string> = {};
  // the first rows only: a refusal of 10,000 rows is a page, and the SPA checks again anyway
  for (const e of reportedErrors(errors).errors) fieldErrors[`rows.${e.row}.${e.field}`] ??= e.code;
  return new ApiError(400, 'RELOAD_ROWS_INVALID', `${errors.length} reload rows are not valid`, fieldErrors);
}

/** A plan must be in the future (business clock) and at most RELOAD_LIMITS.maxScheduleDays ahead. */
export function checkSchedule(ctx: AppContext, scheduledAt: Date | null | undefined): void {
  if (!scheduledAt) return;
  const now = ctx.clock.now();
  if (Number.isNaN(scheduledAt.getTime())) throw new ApiError(400, 'VALIDATION_ERROR', 'scheduledAt is not a date', { scheduledAt: 'validation.invalid' });
  if (scheduledAt.getTime() <= now.getTime()) throw new ApiError(400, 'RELOAD_SCHEDULE_PAST', 'The scheduled time is not in the future', { scheduledAt: 'validation.schedulePast' });
  if (scheduledAt.getTime() > now.getTime() + RELOAD_LIMITS.maxScheduleDays * 86_400_000) {
    throw new ApiError(400, 'VALIDATION_ERROR', `A run may be planned at most ${RELOAD_LIMITS.maxScheduleDays} days ahead`, { scheduledAt: maxDaysAheadMessage(RELOAD_LIMITS.maxScheduleDays) });
  }
}

/** How long after its creation a run now is picked up by the job runner if the request died before finishing it. */
const RUN_NOW_RESCUE_MS = 30_000;

/**
 * Creates a run and, when it is not planned, runs it before answering. All-or-nothing: a bad row
 * → 400 RELOAD_ROWS_INVALID (errors `rows.<row>.<field>`), a wallet that does not cover the total
 * → 409 WALLET_INSUFFICIENT (params.shortfallCents); nothing written in either case.
 * With an idempotency request a replay answers the same run (its current detail) and writes nothing.
 */
export async function createRun(
  ctx: AppContext,
  actor: Pick<Actor, 'userId' | 'companyId'>,
  input: { source: ReloadSource; fileName?: string | null; scheduledAt?: Date | null; rows: readonly RunRowInput[] },
  idempotency: IdempotencyRequest | null,
): Promise<ReloadRunDetail> {
  const scheduledAt = input.scheduledAt ?? null;
  checkRunInput(ctx, scheduledAt, input.rows);
  let created = false;
  const outcome = await runIdempotent<{ runId: string }>(ctx.db, idempotency, async (tx) => {
    const run = await insertRun(tx, ctx, actor, { ...input, scheduledAt }, 'all');
    created = true;
    return { ok: true, body: { runId: run.runId! } };
  });
  const { runId } = unwrap(outcome);
  if (created) await afterInsert(ctx, actor, runId, scheduledAt);
  const detail = await loadRunDetail(ctx.db, actor.companyId, runId);
  if (!detail) throw new Error(`reload run ${runId} vanished`);
  return detail;
}

function checkRunInput(ctx: AppContext, scheduledAt: Date | null, rows: readonly RunRowInput[]): void {
  checkSchedule(ctx, scheduledAt);
  if (rows.length === 0) throw new ApiError(400, 'VALIDATION_ERROR', 'No rows', { rows: 'validation.required' });
  if (rows.length > RELOAD_LIMITS.maxRows) throw new ApiError(400, 'VALIDATION_ERROR', 'Too many rows', { rows: 'validation.csvTooManyRows' });
}

/** Once the run is committed: a run now is credited before answering; a plan has set money aside (the available balance fell). */
async function afterInsert(ctx: AppContext, actor: Pick<Actor, 'userId' | 'companyId'>, runId: string, scheduledAt: Date | null): Promise<void> {
  if (!scheduledAt) await executeRun(ctx, runId);
  else await lowBalanceCheck(ctx, actor.companyId);
}

/**
 * The rows that pass make a run now, in one transaction with the Idempotency-Key (the card bulk
 * reload): each refused row is reported (`errors`, as `checkRows` words them) instead of refusing
 * the whole, the checks being made on the locked cards, so concurrent calls sharing a card each
 * answer per row. `answer` turns the outcome into the body stored under the key: a replay answers
 * it as it was, whatever happened to the cards since, and writes nothing. The wallet must cover
 * the rows that pass (409 WALLET_INSUFFICIENT, nothing written, the key not kept).
 */
export async function createRunOfValidRows<T>(
  ctx: AppContext,
  actor: Pick<Actor, 'userId' | 'companyId'>,
  input: { source: ReloadSource; rows: readonly RunRowInput[] },
  idempotency: IdempotencyRequest | null,
  answer: (tx: Db, result: { runId: string | null; errors: ReloadRowError[] }) => Promise<T>,
): Promise<T> {
  checkRunInput(ctx, null, input.rows);
  const created: { runId: string | null } = { runId: null };
  const outcome = await runIdempotent<T>(ctx.db, idempotency, async (tx) => {
    const result = await insertRun(tx, ctx, actor, { ...input, scheduledAt: null }, 'valid');
    created.runId = result.runId;
    return { ok: true, body: await answer(tx, result) };
  });
  const body = unwrap(outcome);
  if (created.runId) await afterInsert(ctx, actor, created.runId, null);
  return body;
}

/**
 * The run, its rows, the reservation of its total and its job, in the caller's transaction.
 * Lock order as everywhere: cards (id order), then the wallet. The rows are checked on the locked
 * cards; `mode` says what a refused row does: `all` refuses the whole (400 RELOAD_ROWS_INVALID),
 * `valid` leaves it out (returned in `errors`; no run when no row passes).
 */
async function insertRun(
  tx: Db,
  ctx: AppContext,
  actor: Pick<Actor, 'userId' | 'companyId'>,
  input: { source: ReloadSource; fileName?: string | null; scheduledAt: Date | null; rows: readonly RunRowInput[] },
  mode: 'all' | 'valid',
): Promise<{ runId: string | null; errors: ReloadRowError[] }> {
  const now = ctx.clock.now();
  const at = input.scheduledAt ?? now;
  const resolved = await resolveCards(tx, actor.companyId, input.rows, at);
  // the checks run on the locked cards: a card locked, reloaded or planned meanwhile is seen as it is now
  const locked = await lockReloadableCards(tx, [actor.companyId], [...resolved.byId.keys()]);
  for (const [id, card] of resolved.byId) {
    const current = locked.get(id);
    if (!current) {
      resolved.byId.delete(id);
      resolved.byNumber.delete(card.number);
    } else Object.assign(card, { status: current.status, balanceCents: current.balanceCents, expirationDate: current.expirationDate, monthKey: current.monthKey, yearKey: current.yearKey, monthReloadedCents: current.monthReloadedCents, yearReloadedCents: current.yearReloadedCents });
  }
  await withPending(tx, resolved.byId, at);
  const { good, errors } = evaluate(input.rows, resolved, at, ctx.config.reloads);
  if (errors.length > 0 && mode === 'all') throw rowsInvalid(errors);
  if (good.length === 0) return { runId: null, errors };
  const totalCents = good.reduce((sum, r) => sum + r.amountCents, 0);
  const wallet = await lockWallet(tx, actor.companyId);
  await reserve(tx, wallet, totalCents);
  const run = await insertRunRows(tx, {
    companyId: actor.companyId,
    source: input.source,
    fileName: input.fileName ?? null,
    scheduledAt: input.scheduledAt ?? null,
    totalCents,
    userId: actor.userId,
    now,
    rows: good.map((r) => ({ position: r.row, cardId: r.card.id, amountCents: r.amountCents, balanceCents: r.card.balanceCents })),
  });
  await enqueue(tx, RUN_JOB, { runId: run.id }, { runAt: input.scheduledAt ?? new Date(now.getTime() + RUN_NOW_RESCUE_MS) });
  return { runId: run.id, errors };
}
