import type { Identifier } from 'react-admin';

/** react-admin resource name of the cards (RESOURCE_PATHS maps it to the API). */
export const GIFT_CARDS_RESOURCE = 'giftcards';
export const GIFT_CARDS_PAGE_SIZE = 25;

/** Screen paths of SPEC §2. */
export const GIFT_CARD_LIST_PATH = '/privative/giftcards';
export const giftCardPath = (id: Identifier) => `${GIFT_CARD_LIST_PATH}/${encodeURIComponent(String(id))}`;
