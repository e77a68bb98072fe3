import { describe, expect, it } from 'vitest';
import { validateAddUser } from './add-user-dialog';

describe('validateAddUser', () => {
  it('names each field in Japanese', () => {
    expect(validateAddUser({ email: '', full_name: '', initial_password: '' })).toEqual({
      email: 'メールアドレスを入力してください。',
    });
    expect(validateAddUser({ email: 'no-at-sign', full_name: '', initial_password: 'short' })).toEqual({
      email: 'メールアドレスの形式が正しくありません（例: name@example.jp）。',
      initial_password: '初期パスワードは 8〜72 文字で入力してください。',
    });
    expect(validateAddUser({ email: 'a@b.jp', full_name: '名'.repeat(101), initial_password: '' })).toEqual({
      full_name: '氏名は 100 文字以内で入力してください。',
    });
  });

  it('accepts an existing account without a password and a new one with a password of 8 to 72', () => {
    expect(
      validateAddUser({ email: 'staff@sakura-clinic.example', full_name: '', initial_password: '' }),
    ).toEqual({});
    expect(
      validateAddUser({
        email: 'new@sakura-clinic.example',
        full_name: '新人',
        initial_password: 'x'.repeat(72),
      }),
    ).toEqual({});
  });
});
