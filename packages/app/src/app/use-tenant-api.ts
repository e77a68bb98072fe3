import { useSignedIn } from '../session/session';

/** The API client and the active tenant: what every screen's queries and mutations are built from. */
export function useTenantApi() {
  const { api, tenant } = useSignedIn();
  return { api, tenantId: tenant?.tenant_id };
}
