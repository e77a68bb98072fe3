import { contractEnums } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { attentionCount, securityEventKind } from './security-events';

describe('securityEventKind', () => {
  it('has a Japanese label for every event type of the contract', () => {
    for (const type of contractEnums.SecurityEventType) {
      const { label } = securityEventKind(type);
      expect(label).not.toBe('その他');
      expect(label).toMatch(/[\u3040-\u30ff\u3400-\u9fff]/u);
    }
  });

  it('asks for attention for a revoked session, a reused token, a refused second factor and a reset only', () => {
    const attention = contractEnums.SecurityEventType.filter(
      (type) => securityEventKind(type).tone === 'attention',
    );
    expect(attention).toEqual(['session_revoked', 'refresh_token_reused', 'mfa_failed', 'mfa_reset']);
    expect(securityEventKind('refresh_token_reused').advice).toContain('パスワードを変更');
  });

  it('shows a type it does not know plainly', () => {
    expect(securityEventKind('passkey_added')).toEqual({ label: 'その他', tone: 'normal' });
  });

  it('counts the attention events', () => {
    expect(
      attentionCount([{ type: 'sign_in' }, { type: 'refresh_token_reused' }, { type: 'session_revoked' }]),
    ).toBe(2);
  });
});
