import { z } from 'zod';
import { defineFields, type DisplayFieldSpec } from '../fields';
import { RELOAD_SOURCES, RELOAD_STATE_TONES, RELOAD_STATES } from '../reloadables';

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
  { resource: 'reloadables/reloads-history', primary: 'number', sort: { field: 'createdAt', order: 'DESC' }, texts: 'reloads.history' },
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
  { resource: 'reloadables/queue-reloads', primary: 'runNumber', sort: { field: 'scheduledAt', order: 'ASC' }, texts: 'reloads.queue' },
);
