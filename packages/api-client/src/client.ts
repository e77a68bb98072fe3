import createClient, { type Client } from 'openapi-fetch';
import { errorFromException, errorFromResponse } from './errors';
import type { paths } from './generated/schema';
import { normalizeRequestUrl } from './url';

export type ApiClient = Client<paths>;

type MaybePromise<T> = T | Promise<T>;

export interface ApiClientOptions {
  /** Origin of the server, e.g. `https://tsumiki.example` or `window.location.origin`. */
  baseUrl: string;
  /** The current access token, or nothing when signed out. */
  getAccessToken: () => MaybePromise<string | null | undefined>;
  /** Obtains a fresh access token after a 401; resolves to nothing when that is impossible. */
  refreshAccessToken?: () => Promise<string | null | undefined>;
  /** Called once when a refresh after a 401 fails: the user has to sign in again. */
  onAuthenticationFailure?: () => void;
  /** A fetch implementation (defaults to the global one). */
  fetch?: (input: Request) => Promise<Response>;
}

/** Calls that never carry the bearer token. */
const PUBLIC_PATHS = new Set(['/api/health']);
/** Calls whose 401 is final: the feature flags fall back to defaults instead (SPEC section 8). */
const NO_RETRY_PATHS = new Set(['/api/tenant-features/my-features']);

/**
 * A typed client for `/api`: JSON, `redirect: 'manual'`, the bearer token on every call but
 * health, and one retry with a refreshed token after a 401, shared by concurrent 401s.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  let refreshing: Promise<string | null> | null = null;

  const refreshOnce = (): Promise<string | null> => {
    refreshing ??= (async () => {
      try {
        const token = options.refreshAccessToken ? await options.refreshAccessToken() : null;
        if (!token) options.onAuthenticationFailure?.();
        return token ?? null;
      } catch {
        options.onAuthenticationFailure?.();
        return null;
      } finally {
        // Later 401s (after this refresh settled) may refresh again.
        queueMicrotask(() => {
          refreshing = null;
        });
      }
    })();
    return refreshing;
  };

  const authorizedFetch = async (incoming: Request): Promise<Response> => {
    const url = normalizeRequestUrl(incoming.url);
    const path = new URL(url).pathname;
    const request = url === incoming.url ? incoming : await withUrl(incoming, url);
    if (PUBLIC_PATHS.has(path)) return baseFetch(request);

    // Keep an unread copy of the body: the first send consumes it.
    const retryCopy = NO_RETRY_PATHS.has(path) ? null : request.clone();
    const token = await options.getAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    const response = await baseFetch(request);
    if (response.status !== 401 || !retryCopy) return response;

    const freshToken = await refreshOnce();
    if (!freshToken) return response;
    retryCopy.headers.set('Authorization', `Bearer ${freshToken}`);
    return baseFetch(retryCopy);
  };

  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    redirect: 'manual',
    fetch: authorizedFetch,
  });
}

async function withUrl(request: Request, url: string): Promise<Request> {
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body ? await request.arrayBuffer() : undefined,
    redirect: request.redirect,
    signal: request.signal,
    credentials: request.credentials,
  });
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Awaits an openapi-fetch call and returns its data; anything but a 2xx throws an ApiError
 * (the server's envelope as is, or a CLIENT_ error when no response arrived).
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>, path = ''): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (cause) {
    throw errorFromException(cause, path);
  }
  if (!result.response.ok) throw errorFromResponse(result.response, result.error);
  return result.data as T;
}
