import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  contractEnums,
  createApiClient,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_TYPE_LABELS,
  openNotificationEvents,
} from '../src/index';
import { envelope, json, startTestServer } from './http-server';

const servers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  while (servers.length) await servers.pop()?.close();
});

describe('openNotificationEvents', () => {
  it('opens the stream with the bearer token and X-Tenant-Id, refreshing after a 401, and yields its bytes', async () => {
    const server = await startTestServer((request, response) => {
      if (request.authorization !== 'Bearer fresh') {
        return json(response, 401, envelope('AUTH_002', 'セッションの有効期限が切れました。'));
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end('retry: 5000\nevent: unread\ndata: {"unread_count": 2}\n\n');
    });
    servers.push(server);
    const api = createApiClient({
      baseUrl: server.url,
      getAccessToken: () => 'expired',
      refreshAccessToken: async () => 'fresh',
    });
    const body = await openNotificationEvents(api, 'tenant-1');
    const text = await new Response(body).text();
    expect(text).toBe('retry: 5000\nevent: unread\ndata: {"unread_count": 2}\n\n');
    expect(server.requests.map((r) => [r.path, r.authorization, r.tenantId])).toEqual([
      ['/api/notifications/events', 'Bearer expired', 'tenant-1'],
      ['/api/notifications/events', 'Bearer fresh', 'tenant-1'],
    ]);
  });

  it('rejects with the server’s error (e.g. the feature is off) instead of a stream', async () => {
    const server = await startTestServer((_request, response) =>
      json(response, 403, envelope('FEAT_001', 'この機能は無効です。')),
    );
    servers.push(server);
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => 't' });
    const error = await openNotificationEvents(api, undefined).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(server.requests[0]?.tenantId).toBeUndefined();
  });
});

describe('notification labels', () => {
  it('name every type and category of the contract, in its order (the order filters list them in)', () => {
    expect(Object.keys(NOTIFICATION_CATEGORY_LABELS)).toEqual(contractEnums.NotificationCategory);
    expect(Object.keys(NOTIFICATION_TYPE_LABELS)).toEqual(contractEnums.NotificationType);
  });
});
