import type { AuditFilter } from '../../domain/audit';
import type { ExportLanguage } from '../../domain/giftcards';
import type { HttpClient } from './httpClient';
import { resourcePath } from './resourcePaths';

/** The audit trail (domain/audit.ts): list and record through the CRUD methods (`audit`); this is the CSV. */
export interface AuditActions {
  /** The filtered records as CSV in the user's language and zone (`audit/export?filter=&lang=&tz=`). */
  exportAudit(filter: AuditFilter, format: { language: ExportLanguage; timeZone: string }, signal?: AbortSignal): Promise<Blob>;
}

export function auditActions(http: HttpClient): AuditActions {
  return {
    async exportAudit(filter, { language, timeZone }, signal) {
      return (await http.request<Blob>(`${resourcePath('audit')}/export`, { responseType: 'blob', signal, query: { filter: JSON.stringify(filter), lang: language, tz: timeZone } })).body;
    },
  };
}
