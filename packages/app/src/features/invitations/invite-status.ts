import { type InvitationPreview, isApiError, ROLE_LABELS } from '@tsumiki/api-client';

/**
 * What /invite can say about a code (SPEC sections 2 and 5): missing, unknown, or what the
 * preview says. Only a pending invitation can be joined; every other state has its own message.
 */
export type InviteState =
  | { kind: 'missing' }
  | { kind: 'unknown' }
  | { kind: 'failed'; message: string }
  | { kind: 'loading' }
  | { kind: 'preview'; preview: InvitationPreview };

/** SPEC section 5's message for a missing code. */
export const MISSING_CODE_MESSAGE = '招待コードが見つかりません';

export interface InviteNotice {
  title: string;
  description: string;
}

/** The reason an invitation cannot be joined, or null when it can. */
export function unusableInvitationNotice(
  state: InviteState,
  formatDate: (iso: string) => string,
): InviteNotice | null {
  switch (state.kind) {
    case 'missing':
      return {
        title: MISSING_CODE_MESSAGE,
        description:
          '招待のリンクが途中で切れている可能性があります。届いたリンクを最後まで開くか、招待した管理者にお問い合わせください。',
      };
    case 'unknown':
      return {
        title: 'この招待コードは正しくありません',
        description:
          'リンクの文字が欠けているか、別のリンクです。届いたリンクをもう一度開くか、招待した管理者に新しい招待を依頼してください。',
      };
    case 'preview': {
      const { preview } = state;
      if (preview.status === 'used') {
        return {
          title: 'この招待はすでに使用されています',
          description:
            '招待のリンクは 1 回しか使えません。参加済みの場合はそのままログインしてください。まだの場合は、招待した管理者に新しい招待を依頼してください。',
        };
      }
      if (preview.status === 'expired') {
        return {
          title: 'この招待は有効期限が切れています',
          description: `有効期限は ${formatDate(preview.expires_at)} でした。招待した管理者に新しい招待を依頼してください。`,
        };
      }
      if (preview.status === 'revoked') {
        return {
          title: 'この招待は取り消されました',
          description: '招待した管理者が取り消したため、このリンクでは参加できません。',
        };
      }
      return null;
    }
    default:
      return null;
  }
}

/** 「さくら内科クリニック に スタッフ として招待されています」 */
export function invitationHeadline(preview: InvitationPreview): string {
  return `${preview.tenant_name} に ${ROLE_LABELS[preview.role]} として招待されています`;
}

/** The state from the code in the URL and the preview query. */
export function inviteState(
  code: string,
  query: { status: 'pending' | 'error' | 'success'; data?: InvitationPreview; error: unknown },
): InviteState {
  if (!code) return { kind: 'missing' };
  if (query.status === 'success' && query.data) return { kind: 'preview', preview: query.data };
  if (query.status === 'error') {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 422)) {
      return { kind: 'unknown' };
    }
    return {
      kind: 'failed',
      message: query.error instanceof Error ? query.error.message : '招待を確認できませんでした。',
    };
  }
  return { kind: 'loading' };
}

/** Whether a signed-in email may use an invitation bound to `bound` (case does not matter). */
export function emailMatches(bound: string | null, email: string): boolean {
  return bound === null || bound.trim().toLowerCase() === email.trim().toLowerCase();
}
