import { z } from 'zod';
import { defineFields, type DisplayFieldSpec } from '../fields';
import { defineFilters } from '../filters';
import { WALLET_MOVEMENT_REASONS, WALLET_MOVEMENT_TYPES, walletMovementFilterSchema } from '../reloadables';

/** The movements' filters: type (the API's "wallet reload" takes the transfers too, its choice says so), reason, local days, the amount's size in euros. */
export const walletMovementFilters = defineFilters(walletMovementFilterSchema, 'reloadables.movementFilters', [
  { source: 'type', kind: 'select', choices: WALLET_MOVEMENT_TYPES.map((type) => ({ id: type, name: `reloadables.movementFilters.types.${type}` })), any: 'reloadables.movementFilters.anyType' },
  { source: 'reason', kind: 'select', choices: WALLET_MOVEMENT_REASONS.map((reason) => ({ id: reason, name: `reloadables.movementReason.${reason}` })), any: 'reloadables.movementFilters.anyReason' },
  { source: 'date', kind: 'date', range: true },
  { source: 'amount', kind: 'money', range: true },
], { perRow: 3 });

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
  { resource: 'reloadables/wallet', primary: 'type', sort: { field: 'createdAt', order: 'DESC' }, texts: 'reloadables.movements', filterForm: walletMovementFilters },
);
