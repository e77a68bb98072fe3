/**
 * What `app.inject` cannot send: requests over a real socket that Node's HTTP parser refuses or
 * that no hook sees — headers over Node's 16 KB limit (431), malformed request lines and header
 * lines, contradictory lengths, no Host. Generated with fast-check like the operations' cases;
 * every answer must still be the envelope (GoTrue's shape under /auth/v1) with every header.
 */
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { createTestServer, type TestServer } from '../support/server';
import { parseAnswer, sendRaw } from './raw-http';
import { encodeText } from './request-cases';
import { answerProblems } from './response-checks';

const SEED = Number(process.env.ROBUSTNESS_SEED ?? 20_261_122);
const RUNS = Number(process.env.ROBUSTNESS_RUNS ?? 200);

interface WireCase {
  method: string;
  target: string;
  version: string;
  headerLines: string[];
  body: string;
  /** Sends the body's Content-Length (else its bytes are read as the next request). */
  declareLength: boolean;
}

const TARGETS = [
  '/api/customers',
  '/api/health',
  '/api/customers/%E0%A4%A',
  '/api/customers/3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d',
  `/api/customers/${'x'.repeat(500)}`,
  '/api/nope',
  '/api/sessions/current/extend',
  '/auth/v1/user',
  '/auth/v1/token?grant_type=password',
  '/auth/v1/%E0%A4%A',
];

function wireCases(token: string): fc.Arbitrary<WireCase> {
  const query = fc.oneof(
    fc.constant(''),
    fc
      .tuple(fc.constantFrom(1_000, 10_000, 17_000, 40_000), fc.constantFrom('a', 'あ', '%00'))
      .map(
        ([length, unit]) =>
          `?search=${unit === '%00' ? unit.repeat(length / 3) : encodeText(unit.repeat(length))}`,
      ),
    fc.constantFrom('?search=%E0%A4%A', '?skip=0x10', '?search=%00', '?a=%ED%A0%80'),
  );
  const headerLine = fc.oneof(
    { arbitrary: fc.constant(`Authorization: Bearer ${token}`), weight: 6 },
    fc.constantFrom(
      'X-Tenant-Id: not-a-uuid',
      `X-Big: ${'a'.repeat(20_000)}`,
      `Cookie: ${'c'.repeat(17_000)}`,
      'no-colon-here',
      ' leading-space: x',
      'bad name: x',
      'X-Nul: a\u0000b',
      'X-Ctl: \u0001\u0002',
      'Content-Length: abc',
      'Content-Length: 1',
      'Content-Length: 5\r\nContent-Length: 6',
      'Transfer-Encoding: chunked',
      'Transfer-Encoding: gzip, chunked',
      'Content-Type: application/json',
      'Content-Type: text/plain',
      'Content-Type: multipart/form-data; boundary=x',
      `User-Agent: ${'u'.repeat(8000)}`,
      'Expect: 100-continue',
      'Connection: keep-alive, Upgrade',
      'Upgrade: websocket',
    ),
  );
  return fc.record({
    method: fc.oneof(
      { arbitrary: fc.constantFrom('GET', 'POST'), weight: 6 },
      fc.constantFrom('PUT', 'DELETE', 'FOO', 'get', 'CONNECT', 'TRACE', 'OPTIONS'),
    ),
    target: fc
      .tuple(fc.constantFrom(...TARGETS), query)
      .map(([path, search]) =>
        path.includes('?') && search ? `${path}&${search.slice(1)}` : `${path}${search}`,
      ),
    version: fc.oneof(
      { arbitrary: fc.constant('HTTP/1.1'), weight: 8 },
      fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1x'),
    ),
    headerLines: fc.array(headerLine, { maxLength: 4 }),
    body: fc.constantFrom('', '{"minutes":60}', '{"minutes":9999}', '{', '0\r\n\r\n', 'zz\r\nbad\r\n'),
    declareLength: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, fc.constant(false)),
  });
}

function rawRequest(request: WireCase, host: boolean): string {
  const lines = [
    `${request.method} ${request.target} ${request.version}`,
    ...(host ? ['Host: localhost'] : []),
    ...request.headerLines,
    ...(request.declareLength && request.body !== ''
      ? [`Content-Length: ${Buffer.byteLength(request.body)}`]
      : []),
    'Connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${request.body}`;
}

describe('robustness on the wire: requests Node itself refuses', () => {
  let server: TestServer;
  let port: number;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer();
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers every generated raw request with the envelope and every header', {
    timeout: 120_000,
  }, async () => {
    const requests = fc.sample(
      fc.tuple(wireCases(token), fc.oneof({ arbitrary: fc.constant(true), weight: 9 }, fc.constant(false))),
      { seed: SEED, numRuns: RUNS },
    );
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const [index, [request, host]] of requests.entries()) {
      const raw = rawRequest(request, host);
      const answer = parseAnswer(await sendRaw(port, raw));
      if (!answer) {
        failures.push(
          `#${index} no answer to ${JSON.stringify(raw.replaceAll(token, '<token>').slice(0, 400))}`,
        );
        continue;
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const problems = answerProblems(answer, {
        method: request.method,
        operationId: null,
        auth: request.target.startsWith('/auth/v1'),
      });
      if (problems.length > 0) {
        failures.push(
          `#${index} ${JSON.stringify(raw.replaceAll(token, '<token>').slice(0, 400))} → ${answer.status}\n` +
            problems.map((problem) => `  ${problem.kind}: ${problem.detail}`).join('\n'),
        );
      }
    }
    console.log(
      `robustness on the wire: ${requests.length} raw requests, ${failures.length} failed (seed ${SEED}; ${[
        ...statuses.entries(),
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, times]) => `${status}×${times}`)
        .join(' ')})`,
    );
    expect(failures.slice(0, 5), `reproduce with ROBUSTNESS_SEED=${SEED}`).toEqual([]);
  });
});
