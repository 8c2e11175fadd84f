import { sql, type SQL } from 'drizzle-orm';
import type { ReportState, ReportTypeId } from '../../../domain/reports';
import type { GeneratedReportFilter } from '../../../domain/schemas/reports';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../lib/company-scope';
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

/** The list's one order: newest first (the company/created index), or oldest first. */
export const REPORT_SORTS = ['createdAt'] as const;
const sortKey = (order: 'ASC' | 'DESC'): SortKey => ({ column: sql`r.created_at`, type: 'timestamptz', id: sql`r.id`, order });

export interface ReportPage {
  filter: GeneratedReportFilter;
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
  const key = sortKey(page.order);
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
