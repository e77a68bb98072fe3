import { api } from '../../app/api';
import { loaderTenant, prefetch } from '../../app/prefetch';
import { queryClient } from '../../app/query-client';
import { DEFAULT_TIME_ZONE, startOfMonth } from '../../lib/format';
import { dashboardQueries } from './dashboard-data';

/**
 * Fetches the dashboard's figures into the shared query client. It is the route's static loader
 * (router.tsx), not its lazy module's: the router runs a static loader alongside loading the
 * route's chunks, so that on a first visit to / the session's tenant-me and then these three reads
 * start as soon as the entry runs, not after the layout's and the dashboard's chunks have arrived.
 * The screen reads the same cache entries (dashboardQueries): nothing is asked twice.
 */
export async function dashboardLoader() {
  await prefetch(async () => {
    const signedIn = await loaderTenant();
    if (!signedIn) return;
    const { customers, interactions, thisMonth } = dashboardQueries(
      api,
      signedIn.tenantId,
      startOfMonth(new Date(), signedIn.timeZone ?? DEFAULT_TIME_ZONE),
    );
    await Promise.all([
      queryClient.ensureQueryData({ ...customers, retry: false }),
      queryClient.ensureQueryData({ ...interactions, retry: false }),
      queryClient.ensureQueryData({ ...thisMonth, retry: false }),
    ]);
  });
  return null;
}
