import { describe, expect, it } from 'vitest';
import {
  changedProductFields,
  EMPTY_PRODUCT,
  EMPTY_PRODUCT_FORM,
  formValuesFromProduct,
  type Product,
  productUpdateBody,
  toProductInput,
  validateProductForm,
} from './product-form';

const saved: Product = {
  ...EMPTY_PRODUCT,
  id: 'p1',
  name: '電動歯ブラシ',
  name_kana: 'デンドウハブラシ',
  code: 'EB-1',
  price: 12800,
  stock_quantity: 8,
  unit: '本',
  tags: ['物販'],
};

describe('product form', () => {
  it('asks for a name and a whole-yen price, katakana and a code in half-width letters', () => {
    expect(validateProductForm(EMPTY_PRODUCT_FORM)).toEqual({
      name: '入力してください',
      price: '入力してください',
    });
    const errors = validateProductForm({
      ...EMPTY_PRODUCT_FORM,
      name: '歯ブラシ',
      name_kana: 'はぶらし',
      code: 'コード',
      price: '12.5',
      stock_quantity: '-1',
    });
    expect(errors).toEqual({
      name_kana: '全角カタカナで入力してください',
      code: '半角の英数字・ハイフン・アンダースコアで入力してください',
      price: '0 以上の整数（円）で入力してください',
      stock_quantity: '0 以上の整数で入力してください',
    });
  });

  it('sends numbers as numbers and leaves empty optional fields out', () => {
    expect(
      toProductInput({ ...EMPTY_PRODUCT_FORM, name: ' 歯間ブラシ ', price: '480', tax_rate: 8 }),
    ).toEqual({
      name: '歯間ブラシ',
      price: 480,
      tax_rate: 8,
      status: 'active',
    });
  });

  it('is not dirty when untouched, and updates only what changed (null clears)', () => {
    expect(changedProductFields(EMPTY_PRODUCT, EMPTY_PRODUCT_FORM)).toEqual([]);
    const values = formValuesFromProduct(saved);
    expect(productUpdateBody(saved, values)).toBeNull();
    expect(productUpdateBody(saved, { ...values, stock_quantity: '', price: '13000' })).toEqual({
      price: 13000,
      stock_quantity: null,
    });
  });
});
