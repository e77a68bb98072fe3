import { useQuery } from '@tanstack/react-query';
import {
  customerImportsQueryOptions,
  isCustomerImportActive,
  isCustomerImportWaiting,
} from '@tsumiki/api-client/react';
import { useEffect, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { CustomerImportProgress } from './customer-import-progress';

/**
 * On the customer list: the imports running in the background, read from the server (so the bar
 * is back after a reload or on another device), and how each one ended once it did.
 */
export function CustomerImportBanner() {
  const { api, tenantId } = useTenantApi();
  const imports = useQuery({ ...customerImportsQueryOptions(api, tenantId), meta: { errorDisplay: 'none' } });
  // Imports seen running here stay shown with their outcome until the page is left.
  const [seen, setSeen] = useState<string[]>([]);
  // An import waiting for the choice about its duplicates is shown too: the choice is made here.
  const active = (imports.data?.imports ?? [])
    .filter((job) => isCustomerImportActive(job) || isCustomerImportWaiting(job))
    .map((job) => job.id);
  useEffect(() => {
    if (active.some((id) => !seen.includes(id))) setSeen((ids) => [...new Set([...ids, ...active])]);
  }, [active, seen]);
  const shown = (imports.data?.imports ?? []).filter(
    (job) => seen.includes(job.id) || active.includes(job.id),
  );
  if (shown.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="customer-imports">
      {shown.map((job) => (
        <CustomerImportProgress key={job.id} importId={job.id} initial={job} />
      ))}
    </div>
  );
}
