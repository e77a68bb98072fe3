import { AuthApiError, AuthRetryableFetchError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { accountActionError } from './account-actions';

describe('accountActionError', () => {
  it('ties a wrong current password to its field, in Japanese', async () => {
    const error = await accountActionError(
      new AuthApiError('Current password is incorrect', 400, 'current_password_mismatch'),
      'パスワードを変更できませんでした。',
    );
    expect(error.message).toBe('現在のパスワードが正しくありません。');
    expect(error.field).toBe('currentPassword');
  });

  it("keeps the service's Japanese words, which may say more", async () => {
    const error = await accountActionError(
      new AuthApiError(
        'ログインの失敗が続いたため、ログインを一時的に制限しています。12 分ほど待ってから、もう一度お試しください。',
        429,
        'over_request_rate_limit',
      ),
      'パスワードを変更できませんでした。',
    );
    expect(error.message).toContain('12 分ほど待って');
    expect(error.field).toBe('currentPassword');
  });

  it('ties a refused new password to the new password field', async () => {
    const same = await accountActionError(new AuthApiError('same', 422, 'same_password'), 'x');
    expect(same).toMatchObject({
      field: 'newPassword',
      message: '新しいパスワードには、現在のパスワードと異なるものを指定してください。',
    });
  });

  it('says network error when the service cannot be reached, and the fallback otherwise', async () => {
    const offline = await accountActionError(
      new AuthRetryableFetchError('Failed to fetch', 0),
      '氏名を保存できませんでした。',
    );
    expect(offline.message).toBe('ネットワークエラーが発生しました。接続を確認してください。');
    expect(offline.field).toBeUndefined();
    const unknown = await accountActionError(new Error('boom'), '氏名を保存できませんでした。');
    expect(unknown.message).toBe('氏名を保存できませんでした。');
  });
});
