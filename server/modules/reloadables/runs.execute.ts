import { sql } from 'drizzle-orm';
import { reloadRefusal, type ReloadErrorCode } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { applyWalletMoves, creditCards, lockReloadableCards, lockWallet, release, type CardCredit, type WalletMove } from './ledger.repository';
import { checkLowBalance, notifyRunFinished } from './notifications';

/** The job that runs a run (planned: at its time; now: as a rescue if the request died mid-run). */
export const RUN_JOB = 'reloads.run';

/** Rows per chunk transaction (RELOAD_CHUNK_ROWS; README "Exactly once"). */
export const DEFAULT_CHUNK_ROWS = 500;

interface ClaimedRow {
  id: string;
  card_id: string;
  amount_cents: string | number;
}

type ChunkResult = 'done' | 'empty' | 'gone';

/**
 * Runs a run's remaining rows, chunk after chunk; shared by the request (a run now) and the job
 * (a planned run, or a run whose request died). Several executors may run one run at once (the
 * request and a rescuing job, or two instances after a stale lock): rows are claimed with
 * FOR UPDATE SKIP LOCKED and both ledgers refuse a row twice, so each row is credited once.
 * Returns true when this call finished the run.
 */
export async function executeRun(ctx: AppContext, runId: string, signal?: AbortSignal): Promise<boolean> {
  const chunkRows = ctx.config.reloads.chunkRows || DEFAULT_CHUNK_ROWS;
  for (;;) {
    // the job's lease lost (jobs/runner.ts): another worker runs the rest, this one starts no chunk
    signal?.throwIfAborted();
    const result = await ctx.db.transaction((tx) => runChunk(tx, ctx, runId, chunkRows));
    if (result === 'gone') return false;
    if (result === 'empty') break;
  }
  signal?.throwIfAborted();
  return finishRun(ctx, runId);
}

/**
 * One chunk in one transaction. Lock order: the run row (so a queue deletion and a chunk never
 * interleave), the claimed rows, the cards (id order), then the wallet.
 */
async function runChunk(tx: Db, ctx: AppContext, runId: string, chunkRows: number): Promise<ChunkResult> {
  const at = ctx.clock.now();
  const [run] = await queryRows<{ company_id: string; user_id: string | null; state: string }>(
    tx,
    sql`SELECT company_id, user_id, state FROM reload_runs WHERE id = ${runId} FOR UPDATE`,
  );
  if (!run || run.state !== 'IN_PROGRESS') return 'gone';
  const claimed = await queryRows<ClaimedRow>(
    tx,
    sql`SELECT id, card_id, amount_cents FROM reload_rows WHERE run_id = ${runId} AND state = 'IN_PROGRESS'
        ORDER BY position LIMIT ${chunkRows} FOR UPDATE SKIP LOCKED`,
  );
  if (claimed.length === 0) return 'empty';
  const cards = await lockReloadableCards(tx, [run.company_id], claimed.map((r) => r.card_id));
  let wallet = await lockWallet(tx, run.company_id);
  const credits: CardCredit[] = [];
  const creditedRows: ClaimedRow[] = [];
  const refused: { id: string; reason: ReloadErrorCode; amount: number }[] = [];
  for (const row of claimed) {
    const amount = Number(row.amount_cents);
    const card = cards.get(row.card_id);
    // a card moved to another company since the plan is no longer this wallet's to reload
    const reason = card ? reloadRefusal(card, amount, at, ctx.config.reloads) : 'RELOAD_CARD_UNKNOWN';
    if (reason || !card) {
      refused.push({ id: row.id, reason: reason ?? 'RELOAD_CARD_UNKNOWN', amount });
      continue;
    }
    credits.push({ card, amountCents: amount, runId, rowId: row.id, userId: run.user_id });
    creditedRows.push(row);
  }
  const after = await creditCards(tx, credits, at);
  const moves: WalletMove[] = credits.map((c) => ({
    type: 'CARD_RELOAD',
    reason: 'CARD_RELOAD',
    amountCents: -c.amountCents,
    cardId: c.card.id,
    runId,
    rowId: c.rowId,
    userId: run.user_id,
  }));
  const creditedCents = credits.reduce((sum, c) => sum + c.amountCents, 0);
  const refusedCents = refused.reduce((sum, r) => sum + r.amount, 0);
  wallet = await applyWalletMoves(tx, wallet, moves, creditedCents);
  await release(tx, wallet, refusedCents);
  const iso = at.toISOString();
  if (creditedRows.length > 0) {
    const done = JSON.stringify(creditedRows.map((r, i) => ({ id: r.id, b: after[i] })));
    await tx.execute(sql`
      UPDATE reload_rows AS r SET state = 'COMPLETED', balance_after_cents = v.b, credited_at = ${iso}::timestamptz
      FROM jsonb_to_recordset(${done}::jsonb) AS v(id uuid, b bigint) WHERE r.id = v.id`);
  }
  if (refused.length > 0) {
    const gone = JSON.stringify(refused.map((r) => ({ id: r.id, reason: r.reason })));
    await tx.execute(sql`
      UPDATE reload_rows AS r SET state = 'DELETED', reason = v.reason, deleted_at = ${iso}::timestamptz
      FROM jsonb_to_recordset(${gone}::jsonb) AS v(id uuid, reason text) WHERE r.id = v.id`);
  }
  await tx.execute(sql`
    UPDATE reload_runs SET started_at = COALESCE(started_at, ${iso}::timestamptz),
      credited_count = credited_count + ${credits.length}, credited_cents = credited_cents + ${creditedCents},
      deleted_count = deleted_count + ${refused.length}, reserved_cents = reserved_cents - ${creditedCents + refusedCents}
    WHERE id = ${runId}`);
  return 'done';
}

/**
 * Ends the run once no row is left IN_PROGRESS: COMPLETED when something was credited, else
 * DELETED. One conditional UPDATE, so of several executors exactly one finishes it and tells.
 */
async function finishRun(ctx: AppContext, runId: string): Promise<boolean> {
  const at = ctx.clock.now().toISOString();
  const [finished] = await queryRows<{ company_id: string }>(
    ctx.db,
    sql`UPDATE reload_runs SET state = CASE WHEN credited_count > 0 THEN 'COMPLETED' ELSE 'DELETED' END, completed_at = ${at}::timestamptz
        WHERE id = ${runId} AND state = 'IN_PROGRESS'
          AND NOT EXISTS (SELECT 1 FROM reload_rows WHERE run_id = ${runId} AND state = 'IN_PROGRESS')
        RETURNING company_id`,
  );
  if (!finished) return false;
  await notifyRunFinished(ctx, runId);
  await lowBalanceCheck(ctx, finished.company_id);
  return true;
}

/** After the available balance moved (a run's credits, a plan's reservation, a release): the low-balance e-mail, once per crossing. */
export async function lowBalanceCheck(ctx: AppContext, companyId: string): Promise<void> {
  // in a transaction of its own: the settings row lock it takes must last until its mail is queued
  await ctx.db.transaction((tx) => checkLowBalance(tx, ctx, companyId));
}
