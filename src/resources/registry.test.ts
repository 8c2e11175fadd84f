import { describe, expect, it, vi } from 'vitest';
import { ACCESS, canAccess, RESOURCE_NAMES } from '../../domain/access';
import { ALL_PERMISSIONS, permissionsFrom, type PermissionKey, type Permissions } from '../../domain/permissions';
import { buildMenu, firstMenuPath, isSideNavHidden, MENU_RESOURCES, preloadListScreen, REGISTRY, sectionOf } from './registry';
import { SECTIONS } from './sections';

/** The menu as the shell builds it: canAccess 'list' for each menu resource. */
function menuFor(permissions: Permissions, isProvider = permissions === ALL_PERMISSIONS, isReferent = false) {
  const answers = (action: string) => Object.fromEntries(MENU_RESOURCES.map((name) => [name, canAccess(permissions, name, action, { isProvider, isReferent })]));
  return buildMenu(answers('list'), answers('create'));
}
const paths = (keys: PermissionKey[]) => menuFor(permissionsFrom(keys)).flatMap((section) => section.items.map((item) => item.path));

describe('resource registry', () => {
  it('declares every resource of the access table exactly once, and nothing else', () => {
    const names = REGISTRY.map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...RESOURCE_NAMES].sort());
  });

  it('puts every resource in a section of SPEC §2 and every section index on a listed resource', () => {
    for (const definition of REGISTRY) expect(sectionOf(definition.name).base).toBe(definition.name.split('/')[0]);
    for (const section of SECTIONS) expect(REGISTRY.find((definition) => definition.name === section.index)?.list).toBeDefined();
  });

  it('gives a screen only the actions the access table knows, so no screen is silently denied', () => {
    for (const definition of REGISTRY) {
      const screens = [
        definition.list && { action: definition.list.action ?? 'list' },
        definition.create && { action: definition.create.action ?? 'create' },
        definition.detail && { action: definition.detail.action ?? 'show' },
        ...(definition.routes ?? []),
      ].filter(Boolean) as { action: string }[];
      for (const screen of screens) expect(Object.keys(ACCESS[definition.name]), `${definition.name}: ${screen.action}`).toContain(screen.action);
    }
  });

  it('says why a resource is custom', () => {
    for (const definition of REGISTRY.filter((d) => d.kind === 'custom')) expect(definition.why, definition.name).toBeTruthy();
  });
});

