import { describe, expect, it } from 'vitest';
import { validateSignUpForm } from './sign-up-form';

const valid = {
  email: 'new.staff@example.jp',
  fullName: '佐藤 花子',
  password: 'sakura-2026',
  confirmation: 'sakura-2026',
};

describe('the sign-up form of /invite', () => {
  it('accepts a complete form', () => {
    expect(validateSignUpForm(valid)).toEqual({});
  });

  it('asks for every field by its Japanese label', () => {
    expect(validateSignUpForm({ email: '', fullName: ' ', password: '', confirmation: '' })).toEqual({
      email: 'メールアドレスを入力してください。',
      fullName: '氏名を入力してください。',
      password: 'パスワードを入力してください。',
      confirmation: 'パスワード（確認）を入力してください。',
    });
  });

  it('checks the email format, the password length and the confirmation', () => {
    expect(validateSignUpForm({ ...valid, email: 'new.staff' }).email).toBe(
      'メールアドレスの形式が正しくありません。',
    );
    expect(validateSignUpForm({ ...valid, password: 'short', confirmation: 'short' }).password).toBe(
      'パスワードは 8 文字以上で入力してください。',
    );
    expect(validateSignUpForm({ ...valid, confirmation: 'sakura-2027' }).confirmation).toBe(
      'パスワード（確認）がパスワードと一致しません。',
    );
    expect(validateSignUpForm({ ...valid, password: '        ', confirmation: '        ' }).password).toBe(
      'パスワードに空白だけは使えません。',
    );
  });
});
