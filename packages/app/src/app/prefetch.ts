import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import { myFeaturesQueryOptions, tenantMeQueryOptions } from '@tsumiki/api-client/react';
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router-dom';
import { isScreenLocked } from '../features/two-factor/screen-lock/lock-flag';
import { isOffline, subscribeConnection } from '../lib/reachability';
import { currentSession } from '../session/load-auth';
import { activeTenant } from '../session/session';
import { api } from './api';
import { queryClient } from './query-client';

/** Longest a loader holds a navigation for its data; after that the screen shows its skeletons. */
export const PREFETCH_TIMEOUT_MS = 3000;

/**
 * The tenant's feature flags, asked for by `loaderTenant` alongside the screen's own data and
 * waited for with it: the layout (the sidebar) and the screens read them, and arriving after the
 * first render they would render the whole layout again in one blocking task (a query's update is
 * never a transition).
 */
let flagsOnTheirWay: Promise<unknown> = Promise.resolve();

/**
 * Runs a loader's prefetch (`queryClient.ensureQueryData({ ...options, retry: false })` calls) so
 * that the screen renders with its data, but never fails and never holds the navigation for long:
 * a failure is left to the screen's own useQuery, which retries and shows the error where the data
 * would be, and after `timeoutMs` the screen renders with its skeletons while the requests go on.
 *
 * Offline it does not wait at all, nor once a request finds the server unreachable on a network
 * that is up (lib/reachability.ts): nothing can arrive (queries pause until the connection is back,
 * and an expired access token cannot be refreshed — the auth client keeps trying for half a
 * minute), so the navigation goes on at once and the screen, or after a reload the offline shell
 * (updates/offline-gate.tsx), says what is going on instead of a bare spinner. What is cached
 * still shows: the screens read it themselves.
 */
export async function prefetch(
  load: () => Promise<unknown>,
  timeoutMs: number = PREFETCH_TIMEOUT_MS,
): Promise<void> {
  if (isOffline()) return;
  await new Promise<void>((resolve) => {
    // Called once the data is in, the time is up, or the connection changed (reachable when it
    // started, so to unreachable or offline). A later call (the timer's) finds everything done.
    const unsubscribe = subscribeConnection(() => done());
    const done = () => {
      unsubscribe();
      resolve();
    };
    setTimeout(done, timeoutMs);
    Promise.resolve()
      .then(load)
      .then(() => flagsOnTheirWay)
      .then(done, done);
  });
}

/**
 * For the loaders of signed-in screens: the tenant the screens will act for, or null when signed
 * out (the route guard then sends the user to /login). Shares the session's tenant-me query.
 */
export async function loaderTenant(): Promise<{
  tenantId: string | undefined;
  timeZone: string | undefined;
} | null> {
  if (!(await currentSession())) return null;
  // Locked: nothing is fetched for a screen nobody may see.
  if (isScreenLocked()) return null;
  const me = await queryClient.ensureQueryData({ ...tenantMeQueryOptions(api), retry: false });
  if (!me.success) return null;
  const tenant = activeTenant(me.user);
  flagsOnTheirWay = queryClient
    .ensureQueryData({ ...myFeaturesQueryOptions(api, tenant?.tenant_id), retry: false })
    .catch(() => undefined);
  return { tenantId: tenant?.tenant_id, timeZone: tenant?.time_zone };
}

/**
 * The loader of a list screen whose state lives in the query string: prefetches the page the URL
 * asks for while the route's chunk loads (see `prefetch`).
 */
export function listRouteLoader<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryFor: (
    tenantId: string | undefined,
    params: URLSearchParams,
  ) => EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  return async ({ request }: LoaderFunctionArgs) => {
    await prefetch(async () => {
      const signedIn = await loaderTenant();
      if (!signedIn) return;
      const options = queryFor(signedIn.tenantId, new URL(request.url).searchParams);
      await queryClient.ensureQueryData({ ...options, retry: false });
    });
    return null;
  };
}

/** For list screens: searching, filtering, sorting and paging change only the query string, which the screen fetches itself. */
export const revalidateOnPathChange: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);
