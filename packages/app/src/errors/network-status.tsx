import { useQueryClient } from '@tanstack/react-query';
import type { OfflineBannerProps, SlowConnectionNoticeProps } from '@tsumiki/ui';
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useState } from 'react';

// The banners only show when the connection is lost or slow, so they are not in the first
// screen's chunks; they are fetched right after it (while the network is still there). Should
// that fail, the screen goes on without them rather than crash.
const loadBanners = () => import('./network-banners');
const OfflineBanner = lazy<ComponentType<OfflineBannerProps>>(() =>
  loadBanners().then(
    (module) => ({ default: module.OfflineBanner }),
    () => ({ default: Nothing }),
  ),
);
const SlowConnectionNotice = lazy<ComponentType<SlowConnectionNoticeProps>>(() =>
  loadBanners().then(
    (module) => ({ default: module.SlowConnectionNotice }),
    () => ({ default: Nothing }),
  ),
);

function Nothing() {
  return null;
}

/** Fired when the network comes back or the user asks to retry (SPEC section 4). */
export const RETRY_FAILED_REQUESTS_EVENT = 'retry-failed-requests';

interface NetworkInformation extends EventTarget {
  effectiveType?: string;
}

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

function isSlow(): boolean {
  const type = connection()?.effectiveType;
  return type === '2g' || type === 'slow-2g';
}

/** The offline warning bar with retry, and the slow-connection notice that hides after 6 s. */
export function NetworkStatus({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [slow, setSlow] = useState(isSlow);
  const [retrying, setRetrying] = useState(false);

  const retryFailedRequests = useCallback(async () => {
    window.dispatchEvent(new Event(RETRY_FAILED_REQUESTS_EVENT));
    setRetrying(true);
    try {
      await queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error',
      });
    } finally {
      setRetrying(false);
    }
  }, [queryClient]);

  useEffect(() => {
    void loadBanners().catch(() => undefined);
  }, []);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void retryFailedRequests();
    };
    const goOffline = () => setOnline(false);
    const onConnectionChange = () => setSlow(isSlow());
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    connection()?.addEventListener('change', onConnectionChange);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      connection()?.removeEventListener('change', onConnectionChange);
    };
  }, [retryFailedRequests]);

  return (
    <Suspense fallback={null}>
      {online ? null : (
        <OfflineBanner
          className={className}
          onRetry={() => {
            setOnline(navigator.onLine);
            void retryFailedRequests();
          }}
          retrying={retrying}
        />
      )}
      <SlowConnectionNotice
        open={online && slow}
        onOpenChange={(open) => (open ? undefined : setSlow(false))}
      />
    </Suspense>
  );
}
