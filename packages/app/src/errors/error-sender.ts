import type { paths } from '@tsumiki/api-client';
import type { ClientErrorSubmission } from './classify';

// The reports go out with plain fetch rather than the app's api client: they must be sendable
// while the page unloads (`keepalive`; sendBeacon cannot carry the bearer token), as another user
// or anonymously, without the client's refresh-and-retry, and never through TanStack Query (a
// failed report would be a failed mutation, reported again).

export const REPORT_PATH = '/api/errors/report' satisfies keyof paths;
export const BATCH_PATH = '/api/errors/report/batch' satisfies keyof paths;
/** The contract's limit on one batch. */
export const BATCH_MAX_REPORTS = 100;
/** Under the contract's 1 MB per batch. */
export const BATCH_MAX_BYTES = 900_000;
/** Browsers allow 64 KiB of keepalive bodies in flight per page, all requests together. */
export const KEEPALIVE_MAX_BYTES = 60_000;

export interface SendAuth {
  /** Without a token the reports go anonymous. */
  token: string | null;
  /** X-Tenant-Id, sent with a token only. */
  tenantId: string | null;
}

export type SendOutcome =
  | { kind: 'accepted' }
  /** 429, 5xx, no response: keep them and wait (retryAfterMs from Retry-After when given). */
  | { kind: 'later'; status: number; retryAfterMs: number | null }
  /** 401 or 403 for the token or tenant sent: send them anonymously instead. */
  | { kind: 'unauthorized'; status: number }
  /** 413: too large as one request. */
  | { kind: 'too-large' }
  /** 422: not a valid report, and never will be. */
  | { kind: 'rejected' };

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export function bodyBytes(body: string): number {
  return new TextEncoder().encode(body).length;
}

export function batchBody(submissions: readonly ClientErrorSubmission[]): string {
  return JSON.stringify({ reports: submissions });
}

/**
 * Splits reports into batches of at most `maxReports` whose bodies stay under `maxBytes`. A report
 * too large on its own gets a batch of its own (the server answers 413 or 422 for it).
 */
export function splitBatches(
  submissions: readonly ClientErrorSubmission[],
  maxBytes = BATCH_MAX_BYTES,
  maxReports = BATCH_MAX_REPORTS,
): ClientErrorSubmission[][] {
  const batches: ClientErrorSubmission[][] = [];
  let current: ClientErrorSubmission[] = [];
  // {"reports":[ ... ]} plus a comma per report.
  let size = batchBody([]).length;
  for (const submission of submissions) {
    const bytes = bodyBytes(JSON.stringify(submission)) + 1;
    if (current.length > 0 && (size + bytes > maxBytes || current.length >= maxReports)) {
      batches.push(current);
      current = [];
      size = batchBody([]).length;
    }
    current.push(submission);
    size += bytes;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

function retryAfter(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/**
 * Sends one report (POST /api/errors/report) or a batch (POST /api/errors/report/batch). The
 * request starts synchronously, so that a page being hidden or unloaded still sends it.
 */
export async function postReports(
  submissions: readonly ClientErrorSubmission[],
  auth: SendAuth,
  options: { keepalive?: boolean; fetch?: FetchLike; single?: boolean } = {},
): Promise<SendOutcome> {
  const single = options.single === true && submissions.length === 1;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (auth.token) {
    headers.Authorization = `Bearer ${auth.token}`;
    if (auth.tenantId) headers['X-Tenant-Id'] = auth.tenantId;
  }
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(single ? REPORT_PATH : BATCH_PATH, {
      method: 'POST',
      headers,
      body: single ? JSON.stringify(submissions[0]) : batchBody(submissions),
      keepalive: options.keepalive === true,
      credentials: 'omit',
      redirect: 'manual',
    });
  } catch {
    return { kind: 'later', status: 0, retryAfterMs: null };
  }
  if (response.status === 202 || response.status === 200) return { kind: 'accepted' };
  if (response.status === 401 || response.status === 403)
    return { kind: 'unauthorized', status: response.status };
  if (response.status === 413) return { kind: 'too-large' };
  if (response.status === 422) return { kind: 'rejected' };
  return { kind: 'later', status: response.status, retryAfterMs: retryAfter(response) };
}
