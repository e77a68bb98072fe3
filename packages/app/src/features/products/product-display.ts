import type { components } from '@tsumiki/api-client';

/**
 * How a product is shown (labels, 税込 price): what the list and the product's page need, kept
 * apart from the form's rules so that those screens do not load the form.
 */

export type Product = components['schemas']['Product'];
export type ProductStatus = components['schemas']['ProductStatus'];
export type TaxRate = components['schemas']['TaxRate'];

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  active: '販売中',
  discontinued: '販売終了',
};

export const TAX_RATE_LABELS: Record<TaxRate, string> = {
  10: '10%',
  8: '8%（軽減税率）',
  0: '非課税',
};

/** The price with tax, rounded down to the yen (the usual way a clinic's receipt shows it). */
export function priceWithTax(price: number, taxRate: TaxRate): number {
  return Math.floor((price * (100 + taxRate)) / 100);
}

export function formatYen(value: number): string {
  return `${value.toLocaleString('ja-JP')} 円`;
}
