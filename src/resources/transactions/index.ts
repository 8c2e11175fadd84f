import { lazyWithReload } from '../../layout/lazyWithReload';

/** The transactions screen of SPEC §2 (`privative` section), loaded on first use. */
export const transactionScreens = {
  list: lazyWithReload(() => import('./TransactionList')),
};
