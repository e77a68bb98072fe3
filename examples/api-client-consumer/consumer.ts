// Type-checked against the packed @tsumiki/api-client tarball by scripts/check-api-client-consumer.mjs.
import {
  type ApiError,
  type Customer,
  createApiClient,
  formatValidationErrors,
  isApiError,
  unwrap,
} from '@tsumiki/api-client';
import { createQueryClient, customersQueryOptions } from '@tsumiki/api-client/react';

const api = createApiClient({
  baseUrl: 'https://tsumiki.example',
  getAccessToken: () => 'token',
  refreshAccessToken: async () => 'fresh-token',
  onAuthenticationFailure: () => undefined,
});

export async function firstCustomerName(): Promise<string | null> {
  try {
    const list = await unwrap(
      api.GET('/api/customers', { params: { query: { search: 'さとう', limit: 10 } } }),
    );
    const first: Customer | undefined = list.customers[0];
    return first ? `${first.last_name} ${first.first_name}` : null;
  } catch (error) {
    if (isApiError(error)) return formatValidationErrors((error as ApiError).validationErrors);
    throw error;
  }
}

export const queryClient = createQueryClient();
export const customers = customersQueryOptions(api, undefined, { limit: 20, sort_by: 'last_name_kana' });

// The contract's paths and parameters are checked: these must not compile.
// @ts-expect-error an unknown path
void api.GET('/api/no-such-path');
// @ts-expect-error limit is a number
void api.GET('/api/customers', { params: { query: { limit: 'many' } } });
