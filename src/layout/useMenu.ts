import { useMemo } from 'react';
import { useCanAccessResources } from 'react-admin';
import { USER_CONFIGURATION_CACHE_MS } from '../../domain/constants';
import { useTesseraAuthProvider } from '../authProvider/useTesseraAuthProvider';
import { buildMenu, isSideNavHidden, MENU_CREATE_RESOURCES, MENU_RESOURCES, type MenuSection } from '../resources/registry';

const resources = [...MENU_RESOURCES];
const createResources = [...MENU_CREATE_RESOURCES];

/** The answers at hand (the configuration has arrived) for `action` on each resource, or undefined. */
function answersNow(authProvider: ReturnType<typeof useTesseraAuthProvider>, names: readonly string[], action: string) {
  const now = names.map((resource) => authProvider.canAccessNow?.({ resource, action }));
  return now.every((answer) => answer !== undefined) ? Object.fromEntries(names.map((resource, i) => [resource, now[i]!])) : undefined;
}

/** The user's menu: the registry's entries whose list (and `menuAction`) `authProvider.canAccess` allows. */
export function useMenu(): { menu: MenuSection[]; sideNavHidden: boolean; isPending: boolean } {
  const authProvider = useTesseraAuthProvider();
  // the answers at hand are the first ones: no render waits for them
  const initialData = answersNow(authProvider, resources, 'list');
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources, initialData, staleTime: initialData && USER_CONFIGURATION_CACHE_MS });
  const initialCreate = answersNow(authProvider, createResources, 'create');
  const { canAccess: canCreate } = useCanAccessResources({ action: 'create', resources: createResources, initialData: initialCreate, staleTime: initialCreate && USER_CONFIGURATION_CACHE_MS });
  return useMemo(() => {
    const menu = buildMenu(canAccess, canCreate);
    return { menu, sideNavHidden: isSideNavHidden(menu), isPending };
  }, [canAccess, canCreate, isPending]);
}
