import { useSignedIn } from '../../session/session';

/** The API client and the active tenant, for the customer screens. */
export function useTenantApi() {
  const { api, tenant } = useSignedIn();
  return { api, tenantId: tenant?.tenant_id };
}
