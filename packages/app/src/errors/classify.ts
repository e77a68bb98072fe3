import { type components, isApiError } from '@tsumiki/api-client';
import { isChunkLoadError } from './chunk-load';

export type ClientErrorReport = components['schemas']['ClientErrorReport'];
export type ClientErrorSubmission = components['schemas']['ClientErrorSubmission'];
type Severity = ClientErrorReport['severity'];
type Category = ClientErrorReport['category'];
type Impact = ClientErrorReport['userImpact'];

/** The signed-in user a report is attributed to, and the tenant the app acts for. */
export interface ReporterIdentity {
  userId: string;
  tenantId: string | null;
}

/** Where an error was caught. */
export type CaptureKind =
  | 'global' // window `error`
  | 'rejection' // window `unhandledrejection`
  | 'render' // a screen or the app crashed while rendering (the crash page is shown)
  | 'route' // a route failed (its chunk or loader)
  | 'display' // shown by the error display (API errors, failed mutations)
  | 'performance';

export interface CaptureDetails {
  id?: string;
  kind?: CaptureKind;
  /** Script URL or screen path. */
  source?: string | null;
  line?: number | null;
  column?: number | null;
  componentStack?: string | null;
  tags?: string[];
  metadata?: Record<string, unknown>;
}

const MAX_MESSAGE = 2000;
const MAX_STACK = 8000;
const MAX_SOURCE = 2000;
const MAX_TAGS = 20;
const MAX_TAG = 50;

interface Classification {
  type: string;
  severity: Severity;
  category: Category;
  recoverable: boolean;
  userImpact: Impact;
  tags: string[];
}

const NETWORK = /network|fetch|load failed|ネットワーク|offline|オフライン/i;
const AUTH_NAME = /^Auth/;
const AUTH = /\b(?:auth|authentication|authorization|unauthori[sz]ed|jwt expired)\b|認証/i;
const STATUS = /\bAPI\b|\bstatus(?: code)?:? \d{3}\b|\bHTTP \d{3}\b|Request failed/i;
const VALIDATION = /validation|Invalid|入力/;

/**
 * SPEC section 8's client classifier: network or fetch errors high and degraded; auth errors
 * critical and blocking; API or status errors high; validation or Invalid low; ChunkLoadError
 * medium (a deployment); ReferenceError critical and unrecoverable; TypeError high.
 */
export function classify(error: unknown, kind: CaptureKind = 'global'): Classification {
  const tags: string[] = [kind];
  if (kind === 'performance') {
    return {
      type: 'PerformanceError',
      severity: 'medium',
      category: 'system',
      recoverable: true,
      userImpact: 'minimal',
      tags,
    };
  }
  if (isChunkLoadError(error)) {
    return {
      type: 'ChunkLoadError',
      severity: 'medium',
      category: 'system',
      recoverable: true,
      userImpact: 'degraded',
      tags: [...tags, 'deployment'],
    };
  }
  if (isApiError(error)) {
    if (error.category === 'authentication' || error.status === 401) {
      return {
        type: 'AuthenticationError',
        severity: 'critical',
        category: 'authentication',
        recoverable: true,
        userImpact: 'blocking',
        tags: [...tags, 'api'],
      };
    }
    if (error.category === 'validation') {
      return {
        type: 'ValidationError',
        severity: 'low',
        category: 'validation',
        recoverable: true,
        userImpact: 'minimal',
        tags: [...tags, 'api'],
      };
    }
    if (error.isClientError) {
      return {
        type: 'NetworkError',
        severity: 'high',
        category: 'network',
        recoverable: true,
        userImpact: 'degraded',
        tags: [...tags, 'api'],
      };
    }
    return {
      type: 'ApiError',
      severity: 'high',
      category: error.category,
      recoverable: true,
      userImpact: 'degraded',
      tags: [...tags, 'api'],
    };
  }
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  const text = `${name} ${message}`;
  if (name === 'NetworkError' || NETWORK.test(text)) {
    return {
      type: name && name !== 'Error' ? name : 'NetworkError',
      severity: 'high',
      category: 'network',
      recoverable: true,
      userImpact: 'degraded',
      tags,
    };
  }
  if (AUTH_NAME.test(name) || AUTH.test(message)) {
    return {
      type: name || 'AuthenticationError',
      severity: 'critical',
      category: 'authentication',
      recoverable: true,
      userImpact: 'blocking',
      tags,
    };
  }
  if (STATUS.test(text)) {
    return {
      type: name || 'ApiError',
      severity: 'high',
      category: 'system',
      recoverable: true,
      userImpact: 'degraded',
      tags,
    };
  }
  if (VALIDATION.test(text)) {
    return {
      type: name || 'ValidationError',
      severity: 'low',
      category: 'validation',
      recoverable: true,
      userImpact: 'minimal',
      tags,
    };
  }
  if (name === 'ReferenceError') {
    return {
      type: name,
      severity: 'critical',
      category: 'system',
      recoverable: false,
      userImpact: 'blocking',
      tags,
    };
  }
  if (name === 'TypeError') {
    return {
      type: name,
      severity: 'high',
      category: 'system',
      recoverable: true,
      userImpact: 'degraded',
      tags,
    };
  }
  return {
    type: name || 'Error',
    severity: 'medium',
    category: 'system',
    recoverable: true,
    userImpact: 'minimal',
    tags,
  };
}

