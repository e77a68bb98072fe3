import { type components, contractEnums } from '@tsumiki/api-client';
import type { InvitationListQuery } from '@tsumiki/api-client/react';

export type InvitationStatus = components['schemas']['InvitationStatus'];

/** The invitation list's state lives in the URL (`?status=&page=`); defaults are left out. */
export interface InvitationListState {
  /** null: every status. */
  status: InvitationStatus | null;
  /** 1-based. */
  page: number;
}

export const INVITATION_PAGE_SIZE = 20;

export const INVITATION_STATUSES: readonly InvitationStatus[] = contractEnums.InvitationStatus;

function isInvitationStatus(value: string | null): value is InvitationStatus {
  return value !== null && (INVITATION_STATUSES as readonly string[]).includes(value);
}

/** Reads the state from the query string; anything malformed falls back to its default. */
export function parseInvitationListState(params: URLSearchParams): InvitationListState {
  const status = params.get('status');
  const pageParam = Number(params.get('page'));
  return {
    status: isInvitationStatus(status) ? status : null,
    page: Number.isSafeInteger(pageParam) && pageParam >= 1 ? pageParam : 1,
  };
}

export function serializeInvitationListState(state: InvitationListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status) params.set('status', state.status);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query of a state: a page of 20, newest first (the server's order), maybe one status. */
export function invitationListQuery(state: InvitationListState): InvitationListQuery {
  return {
    skip: (state.page - 1) * INVITATION_PAGE_SIZE,
    limit: INVITATION_PAGE_SIZE,
    ...(state.status ? { status: state.status } : {}),
  };
}
