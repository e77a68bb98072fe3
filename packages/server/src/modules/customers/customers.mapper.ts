import type { components } from '@tsumiki/api-client/schema';
import type { CustomerView } from './customers.repository';

type Schemas = components['schemas'];

/** A customer as the contract shows it (no tenant id, ISO times). */
export function toCustomer(customer: CustomerView): Schemas['Customer'] {
  const {
    tenant_id: _tenant,
    deleted_by: _deletedBy,
    created_at,
    updated_at,
    deleted_at,
    ...fields
  } = customer;
  return {
    ...fields,
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
    deleted_at: deleted_at ? deleted_at.toISOString() : null,
  };
}
