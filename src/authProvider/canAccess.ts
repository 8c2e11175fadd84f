import { MENU, canOpenPath } from '../../domain/menu';
import { hasAnyPermission, type Permissions } from '../../domain/permissions';

/**
 * react-admin's access check, from the domain menu table: a `resource` is either a screen path
 * ("/privative/giftcards/12") or a menu item key ("giftcards"). Unknown names are denied so a
 * new resource must be added to the table before anyone sees it.
 */
export function canAccessResource(permissions: Permissions | null | undefined, resource: string): boolean {
  if (resource.startsWith('/')) return canOpenPath(permissions, resource);
  for (const section of MENU) {
    const item = section.items.find((candidate) => candidate.key === resource);
    if (item) return hasAnyPermission(permissions, item.anyOf);
  }
  return false;
}
