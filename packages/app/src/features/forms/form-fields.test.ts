import { describe, expect, it } from 'vitest';
import { fieldIdOf, formFieldOf, splitValidationErrors } from './form-fields';

const FIELDS = ['last_name', 'email', 'tags'] as const;
const entry = (field: string, message: string) => ({ field, message });

describe('form field helpers', () => {
  it('builds the element ids of a form from its prefix', () => {
    const fieldId = fieldIdOf<(typeof FIELDS)[number]>('customer-form');
    expect(fieldId('last_name')).toBe('customer-form-last_name');
  });

  it('maps a server entry to the form field it is about, item paths included', () => {
    expect(formFieldOf(FIELDS, entry('tags.2', '長すぎます'))).toBe('tags');
    expect(formFieldOf(FIELDS, entry('email', '形式が違います'))).toBe('email');
    expect(formFieldOf(FIELDS, entry('version', '古い版です'))).toBeNull();
  });

  it('splits 422 entries into field messages (first one wins) and the rest, in the form order', () => {
    const { byField, others, first } = splitValidationErrors(FIELDS, [
      entry('tags.0', '一つ目'),
      entry('tags.1', '二つ目'),
      entry('email', '形式が違います'),
      entry('version', '古い版です'),
    ]);
    expect(byField).toEqual({ tags: '一つ目', email: '形式が違います' });
    expect(others).toEqual([entry('version', '古い版です')]);
    // email comes before tags in the form, whatever the order of the server's list.
    expect(first).toBe('email');
  });

  it('has no first field when every entry is one the form does not show', () => {
    const { byField, others, first } = splitValidationErrors(FIELDS, [entry('version', '古い版です')]);
    expect(byField).toEqual({});
    expect(others).toHaveLength(1);
    expect(first).toBeUndefined();
  });
});
