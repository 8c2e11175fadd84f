import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import SearchIcon from '@mui/icons-material/Search';
import type { GiftCard } from '../../../domain/giftcards';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/** Gift card management (SPEC §2 /privative/giftcards, /privative/giftcards/{id}). */
export const giftCards: ResourceDefinition = {
  name: 'privative/giftcards',
  menu: 'giftcards',
  icon: CardGiftcardIcon,
  recordRepresentation: (record: GiftCard) => record.code,
  list: { component: lazyWithReload(() => import('./GiftCardList')), title: 'giftcardList' },
  detail: { component: lazyWithReload(() => import('./GiftCardShow')), title: 'giftcardDetail' },
  kind: 'custom',
  why: 'the list is schema-driven (domain/schemas/giftcard.ts) with its own filter form, bounded count and bulk actions on a selection or the filtered set; the card page holds its balances, ledger and a reload dialog',
};

/** /privative/giftcards-search: one card by its code. */
export const giftCardSearch: ResourceDefinition = {
  name: 'privative/giftcards-search',
  menu: 'giftcardsSearch',
  icon: SearchIcon,
  list: { component: lazyWithReload(() => import('./GiftCardSearch')), title: 'giftcardSearch' },
  kind: 'custom',
  why: 'a search by exact code, not a list',
};

/** A card's ledger, read by the card's page (dataProvider: /cards/{cardId}/transactions). */
export const giftCardTransactions: ResourceDefinition = { name: 'privative/giftcard-transactions', kind: 'data' };

/** The card catalog, read by card and order screens. */
export const typologies: ResourceDefinition = {
  name: 'privative/typologies',
  recordRepresentation: 'name',
  kind: 'data',
};
