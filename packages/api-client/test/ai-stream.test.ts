import { afterEach, describe, expect, it } from 'vitest';
import { type AiStreamEvent, ApiError, createApiClient, readAiEvents } from '../src/index';
import { envelope, json, startTestServer } from './http-server';

const servers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  while (servers.length) await servers.pop()?.close();
});

type Reply = { content: string };

async function streamFrom(write: (response: import('node:http').ServerResponse) => void) {
  const server = await startTestServer((request, response) => {
    if (!request.path.includes('stream=true')) return json(response, 400, envelope('VAL_002', '違う'));
    write(response);
  });
  servers.push(server);
  const api = createApiClient({ baseUrl: server.url, getAccessToken: () => 'token' });
  const { response } = await api.POST('/api/aiassistant/', {
    params: { query: { stream: true } },
    body: { message: '今月の対応件数は？' },
    parseAs: 'stream',
  });
  return { response, server };
}

async function collect(response: Response) {
  const events: AiStreamEvent<Reply>[] = [];
  for await (const event of readAiEvents<Reply>(response)) events.push(event);
  return events;
}

describe('readAiEvents', () => {
  it('yields progress, text and the result as they arrive, across chunk boundaries', async () => {
    const { response, server } = await streamFrom((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(
        'retry: 60000\nevent: progress\ndata: {"step":"tool:count","label":"対応件数を数えています","status":"running"}\n\n',
      );
      // One event split over two writes, and two in one.
      response.write('event: delta\nda');
      response.write('ta: {"text":"今月は"}\n\nevent: delta\ndata: {"text":"8 件です。"}\n\n');
      response.end('event: result\ndata: {"content":"今月は8 件です。"}\n\n');
    });
    expect(await collect(response)).toEqual([
      { event: 'progress', data: { step: 'tool:count', label: '対応件数を数えています', status: 'running' } },
      { event: 'delta', data: { text: '今月は' } },
      { event: 'delta', data: { text: '8 件です。' } },
      { event: 'result', data: { content: '今月は8 件です。' } },
    ]);
    expect(server.requests[0]?.authorization).toBe('Bearer token');
  });

  it('throws the envelope of an error event as an ApiError with the status its code answers', async () => {
    const { response } = await streamFrom((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('event: delta\ndata: {"text":"途中"}\n\n');
      response.end(
        `event: error\ndata: ${JSON.stringify(envelope('EXT_001', 'AI サービスに接続できませんでした。'))}\n\n`,
      );
    });
    const events: unknown[] = [];
    const failure = await (async () => {
      for await (const event of readAiEvents<Reply>(response)) events.push(event);
    })().catch((error: unknown) => error);
    expect(events).toEqual([{ event: 'delta', data: { text: '途中' } }]);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 503,
      code: 'EXT_001',
      message: 'AI サービスに接続できませんでした。',
    });
  });

  it('takes a stream that ends without a result for a network error', async () => {
    const { response } = await streamFrom((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end('event: delta\ndata: {"text":"途中"}\n\n');
    });
    const failure = await collect(response).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'CLIENT_NETWORK_ERROR' });
  });
});
