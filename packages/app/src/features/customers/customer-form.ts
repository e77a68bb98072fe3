import { formatWareki, GENDER_LABELS, readDate } from '@tsumiki/api-client';
import { characterCount, fieldLabel, fieldMessages } from '../forms/field-rules';
import { isPrefecture } from './customer-contract';
import type { Customer, CustomerField, CustomerInput, CustomerUpdate, Gender } from './customer-fields';
import { patientNumberText, tenantToday } from './patient-card';

/**
 * The customer form's values and rules. The rules mirror `CustomerInput` in the contract (required,
 * lengths, patterns and their `x-pattern-message`), with the server's Japanese wording, so a user
 * meets the same message before and after sending.
 */

export interface CustomerFormValues {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  /** '' for the next number (only admins may type one). */
  patient_number: string;
  /** As typed: 西暦 or 和暦 (「S55.4.1」「昭和55年4月1日」「1980/4/1」); '' for none. */
  birth_date: string;
  /** A Gender code, '' for none. */
  gender: string;
  company_name: string;
  company_name_kana: string;
  email: string;
  phone: string;
  postal_code: string;
  /** '' for none. */
  prefecture: string;
  city: string;
  address_line: string;
  tags: string[];
  /** '' for 未設定. */
  assignee_user_id: string;
  notes: string;
}

export type CustomerFormErrors = Partial<Record<CustomerField, string>>;

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  patient_number: '',
  birth_date: '',
  gender: '',
  company_name: '',
  company_name_kana: '',
  email: '',
  phone: '',
  postal_code: '',
  prefecture: '',
  city: '',
  address_line: '',
  tags: [],
  assignee_user_id: '',
  notes: '',
};

/** A customer with nothing filled in, to tell whether a new form was touched. */
export const EMPTY_CUSTOMER: Customer = {
  id: '',
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  patient_number: '',
  birth_date: null,
  gender: null,
  company_name: null,
  company_name_kana: null,
  email: null,
  phone: null,
  postal_code: null,
  prefecture: null,
  city: null,
  address_line: null,
  tags: [],
  assignee_user_id: null,
  assignee_name: null,
  notes: null,
  version: 1,
  created_by: null,
  updated_by: null,
  created_at: '',
  updated_at: '',
  deleted_at: null,
  use_stop: null,
  merged_into_id: null,
};

export function formValuesFromCustomer(customer: Customer): CustomerFormValues {
  return {
    last_name: customer.last_name,
    first_name: customer.first_name,
    last_name_kana: customer.last_name_kana,
    first_name_kana: customer.first_name_kana,
    patient_number: customer.patient_number,
    birth_date: customer.birth_date ? formatWareki(customer.birth_date) : '',
    gender: customer.gender ?? '',
    company_name: customer.company_name ?? '',
    company_name_kana: customer.company_name_kana ?? '',
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    postal_code: customer.postal_code ?? '',
    prefecture: customer.prefecture ?? '',
    city: customer.city ?? '',
    address_line: customer.address_line ?? '',
    tags: [...customer.tags],
    assignee_user_id: customer.assignee_user_id ?? '',
    notes: customer.notes ?? '',
  };
}

export const TAG_MAX_LENGTH = 30;
export const TAGS_MAX = 20;

const KATAKANA = /^[ァ-ヶー・　 ]*$/u;
const PATIENT_NUMBER = /^[A-Z0-9-]{1,24}$/u;
const PHONE = /^[0-9+\-() ]{6,20}$/u;
const POSTAL_CODE = /^\d{3}-?\d{4}$/u;
// What people mean by an address: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export const customerFieldMessages = {
  ...fieldMessages,
  prefecture: '一覧から選んでください',
  tooManyTags: `タグは${TAGS_MAX}個までです`,
  tagTooLong: `タグは1つ${TAG_MAX_LENGTH}文字以内で入力してください`,
  patientNumber: '半角の英大文字・数字・ハイフン（24 文字まで）で入力してください',
} as const;

/** Max lengths of the contract, counted in characters (code points) as the server does. */
const MAX_LENGTHS: Partial<Record<CustomerField, number>> = {
  last_name: 50,
  first_name: 50,
  last_name_kana: 50,
  first_name_kana: 50,
  company_name: 100,
  company_name_kana: 100,
  email: 254,
  city: 50,
  address_line: 200,
  notes: 2000,
};

const REQUIRED = ['last_name', 'first_name', 'last_name_kana', 'first_name_kana'] as const;

