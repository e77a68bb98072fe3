import type { MutationFunctionContext } from '@tanstack/react-query';
import type { operations } from '../generated/schema';

/** The tenant a call acts for; undefined means the user's first tenant. */
export type TenantId = string | undefined;

type Operations = operations;

/** Query parameters of an operation. */
export type QueryOf<K extends keyof Operations> = Operations[K]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;

/** Request body of an operation (JSON or multipart fields). */
export type BodyOf<K extends keyof Operations> = Operations[K] extends { requestBody?: { content: infer C } }
  ? C[keyof C]
  : never;

/** Everything a tenant owns is keyed under its id, so switching tenants never mixes data. */
export function tenantKey(tenantId: TenantId) {
  return ['tenant', tenantId ?? 'default'] as const;
}

/** The X-Tenant-Id header for a tenant-scoped call. */
export function tenantHeader(tenantId: TenantId) {
  return { header: tenantId ? { 'X-Tenant-Id': tenantId } : {} };
}

/** After a successful mutation, refetch what it may have changed (by resource key under the tenant). */
export function invalidates(tenantId: TenantId, ...resources: string[]) {
  return async (_data: unknown, _variables: unknown, _result: unknown, context: MutationFunctionContext) => {
    await Promise.all(
      resources.map((resource) =>
        context.client.invalidateQueries({ queryKey: [...tenantKey(tenantId), resource] }),
      ),
    );
  };
}

/**
 * Multipart fields as FormData: files and blobs as file parts, arrays as repeated fields,
 * everything else as text. Undefined fields are left out.
 */
export function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  const append = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : 'blob');
    else form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  };
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) append(name, item);
    else append(name, value);
  }
  return form;
}
