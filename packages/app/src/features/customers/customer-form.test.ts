import { describe, expect, it } from 'vitest';
import type { Customer } from './customer-fields';
import {
  customerUpdateBody,
  describeStoredValue,
  EMPTY_CUSTOMER_FORM,
  formValuesFromCustomer,
  resolveConflict,
  toCustomerInput,
  validateCustomerForm,
} from './customer-form';

const customer: Customer = {
  id: '0b9e8c1a-2f4d-4c6b-8a7e-1d2c3b4a5f60',
  last_name: '佐藤',
  first_name: '花子',
  last_name_kana: 'サトウ',
  first_name_kana: 'ハナコ',
  patient_number: '000042',
  birth_date: '1980-04-01',
  gender: null,
  company_name: null,
  company_name_kana: null,
  email: 'hanako@example.jp',
  phone: '03-1234-5678',
  postal_code: '150-0001',
  prefecture: '東京都',
  city: '渋谷区',
  address_line: '神宮前1-2-3',
  tags: ['定期検診'],
  assignee_user_id: null,
  assignee_name: null,
  notes: null,
  version: 3,
  created_by: null,
  updated_by: null,
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  deleted_at: null,
  use_stop: null,
  merged_into_id: null,
};

const valid = {
  ...EMPTY_CUSTOMER_FORM,
  last_name: '山田',
  first_name: '太郎',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'タロウ',
};

