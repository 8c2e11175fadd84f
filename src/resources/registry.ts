import type { ComponentType } from 'react';
import { canAccess, type ResourceName } from '../../domain/access';
import type { Permissions } from '../../domain/permissions';
import { batches } from './batches';
import { companies } from './companies';
import { dashboard } from './dashboard';
import { giftCards, giftCardSearch, giftCardTransactions, typologies } from './giftcards';
import { operators } from './operators';
import { integratedOrders, orderHistory } from './orderHistory';
import { acquiredOrderCards, acquiredOrders, orderCards, orders } from './orders';
import { queueReloads, reloadableCardHistory, reloadableCards, reloadableNotifications, reloadableUsers, reloadRows, reloads, reloadsHistory } from './reloadables';
import { wallet, walletSubCompanies, walletSubCompanyMovements } from './reloadables';
import { reports, reportTypes } from './reports';
import { SECTIONS } from './sections';
import { squareCodes, squareCommunications, squareOrders } from './square';
import { stores } from './stores';
import { ticketCategories, tickets } from './tickets';
import { transactions } from './transactions';
import type { ResourceDefinition, SectionDefinition } from './types';
import { users } from './users';
import { apiKeys } from './apiKeys';
import { audit } from './audit';
import { emails } from './emails';

/**
 * The one list of Resources, in menu order. `<Admin>` renders a `<Resource>` for each
 * (resourceRoutes.tsx), the menu and the home redirect read it, and canAccess answers for its
 * names from domain/access.ts. Adding a resource: a folder with its index.ts, and a line here.
 */
export const REGISTRY: readonly ResourceDefinition[] = [
  // gift card suite
  giftCards,
  giftCardSearch,
  transactions,
  stores,
  batches,
  giftCardTransactions,
  typologies,
  // gift card orders and registry
  companies,
  operators,
  orders,
  acquiredOrders,
  orderCards,
  acquiredOrderCards,
  orderHistory,
  integratedOrders,
  // reloadable cards
  wallet,
  walletSubCompanies,
  reloadableCards,
  reloadableUsers,
  reloads,
  queueReloads,
  reloadsHistory,
  reloadableNotifications,
  walletSubCompanyMovements,
  reloadableCardHistory,
  reloadRows,
  // square
  squareOrders,
  squareCodes,
  squareCommunications,
  tickets,
  ticketCategories,
  reports,
  reportTypes,
  users,
  apiKeys,
  audit,
  emails,
  dashboard,
];

/** The section a resource belongs to: the first segment of its path. */
export function sectionOf(name: ResourceName): SectionDefinition {
  const base = name.split('/')[0];
  const section = SECTIONS.find((candidate) => candidate.base === base);
  if (!section) throw new Error(`Resource "${name}" is in no section of sections.tsx`);
  return section;
}

/** The path a resource's list opens: SPEC's `…/list` where it has one. */
export function listPathOf(definition: ResourceDefinition): string {
  return definition.list?.path === 'list' ? `/${definition.name}/list` : `/${definition.name}`;
}

export interface MenuEntry {
  key: string;
  resource: ResourceName;
  path: string;
  icon?: ResourceDefinition['icon'];
}

export interface MenuSection {
  key: string;
  icon: SectionDefinition['icon'];
  items: MenuEntry[];
}

/** The resources that have a menu entry, in registry order. */
export const MENU_RESOURCES: readonly ResourceName[] = REGISTRY.filter((definition) => definition.menu && definition.list).map((definition) => definition.name);

/** The menu resources whose entry needs `create` as well as `list` (registry `menuAction`). */
export const MENU_CREATE_RESOURCES: readonly ResourceName[] = REGISTRY.filter((definition) => definition.menu && definition.list && definition.menuAction === 'create').map((definition) => definition.name);

/**
 * The menu for the resources the user may list (`allowed`: resource → canAccess 'list'), less the
 * entries whose `menuAction` they may not do (`creatable`: resource → canAccess 'create').
 */
export function buildMenu(allowed: Readonly<Record<string, boolean>> | undefined, creatable: Readonly<Record<string, boolean>> = {}): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const definition of REGISTRY) {
    if (!definition.menu || !definition.list || !allowed?.[definition.name]) continue;
    if (definition.menuAction === 'create' && !creatable[definition.name]) continue;
    const section = sectionOf(definition.name);
    let entry = sections.find((candidate) => candidate.key === section.key);
    if (!entry) sections.push((entry = { key: section.key, icon: section.icon, items: [] }));
    entry.items.push({ key: definition.menu, resource: definition.name, path: listPathOf(definition), icon: definition.icon });
  }
  // sections keep their own order, whatever the order of the registry lines
  return sections.sort((a, b) => SECTIONS.findIndex((s) => s.key === a.key) - SECTIONS.findIndex((s) => s.key === b.key));
}

/** Where `/` sends the user: the first available child (or item). Null: no permissions. */
export function firstMenuPath(menu: readonly MenuSection[]): string | null {
  return menu[0]?.items[0]?.path ?? null;
}

/**
 * `firstMenuPath` from the access answers at hand (`authProvider.canAccessNow`, the menu's own
 * questions): the sign-in page goes straight there rather than through `/`'s redirect, one round
 * of the shell's renders fewer. Undefined when an answer is not at hand yet.
 */
export function firstMenuPathNow(answerNow: (params: { resource: string; action: string }) => boolean | undefined): string | null | undefined {
  const answers = (names: readonly string[], action: string) => {
    const now = names.map((resource) => answerNow({ resource, action }));
    return now.every((answer) => answer !== undefined) ? Object.fromEntries(names.map((resource, i) => [resource, now[i]!])) : undefined;
  };
  const allowed = answers(MENU_RESOURCES, 'list');
  const creatable = answers(MENU_CREATE_RESOURCES, 'create');
  return allowed && creatable ? firstMenuPath(buildMenu(allowed, creatable)) : undefined;
}

/**
 * SPEC §2: the side navigation is hidden when there is only one menu item with zero or one
 * children. A section with a single item counts as an item without children.
 */
export function isSideNavHidden(menu: readonly MenuSection[]): boolean {
  return menu.length === 0 || (menu.length === 1 && menu[0].items.length <= 1);
}

/**
 * Starts loading the code of the screen at `path` when it is a resource's list (a lazy screen
 * made by lazyWithReload); `/` is the first screen of the menu the permissions give (the same
 * canAccess the shell's menu asks the authProvider). The sign-in page calls it once the
 * permissions are known, so the first screen's code arrives beside them rather than after the
 * shell has rendered; it settles when the code has arrived (or failed: the screen's render handles that).
 */
export function preloadListScreen(path: string, permissions: Permissions): Promise<void> {
  const target = path === '/' ? firstMenuPath(buildMenu(Object.fromEntries(MENU_RESOURCES.map((name) => [name, canAccess(permissions, name, 'list')])))) : path;
  const definition = REGISTRY.find((candidate) => candidate.list && listPathOf(candidate) === target);
  const component = definition?.list?.component as (ComponentType & { preload?: () => Promise<void> }) | undefined;
  return component?.preload?.() ?? Promise.resolve();
}
