import { http, HttpResponse } from 'msw';
import { REPORT_TYPES, reportCode, type ReportTypeId } from '../../../domain/reports';
import type { GeneratedReport, ReportType } from '../../../domain/schemas/reports';
import { userConfiguration } from '../../test/builders';
import { server } from '../../test/msw';

export const API = '/api/company/company-1/giftcard';
export const LIST_API = `${API}/report-generated`;
export const TYPES_API = `${API}/report`;

export const generated = (overrides: Partial<GeneratedReport> = {}): GeneratedReport => ({
  id: 'r-1',
  reportId: 'outstanding-balances',
  name: 'Outstanding balances',
  description: 'What can still be spent',
  type: 'csv',
  createdAt: '2026-11-20T09:00:00.000Z',
  parameters: { date: '2026-10-31', companyId: '', includeSubCompanies: true },
  parametersText: 'At 31/10/2026 · Acme and sub-companies',
  state: 'ready',
  progress: 100,
  rowCount: 12,
  sizeBytes: 2048,
  errorCode: null,
  notify: false,
  companyId: 'company-1',
  companyName: 'Acme',
  requestedById: 'user-1',
  requestedByName: 'Ada Lovelace',
  language: 'en',
  timeZone: 'Europe/Rome',
  startedAt: '2026-11-20T09:00:01.000Z',
  finishedAt: '2026-11-20T09:00:05.000Z',
  expiresAt: '2026-11-27T09:00:05.000Z',
  ...overrides,
});

/** The API's types, in its own (alphabetical) order: the form orders them as the domain does. */
export const types = (): ReportType[] =>
  [...REPORT_TYPES].sort().map((id) => ({ id, code: reportCode(id), name: `${id} (API)`, description: '', parameters: [] }));

/** A list answer as the API gives it (Content-Range with the total). */
export const listOf = (rows: unknown[]) => HttpResponse.json(rows, { headers: { 'Content-Range': `reports 0-${Math.max(0, rows.length - 1)}/${rows.length}` } });

/** The session's configuration, and the API's types (all six unless `offered` says which: the types the user may read). */
export function serveConfiguration(offered?: readonly ReportTypeId[]) {
  server.use(
    http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration(['report']))),
    http.get(TYPES_API, () => HttpResponse.json(types().filter((type) => !offered || offered.includes(type.id)))),
  );
}
