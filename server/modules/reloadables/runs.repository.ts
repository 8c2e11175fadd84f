import { sql, type SQL } from 'drizzle-orm';
import { PROGRAMME_TIME_ZONE } from '../../../domain/reloadables';
import type { PlannedReload, PlannedReloadFilter, ReloadRun, ReloadRunDetail, ReloadRunFilter, ReloadSource, ReloadState } from '../../../domain/reloadables';
import { queryRows, type Db } from '../../db/client';
import { nextPrintedNumber } from '../../db/numbering';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type SortKey } from '../../lib/keyset';
import type { PageStart } from '../../lib/ordered-pages';
import type { CardStateRow } from './cards.repository';

/**
 * Reads of reload runs and their rows (planned reloads). Every read is limited to the route's
 * company: a run or row of another company is not found (404), never shown.
 */

interface RunRow {
  id: string;
  number: string;
  company_id: string;
  company_name: string;
  source: ReloadSource;
  file_name: string | null;
  state: ReloadState;
  scheduled_at: Date | string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  row_count: number;
  total_cents: string | number;
  credited_count: number;
  credited_cents: string | number;
  deleted_count: number;
  user_name: string | null;
}

const isoOf = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

const RUN_COLUMNS = sql`r.id, r.number, r.company_id, c.name AS company_name, r.source, r.file_name, r.state, r.scheduled_at, r.created_at, r.started_at,
  r.completed_at, r.row_count, r.total_cents, r.credited_count, r.credited_cents, r.deleted_count, CASE WHEN u.id IS NULL THEN NULL ELSE trim(u.first_name || ' ' || u.last_name) END AS user_name`;
const RUN_FROM = sql`reload_runs r JOIN companies c ON c.id = r.company_id LEFT JOIN users u ON u.id = r.user_id`;

function toRun(row: RunRow): ReloadRun {
  return {
    id: row.id,
    number: row.number,
    companyId: row.company_id,
    companyName: row.company_name,
    source: row.source,
    fileName: row.file_name,
    state: row.state,
    scheduledAt: isoOf(row.scheduled_at),
    createdAt: isoOf(row.created_at)!,
    startedAt: isoOf(row.started_at),
    completedAt: isoOf(row.completed_at),
    rowCount: Number(row.row_count),
    totalCents: Number(row.total_cents),
    creditedCount: Number(row.credited_count),
    creditedCents: Number(row.credited_cents),
    deletedCount: Number(row.deleted_count),
    userName: row.user_name,
  };
}

/** A run with its progress (rows credited or deleted by committed chunks / all rows). */
export function toRunDetail(run: ReloadRun): ReloadRunDetail {
  return { ...run, progress: { done: run.creditedCount + run.deletedCount, total: run.rowCount } };
}

export async function loadRunDetail(db: Db, companyId: string, runId: string, onlyState?: ReloadState): Promise<ReloadRunDetail | null> {
  const [row] = await queryRows<RunRow>(
    db,
    sql`SELECT ${RUN_COLUMNS} FROM ${RUN_FROM} WHERE r.id = ${runId} AND r.company_id = ${companyId} ${onlyState ? sql`AND r.state = ${onlyState}` : sql``}`,
  );
  return row ? toRunDetail(toRun(row)) : null;
}

/** End of a day given as YYYY-MM-DD (inclusive), or the instant itself. */
const upperBound = (value: string) => (value.length === 10 ? sql`(${value}::date + 1)::timestamptz` : sql`${value}::timestamptz`);
const lowerBound = (value: string) => (value.length === 10 ? sql`${value}::date::timestamptz` : sql`${value}::timestamptz`);

export function runFilterSql(filter: ReloadRunFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.state) where.push(sql`r.state = ${filter.state}`);
  if (filter.source) where.push(sql`r.source = ${filter.source}`);
  if (filter.scheduled === true) where.push(sql`r.scheduled_at IS NOT NULL`);
  if (filter.scheduled === false) where.push(sql`r.scheduled_at IS NULL`);
  if (filter.dateFrom) where.push(sql`r.created_at >= ${lowerBound(filter.dateFrom)}`);
  if (filter.dateTo) where.push(sql`r.created_at < ${upperBound(filter.dateTo)}`);
  return where;
}

