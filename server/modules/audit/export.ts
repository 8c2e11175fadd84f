import { sql, type SQL } from 'drizzle-orm';
import type { AuditFilter } from '../../../domain/audit';
import type { CsvFormat } from '../../../domain/csv';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import { textsIn } from '../../lib/texts';
import { AUDIT_KEY, auditConditions, changesOf, type AuditScope } from './trail.repository';

/**
 * The audit trail as CSV on the one CSV writer (lib/csv-export.ts), newest first, in the user's
 * language and zone: the list's filter (a download), or every row older than a day (retention.ts).
 */
/** "field: before → after", one per changed field, values as JSON. */
function changesCell(before: string | null, after: string | null): string {
  const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));
  return changesOf(parse(before), parse(after))
    .map((change) => `${change.field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`)
    .join('; ');
}

export function auditCsv(where: SQL, format: CsvFormat): CsvFile {
  const t = textsIn(format.language).auditFiles;
  const c = csvColumns(format);
  const columns = [
    c.dateTime(t.columns.occurredAt, sql`a.occurred_at`),
    c.words(t.columns.actorType, sql`a.actor_type`, t.actorTypes),
    c.text(t.columns.actor, sql`a.actor_label`),
    c.text(t.columns.company, sql`c.name`),
    c.words(t.columns.origin, sql`a.origin`, t.origins),
    c.text(t.columns.ip, sql`a.ip`),
    c.text(t.columns.requestId, sql`a.request_id`),
    c.words(t.columns.entity, sql`a.entity`, t.entities),
    c.text(t.columns.entityId, sql`a.entity_id`),
    c.words(t.columns.action, sql`a.action`, t.actions),
    c.text(t.columns.operation, sql`a.operation`),
    c.derived(t.columns.changes, [sql`a.before`, sql`a.after`], changesCell),
  ];
  const rows = {
    from: (condition: SQL) => sql`FROM audit_log a LEFT JOIN companies c ON c.id = a.company_id WHERE ${where} AND ${condition}`,
    key: AUDIT_KEY,
  };
  return { rows, columns, separator: c.separator };
}

export const auditCsvStream = (db: Db, scope: AuditScope, filter: AuditFilter, format: CsvFormat): ReadableStream<Uint8Array> =>
  csvDownload(db, auditCsv(auditConditions(scope, filter), format));
