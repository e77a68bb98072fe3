import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

/** One open `text/event-stream` response, as its operation's handler sees it. */
export interface EventStreamSink {
  /** `event: <name>` and `data: <data>` (one `data:` line per line of it). Ignored once closed. */
  event(name: string, data: string): void;
  /** A comment line (`: <text>`), which clients ignore and proxies see as traffic. */
  comment(text: string): void;
  /** Ends the response (idempotent). */
  close(): void;
  readonly closed: boolean;
  /** Called once when the stream ends, whoever ended it (client, handler, shutdown). */
  onClose(listener: () => void): void;
}

/**
 * What the handler of a `text/event-stream` operation returns. The route layer commits the
 * request's transaction first, then sends the headers and calls `start` with the stream (its
 * first message carries `retry:`): nothing holds a database connection while the stream is open.
 */
/** The request a stream answers (for error envelopes and the log). */
export interface EventStreamRequest {
  id: string;
  url: string;
  log: FastifyBaseLogger;
}

export class EventStreamResponse {
  constructor(
    readonly start: (sink: EventStreamSink, request: EventStreamRequest) => void,
    /** The reconnection delay the client is told (`retry:`), in milliseconds. */
    readonly retryMs = 5_000,
  ) {}
}

const openStreams = new WeakMap<FastifyInstance, Set<EventStreamSink>>();

/** Ends every open stream before the server closes (otherwise close would wait for them). */
export function installEventStreams(app: FastifyInstance): void {
  const streams = new Set<EventStreamSink>();
  openStreams.set(app, streams);
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.close();
  });
}

/** How many event streams of `app` are open (diagnostics, tests). */
export function openEventStreamCount(app: FastifyInstance): number {
  return openStreams.get(app)?.size ?? 0;
}

/** Takes over the reply with the stream; the security and request-id headers set by hooks stay. */
export function sendEventStream(
  app: FastifyInstance,
  reply: FastifyReply,
  response: EventStreamResponse,
): FastifyReply {
  const body = new PassThrough();
  const listeners: Array<() => void> = [];
  let closed = false;
  // Sent with the first message, so that it and the first event arrive as one block.
  let preamble = `retry: ${response.retryMs}\n`;
  const write = (block: string) => {
    if (closed) return;
    body.write(`${preamble}${block}\n`);
    preamble = '';
  };
  const streams = openStreams.get(app);
  const finish = () => {
    if (closed) return;
    closed = true;
    streams?.delete(sink);
    for (const listener of listeners.splice(0)) listener();
  };
  const sink: EventStreamSink = {
    get closed() {
      return closed;
    },
    event(name, data) {
      const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
      write(`event: ${name}\n${lines.join('')}`);
    },
    comment(text) {
      write(`: ${text}\n`);
    },
    close() {
      if (closed) return;
      body.end();
      finish();
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
  // `close` of the body comes both after `end()` and when Fastify destroys it because the client
  // went away; `close` of the socket response covers a client that leaves before the first byte.
  body.on('close', finish);
  body.on('finish', finish);
  reply.raw.on('close', finish);
  streams?.add(sink);
  reply
    .code(200)
    .header('Content-Type', 'text/event-stream; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Accel-Buffering', 'no');
  reply.send(body);
  response.start(sink, { id: String(reply.request.id), url: reply.request.url, log: reply.request.log });
  return reply;
}
