import type { InvitationPreview } from '@tsumiki/api-client';
import { ApiError, createClientError } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import {
  emailMatches,
  invitationHeadline,
  inviteState,
  MISSING_CODE_MESSAGE,
  unusableInvitationNotice,
} from './invite-status';

const preview = (status: InvitationPreview['status']): InvitationPreview => ({
  tenant_name: 'さくら内科クリニック',
  role: 'staff',
  email: null,
  status,
  expires_at: '2026-11-30T03:00:00Z',
});

function notFound() {
  return new ApiError(404, {
    code: 'RES_001',
    category: 'business_logic',
    severity: 'low',
    message: '招待が見つかりません。',
    suggestion: null,
    timestamp: '2026-11-22T05:00:00Z',
    context: null,
    request_id: 'req-1',
    path: '/api/invitations/preview',
    validation_errors: [],
  });
}

const formatDate = (iso: string) => `日時(${iso})`;

describe('/invite states', () => {
  it('a missing code is SPEC section 5 message, whatever the query says', () => {
    const state = inviteState('', { status: 'pending', error: null });
    expect(state).toEqual({ kind: 'missing' });
    expect(unusableInvitationNotice(state, formatDate)?.title).toBe(MISSING_CODE_MESSAGE);
    expect(MISSING_CODE_MESSAGE).toBe('招待コードが見つかりません');
  });

  it('a pending invitation can be joined and says where and as what', () => {
    const state = inviteState('abc', { status: 'success', data: preview('pending'), error: null });
    expect(unusableInvitationNotice(state, formatDate)).toBeNull();
    expect(invitationHeadline(preview('pending'))).toBe(
      'さくら内科クリニック に スタッフ として招待されています',
    );
  });

  it('used, expired, revoked and unknown codes each have their own message', () => {
    const titles = (['used', 'expired', 'revoked'] as const).map(
      (status) =>
        unusableInvitationNotice(
          inviteState('abc', { status: 'success', data: preview(status), error: null }),
          formatDate,
        )?.title,
    );
    const unknown = inviteState('abc', {
      status: 'error',
      error: notFound(),
    });
    expect(unknown).toEqual({ kind: 'unknown' });
    titles.push(unusableInvitationNotice(unknown, formatDate)?.title);
    expect(titles).toEqual([
      'この招待はすでに使用されています',
      'この招待は有効期限が切れています',
      'この招待は取り消されました',
      'この招待コードは正しくありません',
    ]);
    expect(
      unusableInvitationNotice(
        inviteState('abc', { status: 'success', data: preview('expired'), error: null }),
        formatDate,
      )?.description,
    ).toContain('日時(2026-11-30T03:00:00Z)');
  });

  it('a failure of the server or the network is not called an unknown code', () => {
    const state = inviteState('abc', { status: 'error', error: createClientError('NETWORK_ERROR') });
    expect(state.kind).toBe('failed');
    expect(unusableInvitationNotice(state, formatDate)).toBeNull();
  });

  it('matches a bound email regardless of case, and any email when unbound', () => {
    expect(emailMatches(null, 'a@example.jp')).toBe(true);
    expect(emailMatches('Tanaka@Example.jp', 'tanaka@example.jp ')).toBe(true);
    expect(emailMatches('tanaka@example.jp', 'sato@example.jp')).toBe(false);
  });
});