/** Runs in the order they were made (created_at, ties by id both ways): the walk on (company_id, created_at); or by id. */
export const runKey = (order: 'ASC' | 'DESC', field: 'createdAt' | 'id' = 'createdAt'): SortKey =>
  field === 'id' ? { column: sql`r.id`, type: 'uuid', id: sql`r.id`, order } : { column: sql`r.created_at`, type: 'timestamptz', id: sql`r.id`, order };

export interface RunPage extends PageStart {
  filter: ReloadRunFilter;
  field: 'createdAt' | 'id';
  order: 'ASC' | 'DESC';
}

/** A page of the company's runs (after `offset` rows or after a cursor's row), newest first (or oldest: ASC); with each row's key. */
export async function listRuns(db: Db, companyId: string, page: RunPage): Promise<KeyedRows<ReloadRun>> {
  const key = runKey(page.order, page.field);
  const after = afterCondition(key, page.after);
  const where = [sql`r.company_id = ${companyId}`, ...runFilterSql(page.filter), after];
  const rows = await queryRows<RunRow & { sort_key: string }>(
    db,
    sql`SELECT ${RUN_COLUMNS}, ${key.column}::text AS sort_key FROM ${RUN_FROM} WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${keyOrder(key)} LIMIT ${page.limit} OFFSET ${page.after ? 0 : page.offset}`,
  );
  return keyedRows(rows, toRun);
}

interface PlannedRow {
  id: string;
  run_id: string;
  run_number: string;
  position: number;
  company_id: string;
  company_name: string;
  card_id: string;
  card_number: string;
  customer: string | null;
  amount_cents: string | number;
  inserted_at: Date | string;
  scheduled_at: Date | string | null;
  initial_balance_cents: string | number;
  balance_after_cents: string | number | null;
  card_balance_cents: string | number;
  state: ReloadState;
  reason: string | null;
  credited_at: Date | string | null;
}

/** A row's customer: the card's holder, by name (the run page's, the history CSV's, the validation report's). */
const ROW_CUSTOMER = sql`CASE WHEN u.id IS NULL THEN NULL ELSE trim(u.first_name || ' ' || u.last_name) END`;

const ROW_COLUMNS = sql`w.id, w.run_id, r.number AS run_number, w.position, w.company_id, c.name AS company_name, w.card_id, k.number AS card_number,
  ${ROW_CUSTOMER} AS customer,
  w.amount_cents, w.inserted_at, r.scheduled_at, w.initial_balance_cents, w.balance_after_cents, k.balance_cents AS card_balance_cents, w.state, w.reason, w.credited_at`;
const ROW_FROM = sql`reload_rows w JOIN reload_runs r ON r.id = w.run_id JOIN companies c ON c.id = w.company_id
  JOIN reloadable_cards k ON k.id = w.card_id LEFT JOIN reloadable_users u ON u.id = k.user_id`;

/** The history's order: newest run first (its creation, then its number), a run's rows by position. */
const HISTORY_KEY: SortKey = {
  column: sql`r.created_at`,
  type: 'timestamptz',
  then: [
    { column: sql`r.number`, type: 'text', order: 'DESC' },
    { column: sql`w.position`, type: 'integer', order: 'ASC' },
  ],
  id: sql`w.id`,
  order: 'DESC',
};

/**
 * The reload history for the CSV (runs.export.ts says how it is shown): the rows of the company's
 * completed runs that pass the filter (its state aside), and the values a line is made of.
 */
