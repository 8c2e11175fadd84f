import { z } from 'zod';

/**
 * The permissions object of SPEC §3, as the server sends it in `GET /api/user/configuration`.
 * A flag is granted when it is `true`; a missing key means "not granted". The same object
 * builds the SPA menu (domain/menu.ts) and guards the API routes (server `requirePermission`).
 */
const flag = z.boolean().optional();

export const permissionsSchema = z
  .object({
    privative: z
      .object({
        management: z.object({ read: flag, searchByCode: flag }).strict().optional(),
        transactions: flag,
        stores: flag,
        batches: flag,
        orders: flag,
        companies: flag,
        acquiredOrders: flag,
      })
      .strict()
      .optional(),
    report: flag,
    reloadable: z
      .object({ wallet: flag, cards: flag, notifications: flag, reloads: flag, isParentCompany: flag })
      .strict()
      .optional(),
    ticketing: flag,
    square: z.object({ orders: flag, codes: flag, communications: flag }).strict().optional(),
    management: flag,
    powerBi: z.object({ reportBase: flag, reportPremium: flag }).strict().optional(),
  })
  .strict();

export type Permissions = z.infer<typeof permissionsSchema>;

/** Every flag a permission check can name, as a dot path into {@link Permissions}. */
export const PERMISSION_KEYS = [
  'privative.management.read',
  'privative.management.searchByCode',
  'privative.transactions',
  'privative.stores',
  'privative.batches',
  'privative.orders',
  'privative.companies',
  'privative.acquiredOrders',
  'report',
  'reloadable.wallet',
  'reloadable.cards',
  'reloadable.notifications',
  'reloadable.reloads',
  'reloadable.isParentCompany',
  'ticketing',
  'square.orders',
  'square.codes',
  'square.communications',
  'management',
  'powerBi.reportBase',
  'powerBi.reportPremium',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export function hasPermission(permissions: Permissions | null | undefined, key: PermissionKey): boolean {
  let node: unknown = permissions;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node === true;
}

export function hasAnyPermission(permissions: Permissions | null | undefined, keys: readonly PermissionKey[]): boolean {
  return keys.some((key) => hasPermission(permissions, key));
}

/** Builds a permissions object with exactly the given flags set. */
export function permissionsFrom(keys: readonly PermissionKey[]): Permissions {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const parts = key.split('.');
    let node = out;
    parts.slice(0, -1).forEach((part) => {
      node[part] = (node[part] as Record<string, unknown> | undefined) ?? {};
      node = node[part] as Record<string, unknown>;
    });
    node[parts[parts.length - 1]] = true;
  }
  return permissionsSchema.parse(out);
}

/** Every flag set: provider staff (the demo admin). */
export const ALL_PERMISSIONS: Permissions = permissionsFrom(PERMISSION_KEYS);

/** The keys that are set in a permissions object. */
export function grantedKeys(permissions: Permissions | null | undefined): PermissionKey[] {
  return PERMISSION_KEYS.filter((key) => hasPermission(permissions, key));
}
