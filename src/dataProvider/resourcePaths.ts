import { readCompanyId } from '../authProvider/session';

/**
 * The one map from react-admin resource names to API paths. Company-scoped resources live under
 * /api/company/{companyId}/… (DESIGN.md §4); `{companyId}` is the signed-in user's company.
 * Business issues add their resources here.
 */
export const RESOURCE_PATHS: Record<string, string> = {
  reportsGenerated: '/api/company/{companyId}/giftcard/report-generated',
  reportTypes: '/api/company/{companyId}/giftcard/report',
};

export function resourcePath(resource: string, companyId: string | null = readCompanyId()): string {
  const template = RESOURCE_PATHS[resource];
  if (!template) throw new Error(`Unknown resource "${resource}": add it to RESOURCE_PATHS`);
  if (template.includes('{companyId}') && !companyId) throw new Error('No company in the session');
  return template.replace('{companyId}', encodeURIComponent(companyId ?? ''));
}

/** SPEC §7: the generated report file (CSV). */
export function reportDownloadPath(reportId: string, companyId: string | null = readCompanyId()): string {
  return `${resourcePath('reportsGenerated', companyId)}/${encodeURIComponent(reportId)}`;
}
