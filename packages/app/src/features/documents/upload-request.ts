import { type ApiError, createClientError, errorFromResponse } from '@tsumiki/api-client';
import { getAccessToken, refreshAccessToken } from '../../app/api';

export interface UploadRequest {
  /** e.g. /api/documents/upload */
  path: string;
  fields: Record<string, string | Blob | undefined>;
  tenantId: string | undefined;
  /** 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart POST through XMLHttpRequest, which reports upload progress (fetch does not), with
 * what the api client sends: the Bearer token (one retry with a refreshed one after a 401) and
 * X-Tenant-Id. Resolves to the parsed JSON; rejects with an ApiError (the server's envelope, or
 * NETWORK_ERROR / TIMEOUT_ERROR when no answer came).
 */
export async function sendUpload<T>(request: UploadRequest): Promise<T> {
  const first = await send(request, await getAccessToken());
  if (first.status !== 401) return settle<T>(first, request.path);
  const fresh = await refreshAccessToken();
  if (!fresh) return settle<T>(first, request.path);
  return settle<T>(await send(request, fresh), request.path);
}

interface RawResponse {
  status: number;
  body: string;
  headers: Headers;
  url: string;
}

function send(request: UploadRequest, token: string | undefined): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = new URL(request.path, window.location.origin).toString();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (request.tenantId) xhr.setRequestHeader('X-Tenant-Id', request.tenantId);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        body: xhr.responseText,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
        url,
      });
    xhr.onerror = () =>
      reject(
        createClientError(navigator.onLine === false ? 'OFFLINE_ERROR' : 'NETWORK_ERROR', {
          path: request.path,
        }),
      );
    xhr.ontimeout = () => reject(createClientError('TIMEOUT_ERROR', { path: request.path }));
    xhr.onabort = () => reject(new DOMException('アップロードを取り消しました。', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(request.fields)) {
      if (value === undefined) continue;
      if (value instanceof File) form.append(name, value, value.name);
      else form.append(name, value);
    }
    xhr.send(form);
  });
}

function settle<T>(response: RawResponse, path: string): T {
  let parsed: unknown;
  try {
    parsed = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.status >= 200 && response.status < 300) return parsed as T;
  if (response.status === 0) throw createClientError('NETWORK_ERROR', { path });
  throw errorFromResponse(
    { status: response.status, headers: response.headers, url: response.url } as Response,
    parsed,
  ) satisfies ApiError;
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const index = line.indexOf(':');
    if (index > 0) headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
  }
  return headers;
}
