import { describe, expect, it } from 'vitest';
import { buildMenu, canOpenPath, firstMenuPath, isSideNavHidden, MENU } from './menu';
import { ALL_PERMISSIONS, PERMISSION_KEYS, permissionsFrom } from './permissions';

describe('menu built from permissions', () => {
  it('shows every area to provider staff', () => {
    const menu = buildMenu(ALL_PERMISSIONS);
    expect(menu.map((s) => s.key)).toEqual(MENU.map((s) => s.key));
    expect(menu.flatMap((s) => s.items).length).toBe(MENU.flatMap((s) => s.items).length);
  });

  it('gives an empty menu and no landing path to an empty permissions object', () => {
    expect(buildMenu({})).toEqual([]);
    expect(firstMenuPath({})).toBeNull();
  });

  it('gates gift-card list and search on management read and searchByCode', () => {
    const read = buildMenu(permissionsFrom(['privative.management.read']));
    expect(read.flatMap((s) => s.items.map((i) => i.path))).toEqual(['/privative/giftcards']);
    const search = buildMenu(permissionsFrom(['privative.management.searchByCode']));
    expect(search.flatMap((s) => s.items.map((i) => i.path))).toEqual(['/privative/giftcards-search']);
  });

  it('shows the sub-company wallet only to a parent company', () => {
    const paths = (keys: Parameters<typeof permissionsFrom>[0]) =>
      buildMenu(permissionsFrom(keys)).flatMap((s) => s.items.map((i) => i.path));
    expect(paths(['reloadable.wallet'])).not.toContain('/reloadables/walletSubCompanies');
    expect(paths(['reloadable.wallet', 'reloadable.isParentCompany'])).toContain('/reloadables/walletSubCompanies');
  });

  it('gives reload cards, queue and history for the reloads flag', () => {
    const items = buildMenu(permissionsFrom(['reloadable.reloads'])).flatMap((s) => s.items.map((i) => i.path));
    expect(items).toEqual(['/reloadables/reloads', '/reloadables/queue-reloads', '/reloadables/reloads-history']);
  });

  it('opens the dashboard for either Power BI report', () => {
    expect(firstMenuPath(permissionsFrom(['powerBi.reportBase']))).toBe('/dashboard');
    expect(firstMenuPath(permissionsFrom(['powerBi.reportPremium']))).toBe('/dashboard');
  });

  it('lands on the first available child', () => {
    expect(firstMenuPath(ALL_PERMISSIONS)).toBe('/privative/giftcards');
    expect(firstMenuPath(permissionsFrom(['ticketing', 'report']))).toBe('/tickets/list');
  });

  it('hides the side nav for a single item with at most one child', () => {
    expect(isSideNavHidden(buildMenu(permissionsFrom(['ticketing'])))).toBe(true);
    expect(isSideNavHidden(buildMenu(permissionsFrom(['privative.transactions'])))).toBe(true);
    expect(isSideNavHidden(buildMenu(permissionsFrom(['privative.transactions', 'privative.stores'])))).toBe(false);
    expect(isSideNavHidden(buildMenu(permissionsFrom(['ticketing', 'report'])))).toBe(false);
  });

  it('guards every screen below an entry with that entry\'s flags', () => {
    const operator = permissionsFrom(['privative.management.read', 'privative.transactions']);
    expect(canOpenPath(operator, '/privative/giftcards/123')).toBe(true);
    expect(canOpenPath(operator, '/privative/transactions')).toBe(true);
    expect(canOpenPath(operator, '/privative/giftcards-search')).toBe(false);
    expect(canOpenPath(operator, '/privative/stores/create')).toBe(false);
    expect(canOpenPath(operator, '/users/42')).toBe(false);
    expect(canOpenPath(operator, '/profile')).toBe(true);
  });

  it('names a flag for every entry, and every flag but isParentCompany opens something alone', () => {
    for (const key of PERMISSION_KEYS) {
      const menu = buildMenu(permissionsFrom([key]));
      if (key === 'reloadable.isParentCompany') {
        expect(menu.flatMap((s) => s.items.map((i) => i.key))).toEqual(['walletSubCompanies']);
      } else {
        expect(menu.length).toBeGreaterThan(0);
      }
    }
  });
});
