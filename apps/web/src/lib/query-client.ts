import { QueryClient } from '@tanstack/react-query';

/** Part 1 §7: data fetching without retry and without cache time. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
