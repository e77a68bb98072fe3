import { ApiError, errorFromException } from './errors';
import type { components } from './generated/schema';

type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** One event of an AI operation's `text/event-stream` answer (`stream=true`). */
export type AiStreamEvent<Result> =
  | { event: 'progress'; data: components['schemas']['AiProgress'] }
  | { event: 'delta'; data: components['schemas']['AiDelta'] }
  | { event: 'result'; data: Result };

/** The raw `event:` / `data:` blocks of a server-sent events body (comments and `retry:` skipped). */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r\n|\r|\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    return data.length > 0 ? { event, data: data.join('\n') } : null;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += decoder.decode(value ?? new Uint8Array(), { stream: !done });
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = done ? '' : (blocks.pop() ?? '');
      for (const block of blocks) {
        const parsed = parse(block);
        if (parsed) yield parsed;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * The typed events of an AI operation's stream, in order, ending after `result`. An `error`
 * event is thrown as the ApiError of its envelope (with the status its code answers as JSON), and
 * a stream that ends without either is a network error: the caller shows and retries both like
 * any failed request.
 */
export async function* readAiEvents<Result>(response: Response): AsyncGenerator<AiStreamEvent<Result>> {
  const path = new URL(response.url || 'http://localhost/').pathname;
  if (!response.body) throw errorFromException(new TypeError('応答の本文がありません'), path);
  try {
    for await (const { event, data } of readServerSentEvents(response.body)) {
      if (event === 'error') {
        const envelope = JSON.parse(data) as ErrorEnvelope;
        throw new ApiError(statusOfCode(envelope.error.code), envelope.error);
      }
      if (event === 'progress' || event === 'delta') {
        yield { event, data: JSON.parse(data) } as AiStreamEvent<Result>;
      } else if (event === 'result') {
        yield { event: 'result', data: JSON.parse(data) as Result };
        return;
      }
    }
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw errorFromException(cause, path);
  }
  throw errorFromException(new TypeError('応答が途中で途切れました'), path);
}

/** The HTTP status a code answers with as JSON (an error inside a stream arrives after a 200). */
function statusOfCode(code: string): number {
  if (code === 'AUTH_001' || code === 'AUTH_002') return 401;
  if (code.startsWith('AUTH_') || code.startsWith('FEAT_')) return 403;
  if (code === 'RES_001') return 404;
  if (code.startsWith('RES_')) return 409;
  if (code === 'AI_001' || code === 'RATE_001') return 429;
  if (code === 'EXT_002') return 502;
  if (code === 'EXT_001' || code === 'SYS_003') return 503;
  if (code.startsWith('VAL_')) return 422;
  return 500;
}
