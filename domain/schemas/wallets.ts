import { z } from 'zod';
import { defineFields, type DisplayFieldSpec } from '../fields';

/**
 * The sub-company wallets of a parent company (SPEC §2 /reloadables/walletSubCompanies): figures
 * read here (a transfer is a form of the wallet's page), so display fields. The API sorts by
 * company name only (wallet.routes.ts), the list's fixed order: no column sorts.
 */
const column = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `reloadables.wallet.${label}`, input: false, column: true, ...extra });

export const subCompanyWalletFields = defineFields(
  z.object({}).strict(),
  [
    column('companyName', 'company'),
    column('companyCode', 'companyCode'),
    column('balanceCents', 'balance', { kind: 'money' }),
    column('reservedCents', 'reserved', { kind: 'money' }),
    column('availableCents', 'available', { kind: 'money' }),
    column('lastReloadAt', 'lastReloadAt', { kind: 'datetime' }),
  ],
  { resource: 'reloadables/walletSubCompanies', primary: 'companyName', sort: { field: 'companyName', order: 'ASC' }, texts: 'reloadables.subWallets' },
);
