import type { CaptureDetails, ReporterIdentity } from './classify';

// The part of error reporting that is in the entry chunk: it listens from the first moment and
// hands what it catches to the reporter (classifier, queue, sender), which is fetched just after
// the first screen. Until then, what is caught waits here.

type ReporterModule = typeof import('./error-reporter');

interface Pending {
  error: unknown;
  details: CaptureDetails;
  identity: ReporterIdentity | null;
  at: number;
}

let identity: ReporterIdentity | null = null;
let reporter: Promise<ReporterModule> | null = null;
let pending: Pending[] = [];
/** An error object is reported once, under one id, whoever sees it first. */
const reported = new WeakMap<object, string>();

/** An id for a report; crypto.randomUUID only exists on https (and localhost). */
export function newErrorId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0'));
  return `err-${hex.join('')}`;
}

function drain(module: ReporterModule): void {
  const waiting = pending;
  pending = [];
  for (const item of waiting) module.report(item.error, item.details, item.identity, item.at);
}

/** Loads the reporter (once; a failed load is tried again by the next call). */
export function loadReporter(): Promise<ReporterModule> {
  reporter ??= import('./error-reporter').then(
    (module) => {
      module.startReporter(identity);
      drain(module);
      return module;
    },
    (error: unknown) => {
      reporter = null;
      throw error;
    },
  );
  return reporter;
}

/** Errors held while the reporter's chunk is on its way (or cannot load). */
const MAX_PENDING = 100;

/**
 * Reports an error (classified, queued, sent) and returns its id. The same error object reported
 * again (a failed mutation shown by the error display, then unhandled) keeps its first id.
 */
export function reportError(error: unknown, details: CaptureDetails = {}): string {
  const key = typeof error === 'object' && error !== null ? error : null;
  const known = key && reported.get(key);
  if (known) return known;
  const id = details.id ?? newErrorId();
  if (key) reported.set(key, id);
  const item = { error, details: { ...details, id }, identity, at: Date.now() };
  // An error loop while the reporter cannot load keeps the newest few, not every one.
  if (pending.length >= MAX_PENDING) pending.shift();
  pending.push(item);
  // Offline before the reporter arrived: it stays waiting and is handed over once it loads.
  loadReporter().then(drain, () => undefined);
  return id;
}

/** Who reports are attributed to (null when signed out: the reports go anonymous). */
export function setReporterIdentity(next: ReporterIdentity | null): void {
  identity = next;
  void reporter?.then(
    (module) => module.setIdentity(next),
    () => undefined,
  );
}

/** Window errors and unhandled rejections, from the first moment; the reporter follows on idle. */
export function installErrorCapture(): void {
  addEventListener('error', (event) => {
    // A cross-origin script's error says nothing ("Script error."); ResizeObserver's is benign.
    if (!event.error && (!event.filename || /ResizeObserver loop/.test(event.message))) return;
    reportError(event.error ?? new Error(event.message), {
      kind: 'global',
      source: event.filename || null,
      line: event.lineno || null,
      column: event.colno || null,
    });
  });
  addEventListener('unhandledrejection', (event) => {
    reportError(event.reason, { kind: 'rejection' });
  });
  const start = () => {
    void loadReporter().catch(() => undefined);
    // The crash screen, so that it is there when a crash comes offline.
    void import('./crash-view').catch(() => undefined);
  };
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 4000 }) : setTimeout(start, 2000);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
  // Whatever was caught while offline before the reporter arrived.
  addEventListener('online', () => {
    if (pending.length > 0) void loadReporter().catch(() => undefined);
  });
}
