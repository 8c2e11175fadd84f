import { hasPermission, permissionsFrom, type PermissionKey, type Permissions } from './permissions';

/**
 * User roles (SPEC §3 leaves the values open). A referent is a company's contact user, an
 * operator a user of operator type for a company (DESIGN §6); ADMIN is provider staff.
 */
export const USER_ROLES = ['ADMIN', 'REFERENT', 'OPERATOR'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * What a new customer operator may do: work with cards, transactions, stores and orders, read
 * reports and open tickets. Not the registry (companies, users) nor provider-only work (batches).
 */
export const CUSTOMER_OPERATOR_PERMISSION_KEYS: readonly PermissionKey[] = [
  'privative.management.read',
  'privative.management.searchByCode',
  'privative.transactions',
  'privative.stores',
  'privative.orders',
  'privative.acquiredOrders',
  'report',
  'ticketing',
];

/** A referent also manages the company's registry (sub-companies, operators) and its users. */
export const CUSTOMER_REFERENT_PERMISSION_KEYS: readonly PermissionKey[] = [
  ...CUSTOMER_OPERATOR_PERMISSION_KEYS,
  'privative.companies',
  'management',
];

/**
 * The permissions a new user of `role` gets, never more than its creator has: nobody can hand
 * out a flag they do not hold themselves.
 */
export function defaultPermissionsFor(role: 'REFERENT' | 'OPERATOR', creator: Permissions | null | undefined): Permissions {
  const keys = role === 'REFERENT' ? CUSTOMER_REFERENT_PERMISSION_KEYS : CUSTOMER_OPERATOR_PERMISSION_KEYS;
  return permissionsFrom(keys.filter((key) => hasPermission(creator, key)));
}