export function historyExportRows(companyId: string, filter: ReloadRunFilter) {
  const where = [sql`r.company_id = ${companyId}`, sql`r.state = 'COMPLETED'`, ...runFilterSql({ ...filter, state: undefined })];
  return {
    from: (condition: SQL) =>
      sql`FROM reload_rows w JOIN reload_runs r ON r.id = w.run_id JOIN reloadable_cards k ON k.id = w.card_id LEFT JOIN reloadable_users u ON u.id = k.user_id
        WHERE ${sql.join(where, sql` AND `)} AND ${condition}`,
    key: HISTORY_KEY,
    values: {
      runNumber: sql`r.number`,
      createdAt: sql`r.created_at`,
      scheduledAt: sql`r.scheduled_at`,
      completedAt: sql`r.completed_at`,
      position: sql`w.position`,
      cardNumber: sql`k.number`,
      customer: ROW_CUSTOMER,
      amountCents: sql`w.amount_cents`,
      state: sql`w.state`,
      creditedAt: sql`w.credited_at`,
      reason: sql`w.reason`,
    },
  };
}

function toPlanned(row: PlannedRow): PlannedReload {
  return {
    id: row.id,
    runId: row.run_id,
    runNumber: row.run_number,
    position: Number(row.position),
    companyId: row.company_id,
    companyName: row.company_name,
    cardId: row.card_id,
    cardNumber: row.card_number,
    customer: row.customer,
    amountCents: Number(row.amount_cents),
    insertedAt: isoOf(row.inserted_at)!,
    scheduledAt: isoOf(row.scheduled_at),
    initialAmountCents: Number(row.initial_balance_cents),
    currentAmountCents: Number(row.state === 'COMPLETED' && row.balance_after_cents !== null ? row.balance_after_cents : row.card_balance_cents),
    state: row.state,
    reason: row.reason,
    creditedAt: isoOf(row.credited_at),
  };
}

export async function loadPlannedRow(db: Db, companyId: string, rowId: string): Promise<PlannedReload | null> {
  const [row] = await queryRows<PlannedRow>(db, sql`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE w.id = ${rowId} AND w.company_id = ${companyId}`);
  return row ? toPlanned(row) : null;
}

/** A run's rows by position (or by id; `limit + 1` rows). */
export async function listRunRows(
  db: Db,
  companyId: string,
  runId: string,
  filter: PlannedReloadFilter,
  sort: { field: 'position' | 'id'; order: 'ASC' | 'DESC' },
  offset: number,
  limit: number,
): Promise<PlannedReload[]> {
  const where = [sql`w.run_id = ${runId}`, sql`w.company_id = ${companyId}`, ...rowFilterSql(filter)];
  const order = sql`${sort.field === 'id' ? sql`w.id` : sql`w.position`} ${sort.order === 'ASC' ? sql`ASC` : sql`DESC`}`;
  const rows = await queryRows<PlannedRow>(db, sql`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE ${sql.join(where, sql` AND `)} ORDER BY ${order} LIMIT ${limit + 1} OFFSET ${offset}`);
  return rows.map(toPlanned);
}

function rowFilterSql(filter: PlannedReloadFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.state) where.push(sql`w.state = ${filter.state}`);
  if (filter.runId) where.push(sql`w.run_id = ${filter.runId}`);
  if (filter.cardNumber) where.push(sql`k.number LIKE ${`${filter.cardNumber.replace(/[%_\\]/g, '')}%`}`);
  if (filter.scheduledFrom) where.push(sql`r.scheduled_at >= ${lowerBound(filter.scheduledFrom)}`);
  if (filter.scheduledTo) where.push(sql`r.scheduled_at < ${upperBound(filter.scheduledTo)}`);
  return where;
}

/**
 * The queue (SPEC §3 planned reloads): rows of planned runs, by default those still IN_PROGRESS,
 * soonest scheduled first (latest first with `order` DESC; `limit + 1` rows).
 */
