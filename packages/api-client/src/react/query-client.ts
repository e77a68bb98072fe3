import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../errors';

const NO_QUERY_RETRY_STATUSES = new Set([401, 403, 422]);

/** Retry delay: 1 s doubling, at most 30 s (SPEC section 7). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Queries retry up to 3 times, never after 401, 403 or 422. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && NO_QUERY_RETRY_STATUSES.has(error.status)) return false;
  return failureCount < 3;
}

/** Mutations retry up to 2 times, never after a 4xx. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** A QueryClient with the defaults of SPEC section 7. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay,
        staleTime: 300_000,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay,
      },
    },
  });
}
