import { z } from 'zod';
import { defineFields, type DisplayFieldSpec } from '../fields';

/**
 * A wallet's movements, newest first (SPEC §3 "reload type, amount and balance"): the company's
 * wallet (`reloadables/wallet`) or a sub-company's (`reloadables/walletSubCompanies-movements`,
 * given to the list as its resource). Read only, not sortable (the API sorts by date alone).
 */
const column = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `reloadables.movements.fields.${label}`, input: false, column: true, ...extra });

export const walletMovementFields = defineFields(
  z.object({}).strict(),
  [
    column('createdAt', 'createdAt', { kind: 'datetime' }),
    column('type', 'type'),
    column('amountCents', 'amount', { kind: 'money' }),
    column('balanceAfterCents', 'balanceAfter', { kind: 'money' }),
    column('counterpartCompanyName', 'counterpart'),
    column('cardNumber', 'card'),
    column('userName', 'user'),
  ],
  { resource: 'reloadables/wallet', primary: 'type', sort: { field: 'createdAt', order: 'DESC' }, texts: 'reloadables.movements' },
);
