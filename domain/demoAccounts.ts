import { ALL_PERMISSIONS, permissionsFrom, type Permissions } from './permissions';

/** The password of every demo account (README, server seed, demo mode). */
export const DEMO_PASSWORD = 'Tessera-Demo-2026!';

export interface DemoAccount {
  email: string;
  companyCode: string;
  firstName: string;
  lastName: string;
  role: 'ADMIN' | 'REFERENT' | 'OPERATOR';
  status: 'ACTIVE' | 'DISABLED';
  permissions: Permissions;
}

const OPERATOR_PERMISSIONS = permissionsFrom([
  'privative.management.read',
  'privative.management.searchByCode',
  'privative.transactions',
  'privative.stores',
  'privative.orders',
  'report',
  'ticketing',
  'square.orders',
  'square.codes',
  'square.communications',
]);

/** Acme's referent: Acme is a parent company (Acme Nord below it) running a reloadable-card programme, and she runs her stores' tills and their API keys (balance and money moves are hers to give). */
const PARENT_REFERENT_PERMISSIONS = permissionsFrom([
  ...(['privative.management.read', 'privative.management.searchByCode', 'privative.transactions', 'privative.stores', 'privative.companies', 'management', 'report', 'powerBi.reportBase', 'ticketing'] as const),
  ...(['reloadable.wallet', 'reloadable.cards', 'reloadable.notifications', 'reloadable.reloads', 'reloadable.isParentCompany'] as const),
]);

/** Acme Nord's operator: runs the sub-company's reloadable cards from its own wallet. */
const RELOADS_OPERATOR_PERMISSIONS = permissionsFrom(['reloadable.wallet', 'reloadable.cards', 'reloadable.notifications', 'reloadable.reloads', 'ticketing']);

/**
 * The demo accounts and their permission sets: provider staff with every flag, an Acme
 * operator, an Acme user without permissions (the no-permissions page) and a disabled one.
 * The server's demo seed and the SPA's demo mode both sign these in.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@tessera.test', companyCode: 'TESSERA', firstName: 'Anna', lastName: 'Admin', role: 'ADMIN', status: 'ACTIVE', permissions: ALL_PERMISSIONS },
  { email: 'operator@acme.test', companyCode: 'ACME', firstName: 'Oscar', lastName: 'Operatore', role: 'OPERATOR', status: 'ACTIVE', permissions: OPERATOR_PERMISSIONS },
  { email: 'noaccess@acme.test', companyCode: 'ACME', firstName: 'Nora', lastName: 'Nessuno', role: 'OPERATOR', status: 'ACTIVE', permissions: {} },
  { email: 'disabled@acme.test', companyCode: 'ACME', firstName: 'Dario', lastName: 'Disabilitato', role: 'OPERATOR', status: 'DISABLED', permissions: OPERATOR_PERMISSIONS },
  { email: 'referent@acme.test', companyCode: 'ACME', firstName: 'Rita', lastName: 'Referente', role: 'REFERENT', status: 'ACTIVE', permissions: PARENT_REFERENT_PERMISSIONS },
  { email: 'operator@acme-nord.test', companyCode: 'ACME-NORD', firstName: 'Nico', lastName: 'Nord', role: 'OPERATOR', status: 'ACTIVE', permissions: RELOADS_OPERATOR_PERMISSIONS },
];
