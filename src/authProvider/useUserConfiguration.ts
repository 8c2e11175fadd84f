import { useQuery } from '@tanstack/react-query';
import { useTesseraAuthProvider } from './useTesseraAuthProvider';

/** The signed-in user's configuration, from the authProvider (its 5-minute cache). */
export function useUserConfiguration() {
  const authProvider = useTesseraAuthProvider();
  return useQuery({ queryKey: ['auth', 'userConfiguration'], queryFn: () => authProvider.getConfiguration() });
}
