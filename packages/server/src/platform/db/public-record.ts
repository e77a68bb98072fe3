/** The bookkeeping columns every live record of a resource table has, which the contract leaves out. */
interface Bookkeeping {
  tenant_id: string;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  deleted_by: string | null;
}

/**
 * A row as the contract shows a resource (products, staff): without the tenant, who wrote it and
 * the soft-delete columns, with its times as ISO strings.
 */
export function publicRecord<T extends Bookkeeping>(
  row: T,
): Omit<T, keyof Bookkeeping> & { created_at: string; updated_at: string } {
  const {
    tenant_id: _tenant,
    created_by: _createdBy,
    updated_by: _updatedBy,
    deleted_at: _deletedAt,
    deleted_by: _deletedBy,
    created_at,
    updated_at,
    ...fields
  } = row;
  return { ...fields, created_at: created_at.toISOString(), updated_at: updated_at.toISOString() };
}
