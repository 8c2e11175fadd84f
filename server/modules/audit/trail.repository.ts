import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditChange, AuditEntity, AuditFilter, AuditRecord } from '../../../domain/audit';
import { queryRows, type Db } from '../../db/client';
import { currentAuditContext } from '../../db/audit-context';
import { inIds } from '../../db/company-scope';
import type { SortKey } from '../../lib/keyset';
import { escapeLike } from '../../lib/like';

/**
 * SQL of the audit trail (`audit_log`, issue 22). Rows are written by the triggers of migration
 * 0013 and by `recordExplicit`; they are read here by the subtree they belong to. The security
 * events of sign-ins (`audit_events`, repository.ts) are another table.
 */

/** Where a list or export reads: the subtree's rows; provider staff on the provider also see rows of no company (typologies of the catalog, ticket categories). */
export interface AuditScope {
  companyIds: readonly string[];
  withoutCompany: boolean;
}

export interface AuditRow {
  id: string;
  occurred_at: string;
  actor_type: AuditRecord['actorType'];
  actor_id: string | null;
  actor_label: string | null;
  company_id: string | null;
  company_name: string | null;
  origin: AuditRecord['origin'];
  ip: string | null;
  request_id: string | null;
  entity: string;
  entity_id: string;
  action: AuditAction;
  operation: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const COLUMNS = sql`a.id::text AS id, to_char(a.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at, a.actor_type, a.actor_id, a.actor_label,
  a.company_id, c.name AS company_name, a.origin, a.ip, a.request_id, a.entity, a.entity_id, a.action, a.operation, a.before, a.after`;
const FROM = sql`audit_log a LEFT JOIN companies c ON c.id = a.company_id`;

/**
 * Newest first by id (identity order is commit-ish order, and the index on (company_id, id)).
 * The keyset's id is a constant: the sort column is unique, so it never breaks a tie; row-stream
 * and keyset want a uuid there.
 */
export const AUDIT_KEY: SortKey = { column: sql`a.id`, type: 'bigint', id: sql`'00000000-0000-0000-0000-000000000000'::uuid`, order: 'DESC' };

const dayOrInstant = (value: string, end: boolean): SQL =>
  value.length === 10 ? (end ? sql`(${value}::date + 1)::timestamptz` : sql`${value}::date::timestamptz`) : sql`${value}::timestamptz`;

export function auditConditions(scope: AuditScope, filter: AuditFilter): SQL {
  const inScope = scope.companyIds.length > 0 ? inIds(sql`a.company_id`, scope.companyIds) : sql`FALSE`;
  const parts: SQL[] = [scope.withoutCompany ? sql`(${inScope} OR a.company_id IS NULL)` : inScope];
  if (filter.entity) parts.push(sql`a.entity = ${filter.entity}`);
  if (filter.entityId) parts.push(sql`a.entity_id = ${filter.entityId}`);
  if (filter.action) parts.push(sql`a.action = ${filter.action}`);
  if (filter.actorType) parts.push(sql`a.actor_type = ${filter.actorType}`);
  if (filter.actor) {
    const like = `%${escapeLike(filter.actor)}%`;
    parts.push(sql`a.actor_label ILIKE ${like}`);
  }
  if (filter.dateFrom) parts.push(sql`a.occurred_at >= ${dayOrInstant(filter.dateFrom, false)}`);
  if (filter.dateTo) parts.push(value(filter.dateTo));
  return sql.join(parts, sql` AND `);
  function value(to: string): SQL {
    return to.length === 10 ? sql`a.occurred_at < ${dayOrInstant(to, true)}` : sql`a.occurred_at <= ${dayOrInstant(to, true)}`;
  }
}

/** The trail's rows where `where` holds, newest first, with the values a CSV file reads of them (export.ts). */
function auditExportRows(where: SQL) {
  return {
    from: (condition: SQL) => sql`FROM audit_log a LEFT JOIN companies c ON c.id = a.company_id WHERE ${where} AND ${condition}`,
    key: AUDIT_KEY,
    values: {
      occurredAt: sql`a.occurred_at`,
      actorType: sql`a.actor_type`,
      actorLabel: sql`a.actor_label`,
      companyName: sql`c.name`,
      origin: sql`a.origin`,
      ip: sql`a.ip`,
      requestId: sql`a.request_id`,
      entity: sql`a.entity`,
      entityId: sql`a.entity_id`,
      action: sql`a.action`,
      operation: sql`a.operation`,
      /** the row's values before and after the change, as JSON text */
      before: sql`a.before`,
      after: sql`a.after`,
    },
  };
}

export type AuditExportRows = ReturnType<typeof auditExportRows>;

/** A download: the list's rows (scope and filter). */
export const auditListExportRows = (scope: AuditScope, filter: AuditFilter): AuditExportRows => auditExportRows(auditConditions(scope, filter));

/** The rows older than `cutoff` up to id `lastId`: the same rows as audit_log_retire deletes (retireAuditRows). */
export const auditRetiringRows = (cutoff: string, lastId: string): AuditExportRows =>
  auditExportRows(sql`a.occurred_at < ${cutoff}::timestamptz AND a.id <= ${lastId}::bigint`);

/** The id of the newest row older than `cutoff`, or null when none is. */
export async function newestAuditIdBefore(db: Db, cutoff: string): Promise<string | null> {
  const [last] = await queryRows<{ id: string | null }>(db, sql`SELECT max(id)::text AS id FROM audit_log WHERE occurred_at < ${cutoff}::timestamptz`);
  return last?.id ?? null;
}

/**
 * Deletes the rows older than `cutoff` up to id `lastId` by `audit_log_retire` (migration 0014:
 * the runtime role may not delete audit rows itself, the function runs as the table's owner);
 * answers how many went.
 */
export async function retireAuditRows(db: Db, cutoff: string, lastId: string): Promise<number> {
  const [retired] = await queryRows<{ deleted: string }>(db, sql`SELECT audit_log_retire(${cutoff}::timestamptz, ${lastId}::bigint)::text AS deleted`);
  return Number(retired?.deleted ?? 0);
}

/** A page of the trail: where it starts, and which way it walks the ids (DESC: newest first, the default). */
export interface AuditPage {
  offset: number;
  /** a previous page's last id: the page starts after it */
  afterId?: string;
  limit: number;
  order: 'ASC' | 'DESC';
}

/** A page: `limit` rows after `afterId` (a previous page's last id), newest first (or oldest first: ASC). */
export async function listAudit(db: Db, scope: AuditScope, filter: AuditFilter, page: AuditPage): Promise<AuditRow[]> {
  const asc = page.order === 'ASC';
  const after = page.afterId ? (asc ? sql`a.id > ${page.afterId}::bigint` : sql`a.id < ${page.afterId}::bigint`) : sql`TRUE`;
  return queryRows<AuditRow>(
    db,
    sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${auditConditions(scope, filter)} AND ${after}
        ORDER BY a.id ${asc ? sql`ASC` : sql`DESC`} LIMIT ${page.limit} OFFSET ${page.afterId ? 0 : page.offset}`,
  );
}

export async function findAudit(db: Db, scope: AuditScope, id: string): Promise<AuditRow | null> {
  const [row] = await queryRows<AuditRow>(db, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = ${id}::bigint AND ${auditConditions(scope, {})}`);
  return row ?? null;
}

/** The changed fields of a row: an update's changed fields, a creation's values (before null), a deletion's (after null). */
export function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return fields.map((field) => ({ field, before: before ? (before[field] ?? null) : null, after: after ? (after[field] ?? null) : null }));
}