/** Errors by field; empty when the values can be sent. */
export function validateCustomerForm(values: CustomerFormValues): CustomerFormErrors {
  const errors: CustomerFormErrors = {};
  const set = (field: CustomerField, message: string) => {
    errors[field] ??= message;
  };
  for (const field of REQUIRED) if (values[field].trim() === '') set(field, customerFieldMessages.required);
  for (const [field, limit] of Object.entries(MAX_LENGTHS) as [CustomerField, number][]) {
    const value = values[field];
    if (typeof value === 'string' && characterCount(value.trim()) > limit)
      set(field, customerFieldMessages.maxLength(limit));
  }
  for (const field of ['last_name_kana', 'first_name_kana', 'company_name_kana'] as const) {
    if (!KATAKANA.test(values[field].trim())) set(field, customerFieldMessages.katakana);
  }
  const number = patientNumberText(values.patient_number);
  if (number && !PATIENT_NUMBER.test(number)) set('patient_number', customerFieldMessages.patientNumber);
  if (values.birth_date.trim()) {
    const reading = readDate(values.birth_date, tenantToday());
    if (!reading.ok) set('birth_date', reading.reason);
  }
  const email = values.email.trim();
  if (email && !EMAIL.test(email)) set('email', customerFieldMessages.email);
  const phone = values.phone.trim();
  if (phone && !PHONE.test(phone)) set('phone', customerFieldMessages.phone);
  const postal = values.postal_code.trim();
  if (postal && !POSTAL_CODE.test(postal)) set('postal_code', customerFieldMessages.postalCode);
  if (values.prefecture && !isPrefecture(values.prefecture))
    set('prefecture', customerFieldMessages.prefecture);
  if (values.tags.length > TAGS_MAX) set('tags', customerFieldMessages.tooManyTags);
  if (values.tags.some((tag) => characterCount(tag) > TAG_MAX_LENGTH))
    set('tags', customerFieldMessages.tagTooLong);
  return errors;
}

/** A value as the API stores it: trimmed text, and null for an empty optional field. */
type Stored = string | string[] | null;

function stored(field: CustomerField, values: CustomerFormValues): Stored {
  const value = values[field];
  if (Array.isArray(value)) return value.map((tag) => tag.trim()).filter(Boolean);
  const text = value.trim();
  if (text === '') return null;
  if (field === 'patient_number') return patientNumberText(text);
  if (field === 'birth_date') {
    const reading = readDate(text);
    return reading.ok ? reading.date : text;
  }
  return text;
}

function storedOf(field: CustomerField, customer: Customer): Stored {
  const value = customer[field];
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === '' ? null : String(value);
}

function same(a: Stored, b: Stored): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

const FIELDS = Object.keys(EMPTY_CUSTOMER_FORM) as CustomerField[];

/** The body of POST /api/customers: every filled field, trimmed; empty optional fields left out. */
export function toCustomerInput(values: CustomerFormValues): CustomerInput {
  const input: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = stored(field, values);
    if (Array.isArray(value) ? value.length > 0 : value !== null) input[field] = value;
  }
  return input as CustomerInput;
}

/** The fields whose value differs from the customer's (as stored). */
export function changedFields(customer: Customer, values: CustomerFormValues): CustomerField[] {
  return FIELDS.filter((field) => !same(stored(field, values), storedOf(field, customer)));
}

/**
 * The body of PUT /api/customers/{id}: only the changed fields (null clears one) plus the version
 * the form was loaded with; null when nothing changed.
 */
export function customerUpdateBody(customer: Customer, values: CustomerFormValues): CustomerUpdate | null {
  const changed = changedFields(customer, values);
  if (changed.length === 0) return null;
  const body: Record<string, unknown> = { version: customer.version };
  for (const field of changed) body[field] = stored(field, values);
  // A number cannot be taken away, only changed (an empty field keeps it).
  if (body.patient_number === null) delete body.patient_number;
  if (Object.keys(body).length === 1) return null;
  return body as CustomerUpdate;
}

export interface CustomerConflict {
  field: CustomerField;
  label: string;
  theirs: Stored;
  yours: Stored;
}

export interface ConflictResolution {
  /** The form after the merge: the user's edits kept, everything else taken from the latest. */
  values: CustomerFormValues;
  /** Fields the user changed that now differ from the latest (theirs vs yours). */
  conflicts: CustomerConflict[];
  /** Fields only the other person changed; their value is now in the form. */
  takenFromLatest: CustomerField[];
}

/**
 * After a 409 (someone saved first): keep every field the user changed since `base`, take the
 * latest value for the fields the user left alone, and list where the two disagree.
 */
export function resolveConflict(
  base: Customer,
  latest: Customer,
  values: CustomerFormValues,
): ConflictResolution {
  const mine = new Set(changedFields(base, values));
  const merged: CustomerFormValues = { ...values, tags: [...values.tags] };
  const latestValues = formValuesFromCustomer(latest);
  const conflicts: CustomerConflict[] = [];
  const takenFromLatest: CustomerField[] = [];
  for (const field of FIELDS) {
    const theirs = storedOf(field, latest);
    if (mine.has(field)) {
      const yours = stored(field, values);
      if (!same(theirs, yours)) conflicts.push({ field, label: fieldLabel(field), theirs, yours });
    } else if (!same(theirs, storedOf(field, base))) {
      (merged as unknown as Record<string, unknown>)[field] = latestValues[field];
      takenFromLatest.push(field);
    }
  }
  return { values: merged, conflicts, takenFromLatest };
}

/** A stored value as a line of text for the conflict table (（未入力） for none). */
export function describeStoredValue(
  field: CustomerField,
  value: Stored,
  assigneeName: (id: string) => string | undefined,
): string {
  if (value === null || (Array.isArray(value) && value.length === 0)) return '（未入力）';
  if (Array.isArray(value)) return value.join('、');
  if (field === 'assignee_user_id') return assigneeName(value) ?? '（一覧にない担当者）';
  if (field === 'birth_date' && /^\d{4}-\d{2}-\d{2}$/u.test(value)) return formatWareki(value);
  if (field === 'gender' && value in GENDER_LABELS) return GENDER_LABELS[value as Gender];
  return value;
}
