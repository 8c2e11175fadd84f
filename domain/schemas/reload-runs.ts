import { z } from 'zod';
import { defineFields, type DisplayFieldSpec } from '../fields';

/**
 * A reload run's rows (its planned reloads) on the run's page, by position: read only, not
 * sortable (the API keeps the position order). `reason` says why a row was not credited.
 */
const column = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `reloads.fields.${label}`, input: false, column: true, ...extra });

export const runRowFields = defineFields(
  z.object({}).strict(),
  [
    column('position', 'position', { kind: 'number' }),
    column('cardNumber', 'cardNumber'),
    column('customer', 'customer'),
    column('amountCents', 'amount', { kind: 'money' }),
    column('initialAmountCents', 'initialAmount', { kind: 'money' }),
    column('currentAmountCents', 'currentAmount', { kind: 'money' }),
    column('state', 'state'),
    column('reason', 'reason'),
    column('creditedAt', 'creditedAt', { kind: 'datetime' }),
  ],
  { resource: 'reloadables/reload-rows', primary: 'cardNumber', sort: { field: 'position', order: 'ASC' }, texts: 'reloads.run' },
);