export async function listPlanned(
  db: Db,
  companyId: string,
  filter: PlannedReloadFilter,
  offset: number,
  limit: number,
  sort: { field: 'scheduledAt' | 'id'; order: 'ASC' | 'DESC' } = { field: 'scheduledAt', order: 'ASC' },
): Promise<PlannedReload[]> {
  const where = [sql`w.company_id = ${companyId}`, sql`r.scheduled_at IS NOT NULL`, ...rowFilterSql({ ...filter, state: filter.state ?? 'IN_PROGRESS' })];
  const direction = sort.order === 'ASC' ? sql`ASC` : sql`DESC`;
  const order = sort.field === 'id' ? sql`w.id ${direction}` : sql`r.scheduled_at ${direction}, r.number ${direction}, w.position`;
  const rows = await queryRows<PlannedRow>(
    db,
    sql`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${order} LIMIT ${limit + 1} OFFSET ${offset}`,
  );
  return rows.map(toPlanned);
}

// ---------------------------------------------------------------- what creating a run reads and writes (reloads.service.ts checks the rows)

/** A card a run's row names, as the reload rules read it. */
export interface ReloadCardRow extends CardStateRow {
  id: string;
  number: string;
  balance_cents: string | number;
  customer: string | null;
}

/** The company's cards with one of these ids or numbers, in one query (the keys go as two JSON arrays, not one parameter each). */
export function reloadCardsByIdOrNumber(db: Db, companyId: string, ids: readonly string[], numbers: readonly string[]): Promise<ReloadCardRow[]> {
  return queryRows<ReloadCardRow>(
    db,
    sql`SELECT c.id, c.number, c.status, c.balance_cents, c.expiration_date, c.month_key, c.year_key, c.month_reloaded_cents, c.year_reloaded_cents,
          ${ROW_CUSTOMER} AS customer
        FROM reloadable_cards c LEFT JOIN reloadable_users u ON u.id = c.user_id
        WHERE c.company_id = ${companyId}
          AND (c.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
            OR c.number IN (SELECT jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb)))`,
  );
}

/** What reloads not yet run ask of each card in the month and the year given (Rome time, by their run's scheduled time). */
export function pendingReloadsOf(db: Db, cardIds: readonly string[], period: { month: string; year: string }) {
  return queryRows<{ card_id: string; month_cents: string | number | null; year_cents: string | number | null }>(
    db,
    sql`SELECT r.card_id,
          sum(r.amount_cents) FILTER (WHERE to_char(coalesce(x.scheduled_at, x.created_at) AT TIME ZONE ${PROGRAMME_TIME_ZONE}, 'YYYY-MM') = ${period.month}) AS month_cents,
          sum(r.amount_cents) FILTER (WHERE to_char(coalesce(x.scheduled_at, x.created_at) AT TIME ZONE ${PROGRAMME_TIME_ZONE}, 'YYYY') = ${period.year}) AS year_cents
        FROM reload_rows r JOIN reload_runs x ON x.id = r.run_id
        WHERE r.state = 'IN_PROGRESS' AND r.card_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(cardIds)}::jsonb)::uuid)
        GROUP BY r.card_id`,
  );
}

