import { lazyWithReload } from '../../layout/lazyWithReload';

/** The store screens of SPEC §2, each loaded on first use. */
export const storeScreens = {
  list: lazyWithReload(() => import('./StoreList')),
  create: lazyWithReload(() => import('./StoreCreate')),
  show: lazyWithReload(() => import('./StoreShow')),
};
