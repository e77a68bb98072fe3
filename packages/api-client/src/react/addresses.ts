import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';

/** Postal codes are the same for every tenant, so their keys are not under one. */
export const postalCodeKeys = {
  all: () => ['postal-codes'] as const,
  lookup: (postalCode: string) => [...postalCodeKeys.all(), postalCode] as const,
};

/**
 * GET /api/postal-codes/{postalCode} — the addresses of a 7-digit postal code (hyphen optional).
 * The data ships with the server and does not change while the app runs: cached for good.
 */
export function postalCodeQueryOptions(api: ApiClient, postalCode: string) {
  const code = postalCode.replace('-', '');
  return queryOptions({
    queryKey: postalCodeKeys.lookup(code),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/postal-codes/{postalCode}', { params: { path: { postalCode: code } }, signal }),
        '/api/postal-codes/{postalCode}',
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60 * 60 * 1000,
  });
}
