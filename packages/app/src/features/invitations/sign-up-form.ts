import {
  FULL_NAME_MAX_LENGTH,
  fullNameLabel,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../forms/account-fields';
import { normalizedCharacterCount } from '../forms/field-rules';
import { EMAIL_PATTERN } from './invitation-form';

/**
 * The sign-up form of /invite, checked before anything is sent. The authentication service checks
 * the same rules again (8 to 128 characters as people count them, like a password change).
 */
export const signUpFieldLabels = {
  email: 'メールアドレス',
  fullName: fullNameLabel,
  password: 'パスワード',
  confirmation: 'パスワード（確認）',
} as const;

export type SignUpField = keyof typeof signUpFieldLabels;
export type SignUpFormValues = Record<SignUpField, string>;
export type SignUpFormErrors = Partial<Record<SignUpField, string>>;

export const SIGN_UP_FIELDS: readonly SignUpField[] = ['email', 'fullName', 'password', 'confirmation'];

export function validateSignUpForm(values: SignUpFormValues): SignUpFormErrors {
  const errors: SignUpFormErrors = {};
  const labels = signUpFieldLabels;
  const email = values.email.trim();
  if (!email) errors.email = `${labels.email}を入力してください。`;
  else if (!EMAIL_PATTERN.test(email)) errors.email = `${labels.email}の形式が正しくありません。`;

  const fullName = values.fullName.trim();
  if (!fullName) errors.fullName = `${labels.fullName}を入力してください。`;
  else if (normalizedCharacterCount(fullName) > FULL_NAME_MAX_LENGTH)
    errors.fullName = `${labels.fullName}は ${FULL_NAME_MAX_LENGTH} 文字以内で入力してください。`;

  const length = normalizedCharacterCount(values.password);
  if (!values.password) errors.password = `${labels.password}を入力してください。`;
  else if (length < PASSWORD_MIN_LENGTH)
    errors.password = `${labels.password}は ${PASSWORD_MIN_LENGTH} 文字以上で入力してください。`;
  else if (length > PASSWORD_MAX_LENGTH)
    errors.password = `${labels.password}は ${PASSWORD_MAX_LENGTH} 文字以内で入力してください。`;
  else if (!values.password.trim()) errors.password = `${labels.password}に空白だけは使えません。`;

  if (!values.confirmation) errors.confirmation = `${labels.confirmation}を入力してください。`;
  else if (values.confirmation !== values.password)
    errors.confirmation = `${labels.confirmation}が${labels.password}と一致しません。`;
  return errors;
}
