/** Store screens of SPEC §2 (`privative` section). */
export const STORES_RESOURCE = 'stores';
export const STORES_PAGE_SIZE = 25;
const BASE = '/privative/stores';
export const storePaths = {
  list: `${BASE}/list`,
  create: `${BASE}/create`,
  show: (id: string) => `${BASE}/${encodeURIComponent(id)}`,
};
