import { createSseParser, type ServerSentEvent } from './sse-parser';

/** Reconnection delay until the server's `retry:` says otherwise (the server sends 5000). */
export const DEFAULT_RETRY_MS = 5000;
/** Longest wait between attempts while the server keeps failing. */
export const MAX_RETRY_DELAY_MS = 5 * 60 * 1000;
/** A connection that lasted this long was healthy: its end is not counted as a failure. */
export const HEALTHY_CONNECTION_MS = 60 * 1000;
/** The server writes a keep-alive every 25 s: this long without a byte means the connection is dead. */
export const IDLE_TIMEOUT_MS = 70 * 1000;

export interface LiveStreamOptions {
  /** Opens the stream (with a fresh token each time); rejects when it cannot. */
  open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;
  onEvent: (event: ServerSentEvent) => void;
  /** Failures after which reconnecting is pointless (e.g. the feature is off); the stream stops. */
  isFatal?: (error: unknown) => boolean;
  retryMs?: number;
  maxDelayMs?: number;
  healthyAfterMs?: number;
  idleTimeoutMs?: number;
  /** For tests: jitter source and clock. */
  random?: () => number;
  now?: () => number;
}

export interface LiveStream {
  /** Connects now (no-op while running). */
  start: () => void;
  /** Closes the connection and cancels any pending reconnection. */
  stop: () => void;
  readonly running: boolean;
}

/**
 * The delay before attempt n+1 after n consecutive failures: the server's retry time, doubled per
 * failure up to `maxDelayMs`, plus up to 25% jitter so that many tabs do not come back together.
 */
export function reconnectDelay(
  failures: number,
  retryMs: number,
  maxDelayMs: number = MAX_RETRY_DELAY_MS,
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, failures - 1);
  const base = Math.min(maxDelayMs, retryMs * 2 ** Math.min(exponent, 30));
  return Math.round(Math.min(maxDelayMs, base * (1 + 0.25 * random())));
}

/**
 * A Server-Sent Events connection that keeps itself open: it reconnects after the server's
 * `retry:` time when the server closes it (e.g. when the access token it was opened with expires;
 * `open` then brings a fresh one), backs off while attempts keep failing, and treats a silent
 * connection as dead. It never throws: a failure only schedules the next attempt.
 */
export function createLiveStream(options: LiveStreamOptions): LiveStream {
  const maxDelayMs = options.maxDelayMs ?? MAX_RETRY_DELAY_MS;
  const healthyAfterMs = options.healthyAfterMs ?? HEALTHY_CONNECTION_MS;
  const idleTimeoutMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  let retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  let failures = 0;
  let running = false;
  let connection: AbortController | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    reconnectTimer = undefined;
    const abort = new AbortController();
    connection = abort;
    const openedAt = now();
    let received = false;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let idle = false;
    const watchIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        idle = true;
        abort.abort();
      }, idleTimeoutMs);
    };
    let ended = false;
    try {
      watchIdle();
      const body = await options.open(abort.signal);
      const reader = body
        .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
        .getReader();
      if (abort.signal.aborted) throw abort.signal.reason;
      abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
      const parser = createSseParser({
        onEvent: (event) => {
          received = true;
          try {
            options.onEvent(event);
          } catch (error) {
            console.error(error);
          }
        },
        onRetry: (milliseconds) => {
          retryMs = milliseconds;
        },
      });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        watchIdle();
        parser.push(value);
      }
      parser.end();
      ended = true;
    } catch (error) {
      if (!idle && abort.signal.aborted) return; // stop() closed it
      if (!idle && options.isFatal?.(error)) {
        running = false;
        connection = null;
        return;
      }
    } finally {
      clearTimeout(idleTimer);
    }
    if (!running || connection !== abort) return;
    connection = null;
    const healthy = ended && !idle && received && now() - openedAt >= healthyAfterMs;
    failures = healthy ? 0 : failures + 1;
    reconnectTimer = setTimeout(() => void connect(), reconnectDelay(failures, retryMs, maxDelayMs, random));
  };

  return {
    start() {
      if (running) return;
      running = true;
      failures = 0;
      void connect();
    },
    stop() {
      running = false;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      const current = connection;
      connection = null;
      current?.abort();
    },
    get running() {
      return running;
    },
  };
}

export interface StreamConditions {
  /** Offline, or hidden for longer than `hiddenGraceMs`: false. */
  onChange: (active: boolean) => void;
  hiddenGraceMs?: number;
}

/** How long a hidden tab keeps its connection (a quick look at another tab keeps it). */
export const HIDDEN_GRACE_MS = 5 * 60 * 1000;

/**
 * Calls `onChange(true)` at once when the stream should run, and again whenever that changes: it
 * stops while the browser is offline or the tab has been hidden for long. Returns the unsubscribe.
 */
export function watchStreamConditions({ onChange, hiddenGraceMs = HIDDEN_GRACE_MS }: StreamConditions) {
  let hiddenLong = false;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  let last: boolean | undefined;
  const update = () => {
    const active = navigator.onLine && !hiddenLong;
    if (active !== last) {
      last = active;
      onChange(active);
    }
  };
  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === 'hidden') {
      hiddenTimer = setTimeout(() => {
        hiddenLong = true;
        update();
      }, hiddenGraceMs);
    } else {
      hiddenLong = false;
      update();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  // A tab opened in the background gets the same grace as one hidden just now.
  onVisibility();
  update();
  return () => {
    clearTimeout(hiddenTimer);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}
