import { sql } from 'drizzle-orm';
import type { PlannedReload, ReloadRunDetail } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/errors';
import { lockWallet, release } from './ledger.repository';
import { lowBalanceCheck } from './runs.execute';
import { loadPlannedRow, loadRunDetail } from './runs.repository';

/**
 * The queue: deleting planned reloads before their run started. Lock order as the executor's:
 * the run row first, then its rows, then the wallet; a run whose executor took its first chunk
 * has started_at set (in that chunk's transaction) and is no longer deletable.
 */

interface LockedRun {
  id: string;
  state: string;
  started_at: Date | string | null;
  scheduled_at: Date | string | null;
}

async function lockRun(tx: Db, companyId: string, runId: string): Promise<LockedRun> {
  const [run] = await queryRows<LockedRun>(tx, sql`SELECT id, state, started_at, scheduled_at FROM reload_runs WHERE id = ${runId} AND company_id = ${companyId} FOR UPDATE`);
  if (!run) throw notFound('No such reload run');
  return run;
}

const notPending = () => new ApiError(409, 'RELOAD_NOT_PENDING', 'The run has already started or ended');

/** A planned run with its still-planned rows: every such row DELETED, its amount released, the run DELETED. */
export async function deleteRun(ctx: AppContext, companyId: string, runId: string, userId: string): Promise<ReloadRunDetail> {
  await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, companyId, runId);
    if (run.state !== 'IN_PROGRESS' || run.started_at !== null || run.scheduled_at === null) throw notPending();
    const at = ctx.clock.now().toISOString();
    const [gone] = await queryRows<{ count: string | number; cents: string | number | null }>(
      tx,
      sql`WITH d AS (
            UPDATE reload_rows SET state = 'DELETED', reason = NULL, deleted_at = ${at}::timestamptz, deleted_by = ${userId}
            WHERE run_id = ${runId} AND state = 'IN_PROGRESS' RETURNING amount_cents)
          SELECT count(*) AS count, sum(amount_cents) AS cents FROM d`,
    );
    const cents = Number(gone.cents ?? 0);
    const wallet = await lockWallet(tx, companyId);
    await release(tx, wallet, cents);
    await tx.execute(sql`
      UPDATE reload_runs SET state = CASE WHEN credited_count > 0 THEN 'COMPLETED' ELSE 'DELETED' END, completed_at = ${at}::timestamptz,
        deleted_count = deleted_count + ${Number(gone.count)}, reserved_cents = reserved_cents - ${cents}
      WHERE id = ${runId}`);
  });
  await lowBalanceCheck(ctx, companyId); // released money may re-arm the low-balance warning
  return (await loadRunDetail(ctx.db, companyId, runId))!;
}

/** One row of a planned run not yet started: DELETED and released; the run's last planned row deletes the run. */
export async function deletePlannedRow(ctx: AppContext, companyId: string, rowId: string, userId: string): Promise<PlannedReload> {
  await ctx.db.transaction(async (tx) => {
    const [found] = await queryRows<{ run_id: string }>(tx, sql`SELECT run_id FROM reload_rows WHERE id = ${rowId} AND company_id = ${companyId}`);
    if (!found) throw notFound('No such planned reload');
    const run = await lockRun(tx, companyId, found.run_id);
    if (run.state !== 'IN_PROGRESS' || run.started_at !== null || run.scheduled_at === null) throw notPending();
    const at = ctx.clock.now().toISOString();
    const [row] = await queryRows<{ amount_cents: string | number }>(
      tx,
      sql`UPDATE reload_rows SET state = 'DELETED', reason = NULL, deleted_at = ${at}::timestamptz, deleted_by = ${userId}
          WHERE id = ${rowId} AND state = 'IN_PROGRESS' RETURNING amount_cents`,
    );
    if (!row) throw notPending();
    const cents = Number(row.amount_cents);
    const wallet = await lockWallet(tx, companyId);
    await release(tx, wallet, cents);
    await tx.execute(sql`
      UPDATE reload_runs SET deleted_count = deleted_count + 1, reserved_cents = reserved_cents - ${cents},
        state = CASE WHEN deleted_count + 1 >= row_count THEN 'DELETED' ELSE state END,
        completed_at = CASE WHEN deleted_count + 1 >= row_count THEN ${at}::timestamptz ELSE completed_at END
      WHERE id = ${run.id}`);
  });
  await lowBalanceCheck(ctx, companyId);
  return (await loadPlannedRow(ctx.db, companyId, rowId))!;
}
