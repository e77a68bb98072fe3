import { normalizedCharacterCount } from './field-rules';
/**
 * The profile's two forms, checked before anything is sent. The authentication service checks
 * the same rules again (packages/server/src/auth: 8 to 128 characters as people count them, a
 * name of 1 to 100 characters).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 100;

/** Field labels, also used in the messages (validation names fields in Japanese). */
export const passwordFieldLabels = {
  currentPassword: '現在のパスワード',
  newPassword: '新しいパスワード',
  confirmation: '新しいパスワード（確認）',
} as const;

export type PasswordField = keyof typeof passwordFieldLabels;
export type PasswordForm = Record<PasswordField, string>;
export type PasswordFormErrors = Partial<Record<PasswordField, string>>;

export function validatePasswordForm(form: PasswordForm): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  const labels = passwordFieldLabels;
  if (!form.currentPassword) errors.currentPassword = `${labels.currentPassword}を入力してください。`;

  const length = normalizedCharacterCount(form.newPassword);
  if (!form.newPassword) errors.newPassword = `${labels.newPassword}を入力してください。`;
  else if (length < PASSWORD_MIN_LENGTH)
    errors.newPassword = `${labels.newPassword}は ${PASSWORD_MIN_LENGTH} 文字以上で入力してください。`;
  else if (length > PASSWORD_MAX_LENGTH)
    errors.newPassword = `${labels.newPassword}は ${PASSWORD_MAX_LENGTH} 文字以内で入力してください。`;
  else if (!form.newPassword.trim()) errors.newPassword = `${labels.newPassword}に空白だけは使えません。`;
  else if (
    form.currentPassword &&
    form.newPassword.normalize('NFKC') === form.currentPassword.normalize('NFKC')
  )
    errors.newPassword = `${labels.newPassword}には、${labels.currentPassword}と異なるものを入力してください。`;

  if (!form.confirmation) errors.confirmation = `${labels.confirmation}を入力してください。`;
  else if (form.confirmation !== form.newPassword)
    errors.confirmation = `${labels.confirmation}が${labels.newPassword}と一致しません。`;
  return errors;
}

export const fullNameLabel = '氏名';

/** The name to save (trimmed), or the Japanese reason it cannot be saved. */
export function validateFullName(value: string): { fullName: string; error?: undefined } | { error: string } {
  const fullName = value.trim();
  if (!fullName) return { error: `${fullNameLabel}を入力してください。` };
  if (normalizedCharacterCount(fullName) > FULL_NAME_MAX_LENGTH)
    return { error: `${fullNameLabel}は ${FULL_NAME_MAX_LENGTH} 文字以内で入力してください。` };
  return { fullName };
}

export function hasErrors(errors: PasswordFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}
