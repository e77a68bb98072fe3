import type { components } from '@tsumiki/api-client/schema';
import type { CustomerView } from './customers.repository';

type Schemas = components['schemas'];

/** A customer as the contract shows it (no tenant id, ISO times, the stop of use as one object). */
export function toCustomer(customer: CustomerView): Schemas['Customer'] {
  const {
    tenant_id: _tenant,
    deleted_by: _deletedBy,
    created_at,
    updated_at,
    deleted_at,
    use_stopped_at,
    use_stop_reason,
    use_stopped_by,
    use_stopped_by_name,
    ...fields
  } = customer;
  return {
    ...fields,
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
    deleted_at: deleted_at ? deleted_at.toISOString() : null,
    use_stop:
      use_stopped_at === null
        ? null
        : {
            reason: use_stop_reason ?? '',
            stopped_at: use_stopped_at.toISOString(),
            stopped_by: use_stopped_by,
            stopped_by_name: use_stopped_by_name,
          },
  };
}
