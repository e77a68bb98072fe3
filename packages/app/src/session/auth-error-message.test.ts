import { AuthApiError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-client';
import { messages } from './messages';

describe('authErrorMessage: what a refused sign-in says', () => {
  it('shows the embedded service’s own Japanese words: how long to wait, that the account is off', () => {
    const throttled = new AuthApiError(
      'ログインの試行回数が多すぎます。8 分ほど待ってから、もう一度お試しください。',
      429,
      'over_request_rate_limit',
    );
    expect(authErrorMessage(throttled, messages.loginFailed)).toContain('8 分ほど待って');
    const banned = new AuthApiError(
      'このアカウントは無効にされています。管理者に連絡してください。',
      400,
      'user_banned',
    );
    expect(authErrorMessage(banned, messages.loginFailed)).toBe(
      'このアカウントは無効にされています。管理者に連絡してください。',
    );
  });

  it('puts a known code in Japanese when the service answers in English (a hosted one)', () => {
    const hosted = new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit');
    expect(authErrorMessage(hosted, messages.loginFailed)).toBe(
      'ログインの試行回数が多すぎます。しばらく待ってから再度お試しください。',
    );
    expect(
      authErrorMessage(new AuthApiError('User is banned', 400, 'user_banned'), messages.loginFailed),
    ).toBe('このアカウントは無効にされています。管理者に連絡してください。');
    expect(
      authErrorMessage(new AuthApiError('Something odd', 500, 'unexpected_failure'), messages.loginFailed),
    ).toBe(messages.loginFailed);
  });
});
