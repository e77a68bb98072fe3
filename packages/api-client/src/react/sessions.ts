import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { type BodyOf, invalidates, type TenantId, tenantHeader, tenantKey } from './shared';

export const sessionKeys = {
  /** The signed-in session is the user's, not the tenant's. */
  current: () => ['session', 'current'] as const,
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'sessions'] as const,
};

/** GET /api/sessions/current — the top bar's session indicator; refreshed every minute. */
export function currentSessionQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/sessions/current', { signal }), '/api/sessions/current'),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

/** POST /api/sessions/current/extend ({ minutes: 60 | 240 }) */
export function extendCurrentSessionMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ['session', 'extend'],
    mutationFn: (body: BodyOf<'extendCurrentSession'>) =>
      unwrap(api.POST('/api/sessions/current/extend', { body }), '/api/sessions/current/extend'),
    onSuccess: (session, _variables, _result, context) =>
      context.client.setQueryData(sessionKeys.current(), session),
  });
}

/** GET /api/sessions — the user's own sessions (session management). */
export function sessionsQueryOptions(api: ApiClient, tenantId: TenantId) {
  return queryOptions({
    queryKey: sessionKeys.all(tenantId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/sessions', { params: tenantHeader(tenantId), signal }), '/api/sessions'),
  });
}

/** DELETE /api/sessions/{id} — signs one of the user's sessions out. */
export function revokeSessionMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...sessionKeys.all(tenantId), 'revoke'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/sessions/{id}', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/sessions/{id}',
      ),
    onSuccess: invalidates(tenantId, 'sessions'),
  });
}
