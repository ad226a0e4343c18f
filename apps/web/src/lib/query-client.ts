import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

/** The HTTP client already retries transient GET failures; retrying 4xx answers never helps. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, err) =>
          !(err instanceof ApiError) &&
          !(err instanceof Error && err.message === 'Unauthorized') &&
          count < 1,
      },
      mutations: { retry: false },
    },
  });
}
export const queryClient = createQueryClient();
