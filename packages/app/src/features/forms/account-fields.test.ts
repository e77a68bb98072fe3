import { describe, expect, it } from 'vitest';
import { hasErrors, validateFullName, validatePasswordForm } from './account-fields';

const valid = {
  currentPassword: 'tsumiki-demo-2026',
  newPassword: 'sakura-haru-2027',
  confirmation: 'sakura-haru-2027',
};

describe('validatePasswordForm', () => {
  it('accepts a filled, matching, different password', () => {
    expect(validatePasswordForm(valid)).toEqual({});
    expect(hasErrors(validatePasswordForm(valid))).toBe(false);
  });

  it('names every empty field by its Japanese label', () => {
    expect(validatePasswordForm({ currentPassword: '', newPassword: '', confirmation: '' })).toEqual({
      currentPassword: '現在のパスワードを入力してください。',
      newPassword: '新しいパスワードを入力してください。',
      confirmation: '新しいパスワード（確認）を入力してください。',
    });
  });

  it('counts characters as people do: 8 kanji are enough, 7 are not', () => {
    const eight = '積み木積み木積み';
    expect(validatePasswordForm({ ...valid, newPassword: eight, confirmation: eight })).toEqual({});
    const seven = 'abcdefg';
    expect(validatePasswordForm({ ...valid, newPassword: seven, confirmation: seven }).newPassword).toBe(
      '新しいパスワードは 8 文字以上で入力してください。',
    );
  });

  it('refuses more than 128 characters', () => {
    const long = 'a'.repeat(129);
    expect(validatePasswordForm({ ...valid, newPassword: long, confirmation: long }).newPassword).toBe(
      '新しいパスワードは 128 文字以内で入力してください。',
    );
  });

  it('refuses spaces only and the current password again', () => {
    const spaces = ' '.repeat(10);
    expect(validatePasswordForm({ ...valid, newPassword: spaces, confirmation: spaces }).newPassword).toBe(
      '新しいパスワードに空白だけは使えません。',
    );
    // Full-width and half-width forms hash alike (NFKC), so they are the same password.
    const same = {
      currentPassword: 'ｔｓｕｍｉｋｉ-2026',
      newPassword: 'tsumiki-2026',
      confirmation: 'tsumiki-2026',
    };
    expect(validatePasswordForm(same).newPassword).toBe(
      '新しいパスワードには、現在のパスワードと異なるものを入力してください。',
    );
  });

  it('says when the confirmation differs', () => {
    expect(validatePasswordForm({ ...valid, confirmation: 'sakura-haru-2028' }).confirmation).toBe(
      '新しいパスワード（確認）が新しいパスワードと一致しません。',
    );
  });
});

describe('validateFullName', () => {
  it('trims the name', () => {
    expect(validateFullName('  山田 花子 ')).toEqual({ fullName: '山田 花子' });
  });

  it('refuses an empty or too long name in Japanese', () => {
    expect(validateFullName('   ')).toEqual({ error: '氏名を入力してください。' });
    expect(validateFullName('山'.repeat(101))).toEqual({ error: '氏名は 100 文字以内で入力してください。' });
    expect(validateFullName('山'.repeat(100))).toEqual({ fullName: '山'.repeat(100) });
  });
});
