import { z } from 'zod';
import { defineFields, type DisplayFieldSpec } from '../fields';
import { defineFilters } from '../filters';
import { messageWith } from '../messages';
import { CARD_NUMBER_SEARCH_MIN_DIGITS, plannedReloadFilterSchema, RELOAD_SOURCES, RELOAD_STATE_TONES, RELOAD_STATES, reloadRunFilterSchema } from '../reloadables';

/** The history's filters: source (manual, CSV, one card) and the run's days; the state and "scheduled" are the API's, for links. */
export const reloadHistoryFilters = defineFilters(
  reloadRunFilterSchema,
  'reloads.filters',
  [{ source: 'source', kind: 'select', choices: RELOAD_SOURCES.map((source) => ({ id: source, name: `reloads.sources.${source}` })), any: 'reloads.filters.anySource' }, { source: 'date', kind: 'date', range: true }],
  { fixed: ['state', 'scheduled'] },
);

/**
 * The queue's filters (SPEC §2/§3): state — none is the API's default, the rows still to run, so
 * "in progress" (the same rows) is not offered —, scheduled days, card number (its first digits).
 * A run's page sets `runId`.
 */
export const queueReloadFilters = defineFilters(
  plannedReloadFilterSchema,
  'reloads.filters',
  [
    { source: 'state', kind: 'select', choices: (['COMPLETED', 'DELETED'] as const).map((state) => ({ id: state, name: `reloads.states.${state}` })), any: 'reloads.filters.planned' },
    { source: 'scheduled', kind: 'date', range: true },
    { source: 'cardNumber', normalize: (text) => text.replace(/\s/g, ''), helper: messageWith('reloads.filters.cardNumberHelp', { min: CARD_NUMBER_SEARCH_MIN_DIGITS }) },
  ],
  { fixed: ['runId'] },
);

/**
 * The reload lists of SPEC §2 (history and queue): runs and planned rows are made by the reload
 * flow and read here, so every field is a display field. Each list sorts by its date only.
 */

const column = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `reloads.fields.${label}`, input: false, column: true, ...extra });

/** /reloadables/reloads-history: the runs that ran. `createdAt` is the "ran at" column (the screen shows end, else start, else creation). */
export const reloadHistoryFields = defineFields(
  z.object({}).strict(),
  [
    column('number', 'number'),
    column('createdAt', 'ranAt', { kind: 'datetime', sortable: true }),
    column('source', 'source', { kind: 'select', choices: RELOAD_SOURCES.map((id) => ({ id, name: `reloads.sources.${id}` })) }),
    column('fileName', 'fileName'),
    column('rowCount', 'rowCount', { kind: 'number' }),
    column('creditedCount', 'credited', { kind: 'number' }),
    column('deletedCount', 'notCredited', { kind: 'number' }),
    column('userName', 'userName'),
  ],
  { resource: 'reloadables/reloads-history', primary: 'number', sort: { field: 'createdAt', order: 'DESC' }, texts: 'reloads.history', filterForm: reloadHistoryFilters },
);

/** /reloadables/queue-reloads: the planned rows. `runNumber` is the row's id as read (run · position), `cardNumber` card over customer, `currentAmountCents` current over initial. */
export const queueReloadFields = defineFields(
  z.object({}).strict(),
  [
    column('runNumber', 'id'),
    column('companyName', 'company'),
    column('cardNumber', 'cardCustomer'),
    column('amountCents', 'amount', { kind: 'money' }),
    column('insertedAt', 'insertedAt', { kind: 'datetime' }),
    column('scheduledAt', 'scheduledAt', { kind: 'datetime', sortable: true }),
    column('currentAmountCents', 'currentInitialAmount', { kind: 'money' }),
    column('state', 'state', { kind: 'select', choices: RELOAD_STATES.map((id) => ({ id, name: `reloads.states.${id}`, tone: RELOAD_STATE_TONES[id] })) }),
  ],
  { resource: 'reloadables/queue-reloads', primary: 'runNumber', sort: { field: 'scheduledAt', order: 'ASC' }, texts: 'reloads.queue', filterForm: queueReloadFilters },
);
