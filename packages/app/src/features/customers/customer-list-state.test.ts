import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_PAGE_SIZE,
  customerListQuery,
  DEFAULT_CUSTOMER_LIST_STATE,
  isFiltered,
  parseCustomerListState,
  serializeCustomerListState,
} from './customer-list-state';

const parse = (query: string) => parseCustomerListState(new URLSearchParams(query));

describe('customer list state in the URL', () => {
  it('reads every part of the state', () => {
    expect(
      parse('q=%E3%81%95%E3%81%A8&company=%E5%B7%A5%E5%8B%99%E5%BA%97&sort=last_name_kana&order=desc&page=3'),
    ).toEqual({
      q: 'さと',
      company: '工務店',
      kana: '',
      sort: 'last_name_kana',
      order: 'desc',
      page: 3,
    });
  });

  it('falls back to the defaults for missing or malformed parts', () => {
    expect(parse('')).toEqual(DEFAULT_CUSTOMER_LIST_STATE);
    expect(parse('sort=password&order=sideways&page=-2')).toEqual(DEFAULT_CUSTOMER_LIST_STATE);
    expect(parse('page=1.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
  });

  it('sorts kana A→Z and dates newest first unless the order says otherwise', () => {
    expect(parse('sort=last_name_kana').order).toBe('asc');
    expect(parse('sort=created_at').order).toBe('desc');
    expect(parse('sort=created_at&order=asc').order).toBe('asc');
  });

  it('trims the texts and caps them at the contract length', () => {
    expect(parse(`q=${encodeURIComponent(`  ${'あ'.repeat(120)} `)}`).q).toHaveLength(100);
  });

  it('leaves the defaults out of the URL', () => {
    expect(serializeCustomerListState(DEFAULT_CUSTOMER_LIST_STATE).toString()).toBe('');
    expect(
      serializeCustomerListState({
        ...DEFAULT_CUSTOMER_LIST_STATE,
        sort: 'last_name_kana',
        order: 'asc',
      }).toString(),
    ).toBe('sort=last_name_kana');
  });

  it('round-trips any state', () => {
    const state = {
      q: '佐藤',
      company: 'クリニック',
      kana: 'sa',
      sort: 'created_at',
      order: 'asc',
      page: 4,
    } as const;
    expect(parseCustomerListState(serializeCustomerListState(state))).toEqual(state);
    const other = { ...DEFAULT_CUSTOMER_LIST_STATE, order: 'asc' as const, page: 2 };
    expect(parseCustomerListState(serializeCustomerListState(other))).toEqual(other);
  });

  it('becomes the API query: a server-side page of 20 with search, filter and sort', () => {
    expect(
      customerListQuery({ q: 'さと', company: '', kana: '', sort: 'last_name_kana', order: 'asc', page: 3 }),
    ).toEqual({
      skip: 2 * CUSTOMER_PAGE_SIZE,
      limit: 20,
      search: 'さと',
      sort_by: 'last_name_kana',
      sort_order: 'asc',
    });
    expect(customerListQuery(DEFAULT_CUSTOMER_LIST_STATE)).toEqual({
      skip: 0,
      limit: 20,
      sort_by: 'updated_at',
      sort_order: 'desc',
    });
  });

  it('knows when the list is narrowed', () => {
    expect(isFiltered(DEFAULT_CUSTOMER_LIST_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_CUSTOMER_LIST_STATE, company: '医院' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_CUSTOMER_LIST_STATE, kana: 'other' })).toBe(true);
  });

  it('keeps the 五十音 tab in the URL and sends it as kana_row; sorts numbers and birth dates from the start', () => {
    expect(parse('kana=ka').kana).toBe('ka');
    expect(parse('kana=kya').kana).toBe('');
    expect(serializeCustomerListState({ ...DEFAULT_CUSTOMER_LIST_STATE, kana: 'wa' }).toString()).toBe(
      'kana=wa',
    );
    expect(customerListQuery({ ...DEFAULT_CUSTOMER_LIST_STATE, kana: 'other' })).toMatchObject({
      kana_row: 'other',
    });
    expect(parse('sort=patient_number').order).toBe('asc');
    expect(parse('sort=birth_date').order).toBe('asc');
  });
});
