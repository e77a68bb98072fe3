import type { components } from '@tsumiki/api-client/schema';
import { publicRecord } from '../../platform/db/public-record';
import type { ProductRow } from './products.tables';

/** A product as the contract shows it (no tenant id or bookkeeping, ISO times). */
export function toProduct(product: ProductRow): components['schemas']['Product'] {
  return publicRecord(product);
}
