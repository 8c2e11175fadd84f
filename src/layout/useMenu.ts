import { useMemo } from 'react';
import { useCanAccessResources } from 'react-admin';
import { USER_CONFIGURATION_CACHE_MS } from '../../domain/constants';
import { useTesseraAuthProvider } from '../authProvider/useTesseraAuthProvider';
import { useUserConfiguration } from '../authProvider/useUserConfiguration';
import { buildMenu, isSideNavHidden, MENU_RESOURCES, type MenuSection } from '../resources/registry';

const resources = [...MENU_RESOURCES];

/** The user's menu: the registry's entries whose list `authProvider.canAccess` allows. */
export function useMenu(): { menu: MenuSection[]; sideNavHidden: boolean; isPending: boolean } {
  const authProvider = useTesseraAuthProvider();
  // the answers at hand (the configuration has arrived) are the first ones: no render waits for them
  const now = resources.map((resource) => authProvider.canAccessNow?.({ resource, action: 'list' }));
  const initialData = now.every((answer) => answer !== undefined) ? Object.fromEntries(resources.map((resource, i) => [resource, now[i]!])) : undefined;
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources, initialData, staleTime: initialData && USER_CONFIGURATION_CACHE_MS });
  // provider staff's own entries (registry `menuFor`) once the configuration says who the user is
  const provider = useUserConfiguration().data?.company.isProvider === true;
  return useMemo(() => {
    const menu = buildMenu(canAccess, { provider });
    return { menu, sideNavHidden: isSideNavHidden(menu), isPending };
  }, [canAccess, isPending, provider]);
}
