import { RESOURCES, type ResourceManifest, type ResourceName } from '../../domain/resources';
import { readScopeCompanyId } from './session';

/**
 * From react-admin resource names (SPEC §2 paths) to API paths: the resource manifest's `path`
 * (domain/resources.ts). Company-scoped resources live under /api/company/{companyId}/… (DESIGN.md
 * §4); `{companyId}` is the company the user is looking at: their own, or the one chosen in the
 * header (provider staff, parent companies). Other `{placeholders}` (a card's ledger) are filled
 * from the list filter.
 */
export const RESOURCE_PATHS: Partial<Record<ResourceName, string>> = Object.fromEntries(
  Object.entries(RESOURCES as Record<string, ResourceManifest>).flatMap(([name, manifest]) => (manifest.path ? [[name, manifest.path]] : [])),
);

export function resourcePath(resource: string, companyId: string | null = readScopeCompanyId()): string {
  const template = (RESOURCE_PATHS as Record<string, string | undefined>)[resource];
  if (!template) throw new Error(`Unknown resource "${resource}": give it a path in domain/resources.ts`);
  if (template.includes('{companyId}') && !companyId) throw new Error('No company in the session');
  return template.replace('{companyId}', encodeURIComponent(companyId ?? ''));
}

/**
 * The path of a list: placeholders other than `{companyId}` (nested lists such as a card's
 * transactions) are filled from the filter, and the rest of the filter is the query's.
 */
export function listPath(resource: string, filter: Record<string, unknown> = {}, companyId?: string): { path: string; filter: Record<string, unknown> } {
  const rest = { ...filter };
  const path = resourcePath(resource, companyId).replace(/\{(\w+)\}/g, (_placeholder, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`The list of "${resource}" needs the filter "${name}"`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path, filter: rest };
}

/** SPEC §7: the generated report file (CSV). */
export function reportDownloadPath(reportId: string, companyId: string | null = readScopeCompanyId()): string {
  return `${resourcePath('report', companyId)}/${encodeURIComponent(reportId)}`;
}