export function toAuditRecord(row: AuditRow): AuditRecord {
  return {
    id: row.id,
    occurredAt: row.occurred_at,
    actorType: row.actor_type,
    actorId: row.actor_id,
    actorLabel: row.actor_label,
    companyId: row.company_id,
    companyName: row.company_name,
    origin: row.origin,
    ip: row.ip,
    requestId: row.request_id,
    entity: row.entity,
    entityId: row.entity_id,
    action: row.action,
    operation: row.operation,
    changes: changesOf(row.before, row.after),
  };
}

/**
 * A row the triggers cannot write (the change is to a table that is not audited, or is a read),
 * from the current request's context, in the caller's transaction or on its own.
 */
export async function recordExplicit(
  db: Db,
  row: { entity: AuditEntity; entityId: string; companyId: string | null; action: AuditAction; after?: Record<string, unknown> },
): Promise<void> {
  const who = currentAuditContext();
  const after = row.after === undefined ? null : JSON.stringify(row.after);
  await db.execute(sql`
    INSERT INTO audit_log (actor_type, actor_id, actor_label, company_id, origin, ip, request_id, entity, entity_id, action, operation, after)
    VALUES (${who.actorType}, ${who.actorId}, ${who.actorLabel}, ${row.companyId}, ${who.origin}, ${who.ip}, ${who.requestId}, ${row.entity}, ${row.entityId}, ${row.action}, ${who.operation}, ${after}::jsonb)`);
}

/** A full card code was shown where codes are masked (an order's codes file): one `read_code` row. */
export async function recordCodeRead(db: Db, entity: 'gift_cards' | 'orders' | 'integrated_orders', entityId: string, companyId: string | null): Promise<void> {
  await recordExplicit(db, { entity, entityId, companyId, action: 'read_code' });
}
