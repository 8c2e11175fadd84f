import type { AuditFilter } from '../../../domain/audit';
import type { CsvFormat } from '../../../domain/csv';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import { textsIn } from '../../lib/texts';
import { auditListExportRows, changesOf, type AuditExportRows, type AuditScope } from './trail.repository';

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

export function auditCsv(rows: AuditExportRows, format: CsvFormat): CsvFile {
  const t = textsIn(format.language).auditFiles;
  const c = csvColumns(format);
  const v = rows.values;
  const columns = [
    c.dateTime(t.columns.occurredAt, v.occurredAt),
    c.words(t.columns.actorType, v.actorType, t.actorTypes),
    c.text(t.columns.actor, v.actorLabel),
    c.text(t.columns.company, v.companyName),
    c.words(t.columns.origin, v.origin, t.origins),
    c.text(t.columns.ip, v.ip),
    c.text(t.columns.requestId, v.requestId),
    c.words(t.columns.entity, v.entity, t.entities),
    c.text(t.columns.entityId, v.entityId),
    c.words(t.columns.action, v.action, t.actions),
    c.text(t.columns.operation, v.operation),
    c.derived(t.columns.changes, [v.before, v.after], changesCell),
  ];
  return { rows, columns, separator: c.separator };
}

export const auditCsvStream = (db: Db, scope: AuditScope, filter: AuditFilter, format: CsvFormat): ReadableStream<Uint8Array> =>
  csvDownload(db, auditCsv(auditListExportRows(scope, filter), format));
