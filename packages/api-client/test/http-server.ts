import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  tenantId: string | undefined;
  contentType: string | undefined;
  body: string;
}

type Handler = (request: RecordedRequest, response: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 that records every request and answers with `handler`. */
export async function startTestServer(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (incoming: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = {
      method: incoming.method ?? '',
      path: incoming.url ?? '',
      authorization: incoming.headers.authorization,
      tenantId: incoming.headers['x-tenant-id'] as string | undefined,
      contentType: incoming.headers['content-type'],
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(recorded);
    handler(recorded, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function envelope(code: string, message: string, status = 401) {
  return {
    error: {
      code,
      category: status === 401 ? 'authentication' : 'system',
      severity: 'high',
      message,
      suggestion: null,
      timestamp: '2026-11-22T00:00:00.000Z',
      context: null,
      request_id: 'req-1',
      path: '/api/test',
    },
  };
}
