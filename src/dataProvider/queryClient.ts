import { QueryClient } from '@tanstack/react-query';

/** SPEC §7: queries never retry and never refetch on focus or reconnect. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
