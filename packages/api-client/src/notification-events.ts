import { type ApiClient, unwrap } from './client';
import { createClientError } from './errors';

/**
 * GET /api/notifications/events: opens the signed-in user's live notification stream
 * (Server-Sent Events: `event: unread` with `{"unread_count": N}` on connect and on every change,
 * `: keep-alive` every 25 s; the server closes it when the access token expires). Goes through
 * the client, so it carries the bearer token and X-Tenant-Id like every call and is retried once
 * with a refreshed token after a 401. EventSource could not send the header.
 *
 * Resolves to the response body to read with an SSE parser; rejects with an ApiError otherwise.
 */
export async function openNotificationEvents(
  api: ApiClient,
  tenantId: string | undefined,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const body = await unwrap(
    api.GET('/api/notifications/events', {
      params: { header: tenantId ? { 'X-Tenant-Id': tenantId } : {} },
      headers: { Accept: 'text/event-stream' },
      parseAs: 'stream',
      signal,
    }),
    '/api/notifications/events',
  );
  if (!body) {
    throw createClientError('NETWORK_ERROR', { path: '/api/notifications/events' });
  }
  return body;
}
