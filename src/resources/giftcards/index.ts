import { lazyWithReload } from '../../layout/lazyWithReload';

/** The gift-card screens of SPEC §2 (`privative` section), each loaded on first use. */
export const giftCardScreens = {
  list: lazyWithReload(() => import('./GiftCardList')),
  show: lazyWithReload(() => import('./GiftCardShow')),
  search: lazyWithReload(() => import('./GiftCardSearch')),
};
