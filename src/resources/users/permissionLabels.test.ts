import { describe, expect, it } from 'vitest';
import { ACCESS, type AccessRule } from '../../../domain/access';
import { LANGUAGES } from '../../../domain/constants';
import { PERMISSION_KEYS } from '../../../domain/permissions';
import { REGISTRY } from '../registry';

/**
 * Issue 43: a permission is named by the menu entries it opens ("Codici voucher" opened
 * "Square / Codici generati", "Ricariche" opened "Ricarica carte"): each permission's label
 * (users.json `permissions.<key>`) is its menu entries' names (translation.json `menu.items`), in
 * menu order, joined by ", " (entries only provider staff see left out); the two dashboard levels
 * keep their level after the name. The checklist's groups whose menu section exists are named as it.
 */
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/{users,translation}.json', { eager: true, import: 'default' });
const read = (tree: unknown, path: string): unknown => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

/** key → the menu entries it lists (non-staff), in registry order */
export function menuEntriesOf(key: string): string[] {
  return REGISTRY.filter((definition) => definition.menu && definition.list)
    .filter((definition) => {
      const rule = (ACCESS as Record<string, Record<string, AccessRule> | undefined>)[definition.name]?.list;
      return rule && !rule.staff && rule.anyOf.includes(key as never);
    })
    .map((definition) => definition.menu!);
}

describe('permission labels name the menu entries they open (issue 43)', () => {
  it.each([...LANGUAGES])('%s', (language) => {
    const users = files[`../../../locales/${language}/users.json`];
    const menu = files[`../../../locales/${language}/translation.json`];
    const wrong: string[] = [];
    for (const key of PERMISSION_KEYS) {
      const entries = menuEntriesOf(key);
      expect(entries.length, key).toBeGreaterThan(0);
      const name = entries.map((entry) => String(read(menu, `menu.items.${entry}`))).join(', ');
      const label = String(read(users, `permissions.${key}`));
      if (key.startsWith('powerBi.') ? !label.startsWith(`${name} (`) : label !== name) wrong.push(`${key}: "${label}" ≠ "${name}"`);
    }
    for (const [group, section] of [
      ['square', 'square'],
      ['powerBi', 'dashboard'],
      ['reloadable', 'reloadables'],
      ['privative', 'privative'],
    ]) {
      const label = String(read(users, `permissionGroups.${group}`));
      const name = String(read(menu, `menu.sections.${section}`));
      if (label !== name) wrong.push(`group ${group}: "${label}" ≠ "${name}"`);
    }
    expect(wrong).toEqual([]);
  });
});
