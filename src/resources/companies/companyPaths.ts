/** Screens of the companies registry (SPEC §2, `privative-orders` section). */
export const COMPANIES_RESOURCE = 'companies';
export const OPERATORS_RESOURCE = 'operators';
export const COMPANIES_PAGE_SIZE = 25;
const BASE = '/privative-orders/companies';
export const companyPaths = {
  list: `${BASE}/list`,
  operators: `${BASE}/list?tab=operators`,
  create: `${BASE}/new`,
  /** the company just created travels in the query, so a reload keeps it */
  createReferent: (id: string) => `${BASE}/new/referent?company=${encodeURIComponent(id)}`,
  show: (id: string) => `${BASE}/${encodeURIComponent(id)}`,
  edit: (id: string) => `${BASE}/${encodeURIComponent(id)}/edit`,
  editReferent: (id: string) => `${BASE}/${encodeURIComponent(id)}/edit/referent`,
};
