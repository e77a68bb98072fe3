import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INVITATION_FORM,
  inviteLink,
  splitServerErrors,
  toInvitationInput,
  validateInvitationForm,
} from './invitation-form';

describe('the create-invitation form', () => {
  it('accepts the defaults: staff, anyone with the link, 7 days', () => {
    expect(validateInvitationForm(DEFAULT_INVITATION_FORM)).toEqual({});
    expect(toInvitationInput(DEFAULT_INVITATION_FORM)).toEqual({
      role: 'staff',
      email: null,
      expires_in_days: 7,
      message: null,
    });
  });

  it('names the field in Japanese when a value is out of bounds', () => {
    const errors = validateInvitationForm({
      ...DEFAULT_INVITATION_FORM,
      email: 'not-an-address',
      expiresInDays: '31',
      message: 'あ'.repeat(501),
    });
    expect(errors).toEqual({
      email: 'メールアドレスの形式が正しくありません。',
      expiresInDays: '有効期限（日数）は 1 から 30 までの整数で入力してください。',
      message: 'メッセージは 500 文字以内で入力してください。',
    });
    expect(validateInvitationForm({ ...DEFAULT_INVITATION_FORM, expiresInDays: '' }).expiresInDays).toBe(
      '有効期限（日数）を入力してください。',
    );
    expect(
      validateInvitationForm({ ...DEFAULT_INVITATION_FORM, expiresInDays: '0' }).expiresInDays,
    ).toBeDefined();
    expect(
      validateInvitationForm({ ...DEFAULT_INVITATION_FORM, expiresInDays: '1.5' }).expiresInDays,
    ).toBeDefined();
  });

  it('takes full-width digits and normalises the email', () => {
    const values = {
      role: 'admin' as const,
      email: '  Tanaka@Example.JP ',
      expiresInDays: '１４',
      message: '  受付の田中さん ',
    };
    expect(validateInvitationForm(values)).toEqual({});
    expect(toInvitationInput(values)).toEqual({
      role: 'admin',
      email: 'tanaka@example.jp',
      expires_in_days: 14,
      message: '受付の田中さん',
    });
  });

  it('puts the server entries on the form fields and keeps the others apart', () => {
    const { byField, others } = splitServerErrors([
      { field: 'expires_in_days', message: '30 以下にしてください' },
      { field: 'email', message: '形式が正しくありません' },
      { field: 'email', message: '二つ目' },
      { field: 'unknown', message: '不明な項目です' },
    ]);
    expect(byField).toEqual({ expiresInDays: '30 以下にしてください', email: '形式が正しくありません' });
    expect(others).toEqual([{ field: 'unknown', message: '不明な項目です' }]);
  });

  it('builds the link from the origin and the path the server gave', () => {
    expect(inviteLink('https://clinic.example', '/invite?code=abc_DEF-123')).toBe(
      'https://clinic.example/invite?code=abc_DEF-123',
    );
  });
});
