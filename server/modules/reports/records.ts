import { DEFAULT_LANGUAGE } from '../../../domain/constants';
import { EXPORT_LANGUAGES, type ExportLanguage } from '../../../domain/giftcards';
import type { ReportTypeId } from '../../../domain/reports';
import type { GeneratedReport } from '../../../domain/schemas/reports';
import { textOf } from '../../lib/texts';
import type { ReportRow } from './repository';
import { parametersText } from './summary';

/** A type's name in `language` (reports.json, the SPA's words too). */
export const reportName = (id: ReportTypeId, language: ExportLanguage) => textOf(language)(`reports.types.${id}.name`);

/** The language a file is written in: the asked one where there are texts for it, else Italian. */
export const exportLanguageOf = (language: string | undefined | null): ExportLanguage =>
  (EXPORT_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as ExportLanguage) : (DEFAULT_LANGUAGE as ExportLanguage);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const count = (value: string | number | null) => (value === null ? null : Number(value));
export const parametersOf = (row: Pick<ReportRow, 'parameters'>): Record<string, unknown> => (typeof row.parameters === 'string' ? (JSON.parse(row.parameters) as Record<string, unknown>) : row.parameters);

/** The record (SPEC §3 report and ours): names and the parameters' words in the language the report was asked in. */
export function toRecord(row: ReportRow): GeneratedReport {
  const language = exportLanguageOf(row.language);
  const parameters = parametersOf(row);
  return {
    id: row.id,
    reportId: row.report_id,
    name: reportName(row.report_id, language),
    description: textOf(language)(`reports.types.${row.report_id}.description`),
    type: 'csv',
    createdAt: iso(row.created_at)!,
    parameters,
    parametersText: parametersText(row.report_id, parameters, row.company_name, language),
    state: row.state,
    progress: row.progress,
    rowCount: count(row.row_count),
    sizeBytes: count(row.size_bytes),
    errorCode: row.error_code,
    notify: row.notify,
    companyId: row.company_id,
    companyName: row.company_name,
    requestedById: row.requested_by,
    requestedByName: row.requester_name,
    language: row.language,
    timeZone: row.time_zone,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    expiresAt: iso(row.expires_at),
  };
}

