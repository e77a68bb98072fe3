import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { type BodyOf, invalidates, type QueryOf, type TenantId, tenantHeader, tenantKey } from './shared';

export type InvitationListQuery = QueryOf<'listInvitations'>;

export const invitationKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'invitations'] as const,
  list: (tenantId: TenantId, query: InvitationListQuery = {}) =>
    [...invitationKeys.all(tenantId), 'list', query] as const,
};

/** GET /api/invitations/ */
export function invitationsQueryOptions(api: ApiClient, tenantId: TenantId, query: InvitationListQuery = {}) {
  return queryOptions({
    queryKey: invitationKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/invitations/', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/invitations/',
      ),
  });
}

/** POST /api/invitations/ */
export function createInvitationMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'invitations', 'create'],
    mutationFn: (body: BodyOf<'createInvitation'>) =>
      unwrap(api.POST('/api/invitations/', { params: tenantHeader(tenantId), body }), '/api/invitations/'),
    onSuccess: invalidates(tenantId, 'invitations'),
  });
}

/** DELETE /api/invitations/{id} */
export function deleteInvitationMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'invitations', 'delete'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/invitations/{id}', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/invitations/{id}',
      ),
    onSuccess: invalidates(tenantId, 'invitations'),
  });
}

/**
 * POST /api/invitations/use ({ code, email }) — joins the inviting tenant. The user is not a member
 * yet, so no tenant header; afterwards everything about the user is refetched.
 */
export function useInvitationMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ['invitations', 'use'],
    mutationFn: (body: BodyOf<'useInvitation'>) =>
      unwrap(api.POST('/api/invitations/use', { body }), '/api/invitations/use'),
    onSuccess: (_data, _variables, _result, context) => context.client.invalidateQueries(),
  });
}

/**
 * POST /api/invitations/preview ({ code }) — what an invitation offers (tenant, role, bound email,
 * status) before the invitee signs in. No token needed; a query so that the invite page can show it.
 */
export function invitationPreviewQueryOptions(api: ApiClient, code: string) {
  return queryOptions({
    queryKey: ['invitations', 'preview', code] as const,
    queryFn: ({ signal }) =>
      unwrap(api.POST('/api/invitations/preview', { body: { code }, signal }), '/api/invitations/preview'),
  });
}
