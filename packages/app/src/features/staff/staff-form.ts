import type { components } from '@tsumiki/api-client';
import { characterCount, fieldMessages } from '../forms/field-rules';

/**
 * The staff form's values and rules, mirroring `StaffInput` in the contract (required, lengths,
 * patterns) with the same Japanese wording as the customer form and the server.
 */

export type StaffMember = components['schemas']['StaffMember'];
export type StaffInput = components['schemas']['StaffInput'];
export type StaffUpdate = components['schemas']['StaffUpdate'];
export type EmploymentType = components['schemas']['EmploymentType'];
export type StaffStatus = components['schemas']['StaffStatus'];

/** The fields a user edits, in the order of the form. */
export const STAFF_FIELDS = [
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'position',
  'department',
  'employment_type',
  'status',
  'hire_date',
  'email',
  'phone',
  'qualifications',
  'user_id',
  'notes',
] as const satisfies readonly (keyof StaffInput)[];

export type StaffField = (typeof STAFF_FIELDS)[number];

export interface StaffFormValues {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  position: string;
  department: string;
  employment_type: EmploymentType;
  status: StaffStatus;
  /** ISO date, '' for none. */
  hire_date: string;
  email: string;
  phone: string;
  qualifications: string[];
  /** '' for no account. */
  user_id: string;
  notes: string;
}

export type StaffFormErrors = Partial<Record<StaffField, string>>;

export const EMPTY_STAFF_FORM: StaffFormValues = {
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  position: '',
  department: '',
  employment_type: 'full_time',
  status: 'active',
  hire_date: '',
  email: '',
  phone: '',
  qualifications: [],
  user_id: '',
  notes: '',
};

export function formValuesFromStaff(staff: StaffMember): StaffFormValues {
  return {
    last_name: staff.last_name,
    first_name: staff.first_name,
    last_name_kana: staff.last_name_kana,
    first_name_kana: staff.first_name_kana,
    position: staff.position ?? '',
    department: staff.department ?? '',
    employment_type: staff.employment_type,
    status: staff.status,
    hire_date: staff.hire_date ?? '',
    email: staff.email ?? '',
    phone: staff.phone ?? '',
    qualifications: [...staff.qualifications],
    user_id: staff.user_id ?? '',
    notes: staff.notes ?? '',
  };
}

export const QUALIFICATIONS_MAX = 20;
export const QUALIFICATION_MAX_LENGTH = 50;

const KATAKANA = /^[ァ-ヶー・　 ]*$/u;
const PHONE = /^[0-9+\-() ]{2,20}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export const staffFieldMessages = {
  ...fieldMessages,
  phone: '半角の数字とハイフンで入力してください（例 03-1234-5678、内線は 201）',
  tooManyQualifications: `資格は${QUALIFICATIONS_MAX}個までです`,
  qualificationTooLong: `資格は1つ${QUALIFICATION_MAX_LENGTH}文字以内で入力してください`,
} as const;

const MAX_LENGTHS: Partial<Record<StaffField, number>> = {
  last_name: 50,
  first_name: 50,
  last_name_kana: 50,
  first_name_kana: 50,
  position: 50,
  department: 50,
  email: 254,
  notes: 2000,
};

const REQUIRED = ['last_name', 'first_name', 'last_name_kana', 'first_name_kana'] as const;

/** Errors by field; empty when the values can be sent. */
export function validateStaffForm(values: StaffFormValues): StaffFormErrors {
  const errors: StaffFormErrors = {};
  const set = (field: StaffField, message: string) => {
    errors[field] ??= message;
  };
  for (const field of REQUIRED) if (values[field].trim() === '') set(field, staffFieldMessages.required);
  for (const [field, limit] of Object.entries(MAX_LENGTHS) as [StaffField, number][]) {
    const value = values[field];
    if (typeof value === 'string' && characterCount(value.trim()) > limit)
      set(field, staffFieldMessages.maxLength(limit));
  }
  for (const field of ['last_name_kana', 'first_name_kana'] as const) {
    if (!KATAKANA.test(values[field].trim())) set(field, staffFieldMessages.katakana);
  }
  const email = values.email.trim();
  if (email && !EMAIL.test(email)) set('email', staffFieldMessages.email);
  const phone = values.phone.trim();
  if (phone && !PHONE.test(phone)) set('phone', staffFieldMessages.phone);
  if (values.qualifications.length > QUALIFICATIONS_MAX)
    set('qualifications', staffFieldMessages.tooManyQualifications);
  if (values.qualifications.some((item) => characterCount(item) > QUALIFICATION_MAX_LENGTH))
    set('qualifications', staffFieldMessages.qualificationTooLong);
  return errors;
}

/** A value as the API stores it: trimmed text, null for an empty optional field. */
type Stored = string | string[] | null;

function stored(field: StaffField, values: StaffFormValues): Stored {
  const value = values[field];
  if (Array.isArray(value)) return [...new Set(value.map((item) => item.trim()).filter(Boolean))];
  const text = value.trim();
  return text === '' ? null : text;
}

function storedOf(field: StaffField, staff: StaffMember): Stored {
  const value = staff[field];
  if (Array.isArray(value)) return value;
  return value === null || value === '' ? null : String(value);
}

function same(a: Stored, b: Stored): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

/** The body of POST /api/staff/: every filled field, trimmed; empty optional fields left out. */
export function toStaffInput(values: StaffFormValues): StaffInput {
  const input: Record<string, unknown> = {};
  for (const field of STAFF_FIELDS) {
    const value = stored(field, values);
    if (Array.isArray(value) ? value.length > 0 : value !== null) input[field] = value;
  }
  return input as StaffInput;
}

/** The fields whose value differs from the staff member's (as stored). */
export function changedStaffFields(staff: StaffMember, values: StaffFormValues): StaffField[] {
  return STAFF_FIELDS.filter((field) => !same(stored(field, values), storedOf(field, staff)));
}

/** The body of PUT /api/staff/{id}: only the changed fields (null clears one); null when none. */
export function staffUpdateBody(staff: StaffMember, values: StaffFormValues): StaffUpdate | null {
  const changed = changedStaffFields(staff, values);
  if (changed.length === 0) return null;
  const body: Record<string, unknown> = {};
  for (const field of changed) body[field] = stored(field, values);
  return body as StaffUpdate;
}
