import { reloadRefusal, type ReloadErrorCode } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { applyWalletMoves, creditCards, lockReloadableCards, lockWallet, release, type CardCredit, type WalletMove } from './ledger.repository';
import { checkLowBalance, notifyRunFinished } from './notifications';
import { claimRows, countChunk, finishRunIfDone, lockRunToExecute, markRowsCredited, markRowsRefused, type ClaimedRow } from './runs.repository';

/** The job that runs a run (planned: at its time; now: as a rescue if the request died mid-run). */
export const RUN_JOB = 'reloads.run';

/** Rows per chunk transaction (RELOAD_CHUNK_ROWS; README "Exactly once"). */
export const DEFAULT_CHUNK_ROWS = 500;

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
  const run = await lockRunToExecute(tx, runId);
  if (!run || run.state !== 'IN_PROGRESS') return 'gone';
  const claimed = await claimRows(tx, runId, chunkRows);
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
  if (creditedRows.length > 0) await markRowsCredited(tx, creditedRows.map((r, i) => ({ id: r.id, balanceAfterCents: after[i] })), at);
  if (refused.length > 0) await markRowsRefused(tx, refused, at);
  await countChunk(tx, runId, at, { credited: credits.length, creditedCents, refused: refused.length, refusedCents });
  return 'done';
}

/**
 * Ends the run once no row is left IN_PROGRESS: COMPLETED when something was credited, else
 * DELETED. One conditional UPDATE, so of several executors exactly one finishes it and tells.
 */
async function finishRun(ctx: AppContext, runId: string): Promise<boolean> {
  const finished = await finishRunIfDone(ctx.db, runId, ctx.clock.now());
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
