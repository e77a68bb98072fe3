import {
  type ApiError,
  type components,
  errorFromException,
  errorFromResponse,
  isApiError,
  readAiEvents,
} from '@tsumiki/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useErrorDisplay } from '../../errors/error-display';
import { useSignedIn } from '../../session/session';

type AiProgress = components['schemas']['AiProgress'];

/** The AI operations that can answer as a stream (the contract's `stream` parameter). */
export type AiStreamPath =
  | '/api/chat'
  | '/api/aiassistant/'
  | '/api/research/customer'
  | '/api/research/customer/{id}'
  | '/api/research/competitor';

export interface AiStreamParams {
  path?: { id: string };
}

type StreamingPost = (
  path: AiStreamPath,
  init: {
    params: { query: { stream: true }; header: Record<string, string>; path?: { id: string } };
    body: unknown;
    parseAs: 'stream';
    signal: AbortSignal;
  },
) => Promise<{ response: Response; error?: unknown }>;

export interface AiStream<Result> {
  /** Sends the request (cancelling one under way); its failure goes to the error display with 再試行. */
  start(path: AiStreamPath, body: unknown, params?: AiStreamParams): void;
  /** The steps the server has reported, in order, each with its latest status. */
  steps: AiProgress[];
  /** The answer's text so far. */
  text: string;
  result: Result | null;
  error: ApiError | null;
  running: boolean;
  cancel(): void;
}

/**
 * Runs an AI operation with `stream=true` through the app's API client (token, 401 retry,
 * X-Tenant-Id) and follows it: steps, text as it is written, then the result. A failure — before
 * the stream (validation, budget) or inside it (EXT_001/EXT_002 as an `error` event) — is shown by
 * the app's error display, which offers 再試行 for the retryable codes and runs the same request
 * again.
 */
export function useAiStream<Result>(): AiStream<Result> {
  const { api, tenant } = useSignedIn();
  const tenantId = tenant?.tenant_id;
  const { report } = useErrorDisplay();
  const [steps, setSteps] = useState<AiProgress[]>([]);
  const [text, setText] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const execute = useCallback(
    async (path: AiStreamPath, body: unknown, params: AiStreamParams | undefined) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setSteps([]);
      setText('');
      setResult(null);
      setError(null);
      setRunning(true);
      try {
        let response: Response;
        let failure: unknown;
        try {
          ({ response, error: failure } = await (api.POST as unknown as StreamingPost)(path, {
            params: {
              query: { stream: true },
              header: tenantId ? { 'X-Tenant-Id': tenantId } : {},
              ...(params?.path ? { path: params.path } : {}),
            },
            body,
            parseAs: 'stream',
            signal: abort.signal,
          }));
        } catch (cause) {
          throw errorFromException(cause, path);
        }
        if (!response.ok) throw errorFromResponse(response, failure);
        for await (const event of readAiEvents<Result>(response)) {
          if (abort.signal.aborted) return;
          if (event.event === 'progress') {
            const progress = event.data;
            setSteps((current) =>
              current.some((step) => step.step === progress.step)
                ? current.map((step) => (step.step === progress.step ? progress : step))
                : [...current, progress],
            );
          } else if (event.event === 'delta') {
            const piece = event.data.text;
            setText((current) => current + piece);
          } else setResult(event.data);
        }
      } catch (caught) {
        if (abort.signal.aborted) return;
        if (isApiError(caught)) setError(caught);
        throw caught;
      } finally {
        if (controller.current === abort) setRunning(false);
      }
    },
    [api, tenantId],
  );

  const start = useCallback(
    (path: AiStreamPath, body: unknown, params?: AiStreamParams) => {
      const run = () => execute(path, body, params);
      run().catch((caught: unknown) => report(caught, { key: `ai:${path}`, run }));
    },
    [execute, report],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setRunning(false);
  }, []);

  return { start, steps, text, result, error, running, cancel };
}
