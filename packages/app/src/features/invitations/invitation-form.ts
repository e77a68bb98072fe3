import { type components, fieldLabels, type Role, type ValidationErrorEntry } from '@tsumiki/api-client';
import { characterCount } from '../forms/field-rules';

type InvitationInput = components['schemas']['InvitationInput'];

/** The contract's bounds for an invitation (InvitationInput). */
export const EXPIRY_DAYS_MIN = 1;
export const EXPIRY_DAYS_MAX = 30;
export const EXPIRY_DAYS_DEFAULT = 7;
export const MESSAGE_MAX_LENGTH = 500;
const EMAIL_MAX_LENGTH = 254;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export interface InvitationFormValues {
  role: Role;
  email: string;
  /** As typed: checked and turned into a number on submit. */
  expiresInDays: string;
  message: string;
}

export type InvitationField = keyof InvitationFormValues;
export type InvitationFormErrors = Partial<Record<InvitationField, string>>;

export const DEFAULT_INVITATION_FORM: InvitationFormValues = {
  role: 'staff',
  email: '',
  expiresInDays: String(EXPIRY_DAYS_DEFAULT),
  message: '',
};

/** The form's fields in screen order, with the contract's Japanese labels (its `title`s). */
export const INVITATION_FIELDS: readonly InvitationField[] = ['role', 'email', 'expiresInDays', 'message'];

export const invitationFieldLabels: Record<InvitationField, string> = {
  role: fieldLabels.role ?? '役割',
  email: fieldLabels.email ?? 'メールアドレス',
  expiresInDays: fieldLabels.expires_in_days ?? '有効期限（日数）',
  message: fieldLabels.message ?? 'メッセージ',
};

/** The contract's field name of each form field (for the server's validation entries). */
const CONTRACT_FIELDS: Record<string, InvitationField> = {
  role: 'role',
  email: 'email',
  expires_in_days: 'expiresInDays',
  message: 'message',
};

/** Half-width digits for what a Japanese keyboard may type as full-width (７ → 7). */
function toHalfWidthDigits(text: string): string {
  return text.replace(/[０-９]/gu, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
}

export function validateInvitationForm(values: InvitationFormValues): InvitationFormErrors {
  const errors: InvitationFormErrors = {};
  const labels = invitationFieldLabels;
  const email = values.email.trim();
  if (email && (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX_LENGTH)) {
    errors.email = `${labels.email}の形式が正しくありません。`;
  }
  const daysText = toHalfWidthDigits(values.expiresInDays.trim());
  const days = Number(daysText);
  if (!daysText) errors.expiresInDays = `${labels.expiresInDays}を入力してください。`;
  else if (!/^\d+$/u.test(daysText) || days < EXPIRY_DAYS_MIN || days > EXPIRY_DAYS_MAX) {
    errors.expiresInDays = `${labels.expiresInDays}は ${EXPIRY_DAYS_MIN} から ${EXPIRY_DAYS_MAX} までの整数で入力してください。`;
  }
  if (characterCount(values.message.trim()) > MESSAGE_MAX_LENGTH) {
    errors.message = `${labels.message}は ${MESSAGE_MAX_LENGTH} 文字以内で入力してください。`;
  }
  return errors;
}

/** The request body: an empty email means 「リンクを知っている人なら誰でも」, an empty message none. */
export function toInvitationInput(values: InvitationFormValues): InvitationInput {
  const email = values.email.trim().toLowerCase();
  const message = values.message.trim();
  return {
    role: values.role,
    email: email || null,
    expires_in_days: Number(toHalfWidthDigits(values.expiresInDays.trim())),
    message: message || null,
  };
}

/**
 * The server's 422 entries split into the form's fields (first message per field) and the rest,
 * which are shown as 「ラベル: メッセージ」 lines.
 */
export function splitServerErrors(entries: readonly ValidationErrorEntry[]): {
  byField: InvitationFormErrors;
  others: ValidationErrorEntry[];
} {
  const byField: InvitationFormErrors = {};
  const others: ValidationErrorEntry[] = [];
  for (const entry of entries) {
    const field = CONTRACT_FIELDS[entry.field.split('.')[0] ?? ''];
    if (field) byField[field] ??= entry.message;
    else others.push(entry);
  }
  return { byField, others };
}

/** The address to hand to the invitee: this site's origin plus the path the server gave. */
export function inviteLink(origin: string, invitePath: string): string {
  return new URL(invitePath, origin).href;
}
