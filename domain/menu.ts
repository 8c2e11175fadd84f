import { hasAnyPermission, type PermissionKey, type Permissions } from './permissions';

/**
 * The one table that says which permission opens which screen (SPEC §2 and §6).
 * The SPA builds its menu and its routes from it; the server guards each API area with the
 * same keys, so hiding a menu entry is never the only protection.
 */
export interface MenuItem {
  /** i18n key under `menu.` */
  key: string;
  /** the route the entry opens */
  path: string;
  /** the screens this entry guards: `prefix` and everything below it (default: `path`) */
  prefix?: string;
  /** any of these flags shows the entry */
  anyOf: readonly PermissionKey[];
}

export interface MenuSection {
  key: string;
  /** the section base: unknown sub-paths redirect here */
  base: string;
  /** where the section's index goes */
  index?: string;
  items: readonly MenuItem[];
}

export const MENU: readonly MenuSection[] = [
  {
    key: 'privative',
    base: '/privative',
    index: '/privative/giftcards',
    items: [
      { key: 'giftcards', path: '/privative/giftcards', anyOf: ['privative.management.read'] },
      { key: 'giftcardsSearch', path: '/privative/giftcards-search', anyOf: ['privative.management.searchByCode'] },
      { key: 'transactions', path: '/privative/transactions/list', prefix: '/privative/transactions', anyOf: ['privative.transactions'] },
      { key: 'stores', path: '/privative/stores/list', prefix: '/privative/stores', anyOf: ['privative.stores'] },
      { key: 'batches', path: '/privative/batches/list', prefix: '/privative/batches', anyOf: ['privative.batches'] },
    ],
  },
  {
    key: 'privativeOrders',
    base: '/privative-orders',
    index: '/privative-orders/companies',
    items: [
      { key: 'companies', path: '/privative-orders/companies/list', prefix: '/privative-orders/companies', anyOf: ['privative.companies'] },
      { key: 'orders', path: '/privative-orders/orders/list', prefix: '/privative-orders/orders', anyOf: ['privative.orders'] },
      { key: 'acquiredOrders', path: '/privative-orders/acquired-orders/list', prefix: '/privative-orders/acquired-orders', anyOf: ['privative.acquiredOrders'] },
    ],
  },
  {
    key: 'reloadables',
    base: '/reloadables',
    index: '/reloadables/wallet',
    items: [
      { key: 'wallet', path: '/reloadables/wallet', anyOf: ['reloadable.wallet'] },
      { key: 'walletSubCompanies', path: '/reloadables/walletSubCompanies', anyOf: ['reloadable.isParentCompany'] },
      { key: 'reloadableCards', path: '/reloadables/cards', anyOf: ['reloadable.cards'] },
      { key: 'reloadableUsers', path: '/reloadables/users', anyOf: ['reloadable.cards'] },
      { key: 'reloads', path: '/reloadables/reloads', anyOf: ['reloadable.reloads'] },
      { key: 'queueReloads', path: '/reloadables/queue-reloads', anyOf: ['reloadable.reloads'] },
      { key: 'reloadsHistory', path: '/reloadables/reloads-history', anyOf: ['reloadable.reloads'] },
      { key: 'notifications', path: '/reloadables/notifications', anyOf: ['reloadable.notifications'] },
    ],
  },
  {
    key: 'square',
    base: '/square',
    index: '/square/orders',
    items: [
      { key: 'squareOrders', path: '/square/orders', anyOf: ['square.orders'] },
      { key: 'squareCodes', path: '/square/codes', anyOf: ['square.codes'] },
      { key: 'squareCommunications', path: '/square/communications', anyOf: ['square.communications'] },
    ],
  },
  {
    key: 'tickets',
    base: '/tickets',
    index: '/tickets/list',
    items: [{ key: 'tickets', path: '/tickets/list', prefix: '/tickets', anyOf: ['ticketing'] }],
  },
  {
    key: 'report',
    base: '/report',
    index: '/report/list',
    items: [{ key: 'report', path: '/report/list', prefix: '/report', anyOf: ['report'] }],
  },
  {
    key: 'users',
    base: '/users',
    index: '/users/list',
    items: [{ key: 'users', path: '/users/list', prefix: '/users', anyOf: ['management'] }],
  },
  {
    key: 'dashboard',
    base: '/dashboard',
    items: [{ key: 'dashboard', path: '/dashboard', anyOf: ['powerBi.reportBase', 'powerBi.reportPremium'] }],
  },
];

/** The menu the user may see: sections with at least one allowed item, items filtered. */
export function buildMenu(permissions: Permissions | null | undefined): MenuSection[] {
  return MENU.map((section) => ({
    ...section,
    items: section.items.filter((item) => hasAnyPermission(permissions, item.anyOf)),
  })).filter((section) => section.items.length > 0);
}

/** Where `/` sends the user: the first available child (or item). Null: no permissions. */
export function firstMenuPath(permissions: Permissions | null | undefined): string | null {
  const menu = buildMenu(permissions);
  return menu.length > 0 ? menu[0].items[0].path : null;
}

/**
 * SPEC §2: the side navigation is hidden when there is only one menu item with zero or one
 * children. A section with a single item counts as an item without children.
 */
export function isSideNavHidden(menu: readonly MenuSection[]): boolean {
  return menu.length === 0 || (menu.length === 1 && menu[0].items.length <= 1);
}

/** Whether the user may open a screen path (used by the SPA route guard). */
export function canOpenPath(permissions: Permissions | null | undefined, path: string): boolean {
  for (const section of MENU) {
    for (const item of section.items) {
      const prefix = item.prefix ?? item.path;
      if (path === prefix || path.startsWith(prefix + '/')) {
        return hasAnyPermission(permissions, item.anyOf);
      }
    }
  }
  return true;
}
