// JSON over HTTP for the scripts that talk to the product as its app does (the crash drill, the
// soak): undici, as the load generator of the bench, with keep-alive connections on loopback.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

/** A keep-alive pool to one origin. Timeouts are bounded so that a hung server shows as an error. */
export function connect(origin, { connections = 10, timeoutMs = 30_000 } = {}) {
  return new Pool(origin, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: Math.min(timeoutMs, 10_000),
  });
}

/**
 * One request. Never throws: a transport failure (refused, reset, timeout) comes back as
 * status 0 with its message in `error`, because for the drill it is an answer like any other
 * ("not acknowledged").
 */
export async function call(pool, method, path, { token, body, headers = {} } = {}) {
  const started = performance.now();
  try {
    const response = await pool.request({
      method,
      path,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.body.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.statusCode, body: json, text, ms: performance.now() - started, error: null };
  } catch (error) {
    return {
      status: 0,
      body: null,
      text: '',
      ms: performance.now() - started,
      error: String(error?.code ?? error?.message ?? error),
    };
  }
}

/** Password sign-in as the app does (GoTrue-style /auth/v1/token); throws unless it succeeds. */
export async function signIn(pool, email, password) {
  const answer = await call(pool, 'POST', '/auth/v1/token?grant_type=password', {
    body: { email, password },
  });
  if (answer.status !== 200 || typeof answer.body?.access_token !== 'string') {
    throw new Error(
      `ログインできませんでした（${answer.status} ${answer.error ?? ''}）: ${answer.text.slice(0, 300)}`,
    );
  }
  return answer.body;
}

/**
 * Every row of a paged list endpoint (`?limit=100&skip=…`), read when nothing else writes: the
 * lists are ordered by creation (newest first, id as tie-break), so pages neither overlap nor skip.
 */
export async function readAll(pool, path, key, token) {
  const rows = [];
  for (let skip = 0; ; skip += 100) {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await call(pool, 'GET', `${path}${separator}limit=100&skip=${skip}`, { token });
    if (answer.status !== 200 || !Array.isArray(answer.body?.[key])) {
      throw new Error(
        `${path} の読み取りに失敗しました（${answer.status} ${answer.error ?? ''}）: ${answer.text.slice(0, 300)}`,
      );
    }
    rows.push(...answer.body[key]);
    if (answer.body[key].length < 100) return rows;
  }
}
