import type { ResourceName } from '../../domain/access';
import { readScopeCompanyId } from '../authProvider/session';

/**
 * The one map from react-admin resource names (SPEC §2 paths, the keys of domain/access.ts) to
 * API paths. Company-scoped resources live under /api/company/{companyId}/… (DESIGN.md §4);
 * `{companyId}` is the company the user is looking at: their own, or the one chosen in the header
 * (provider staff, parent companies). Other `{placeholders}` (a card's ledger) are
 * filled from the list filter. Business issues add their resources here.
 */
export const RESOURCE_PATHS: Partial<Record<ResourceName, string>> = {
  'privative/giftcards': '/api/company/{companyId}/giftcard/cards',
  'privative/giftcards-search': '/api/company/{companyId}/giftcard/cards',
  'privative/giftcard-transactions': '/api/company/{companyId}/giftcard/cards/{cardId}/transactions',
  'privative/transactions': '/api/company/{companyId}/giftcard/transactions',
  'privative/typologies': '/api/company/{companyId}/giftcard/typologies',
  'privative/batches': '/api/company/{companyId}/giftcard/batches',
  'privative/stores': '/api/company/{companyId}/stores',
  'privative-orders/companies': '/api/company/{companyId}/companies',
  'privative-orders/operators': '/api/company/{companyId}/operators',
  'privative-orders/orders': '/api/company/{companyId}/giftcard/orders',
  'privative-orders/acquired-orders': '/api/company/{companyId}/giftcard/acquired-orders',
  'privative-orders/order-cards': '/api/company/{companyId}/giftcard/orders/{orderId}/cards',
  'privative-orders/acquired-order-cards': '/api/company/{companyId}/giftcard/acquired-orders/{orderId}/cards',
  'reloadables/wallet': '/api/company/{companyId}/reloadable/wallet/movements',
  'reloadables/walletSubCompanies': '/api/company/{companyId}/reloadable/wallet/sub-companies',
  'reloadables/walletSubCompanies-movements': '/api/company/{companyId}/reloadable/wallet/sub-companies/{subCompanyId}/movements',
  'reloadables/cards': '/api/company/{companyId}/reloadable/cards',
  'reloadables/card-history': '/api/company/{companyId}/reloadable/cards/{cardId}/history',
  'reloadables/users': '/api/company/{companyId}/reloadable/users',
  'reloadables/reloads': '/api/company/{companyId}/reloadable/reloads',
  'reloadables/reload-rows': '/api/company/{companyId}/reloadable/reloads/{runId}/rows',
  'reloadables/queue-reloads': '/api/company/{companyId}/reloadable/reloads/planned',
  'reloadables/reloads-history': '/api/company/{companyId}/reloadable/reloads/history',
  'reloadables/notifications': '/api/company/{companyId}/reloadable/notifications',
  'square/orders': '/api/company/{companyId}/square/orders',
  'square/codes': '/api/company/{companyId}/square/codes',
  'square/communications': '/api/company/{companyId}/square/communications',
  tickets: '/api/company/{companyId}/tickets',
  'tickets/categories': '/api/company/{companyId}/ticket-categories',
  report: '/api/company/{companyId}/giftcard/report-generated',
  'report/types': '/api/company/{companyId}/giftcard/report',
  dashboard: '/api/company/{companyId}/dashboard',
  users: '/api/company/{companyId}/users',
  'privative-orders/integrated-orders': '/api/company/{companyId}/giftcard/integrated-orders',
  'api-keys': '/api/company/{companyId}/api-keys',
  audit: '/api/company/{companyId}/audit',
  emails: '/api/company/{companyId}/emails',
};

export function resourcePath(resource: string, companyId: string | null = readScopeCompanyId()): string {
  const template = (RESOURCE_PATHS as Record<string, string | undefined>)[resource];
  if (!template) throw new Error(`Unknown resource "${resource}": add it to RESOURCE_PATHS`);
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
