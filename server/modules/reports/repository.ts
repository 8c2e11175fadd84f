import { sql, type SQL } from 'drizzle-orm';
import type { ReportState, ReportTypeId } from '../../../domain/reports';
import type { GeneratedReportFilter } from '../../../domain/schemas/reports';
import { queryRows, type Db } from '../../db/client';
import { generatedReports } from '../../db/schema';
import { inIds } from '../../db/company-scope';
import { csvRead, type CsvFile } from '../../lib/csv-export';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type KeyPosition, type SortKey } from '../../lib/keyset';
import { escapeLike } from '../../lib/like';

/** The generated_reports reads and writes (README.md beside this file). */

export interface ReportRow {
  id: string;
  company_id: string;
  company_name: string;
  report_id: ReportTypeId;
  parameters: Record<string, unknown> | string;
  language: string;
  time_zone: string;
  notify: boolean;
  state: ReportState;
  progress: number;
  row_count: string | number | null;
  size_bytes: string | number | null;
  file_key: string | null;
  error_code: string | null;
  requested_by: string | null;
  requester_name: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
}

const COLUMNS = sql`r.id, r.company_id, co.name AS company_name, r.report_id, r.parameters, r.language, r.time_zone, r.notify, r.state, r.progress,
    r.row_count, r.size_bytes, r.file_key, r.error_code, r.requested_by,
    CASE WHEN u.id IS NULL THEN NULL ELSE COALESCE(NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) END AS requester_name,
    r.created_at, r.started_at, r.finished_at, r.expires_at`;
const FROM = sql`FROM generated_reports r JOIN companies co ON co.id = r.company_id LEFT JOIN users u ON u.id = r.requested_by`;

/** One report of the subtree (`companyIds`; null: any, for jobs), or null. */
export async function findReport(db: Db, id: string, companyIds: readonly string[] | null = null): Promise<ReportRow | null> {
  const [row] = await queryRows<ReportRow>(db, sql`SELECT ${COLUMNS} ${FROM} WHERE r.id = ${id} ${companyIds ? sql`AND ${inIds(sql`r.company_id`, companyIds)}` : sql``}`);
  return row ?? null;
}

/** The list's order: newest first (the company/created index), or oldest first; or by id. */
export const REPORT_SORTS = ['createdAt', 'id'] as const;
const sortKey = (field: (typeof REPORT_SORTS)[number], order: 'ASC' | 'DESC'): SortKey =>
  field === 'id' ? { column: sql`r.id`, type: 'uuid', id: sql`r.id`, order } : { column: sql`r.created_at`, type: 'timestamptz', id: sql`r.id`, order };

export interface ReportPage {
  filter: GeneratedReportFilter;
  field: (typeof REPORT_SORTS)[number];
  order: 'ASC' | 'DESC';
  offset: number;
  after?: KeyPosition;
  limit: number;
}

