import type { ExportLanguage } from '../../domain/giftcards';
import type { GeneratedReport, ReportGenerateBody, ReportType } from '../../domain/schemas/reports';
import type { HttpClient } from './httpClient';
import { resourcePath } from './resourcePaths';

/**
 * Reports (the route list in domain/schemas/reports.ts): the generated reports and the types go
 * through the CRUD methods (`report`, `report/types`), the file through `downloadReport`; this is
 * the rest.
 */
export interface ReportActions {
  /**
   * The types the caller may generate (`report/types`), names in `language`. A plain GET: the API
   * answers them all at once and takes no list parameters (filter, sort, range).
   */
  reportTypes(language: ExportLanguage, signal?: AbortSignal): Promise<ReportType[]>;
  /**
   * Starts a generation of type `reportId` (202: the report, queued). 400 VALIDATION_ERROR with
   * `errors['parameters.<key>']`, 409 REPORTS_TOO_MANY_ACTIVE (params.max).
   */
  generateReport(reportId: string, body: ReportGenerateBody): Promise<GeneratedReport>;
}

export function reportActions(http: HttpClient): ReportActions {
  return {
    async reportTypes(language, signal) {
      return (await http.request<ReportType[]>(resourcePath('report/types'), { query: { lang: language }, signal })).body;
    },
    async generateReport(reportId, body) {
      return (await http.request<GeneratedReport>(`${resourcePath('report/types')}/${encodeURIComponent(reportId)}/generate`, { method: 'POST', json: body })).body;
    },
  };
}
