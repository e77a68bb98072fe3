import type { ValidationErrorEntry } from './errors';
import { contractFieldLabels } from './generated/field-labels';

/**
 * Japanese labels for validation messages: SPEC section 3's list, then every field the contract
 * titles (the contract's `title` is the one place a field's label is written; `pnpm generate`
 * extracts them).
 */
export const fieldLabels: Readonly<Record<string, string>> = {
  name: '名前',
  email: 'メールアドレス',
  password: 'パスワード',
  company: '会社名',
  phone: '電話番号',
  address: '住所',
  title: 'タイトル',
  content: '内容',
  file: 'ファイル',
  type: '種類',
  category: 'カテゴリ',
  status: 'ステータス',
  priority: '優先度',
  due_date: '期限',
  description: '説明',
  // The request's whole body (missing, or not the object the operation takes).
  body: '送信内容',
  // Some SPEC names are contract titles too (email, phone, content, type): the contract's wins.
  ...(contractFieldLabels as Readonly<Record<string, string>>),
};

export const GENERIC_VALIDATION_MESSAGE = '入力データに問題があります。';

/** "ラベル: メッセージ" one per line; the generic message for an empty list (SPEC section 5). */
export function formatValidationErrors(
  entries: readonly ValidationErrorEntry[] | null | undefined,
  labels: Readonly<Record<string, string>> = fieldLabels,
): string {
  if (!entries || entries.length === 0) return GENERIC_VALIDATION_MESSAGE;
  return entries.map((entry) => `${labels[entry.field] ?? entry.field}: ${entry.message}`).join('\n');
}
