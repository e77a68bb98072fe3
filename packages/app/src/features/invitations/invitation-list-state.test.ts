import { describe, expect, it } from 'vitest';
import {
  INVITATION_PAGE_SIZE,
  invitationListQuery,
  parseInvitationListState,
  serializeInvitationListState,
} from './invitation-list-state';

describe('invitation list state in the URL', () => {
  it('reads a status and a page, and falls back on anything malformed', () => {
    expect(parseInvitationListState(new URLSearchParams('status=used&page=3'))).toEqual({
      status: 'used',
      page: 3,
    });
    expect(parseInvitationListState(new URLSearchParams('status=deleted&page=-1'))).toEqual({
      status: null,
      page: 1,
    });
    expect(parseInvitationListState(new URLSearchParams('page=2.5'))).toEqual({ status: null, page: 1 });
  });

  it('leaves the defaults out of the URL and round-trips the rest', () => {
    expect(serializeInvitationListState({ status: null, page: 1 }).toString()).toBe('');
    const params = serializeInvitationListState({ status: 'revoked', page: 2 });
    expect(params.toString()).toBe('status=revoked&page=2');
    expect(parseInvitationListState(params)).toEqual({ status: 'revoked', page: 2 });
  });

  it('asks the API for one page, with the status only when one is chosen', () => {
    expect(invitationListQuery({ status: null, page: 1 })).toEqual({ skip: 0, limit: INVITATION_PAGE_SIZE });
    expect(invitationListQuery({ status: 'pending', page: 3 })).toEqual({
      skip: 2 * INVITATION_PAGE_SIZE,
      limit: INVITATION_PAGE_SIZE,
      status: 'pending',
    });
  });
});