function conditions(companyIds: readonly string[], types: readonly ReportTypeId[], filter: GeneratedReportFilter): SQL {
  const parts: SQL[] = [inIds(sql`r.company_id`, companyIds), inIds(sql`r.report_id`, types)];
  if (filter.state) parts.push(sql`r.state = ${filter.state}`);
  if (filter.reportId) parts.push(sql`r.report_id = ${filter.reportId}`);
  if (filter.q?.trim()) {
    const like = `%${escapeLike(filter.q.trim())}%`;
    parts.push(sql`(co.name ILIKE ${like} OR u.email ILIKE ${like} OR concat_ws(' ', u.first_name, u.last_name) ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

/** A page of the subtree's reports of `types` (one row more than the page: sendPage's "more"); no types: none. */
export async function listReports(db: Db, companyIds: readonly string[], types: readonly ReportTypeId[], page: ReportPage): Promise<KeyedRows<ReportRow>> {
  const key = sortKey(page.field, page.order);
  const found = await queryRows<ReportRow & { sort_key: string | null }>(
    db,
    sql`SELECT ${COLUMNS}, ${key.column}::text AS sort_key ${FROM}
        WHERE ${conditions(companyIds, types, page.filter)} AND ${afterCondition(key, page.after)}
        ORDER BY ${keyOrder(key)} LIMIT ${page.limit} OFFSET ${page.after ? 0 : page.offset}`,
  );
  return keyedRows(found, (row) => row);
}

/** How many reports of this user are queued or running (the per-user limit). */
export async function activeCount(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM generated_reports WHERE requested_by = ${userId} AND state IN ('queued', 'running')`);
  return row.n;
}

export async function setReport(db: Db, id: string, set: SQL, where: SQL = sql`TRUE`): Promise<boolean> {
  const rows = await queryRows(db, sql`UPDATE generated_reports SET ${set} WHERE id = ${id} AND ${where} RETURNING id`);
  return rows.length > 0;
}

// ---------------------------------------------------------------- a request's writes (service.ts counts the caller's active reports first)

/** Serializes one user's report requests (the count of active ones, then the new row). */
export async function lockUserReports(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`reports:${userId}`}))`);
}

export async function insertReport(tx: Db, values: typeof generatedReports.$inferInsert): Promise<{ id: string }> {
  const [row] = await tx.insert(generatedReports).values(values).returning({ id: generatedReports.id });
  return row;
}

export async function setReportJob(tx: Db, id: string, jobId: string): Promise<void> {
  await tx.update(generatedReports).set({ jobId }).where(sql`id = ${id}`);
}

// ---------------------------------------------------------------- the jobs' reads and writes (jobs.ts): a move is written only from the state it expects

/** How many rows the file will have (for the progress): its own FROM, counted. */
export async function countFileRows(db: Db, file: CsvFile): Promise<number> {
  const { read } = csvRead(file);
  const [row] = await queryRows<{ n: string | number }>(db, sql`SELECT count(*) AS n ${read.from(sql`TRUE`)}`);
  return Number(row?.n ?? 0);
}

/** Ready reports past their expiry (business clock `now`), the oldest first. */
export function reportsToExpire(db: Db, now: Date, limit: number): Promise<Array<{ id: string; file_key: string | null }>> {
  return queryRows<{ id: string; file_key: string | null }>(
    db,
    sql`SELECT id, file_key FROM generated_reports WHERE state = 'ready' AND expires_at <= ${now.toISOString()}::timestamptz ORDER BY expires_at LIMIT ${limit}`,
  );
}

/** The next expiry of a ready report, if any. */
export async function nextExpiry(db: Db): Promise<Date | null> {
  const [next] = await queryRows<{ at: Date | string | null }>(db, sql`SELECT min(expires_at) AS at FROM generated_reports WHERE state = 'ready'`);
  return next?.at ? new Date(next.at) : null;
}

export function markExpired(db: Db, id: string): Promise<boolean> {
  return setReport(db, id, sql`state = 'expired', file_key = NULL`, sql`state = 'ready'`);
}

export async function markRunning(db: Db, id: string, startedAt: Date): Promise<void> {
  await setReport(db, id, sql`state = 'running', started_at = COALESCE(started_at, ${startedAt.toISOString()}::timestamptz), progress = 0, error_code = NULL`);
}

export async function setProgress(db: Db, id: string, progress: number): Promise<void> {
  await setReport(db, id, sql`progress = ${progress}`, sql`state = 'running'`);
}

export function markReady(tx: Db, id: string, r: { rowCount: number; size: number; fileKey: string; finishedAt: Date; expiresAt: Date }): Promise<boolean> {
  return setReport(
    tx,
    id,
    sql`state = 'ready', progress = 100, row_count = ${r.rowCount}, size_bytes = ${r.size}, file_key = ${r.fileKey},
        finished_at = ${r.finishedAt.toISOString()}::timestamptz, expires_at = ${r.expiresAt.toISOString()}::timestamptz`,
    sql`state = 'running'`,
  );
}

export function markReportFailed(tx: Db, id: string, code: string, at: Date): Promise<boolean> {
  return setReport(tx, id, sql`state = 'failed', error_code = ${code}, finished_at = ${at.toISOString()}::timestamptz`, sql`state IN ('queued', 'running')`);
}