// Whatever looks like a credential never leaves the browser.
const SECRETS: [RegExp, string][] = [
  [/\beyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]+/g, '[redacted]'], // JWTs (access tokens)
  [/\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi, '$1 [redacted]'],
  [
    /\b(access_token|refresh_token|id_token|token|password|passwd|secret|api[_-]?key|apikey)(["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi,
    '$1$2[redacted]',
  ],
];

export function scrub(text: string): string {
  return SECRETS.reduce((value, [pattern, replacement]) => value.replace(pattern, replacement), text);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A URL without its query and fragment (search terms and form values stay in the browser). */
export function bareUrl(url: string): string {
  try {
    const parsed = new URL(url, location.href);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.replace(/[?#].*$/, '');
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name || 'Error';
  if (typeof error === 'string') return error || 'Error';
  if (typeof error === 'number' || typeof error === 'boolean' || error == null) return String(error);
  // An arbitrary object may hold anything the user typed: only its kind is reported.
  const constructorName = (error as object).constructor?.name;
  return `Non-Error value thrown (${constructorName || typeof error})`;
}

/** The page and browser when it happened; never a query string, form value or token. */
export function browserContext(): Record<string, unknown> {
  const build = document.querySelector<HTMLMetaElement>('meta[name="tsumiki-build"]')?.content;
  return {
    url: bareUrl(location.href),
    path: location.pathname,
    userAgent: navigator.userAgent,
    language: navigator.language,
    online: navigator.onLine,
    viewport: `${innerWidth}x${innerHeight}`,
    screen: `${screen.width}x${screen.height}`,
    devicePixelRatio,
    visibility: document.visibilityState,
    timestamp: new Date().toISOString(),
    ...(build ? { build } : {}),
  };
}

function apiMetadata(error: unknown): Record<string, unknown> {
  if (!isApiError(error)) return {};
  return {
    status: error.status,
    code: error.code,
    requestId: error.requestId,
    path: error.body.path ? bareUrl(error.body.path).replace(location.origin, '') : null,
    serverSeverity: error.severity,
    serverCategory: error.category,
  };
}

/** Builds the report (SPEC section 3) for what was caught. */
export function buildReport(
  error: unknown,
  details: CaptureDetails & { id: string },
  context: Record<string, unknown> = browserContext(),
): ClientErrorReport {
  const kind = details.kind ?? 'global';
  const classified = classify(error, kind);
  // A crash replaces the screen: whatever its kind, the user can go no further (CRITICAL).
  const crash = kind === 'render';
  const stack = error instanceof Error && error.stack ? scrub(clip(error.stack, MAX_STACK)) : null;
  const metadata: Record<string, unknown> = {
    ...apiMetadata(error),
    ...(details.componentStack ? { componentStack: clip(details.componentStack, MAX_STACK) } : {}),
    ...(crash && classified.severity !== 'critical' ? { classifiedSeverity: classified.severity } : {}),
    ...details.metadata,
  };
  const tags = [...new Set([...classified.tags, ...(crash ? ['crash'] : []), ...(details.tags ?? [])])]
    .map((tag) => clip(tag, MAX_TAG))
    .slice(0, MAX_TAGS);
  const line = details.line != null && details.line >= 0 ? Math.trunc(details.line) : null;
  const column = details.column != null && details.column >= 0 ? Math.trunc(details.column) : null;
  return {
    id: details.id,
    type: clip(classified.type, 100),
    severity: crash ? 'critical' : classified.severity,
    category: classified.category,
    message: clip(scrub(messageOf(error)), MAX_MESSAGE),
    stack,
    source: clip(scrub(bareUrl(details.source ?? location.href)), MAX_SOURCE),
    recoverable: classified.recoverable,
    userImpact: crash ? 'blocking' : classified.userImpact,
    tags,
    line,
    column,
    context: Object.fromEntries(Object.entries(context).slice(0, 50)),
    metadata: Object.fromEntries(Object.entries(metadata).slice(0, 50)),
  };
}
