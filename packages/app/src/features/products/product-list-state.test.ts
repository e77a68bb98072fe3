import { describe, expect, it } from 'vitest';
import { priceWithTax } from './product-form';
import {
  DEFAULT_PRODUCT_LIST_STATE,
  parseProductListState,
  productListQuery,
  serializeProductListState,
} from './product-list-state';

describe('product list state', () => {
  it('round-trips through the URL without the defaults', () => {
    expect(serializeProductListState(DEFAULT_PRODUCT_LIST_STATE).toString()).toBe('');
    const state = {
      ...DEFAULT_PRODUCT_LIST_STATE,
      q: 'ほわいと',
      category: '物販',
      status: 'active' as const,
      sort: 'price' as const,
      order: 'desc' as const,
      page: 3,
    };
    expect(parseProductListState(serializeProductListState(state))).toEqual(state);
  });

  it('falls back to defaults for malformed values', () => {
    expect(parseProductListState(new URLSearchParams('sort=drop&status=x&page=-2'))).toEqual(
      DEFAULT_PRODUCT_LIST_STATE,
    );
  });

  it('asks the server for a page of 20 with the filters', () => {
    expect(productListQuery({ ...DEFAULT_PRODUCT_LIST_STATE, status: 'discontinued', page: 2 })).toEqual({
      skip: 20,
      limit: 20,
      status: 'discontinued',
      sort_by: 'name_kana',
      sort_order: 'asc',
    });
    expect(productListQuery({ ...DEFAULT_PRODUCT_LIST_STATE, q: 'ほわいと' })).toMatchObject({
      skip: 0,
      search: 'ほわいと',
    });
  });
});

describe('price with tax', () => {
  it('rounds down to the yen', () => {
    expect(priceWithTax(1000, 10)).toBe(1100);
    expect(priceWithTax(999, 8)).toBe(1078);
    expect(priceWithTax(999, 0)).toBe(999);
  });
});
