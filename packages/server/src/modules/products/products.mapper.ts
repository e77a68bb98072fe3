import type { components } from '@tsumiki/api-client/schema';
import type { ProductRow } from './products.tables';

/** A product as the contract shows it (no tenant id or bookkeeping, ISO times). */
export function toProduct(product: ProductRow): components['schemas']['Product'] {
  const {
    tenant_id: _tenant,
    created_by: _createdBy,
    updated_by: _updatedBy,
    deleted_at: _deletedAt,
    deleted_by: _deletedBy,
    created_at,
    updated_at,
    ...fields
  } = product;
  return { ...fields, created_at: created_at.toISOString(), updated_at: updated_at.toISOString() };
}
