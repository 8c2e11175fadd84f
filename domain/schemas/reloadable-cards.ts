import { z } from 'zod';
import { defineFields, type DisplayFieldSpec, type FieldChoice } from '../fields';
import { defineFilters } from '../filters';
import { messageWith } from '../messages';
import { CARD_EVENT_TYPES, CARD_NUMBER_SEARCH_MIN_DIGITS, CARD_TEXT_SEARCH_MIN_CHARS, RELOADABLE_CARD_STATUSES, RELOADABLE_CARD_TONES, reloadableCardFilterSchema } from '../reloadables';

/**
 * The reloadable card list (SPEC §2 /reloadables/cards) and a card's history on its page. The
 * lists only show cards and events (their actions are operations of their own), so every field
 * is a display field. The list sorts by number, last reload and expiry (CARD_SORT_FIELDS); the
 * history is newest first, not sortable.
 */
const listOnly = z.object({}).strict();

const column = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label, input: false, column: true, ...extra });

/** SPEC §4 badges: green active; red locked, freezed, deleted; transparent not active ("NOT ACTIVE" is spelt with a space, its key is not). */
export const CARD_STATUS_CHOICES: readonly FieldChoice[] = RELOADABLE_CARD_STATUSES.map((id) => ({ id, name: `reloadables.cardStatus.${id.replace(' ', '_')}`, tone: RELOADABLE_CARD_TONES[id] }));

const card = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}) => column(source, `reloadables.cardFields.${label}`, extra);

/** Holder and client ID share a column (two short lines) so the list fits a laptop screen. */
/** The cards' filters: search (card number prefix, client ID or customer name), status, client ID; a user's or a company's cards are the API's, for links. */
export const reloadableCardFilters = defineFilters(
  reloadableCardFilterSchema,
  'reloadables.cardFilters',
  [{ source: 'q', helper: messageWith('reloadables.cardFilters.qHelp', { digits: CARD_NUMBER_SEARCH_MIN_DIGITS, chars: CARD_TEXT_SEARCH_MIN_CHARS }), wide: true }, { source: 'status', kind: 'select', choices: CARD_STATUS_CHOICES, any: 'reloadables.cardFilters.anyStatus' }, { source: 'clientId' }],
  { fixed: ['userId', 'companyId'] },
);

export const reloadableCardFields = defineFields(
  listOnly,
  [
    card('number', 'number', { sortable: true }),
    card('customerName', 'holder'),
    card('clientId', 'clientId', { column: false }),
    card('companyName', 'company'),
    card('status', 'status', { kind: 'select', choices: CARD_STATUS_CHOICES }),
    card('balanceCents', 'balance', { kind: 'money' }),
    card('lastReloadAt', 'lastReloadAt', { kind: 'datetime', sortable: true }),
    card('expirationDate', 'expirationDate', { kind: 'date', sortable: true }),
  ],
  { resource: 'reloadables/cards', primary: 'number', sort: { field: 'number', order: 'ASC' }, texts: 'reloadables.cards', filterForm: reloadableCardFilters },
);

const event = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}) => column(source, `reloadables.history.${label}`, extra);

/** A card's events, newest first: what happened, what changed (the amount of a reload, the old → new client ID or company), the balance after. */
export const cardEventFields = defineFields(
  listOnly,
  [
    event('createdAt', 'createdAt', { kind: 'datetime' }),
    event('type', 'type', { kind: 'select', choices: CARD_EVENT_TYPES.map((id) => ({ id, name: `reloadables.history.types.${id}` })) }),
    event('detail', 'detail'),
    event('balanceAfterCents', 'balanceAfter', { kind: 'money' }),
    event('userName', 'user'),
  ],
  { resource: 'reloadables/card-history', primary: 'type', sort: { field: 'createdAt', order: 'DESC' }, texts: 'reloadables.history' },
);
