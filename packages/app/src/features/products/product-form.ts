import type { components } from '@tsumiki/api-client';
import { characterCount, fieldMessages } from '../forms/field-rules';

/**
 * The product form's values and rules, mirroring `ProductInput` in the contract (required,
 * lengths, patterns) with the same Japanese wording as the customer and staff forms.
 */

export type ProductInput = components['schemas']['ProductInput'];
export type ProductUpdate = components['schemas']['ProductUpdate'];
// What lists and pages show lives in product-display (no form code in their chunks); re-exported here.
export {
  formatYen,
  PRODUCT_STATUS_LABELS,
  type Product,
  type ProductStatus,
  priceWithTax,
  TAX_RATE_LABELS,
  type TaxRate,
} from './product-display';

import type { Product, ProductStatus, TaxRate } from './product-display';

/** The fields a user edits, in the order of the form. */
export const PRODUCT_FIELDS = [
  'name',
  'name_kana',
  'code',
  'category',
  'price',
  'tax_rate',
  'unit',
  'stock_quantity',
  'status',
  'tags',
  'description',
] as const satisfies readonly (keyof ProductInput)[];

export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** Labels of the form (the contract titles some fields only by description). */
export const PRODUCT_FIELD_LABELS: Record<ProductField, string> = {
  name: '商品・サービス名',
  name_kana: 'フリガナ',
  code: '商品コード',
  category: 'カテゴリー',
  price: '価格（税抜）',
  tax_rate: '税率',
  unit: '単位',
  stock_quantity: '在庫数',
  status: '販売状況',
  tags: 'タグ',
  description: '説明',
};

export const TAX_RATES = [10, 8, 0] as const satisfies readonly TaxRate[];

export interface ProductFormValues {
  name: string;
  name_kana: string;
  code: string;
  category: string;
  /** Digits as typed ('' for none). */
  price: string;
  tax_rate: TaxRate;
  unit: string;
  /** Digits as typed ('' for no stock kept). */
  stock_quantity: string;
  status: ProductStatus;
  tags: string[];
  description: string;
}

export type ProductFormErrors = Partial<Record<ProductField, string>>;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  name_kana: '',
  code: '',
  category: '',
  price: '',
  tax_rate: 10,
  unit: '',
  stock_quantity: '',
  status: 'active',
  tags: [],
  description: '',
};

export function formValuesFromProduct(product: Product): ProductFormValues {
  return {
    name: product.name,
    name_kana: product.name_kana ?? '',
    code: product.code ?? '',
    category: product.category ?? '',
    price: String(product.price),
    tax_rate: product.tax_rate,
    unit: product.unit ?? '',
    stock_quantity: product.stock_quantity === null ? '' : String(product.stock_quantity),
    status: product.status,
    tags: [...product.tags],
    description: product.description ?? '',
  };
}

const KATAKANA = /^[ァ-ヶー・　 ]*$/u;
const CODE = /^[A-Za-z0-9_-]+$/u;
const DIGITS = /^\d+$/u;
export const PRICE_MAX = 100_000_000;
export const STOCK_MAX = 10_000_000;
export const TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 50;

export const productFieldMessages = {
  ...fieldMessages,
  code: '半角の英数字・ハイフン・アンダースコアで入力してください',
  wholeYen: '0 以上の整数（円）で入力してください',
  priceMax: `${PRICE_MAX.toLocaleString('ja-JP')} 円以下で入力してください`,
  wholeCount: '0 以上の整数で入力してください',
  stockMax: `${STOCK_MAX.toLocaleString('ja-JP')} 以下で入力してください`,
  tooManyTags: `タグは${TAGS_MAX}個までです`,
} as const;

const MAX_LENGTHS: Partial<Record<ProductField, number>> = {
  name: 100,
  name_kana: 100,
  code: 50,
  category: 50,
  unit: 10,
  description: 2000,
};

/** Errors by field; empty when the values can be sent. */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const errors: ProductFormErrors = {};
  const set = (field: ProductField, message: string) => {
    errors[field] ??= message;
  };
  if (values.name.trim() === '') set('name', productFieldMessages.required);
  for (const [field, limit] of Object.entries(MAX_LENGTHS) as [ProductField, number][]) {
    const value = values[field];
    if (typeof value === 'string' && characterCount(value.trim()) > limit)
      set(field, productFieldMessages.maxLength(limit));
  }
  if (!KATAKANA.test(values.name_kana.trim())) set('name_kana', productFieldMessages.katakana);
  const code = values.code.trim();
  if (code && !CODE.test(code)) set('code', productFieldMessages.code);
  const price = values.price.trim();
  if (price === '') set('price', productFieldMessages.required);
  else if (!DIGITS.test(price)) set('price', productFieldMessages.wholeYen);
  else if (Number(price) > PRICE_MAX) set('price', productFieldMessages.priceMax);
  const stock = values.stock_quantity.trim();
  if (stock && !DIGITS.test(stock)) set('stock_quantity', productFieldMessages.wholeCount);
  else if (stock && Number(stock) > STOCK_MAX) set('stock_quantity', productFieldMessages.stockMax);
  if (values.tags.length > TAGS_MAX) set('tags', productFieldMessages.tooManyTags);
  return errors;
}

type Stored = string | number | string[] | null;

function stored(field: ProductField, values: ProductFormValues): Stored {
  const value = values[field];
  if (Array.isArray(value)) return [...new Set(value.map((item) => item.trim()).filter(Boolean))];
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (field === 'price' || field === 'stock_quantity') return text === '' ? null : Number(text);
  return text === '' ? null : text;
}

function storedOf(field: ProductField, product: Product): Stored {
  const value = product[field];
  if (Array.isArray(value)) return value;
  if (typeof value === 'number' && Number.isNaN(value)) return null;
  return value === null || value === '' ? null : value;
}

function same(a: Stored, b: Stored): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

/** The body of POST /api/products/: every filled field; empty optional fields left out. */
export function toProductInput(values: ProductFormValues): ProductInput {
  const input: Record<string, unknown> = {};
  for (const field of PRODUCT_FIELDS) {
    const value = stored(field, values);
    if (Array.isArray(value) ? value.length > 0 : value !== null) input[field] = value;
  }
  return input as unknown as ProductInput;
}

export function changedProductFields(product: Product, values: ProductFormValues): ProductField[] {
  return PRODUCT_FIELDS.filter((field) => !same(stored(field, values), storedOf(field, product)));
}

/** The body of PUT /api/products/{id}: only the changed fields (null clears one); null when none. */
export function productUpdateBody(product: Product, values: ProductFormValues): ProductUpdate | null {
  const changed = changedProductFields(product, values);
  if (changed.length === 0) return null;
  const body: Record<string, unknown> = {};
  for (const field of changed) body[field] = stored(field, values);
  return body as ProductUpdate;
}

/** A product with nothing filled in, to tell whether a new form was touched. */
export const EMPTY_PRODUCT: Product = {
  id: '',
  code: null,
  name: '',
  name_kana: null,
  category: null,
  description: null,
  price: Number.NaN,
  tax_rate: 10,
  unit: null,
  stock_quantity: null,
  status: 'active',
  tags: [],
  created_at: '',
  updated_at: '',
};
