import { z } from 'zod';
import { defineFields, type ChoiceTone, type DisplayFieldSpec, type FieldChoice } from '../fields';
import { defineFilters } from '../filters';
import { CARD_STATUS_FILTERS, CARD_STATUSES, cardFilterSchema, normalizeCardCode, PROGRESSIVE_MAX_DIGITS, type CardStatus } from '../giftcards';
import { STORE_REFERENCE } from './stores-api';

/** SPEC §4: green active/sold, yellow disabled, red locked, grey expired gift card, transparent not active. */
export const CARD_STATUS_TONES: Record<CardStatus, ChoiceTone> = {
  ACTIVE: 'green',
  SOLD: 'green',
  DISABLED: 'yellow',
  LOCKED: 'red',
  EXPIRED: 'grey',
  NOT_ACTIVE: 'transparent',
};
export const CARD_STATUS_CHOICES: readonly FieldChoice[] = CARD_STATUSES.map((id) => ({ id, name: `giftcards.status.${id}`, tone: CARD_STATUS_TONES[id] }));

const column = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `giftcards.fields.${label}`, input: false, column: true, ...extra });

/**
 * The card list's filters (SPEC §2): status ("all" is the empty choice), code (exact or a prefix,
 * in its canonical form), lot, order reference, progressive range, store, activation and expiry days.
 */
export const giftCardFilters = defineFilters(cardFilterSchema, 'giftcards.filters', [
  { source: 'status', kind: 'select', choices: CARD_STATUS_FILTERS.filter((status) => status !== 'all').map((status) => ({ id: status, name: `giftcards.statusFilter.${status}` })), any: 'giftcards.statusFilter.all' },
  { source: 'code', normalize: normalizeCardCode },
  { source: 'lotNumber' },
  { source: 'orderReference' },
  { source: 'progressive', kind: 'number', range: true, maxLength: PROGRESSIVE_MAX_DIGITS },
  { source: 'storeId', kind: 'reference', reference: STORE_REFERENCE, label: 'giftcards.filters.store' },
  { source: 'activation', kind: 'date', range: true },
  { source: 'expiry', kind: 'date', range: true },
]);

/**
 * The card list's columns (SPEC §2 /privative/giftcards): cards are changed by operations (bulk
 * actions, reloads), never edited, so every field is a display field. Dates are days so the
 * table fits 1280 px (the card's page has the time). Sortable: progressive and the dates shown; the API also accepts createdAt (`sorts`).
 * On a phone: the code, then status, available balance, typology and store.
 */
export const giftCardFields = defineFields(
  z.object({}).strict(),
  [
    column('code', 'code'),
    column('progressive', 'progressive', { sortable: true }),
    // the order reference shares the lot's cell (two short lines)
    column('lotNumber', 'lotAndOrder'),
    column('typologyName', 'typology'),
    column('status', 'status', { kind: 'select', choices: CARD_STATUS_CHOICES }),
    column('availableBalanceCents', 'availableBalance', { kind: 'money' }),
    column('activationDate', 'activationDate', { kind: 'date', sortable: true }),
    column('expireDate', 'expireDate', { kind: 'date', sortable: true }),
    column('storeName', 'store'),
  ],
  { resource: 'privative/giftcards', primary: 'code', secondary: ['status', 'availableBalanceCents', 'typologyName', 'storeName'], sorts: ['createdAt'], sort: { field: 'progressive', order: 'ASC' }, texts: 'giftcards.list', filterForm: giftCardFilters },
);

const detail = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `giftcards.fields.${label}`, input: false, ...extra });

/** The card's balances on its page (SPEC §3): available (what can be spent), balance and frozen. */
export const giftCardBalanceFields = defineFields(z.object({}).strict(), [
  detail('availableBalanceCents', 'availableBalance', { kind: 'money' }),
  detail('balanceCents', 'balance', { kind: 'money' }),
  detail('frozenCents', 'frozen', { kind: 'money' }),
]);

/** The card's other SPEC §3 fields on its page, the moments with their time. */
export const giftCardDetailFields = defineFields(z.object({}).strict(), [
  detail('progressive', 'progressive'),
  detail('lotNumber', 'lotNumber'),
  detail('orderReference', 'orderReference'),
  detail('typologyName', 'typology'),
  detail('companyName', 'company'),
  detail('storeName', 'store'),
  detail('activationDate', 'activationDate', { kind: 'datetime' }),
  detail('expireDate', 'expireDate', { kind: 'datetime' }),
  detail('firstUseDate', 'firstUseDate', { kind: 'datetime' }),
]);

/**
 * An order's cards on the order's page (SPEC §2 order detail), by progressive: code, progressive,
 * status and balance. One declaration for both views; the list names its resource
 * (`privative-orders/order-cards` or `…/acquired-order-cards`, the order in the filter).
 */
export const orderCardFields = defineFields(
  z.object({}).strict(),
  [
    column('code', 'code', { label: 'orderScreens.fields.code' }),
    column('progressive', 'progressive', { label: 'orderScreens.fields.progressive' }),
    column('status', 'status', { label: 'orderScreens.fields.status', kind: 'select', choices: CARD_STATUS_CHOICES }),
    column('availableBalanceCents', 'availableBalance', { label: 'orderScreens.fields.balance', kind: 'money' }),
  ],
  { primary: 'code', sort: { field: 'progressive', order: 'ASC' } },
);
