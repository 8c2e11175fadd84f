import { useQuery } from '@tanstack/react-query';
import { loadUserConfiguration } from '../../authProvider/userConfiguration';
import { httpClient } from '../../services';

/** The signed-in user's configuration (shares the 5-minute cache of the authProvider). */
export function useUserConfiguration() {
  return useQuery({ queryKey: ['auth', 'userConfiguration'], queryFn: () => loadUserConfiguration(httpClient) });
}