/** A new run, IN_PROGRESS, its total reserved, numbered from reload_run_number_seq, with its rows; answers its id. */
export async function insertRunRows(
  tx: Db,
  run: {
    companyId: string;
    source: ReloadSource;
    fileName: string | null;
    scheduledAt: Date | null;
    totalCents: number;
    userId: string;
    now: Date;
    rows: ReadonlyArray<{ position: number; cardId: string; amountCents: number; balanceCents: number }>;
  },
): Promise<{ id: string }> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO reload_runs (number, company_id, source, file_name, state, scheduled_at, row_count, total_cents, reserved_cents, user_id, created_at)
        VALUES (${nextPrintedNumber('RL-', 'reload_run_number_seq')}, ${run.companyId}, ${run.source}, ${run.fileName}, 'IN_PROGRESS',
          ${run.scheduledAt?.toISOString() ?? null}::timestamptz, ${run.rows.length}, ${run.totalCents}, ${run.totalCents}, ${run.userId}, ${run.now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  const rows = JSON.stringify(run.rows.map((r) => ({ p: r.position, c: r.cardId, a: r.amountCents, b: r.balanceCents })));
  await tx.execute(sql`
    INSERT INTO reload_rows (run_id, company_id, position, card_id, amount_cents, initial_balance_cents, inserted_at)
    SELECT ${row.id}, ${run.companyId}, v.p, v.c, v.a, v.b, ${run.now.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${rows}::jsonb) AS v(p int, c uuid, a bigint, b bigint)`);
  return row;
}

// ---------------------------------------------------------------- what running a run writes (runs.execute.ts decides; README "Exactly once")

/** The run row, locked (FOR UPDATE) for one chunk: a queue deletion and a chunk never interleave. */
export async function lockRunToExecute(tx: Db, runId: string): Promise<{ company_id: string; user_id: string | null; state: string } | undefined> {
  const [run] = await queryRows<{ company_id: string; user_id: string | null; state: string }>(
    tx,
    sql`SELECT company_id, user_id, state FROM reload_runs WHERE id = ${runId} FOR UPDATE`,
  );
  return run;
}

/** A row claimed by one chunk. */
export interface ClaimedRow {
  id: string;
  card_id: string;
  amount_cents: string | number;
}

/** The run's next `limit` rows still IN_PROGRESS, by position, that no other executor holds (FOR UPDATE SKIP LOCKED). */
export function claimRows(tx: Db, runId: string, limit: number): Promise<ClaimedRow[]> {
  return queryRows<ClaimedRow>(
    tx,
    sql`SELECT id, card_id, amount_cents FROM reload_rows WHERE run_id = ${runId} AND state = 'IN_PROGRESS'
        ORDER BY position LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
}

/** Rows credited: COMPLETED, with the card's balance after each. */
export async function markRowsCredited(tx: Db, rows: ReadonlyArray<{ id: string; balanceAfterCents: number }>, at: Date): Promise<void> {
  const done = JSON.stringify(rows.map((r) => ({ id: r.id, b: r.balanceAfterCents })));
  await tx.execute(sql`
      UPDATE reload_rows AS r SET state = 'COMPLETED', balance_after_cents = v.b, credited_at = ${at.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${done}::jsonb) AS v(id uuid, b bigint) WHERE r.id = v.id`);
}

/** Rows refused at run time: DELETED, with the refusal code as their reason. */
export async function markRowsRefused(tx: Db, rows: ReadonlyArray<{ id: string; reason: string }>, at: Date): Promise<void> {
  const gone = JSON.stringify(rows.map((r) => ({ id: r.id, reason: r.reason })));
  await tx.execute(sql`
      UPDATE reload_rows AS r SET state = 'DELETED', reason = v.reason, deleted_at = ${at.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${gone}::jsonb) AS v(id uuid, reason text) WHERE r.id = v.id`);
}

/** A chunk's counts on its run (started at the first chunk); its credited and refused amounts leave the run's reservation. */
export async function countChunk(tx: Db, runId: string, at: Date, chunk: { credited: number; creditedCents: number; refused: number; refusedCents: number }): Promise<void> {
  await tx.execute(sql`
    UPDATE reload_runs SET started_at = COALESCE(started_at, ${at.toISOString()}::timestamptz),
      credited_count = credited_count + ${chunk.credited}, credited_cents = credited_cents + ${chunk.creditedCents},
      deleted_count = deleted_count + ${chunk.refused}, reserved_cents = reserved_cents - ${chunk.creditedCents + chunk.refusedCents}
    WHERE id = ${runId}`);
}

/**
 * Ends the run when no row is left IN_PROGRESS (COMPLETED when something was credited, else
 * DELETED), in one conditional UPDATE: of several executors exactly one gets its company back.
 */
export async function finishRunIfDone(db: Db, runId: string, at: Date): Promise<{ company_id: string } | undefined> {
  const [finished] = await queryRows<{ company_id: string }>(
    db,
    sql`UPDATE reload_runs SET state = CASE WHEN credited_count > 0 THEN 'COMPLETED' ELSE 'DELETED' END, completed_at = ${at.toISOString()}::timestamptz
        WHERE id = ${runId} AND state = 'IN_PROGRESS'
          AND NOT EXISTS (SELECT 1 FROM reload_rows WHERE run_id = ${runId} AND state = 'IN_PROGRESS')
        RETURNING company_id`,
  );
  return finished;
}

// ---------------------------------------------------------------- what the queue writes (runs.queue.ts decides)

/** A run as the queue checks it before deleting. */
export interface LockedRun {
  id: string;
  state: string;
  started_at: Date | string | null;
  scheduled_at: Date | string | null;
}

/** The company's run, locked (FOR UPDATE) in the executor's order: the run row before its rows. */
export async function lockCompanyRun(tx: Db, companyId: string, runId: string): Promise<LockedRun | undefined> {
  const [run] = await queryRows<LockedRun>(tx, sql`SELECT id, state, started_at, scheduled_at FROM reload_runs WHERE id = ${runId} AND company_id = ${companyId} FOR UPDATE`);
  return run;
}

/** The run a company's row belongs to (undefined: no such row of this company). */
export async function runIdOfRow(tx: Db, companyId: string, rowId: string): Promise<string | undefined> {
  const [found] = await queryRows<{ run_id: string }>(tx, sql`SELECT run_id FROM reload_rows WHERE id = ${rowId} AND company_id = ${companyId}`);
  return found?.run_id;
}

/** Every still-planned row of the run DELETED by `userId`; answers how many and their amount. */
export async function deletePlannedRowsOf(tx: Db, runId: string, at: Date, userId: string): Promise<{ count: number; cents: number }> {
  const [gone] = await queryRows<{ count: string | number; cents: string | number | null }>(
    tx,
    sql`WITH d AS (
          UPDATE reload_rows SET state = 'DELETED', reason = NULL, deleted_at = ${at.toISOString()}::timestamptz, deleted_by = ${userId}
          WHERE run_id = ${runId} AND state = 'IN_PROGRESS' RETURNING amount_cents)
        SELECT count(*) AS count, sum(amount_cents) AS cents FROM d`,
  );
  return { count: Number(gone.count), cents: Number(gone.cents ?? 0) };
}

/** The run closed after its planned rows were deleted: COMPLETED if something was credited, else DELETED; their amount leaves its reservation. */
export async function closeDeletedRun(tx: Db, runId: string, at: Date, deleted: { count: number; cents: number }): Promise<void> {
  await tx.execute(sql`
    UPDATE reload_runs SET state = CASE WHEN credited_count > 0 THEN 'COMPLETED' ELSE 'DELETED' END, completed_at = ${at.toISOString()}::timestamptz,
      deleted_count = deleted_count + ${deleted.count}, reserved_cents = reserved_cents - ${deleted.cents}
    WHERE id = ${runId}`);
}

/** One still-planned row DELETED by `userId`; answers its amount (undefined: it was no longer planned). */
export async function deletePlannedRowOf(tx: Db, rowId: string, at: Date, userId: string): Promise<number | undefined> {
  const [row] = await queryRows<{ amount_cents: string | number }>(
    tx,
    sql`UPDATE reload_rows SET state = 'DELETED', reason = NULL, deleted_at = ${at.toISOString()}::timestamptz, deleted_by = ${userId}
        WHERE id = ${rowId} AND state = 'IN_PROGRESS' RETURNING amount_cents`,
  );
  return row ? Number(row.amount_cents) : undefined;
}

/** One deleted row counted on its run, its amount out of the reservation; the run's last row deletes the run. */
export async function countDeletedRow(tx: Db, runId: string, at: Date, cents: number): Promise<void> {
  const iso = at.toISOString();
  await tx.execute(sql`
    UPDATE reload_runs SET deleted_count = deleted_count + 1, reserved_cents = reserved_cents - ${cents},
      state = CASE WHEN deleted_count + 1 >= row_count THEN 'DELETED' ELSE state END,
      completed_at = CASE WHEN deleted_count + 1 >= row_count THEN ${iso}::timestamptz ELSE completed_at END
    WHERE id = ${runId}`);
}
