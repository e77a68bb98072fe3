import { useQueryClient } from '@tanstack/react-query';
import { isApiError, openNotificationEvents } from '@tsumiki/api-client';
import { useEffect } from 'react';
import { createLiveStream, watchStreamConditions } from './live-stream';
import { applyUnreadCount } from './notification-cache';
import { useNotificationsApi } from './notification-queries';

/**
 * Answers after which the stream is not tried again until the next sign-in or reload: the feature
 * is off or the user may not read notifications (403), the server has no such stream (404), or the
 * request itself is wrong. The 5-minute refresh goes on regardless.
 */
export function isFatalStreamError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 403 || error.status === 404 || error.status === 422;
}

/** The unread count from an `unread` event, or null when the data is not what the protocol says. */
export function parseUnreadEvent(data: string): number | null {
  try {
    const value: unknown = JSON.parse(data);
    const count = (value as { unread_count?: unknown } | null)?.unread_count;
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the server's live notification stream open while the user is signed in (this hook lives in
 * the signed-in layout), online and looking at the tab: when the unread count changes the bell shows
 * it at once, the lists are fetched again, and so is the data the new notifications are about (the
 * dashboard, the lists, a customer's page: applyUnreadCount, the one place that does it for every
 * screen). Failures stay quiet (the 5-minute refresh remains).
 *
 * One stream per browser, not per tab: the tabs that are visible and online take turns holding a
 * Web Lock, the holder opens the stream and passes each count to the others over a
 * BroadcastChannel. (The server keeps at most 5 streams per user and closes the oldest; a tab each
 * would push one another out, and hold the browser's few connections to the site.)
 */
export function useNotificationStream(enabled: boolean) {
  const { api, tenantId } = useNotificationsApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const channelName = `tsumiki-notifications:${tenantId ?? 'default'}`;
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
    channel?.addEventListener('message', (message: MessageEvent<{ unread_count?: unknown }>) => {
      const count = message.data?.unread_count;
      if (typeof count === 'number') applyUnreadCount(queryClient, tenantId, count);
    });
    const stream = createLiveStream({
      open: (signal) => openNotificationEvents(api, tenantId, signal),
      isFatal: isFatalStreamError,
      onEvent: (event) => {
        if (event.event !== 'unread') return;
        const count = parseUnreadEvent(event.data);
        if (count === null) return;
        applyUnreadCount(queryClient, tenantId, count);
        channel?.postMessage({ unread_count: count });
      },
    });
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    let turn: AbortController | null = null;
    const unwatch = watchStreamConditions({
      onChange: (active) => {
        if (!active) {
          turn?.abort();
          turn = null;
          stream.stop();
          return;
        }
        if (turn) return;
        const current = new AbortController();
        turn = current;
        if (!locks) {
          stream.start();
          return;
        }
        locks
          .request(channelName, { signal: current.signal }, () => {
            stream.start();
            return new Promise<void>((release) => {
              current.signal.addEventListener(
                'abort',
                () => {
                  stream.stop();
                  release();
                },
                { once: true },
              );
            });
          })
          // Given up before its turn came (the tab was hidden or closed): nothing to do.
          .catch(() => undefined);
      },
    });
    return () => {
      unwatch();
      turn?.abort();
      stream.stop();
      channel?.close();
    };
  }, [enabled, api, tenantId, queryClient]);
}