describe('validateCustomerForm', () => {
  it('accepts a minimal customer', () => {
    expect(validateCustomerForm(valid)).toEqual({});
  });

  it('requires 姓・名 and their フリガナ', () => {
    expect(validateCustomerForm({ ...EMPTY_CUSTOMER_FORM, first_name: '  ' })).toEqual({
      last_name: '入力してください',
      first_name: '入力してください',
      last_name_kana: '入力してください',
      first_name_kana: '入力してください',
    });
  });

  it('mirrors the contract: katakana, lengths, phone, postal code, email, tags', () => {
    const errors = validateCustomerForm({
      ...valid,
      last_name: '山'.repeat(51),
      first_name_kana: 'たろう',
      company_name_kana: 'Yamada',
      email: 'yamada@',
      phone: '03-1234-5678 内線12345678',
      postal_code: '150-001',
      prefecture: '東京',
      notes: 'あ'.repeat(2001),
      tags: ['あ'.repeat(31)],
    });
    expect(errors).toEqual({
      last_name: '50文字以内で入力してください',
      first_name_kana: '全角カタカナで入力してください',
      company_name_kana: '全角カタカナで入力してください',
      email: 'メールアドレスの形式が正しくありません',
      phone: '半角の数字とハイフンで入力してください（例 03-1234-5678）',
      postal_code: '7 桁の数字で入力してください（例 150-0001）',
      prefecture: '一覧から選んでください',
      notes: '2000文字以内で入力してください',
      tags: 'タグは1つ30文字以内で入力してください',
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateCustomerForm({ ...valid, last_name: '𠮷'.repeat(50) })).toEqual({});
  });

  it('accepts full-width spaces and ・ in フリガナ', () => {
    expect(validateCustomerForm({ ...valid, company_name_kana: 'サクラ・ナイカ　クリニック' })).toEqual({});
  });
});

describe('toCustomerInput', () => {
  it('sends trimmed values and leaves empty optional fields out', () => {
    expect(
      toCustomerInput({
        ...valid,
        last_name: ' 山田 ',
        city: ' ',
        tags: ['VIP', ' '],
        notes: '1行目\n2行目\n',
      }),
    ).toEqual({
      last_name: '山田',
      first_name: '太郎',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'タロウ',
      tags: ['VIP'],
      notes: '1行目\n2行目',
    });
  });
});

describe('customerUpdateBody', () => {
  it('is null when nothing changed', () => {
    expect(customerUpdateBody(customer, formValuesFromCustomer(customer))).toBeNull();
    expect(
      customerUpdateBody(customer, { ...formValuesFromCustomer(customer), email: ' hanako@example.jp ' }),
    ).toBeNull();
  });

  it('sends only the changed fields plus the version; an emptied field becomes null', () => {
    const values = {
      ...formValuesFromCustomer(customer),
      phone: '090-1111-2222',
      address_line: '',
      tags: ['定期検診', 'VIP'],
      notes: 'メモ',
    };
    expect(customerUpdateBody(customer, values)).toEqual({
      version: 3,
      phone: '090-1111-2222',
      address_line: null,
      tags: ['定期検診', 'VIP'],
      notes: 'メモ',
    });
  });
});

describe('resolveConflict', () => {
  const latest: Customer = {
    ...customer,
    version: 4,
    phone: '03-9999-0000',
    email: 'sato@example.jp',
    notes: '先に保存されたメモ',
  };

  it('keeps what the user typed, takes the rest from the latest, and lists the disagreements', () => {
    const typed = {
      ...formValuesFromCustomer(customer),
      phone: '090-1111-2222',
      notes: '先に保存されたメモ',
      city: '港区',
    };
    const result = resolveConflict(customer, latest, typed);
    expect(result.values).toEqual({
      ...typed,
      email: 'sato@example.jp',
    });
    expect(result.conflicts).toEqual([
      { field: 'phone', label: '電話番号', theirs: '03-9999-0000', yours: '090-1111-2222' },
      { field: 'city', label: '市区町村', theirs: '渋谷区', yours: '港区' },
    ]);
    expect(result.takenFromLatest).toEqual(['email']);
    // Overwriting sends the user's values against the latest version.
    expect(customerUpdateBody(latest, result.values)).toEqual({
      version: 4,
      phone: '090-1111-2222',
      city: '港区',
    });
  });

  it('describes values for the conflict table', () => {
    const names = (id: string) => (id === 'u1' ? '受付 花子' : undefined);
    expect(describeStoredValue('notes', null, names)).toBe('（未入力）');
    expect(describeStoredValue('tags', ['VIP', '紹介'], names)).toBe('VIP、紹介');
    expect(describeStoredValue('assignee_user_id', 'u1', names)).toBe('受付 花子');
    expect(describeStoredValue('phone', '03-1234-5678', names)).toBe('03-1234-5678');
  });
});

describe('the patient card in the form', () => {
  it('reads the birth date in 西暦 or 和暦 and sends it as ISO, the number upper case', () => {
    for (const typed of ['S55.4.1', '昭和55年4月1日', '1980/4/1', '１９８０－０４－０１']) {
      expect(validateCustomerForm({ ...valid, birth_date: typed })).toEqual({});
      expect(toCustomerInput({ ...valid, birth_date: typed })).toMatchObject({ birth_date: '1980-04-01' });
    }
    expect(toCustomerInput({ ...valid, patient_number: ' ｋ－１２ ', gender: 'female' })).toMatchObject({
      patient_number: 'K-12',
      gender: 'female',
    });
  });

  it('names what is wrong with a birth date or a number', () => {
    expect(validateCustomerForm({ ...valid, birth_date: 'H31.5.1' }).birth_date).toContain(
      '平成31年5月1日はありません',
    );
    expect(validateCustomerForm({ ...valid, birth_date: 'きのう' }).birth_date).toContain('S55.4.1');
    expect(validateCustomerForm({ ...valid, birth_date: '2999/1/1' }).birth_date).toBe(
      '未来の日付は入力できません',
    );
    expect(validateCustomerForm({ ...valid, patient_number: '番号1' }).patient_number).toBe(
      '半角の英大文字・数字・ハイフン（24 文字まで）で入力してください',
    );
  });

  it('shows a stored birth date in 和暦 and sends nothing when it is only written differently', () => {
    const values = formValuesFromCustomer(customer);
    expect(values.birth_date).toBe('昭和55年4月1日');
    expect(customerUpdateBody(customer, { ...values, birth_date: 'S55.4.1' })).toBeNull();
    expect(customerUpdateBody(customer, { ...values, birth_date: 'S55.4.2' })).toEqual({
      version: 3,
      birth_date: '1980-04-02',
    });
    // An emptied number keeps the stored one (numbers are changed, never removed).
    expect(customerUpdateBody(customer, { ...values, patient_number: '' })).toBeNull();
    expect(describeStoredValue('birth_date', '1980-04-01', () => undefined)).toBe('昭和55年4月1日');
    expect(describeStoredValue('gender', 'undisclosed', () => undefined)).toBe('回答しない');
  });
});
