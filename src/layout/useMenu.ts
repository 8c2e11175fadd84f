import { useMemo } from 'react';
import { useCanAccessResources } from 'react-admin';
import { buildMenu, isSideNavHidden, MENU_RESOURCES, type MenuSection } from '../resources/registry';

const resources = [...MENU_RESOURCES];

/** The user's menu: the registry's entries whose list `authProvider.canAccess` allows. */
export function useMenu(): { menu: MenuSection[]; sideNavHidden: boolean; isPending: boolean } {
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources });
  return useMemo(() => {
    const menu = buildMenu(canAccess);
    return { menu, sideNavHidden: isSideNavHidden(menu), isPending };
  }, [canAccess, isPending]);
}
