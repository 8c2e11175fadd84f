import { REPORT_ACTIVE_STATES, reportTypeDefinition, type ReportTypeId } from '../../../domain/reports';
import type { GeneratedReport } from '../../../domain/schemas/reports';

export const REPORTS = 'report';
export const REPORT_TYPES_RESOURCE = 'report/types';

/** The browser's calendar day as the API's ISO day (the requester's days, sent with their zone). */
const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * A new generation's parameters: the declared defaults (company empty = the session's, its
 * sub-companies included), a balance at last month's last day, a period covering last month (what
 * finance closes). The square codes' order days stay empty: they narrow, they are not a period.
 */
export function reportDefaults(id: ReportTypeId, today = new Date()): Record<string, unknown> {
  const definition = reportTypeDefinition(id);
  const values: Record<string, unknown> = { ...definition?.parameters.defaults };
  const lastMonthEnd = isoDay(new Date(today.getFullYear(), today.getMonth(), 0));
  const lastMonthStart = isoDay(new Date(today.getFullYear(), today.getMonth() - 1, 1));
  if ('date' in values) values.date = lastMonthEnd;
  if (id !== 'square-codes' && 'dateFrom' in values) Object.assign(values, { dateFrom: lastMonthStart, dateTo: lastMonthEnd });
  return values;
}

/** Queued or running: the list keeps asking until none is. */
export const isReportActive = (report: Pick<GeneratedReport, 'state'>) => REPORT_ACTIVE_STATES.includes(report.state);

/** SPEC §2: the file is saved as report_{id}.csv, from the list and from /downloads alike. */
export const reportFileName = (id: string) => `report_${id}.csv`;
