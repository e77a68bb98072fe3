import { fieldLabels } from '@tsumiki/api-client';

/**
 * The Japanese label of a field, from the contract's titles (`fieldLabels`); a user never sees a
 * field key, so an unknown one reads 入力内容.
 */
export function fieldLabel(field: string): string {
  return fieldLabels[field] ?? '入力内容';
}

/** Characters (code points), as the server's maxLength counts them: 𠮷 is one. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** Characters as the authentication service counts names and passwords: after NFKC. */
export function normalizedCharacterCount(text: string): number {
  return Array.from(text.normalize('NFKC')).length;
}

/** What every form says at a field, in the same words. */
export const fieldMessages = {
  required: '入力してください',
  maxLength: (limit: number) => `${limit}文字以内で入力してください`,
  katakana: '全角カタカナで入力してください',
  phone: '半角の数字とハイフンで入力してください（例 03-1234-5678）',
  postalCode: '7 桁の数字で入力してください（例 150-0001）',
  email: 'メールアドレスの形式が正しくありません',
} as const;
