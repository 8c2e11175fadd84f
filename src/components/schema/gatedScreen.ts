import { createContext, useContext } from 'react';

/**
 * The resource and action the screen gate (ResourceScreenGate) has already checked: signed in and
 * allowed by `authProvider.canAccess`. A list of that very resource on that screen need not ask
 * both again before its first request (react-admin's list controller would, one after the other,
 * each a round of renders): SchemaList reads this.
 */
export interface GatedScreen {
  resource: string;
  action: string;
}

export const GatedScreenContext = createContext<GatedScreen | null>(null);

/** True when the screen's gate has checked `action` on `resource`. */
export function useGateChecked(resource: string | undefined, action: string): boolean {
  const gate = useContext(GatedScreenContext);
  return Boolean(gate && resource && gate.resource === resource && gate.action === action);
}
