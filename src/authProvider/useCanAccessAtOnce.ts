import { useCanAccess, useResourceContext } from 'react-admin';
import { USER_CONFIGURATION_CACHE_MS } from '../../domain/constants';
import { useTesseraAuthProvider } from './useTesseraAuthProvider';

/**
 * react-admin's `useCanAccess`, answered in the very first render when the user's configuration
 * has arrived (`authProvider.canAccessNow`, the same access table): no pending state, no query
 * run and no second render once it answers. A row's link checked this way costs nothing per row
 * (each row's check is its own query: its key carries the row's record). Without the
 * configuration at hand it asks `authProvider.canAccess` as `useCanAccess` does.
 */
export function useCanAccessAtOnce({ resource: given, action }: { resource?: string; action: string }) {
  const authProvider = useTesseraAuthProvider();
  const resource = useResourceContext({ resource: given });
  const now = resource ? authProvider.canAccessNow?.({ resource, action }) : undefined;
  return useCanAccess({ resource, action, initialData: now, staleTime: now === undefined ? undefined : USER_CONFIGURATION_CACHE_MS });
}
