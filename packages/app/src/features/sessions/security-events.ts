import type { components } from '@tsumiki/api-client';

export type SecurityEvent = components['schemas']['SecurityEvent'];
export type SecurityEventType = components['schemas']['SecurityEventType'];

/** How an event is shown: `attention` ones are what a user should look at twice. */
export type SecurityEventTone = 'attention' | 'notice' | 'normal';

interface SecurityEventKind {
  /** A short heading, e.g. ログイン. */
  label: string;
  tone: SecurityEventTone;
  /** Read out with attention events, saying why they matter. */
  advice?: string;
}

const KINDS: Record<SecurityEventType, SecurityEventKind> = {
  sign_in: { label: 'ログイン', tone: 'normal' },
  signed_out: { label: 'ログアウト', tone: 'normal' },
  session_extended: { label: 'セッションの延長', tone: 'normal' },
  session_revoked: {
    label: 'セッションの終了',
    tone: 'attention',
    advice: '心当たりがない場合は、パスワードを変更してください。',
  },
  refresh_token_reused: {
    label: '不正な再使用の検知',
    tone: 'attention',
    advice:
      '使用済みのトークンが再び使われました。ほかの人がログイン情報を使った可能性があります。パスワードを変更してください。',
  },
  password_changed: {
    label: 'パスワードの変更',
    tone: 'notice',
    advice: '心当たりがない場合は、すぐに管理者に連絡してください。',
  },
  mfa_enrolled: {
    label: '認証アプリの登録',
    tone: 'notice',
    advice: '心当たりがない場合は、すぐに管理者に連絡してください。',
  },
  mfa_verified: { label: '二段階認証', tone: 'normal' },
  mfa_failed: {
    label: '二段階認証の失敗',
    tone: 'attention',
    advice:
      '心当たりがない場合は、パスワードを変更してください。パスワードを知っている人がログインしようとしています。',
  },
  mfa_unenrolled: {
    label: '認証アプリの削除',
    tone: 'notice',
    advice: '心当たりがない場合は、すぐに管理者に連絡してください。',
  },
  recovery_codes_generated: { label: 'リカバリーコードの発行', tone: 'notice' },
  recovery_code_used: {
    label: 'リカバリーコードの使用',
    tone: 'notice',
    advice: '心当たりがない場合は、パスワードを変更し、リカバリーコードを発行し直してください。',
  },
  mfa_reset: {
    label: '二段階認証のリセット',
    tone: 'attention',
    advice: '管理者が二段階認証をリセットしました。次のログインで認証アプリを登録し直してください。',
  },
};

/** The label, tone and advice of an event type; a type this version does not know is shown plainly. */
export function securityEventKind(type: string): SecurityEventKind {
  return (
    (KINDS as Record<string, SecurityEventKind | undefined>)[type] ?? { label: 'その他', tone: 'normal' }
  );
}

/** How many of the events deserve attention (for the heading's count). */
export function attentionCount(events: readonly Pick<SecurityEvent, 'type'>[]): number {
  return events.filter((event) => securityEventKind(event.type).tone === 'attention').length;
}
