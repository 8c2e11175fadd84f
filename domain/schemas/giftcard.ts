import { z } from 'zod';
import { defineFields, type ChoiceTone, type DisplayFieldSpec, type FieldChoice } from '../fields';
import { CARD_STATUSES, type CardStatus } from '../giftcards';

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
  { resource: 'privative/giftcards', primary: 'code', secondary: ['status', 'availableBalanceCents', 'typologyName', 'storeName'], sorts: ['createdAt'], sort: { field: 'progressive', order: 'ASC' }, texts: 'giftcards.list' },
);

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