describe('menu built from the registry and canAccess', () => {
  it('shows every area to provider staff, in SPEC order', () => {
    const menu = menuFor(ALL_PERMISSIONS);
    // a section key may hold several bases (users: /users, /api-keys, /audit, /emails): the menu shows it once
    expect(menu.map((section) => section.key)).toEqual([...new Set(SECTIONS.map((section) => section.key))]);
    expect(menu.flatMap((section) => section.items.map((item) => item.path))).toEqual([
      '/privative/giftcards',
      '/privative/giftcards-search',
      '/privative/transactions/list',
      '/privative/stores/list',
      '/privative/batches/list',
      '/privative-orders/companies/list',
      '/privative-orders/orders/list',
      '/privative-orders/acquired-orders/list',
      '/privative-orders/history',
      '/reloadables/wallet',
      '/reloadables/walletSubCompanies',
      '/reloadables/cards',
      '/reloadables/users',
      '/reloadables/reloads',
      '/reloadables/queue-reloads',
      '/reloadables/reloads-history',
      '/reloadables/notifications',
      '/square/orders',
      '/square/codes',
      '/square/communications',
      '/tickets/list',
      '/tickets/categories',
      '/report/list',
      '/users/list',
      '/api-keys',
      '/audit',
      '/emails',
      '/dashboard',
    ]);
  });

  it('gives an empty menu and no landing path to an empty permissions object', () => {
    expect(menuFor({})).toEqual([]);
    expect(firstMenuPath(menuFor({}))).toBeNull();
  });

  it('gates gift-card list and search on management read and searchByCode', () => {
    expect(paths(['privative.management.read'])).toEqual(['/privative/giftcards']);
    expect(paths(['privative.management.searchByCode'])).toEqual(['/privative/giftcards-search']);
  });

  it('shows the sub-company wallet only to a parent company', () => {
    expect(paths(['reloadable.wallet'])).not.toContain('/reloadables/walletSubCompanies');
    expect(paths(['reloadable.wallet', 'reloadable.isParentCompany'])).toContain('/reloadables/walletSubCompanies');
  });

  it('gives reload cards, queue and history for the reloads flag', () => {
    expect(paths(['reloadable.reloads'])).toEqual(['/reloadables/reloads', '/reloadables/queue-reloads', '/reloadables/reloads-history']);
  });

  it('opens the dashboard for either Power BI report, and users for management', () => {
    expect(firstMenuPath(menuFor(permissionsFrom(['powerBi.reportBase'])))).toBe('/dashboard');
    expect(firstMenuPath(menuFor(permissionsFrom(['powerBi.reportPremium'])))).toBe('/dashboard');
    // issue 22: API keys and the audit trail are management's too, in the users section; the
    // trail is for provider staff and a company's referent (issue 37: the table says so)
    expect(paths(['management'])).toEqual(['/users/list', '/api-keys']);
    expect(menuFor(permissionsFrom(['management']), false, true).flatMap((section) => section.items.map((item) => item.path))).toEqual(['/users/list', '/api-keys', '/audit']);
    // issue 41: every e-mail sent is provider staff's (with management), never a customer's referent
    expect(menuFor(permissionsFrom(['management']), true).flatMap((section) => section.items.map((item) => item.path))).toEqual(['/users/list', '/api-keys', '/audit', '/emails']);
    expect(menuFor(permissionsFrom(['management'])).map((section) => section.key)).toEqual(['users']);
  });

  it("gives provider staff the ticket categories' entry; a customer's user with ticketing gets the tickets alone", () => {
    const items = (provider: boolean) => menuFor(permissionsFrom(['ticketing']), provider).flatMap((section) => section.items.map((item) => item.path));
    expect(items(true)).toEqual(['/tickets/list', '/tickets/categories']);
    expect(items(false)).toEqual(['/tickets/list']);
  });

  it('lands on the first child of the first section', () => {
    expect(firstMenuPath(menuFor(permissionsFrom(['ticketing', 'privative.stores'])))).toBe('/privative/stores/list');
  });

  it('preloads the code of the screen a sign-in lands on: the first menu entry for `/`, else the asked list', () => {
    const preloads = (path: string, keys: PermissionKey[]) => {
      const spies = REGISTRY.filter((definition) => definition.list && 'preload' in definition.list.component).map((definition) => [definition.name, vi.spyOn(definition.list!.component as unknown as { preload: () => void }, 'preload').mockImplementation(() => undefined)] as const);
      preloadListScreen(path, permissionsFrom(keys));
      const called = spies.filter(([, spy]) => spy.mock.calls.length > 0).map(([name]) => name);
      spies.forEach(([, spy]) => spy.mockRestore());
      return called;
    };
    expect(preloads('/', ['privative.management.read'])).toEqual(['privative/giftcards']);
    expect(preloads('/', ['ticketing', 'privative.stores'])).toEqual(['privative/stores']);
    expect(preloads('/privative/stores/list', ['privative.stores'])).toEqual(['privative/stores']);
    // a page that is no list, or no permission at all: nothing
    expect(preloads('/profile', ['privative.stores'])).toEqual([]);
    expect(preloads('/', [])).toEqual([]);
  });

  it('hides the side navigation for one item with at most one child (SPEC §2)', () => {
    expect(isSideNavHidden(menuFor(permissionsFrom(['report'])))).toBe(true);
    // ticketing gives a customer's user one item (the tickets), provider staff two (and the categories)
    expect(isSideNavHidden(menuFor(permissionsFrom(['ticketing'])))).toBe(true);
    expect(isSideNavHidden(menuFor(permissionsFrom(['ticketing']), true))).toBe(false);
    expect(isSideNavHidden(menuFor(permissionsFrom(['ticketing', 'report'])))).toBe(false);
    expect(isSideNavHidden(menuFor(permissionsFrom(['privative.management.read', 'privative.management.searchByCode'])))).toBe(false);
  });
});
