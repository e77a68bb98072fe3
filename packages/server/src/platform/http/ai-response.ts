import type { components } from '@tsumiki/api-client/schema';
import { errorEnvelope, toAppError } from './error-handler';
import { EventStreamResponse } from './event-stream';

type AiProgressPayload = components['schemas']['AiProgress'];
type AiDeltaPayload = components['schemas']['AiDelta'];

const KEEP_ALIVE_MS = 15_000;

/** One step of an AI operation's work, as the user sees it (「対応履歴を読んでいます」). */
export interface StepHandle {
  done(): void;
  skip(): void;
}

/** Where an AI operation reports its steps and the text it is writing. */
export interface AiProgressSink {
  step(step: string, label: string): StepHandle;
  delta(text: string): void;
  /** Aborted when the client has gone (the stream closed): stop calling the model. */
  readonly signal?: AbortSignal;
}

/** A sink that reports nowhere: the JSON answer has no progress. */
export const silentProgress: AiProgressSink = {
  step: () => ({ done() {}, skip() {} }),
  delta() {},
};

/**
 * The 200 answer of an AI operation with the contract's `stream` parameter: the JSON body when
 * `stream` is false; otherwise a `text/event-stream` of `progress` (AiProgress), `delta`
 * (AiDelta), then `result` (the same JSON) or `error` (the ErrorEnvelope, with the request's id
 * and path; 5xx logged like any failed request). Whatever fails before `run` starts (validation,
 * permission, budget checks done by the caller first) is an ordinary error answer.
 *
 * The stream's type is the JSON body's as far as the handler table knows: the route layer sends
 * an EventStreamResponse whatever the declared body (api-routes.ts).
 */
export async function aiResponse<Body>(
  stream: boolean | undefined,
  run: (progress: AiProgressSink) => Promise<Body>,
): Promise<{ status: 200; body: Body }> {
  if (!stream) return { status: 200, body: await run(silentProgress) };
  const response = new EventStreamResponse((sink, request) => {
    const send = (name: string, payload: unknown) => sink.event(name, JSON.stringify(payload));
    // A client that leaves (closed tab, 中止) ends the work: no model call is paid for nobody.
    const abort = new AbortController();
    // A model may think for a minute without a word: a comment every 15 s keeps proxies from
    // taking the quiet stream for a dead one.
    const keepAlive = setInterval(() => sink.comment('keep-alive'), KEEP_ALIVE_MS);
    sink.onClose(() => {
      clearInterval(keepAlive);
      abort.abort();
    });
    const progress: AiProgressSink = {
      signal: abort.signal,
      step(step, label) {
        send('progress', { step, label, status: 'running' } satisfies AiProgressPayload);
        let settled = false;
        const settle = (status: AiProgressPayload['status']) => {
          if (settled) return;
          settled = true;
          send('progress', { step, label, status } satisfies AiProgressPayload);
        };
        return { done: () => settle('done'), skip: () => settle('skipped') };
      },
      delta(text) {
        if (text) send('delta', { text } satisfies AiDeltaPayload);
      },
    };
    run(progress).then(
      (body) => {
        send('result', body);
        sink.close();
      },
      (error: unknown) => {
        if (sink.closed) return;
        const appError = toAppError(error);
        if (appError.status >= 500)
          request.log.error({ err: error }, 'AI の処理に失敗しました（ストリーム中）');
        send('error', errorEnvelope(appError, request));
        sink.close();
      },
    );
  }, 60_000);
  return { status: 200, body: response as unknown as Body };
}
