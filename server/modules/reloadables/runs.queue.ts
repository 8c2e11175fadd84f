import type { PlannedReload, ReloadRunDetail } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/errors';
import { lockWallet, release } from './ledger.repository';
import { lowBalanceCheck } from './runs.execute';
import { closeDeletedRun, countDeletedRow, deletePlannedRowOf, deletePlannedRowsOf, loadPlannedRow, loadRunDetail, lockCompanyRun, runIdOfRow, type LockedRun } from './runs.repository';

/**
 * The queue: deleting planned reloads before their run started. Lock order as the executor's:
 * the run row first, then its rows, then the wallet; a run whose executor took its first chunk
 * has started_at set (in that chunk's transaction) and is no longer deletable.
 */

async function lockRun(tx: Db, companyId: string, runId: string): Promise<LockedRun> {
  const run = await lockCompanyRun(tx, companyId, runId);
  if (!run) throw notFound('No such reload run');
  return run;
}

const notPending = () => new ApiError(409, 'RELOAD_NOT_PENDING', 'The run has already started or ended');

/** A planned run with its still-planned rows: every such row DELETED, its amount released, the run DELETED. */
export async function deleteRun(ctx: AppContext, companyId: string, runId: string, userId: string): Promise<ReloadRunDetail> {
  await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, companyId, runId);
    if (run.state !== 'IN_PROGRESS' || run.started_at !== null || run.scheduled_at === null) throw notPending();
    const at = ctx.clock.now();
    const gone = await deletePlannedRowsOf(tx, runId, at, userId);
    const wallet = await lockWallet(tx, companyId);
    await release(tx, wallet, gone.cents);
    await closeDeletedRun(tx, runId, at, gone);
  });
  await lowBalanceCheck(ctx, companyId); // released money may re-arm the low-balance warning
  return (await loadRunDetail(ctx.db, companyId, runId))!;
}

/** One row of a planned run not yet started: DELETED and released; the run's last planned row deletes the run. */
export async function deletePlannedRow(ctx: AppContext, companyId: string, rowId: string, userId: string): Promise<PlannedReload> {
  await ctx.db.transaction(async (tx) => {
    const runId = await runIdOfRow(tx, companyId, rowId);
    if (!runId) throw notFound('No such planned reload');
    const run = await lockRun(tx, companyId, runId);
    if (run.state !== 'IN_PROGRESS' || run.started_at !== null || run.scheduled_at === null) throw notPending();
    const at = ctx.clock.now();
    const cents = await deletePlannedRowOf(tx, rowId, at, userId);
    if (cents === undefined) throw notPending();
    const wallet = await lockWallet(tx, companyId);
    await release(tx, wallet, cents);
    await countDeletedRow(tx, run.id, at, cents);
  });
  await lowBalanceCheck(ctx, companyId);
  return (await loadPlannedRow(ctx.db, companyId, rowId))!;
}
