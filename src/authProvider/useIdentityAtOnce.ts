import { useGetIdentity } from 'react-admin';
import { USER_CONFIGURATION_CACHE_MS } from '../../domain/constants';
import { useTesseraAuthProvider } from './useTesseraAuthProvider';

/**
 * react-admin's `useGetIdentity`, answered in the first render when the user's configuration has
 * arrived (`authProvider.identityNow`, the same identity `getIdentity` gives): the header shows
 * the name at once instead of rendering again when the query answers. A company switch
 * invalidates the query, which asks `getIdentity` again as before.
 */
export function useIdentityAtOnce() {
  const now = useTesseraAuthProvider().identityNow?.();
  return useGetIdentity({ initialData: now, staleTime: now === undefined ? undefined : USER_CONFIGURATION_CACHE_MS });
}
