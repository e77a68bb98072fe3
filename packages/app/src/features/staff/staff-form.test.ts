import { describe, expect, it } from 'vitest';
import {
  EMPTY_STAFF_FORM,
  formValuesFromStaff,
  type StaffMember,
  staffUpdateBody,
  toStaffInput,
  validateStaffForm,
} from './staff-form';

const member: StaffMember = {
  id: '7d2c1a4e-3b5d-4e8f-9a1b-2c3d4e5f6a01',
  last_name: '小林',
  first_name: '直子',
  last_name_kana: 'コバヤシ',
  first_name_kana: 'ナオコ',
  email: null,
  phone: '03-5555-0201',
  department: '看護部',
  position: '看護師長',
  employment_type: 'full_time',
  status: 'active',
  hire_date: '2014-04-01',
  qualifications: ['看護師免許'],
  user_id: null,
  user_email: null,
  notes: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('staff form', () => {
  it('asks for the name and its katakana, and checks phone and email', () => {
    expect(validateStaffForm(EMPTY_STAFF_FORM)).toMatchObject({
      last_name: '入力してください',
      first_name: '入力してください',
      last_name_kana: '入力してください',
      first_name_kana: '入力してください',
    });
    const errors = validateStaffForm({
      ...formValuesFromStaff(member),
      last_name_kana: 'こばやし',
      phone: '内線二〇一',
      email: 'kobayashi',
    });
    expect(errors).toEqual({
      last_name_kana: '全角カタカナで入力してください',
      phone: expect.stringContaining('半角の数字'),
      email: 'メールアドレスの形式が正しくありません',
    });
    expect(validateStaffForm(formValuesFromStaff(member))).toEqual({});
  });

  it('sends only filled fields on create, trimmed and without duplicate qualifications', () => {
    expect(
      toStaffInput({
        ...EMPTY_STAFF_FORM,
        last_name: ' 長谷川 ',
        first_name: '優子',
        last_name_kana: 'ハセガワ',
        first_name_kana: 'ユウコ',
        qualifications: ['看護師免許', ' 看護師免許 '],
      }),
    ).toEqual({
      last_name: '長谷川',
      first_name: '優子',
      last_name_kana: 'ハセガワ',
      first_name_kana: 'ユウコ',
      employment_type: 'full_time',
      status: 'active',
      qualifications: ['看護師免許'],
    });
  });

  it('sends only what changed on update, null for a cleared field, nothing when unchanged', () => {
    const values = formValuesFromStaff(member);
    expect(staffUpdateBody(member, values)).toBeNull();
    expect(staffUpdateBody(member, { ...values, phone: '', status: 'on_leave', hire_date: '' })).toEqual({
      phone: null,
      status: 'on_leave',
      hire_date: null,
    });
  });
});
