import { createContext, useContext } from 'react';
import type { MenuSection } from '../resources/registry';

/** The user's menu, computed once by the layout and read by the header and the side menu. */
export interface ShellMenu {
  menu: MenuSection[];
  sideNavHidden: boolean;
}

export const ShellMenuContext = createContext<ShellMenu>({ menu: [], sideNavHidden: true });

export function useShellMenu(): ShellMenu {
  return useContext(ShellMenuContext);
}
