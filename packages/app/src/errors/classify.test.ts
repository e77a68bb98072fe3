import { ApiError, createClientError } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { ChunkLoadError } from './chunk-load';
import { bareUrl, buildReport, classify, scrub } from './classify';

function apiError(status: number, category: ApiError['category'], code = 'SYS_001') {
  return new ApiError(status, {
    code,
    category,
    severity: 'medium',
    message: 'サーバーでエラーが発生しました。',
    suggestion: null,
    timestamp: '2026-11-22T01:00:00.000Z',
    context: { email: 'someone@example.jp' },
    request_id: 'req-42',
    path: '/api/customers?search=山田',
  });
}

describe('classify (SPEC section 8)', () => {
  it.each([
    ['a fetch failure', new TypeError('Failed to fetch'), 'high', 'network', 'degraded', true],
    [
      'a network error',
      Object.assign(new Error('boom'), { name: 'NetworkError' }),
      'high',
      'network',
      'degraded',
      true,
    ],
    [
      'an auth error',
      Object.assign(new Error('Invalid Refresh Token'), { name: 'AuthApiError' }),
      'critical',
      'authentication',
      'blocking',
      true,
    ],
    ['a status error', new Error('Request failed with status 500'), 'high', 'system', 'degraded', true],
    ['an Invalid value', new RangeError('Invalid time value'), 'low', 'validation', 'minimal', true],
    ['a validation error', new Error('validation failed for name'), 'low', 'validation', 'minimal', true],
    ['a ReferenceError', new ReferenceError('foo is not defined'), 'critical', 'system', 'blocking', false],
    [
      'a TypeError',
      new TypeError("Cannot read properties of undefined (reading 'x')"),
      'high',
      'system',
      'degraded',
      true,
    ],
    ['anything else', new Error('something odd'), 'medium', 'system', 'minimal', true],
  ] as const)('%s', (_label, error, severity, category, userImpact, recoverable) => {
    expect(classify(error)).toMatchObject({ severity, category, userImpact, recoverable });
  });

  it('a chunk that failed to load is a ChunkLoadError of medium severity, tagged deployment', () => {
    for (const error of [
      new TypeError('Failed to fetch dynamically imported module: https://x.example/assets/a-1.js'),
      new ChunkLoadError('Loading chunk timed out after 120 s'),
    ]) {
      expect(classify(error, 'route')).toMatchObject({
        type: 'ChunkLoadError',
        severity: 'medium',
        userImpact: 'degraded',
        tags: ['route', 'deployment'],
      });
    }
  });

  it('API errors: authentication critical, validation low, no response network high, else high', () => {
    expect(classify(apiError(401, 'authentication', 'AUTH_001'))).toMatchObject({
      type: 'AuthenticationError',
      severity: 'critical',
      userImpact: 'blocking',
    });
    expect(classify(apiError(422, 'validation', 'VAL_001'))).toMatchObject({
      type: 'ValidationError',
      severity: 'low',
    });
    expect(classify(createClientError('NETWORK_ERROR'))).toMatchObject({
      type: 'NetworkError',
      severity: 'high',
      category: 'network',
    });
    expect(classify(apiError(500, 'database'))).toMatchObject({
      type: 'ApiError',
      severity: 'high',
      category: 'database',
    });
  });

  it('a slow page load is a PerformanceError', () => {
    expect(classify(new Error('Page load took 12000 ms'), 'performance')).toMatchObject({
      type: 'PerformanceError',
      severity: 'medium',
      userImpact: 'minimal',
      tags: ['performance'],
    });
  });
});

describe('buildReport', () => {
  const context = { url: 'http://localhost/customers', online: false };

  it('fills every field of the contract', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'name')");
    const report = buildReport(
      error,
      { id: 'r1', kind: 'global', source: 'http://localhost/assets/index-abc.js?v=1', line: 12, column: 7 },
      context,
    );
    expect(report).toMatchObject({
      id: 'r1',
      type: 'TypeError',
      severity: 'high',
      category: 'system',
      message: "Cannot read properties of undefined (reading 'name')",
      source: 'http://localhost/assets/index-abc.js',
      recoverable: true,
      userImpact: 'degraded',
      tags: ['global'],
      line: 12,
      column: 7,
      context,
    });
    expect(report.stack).toContain('TypeError');
  });

  it('a render crash is critical and blocking whatever its type, keeping what it was classified as', () => {
    const report = buildReport(
      new TypeError('x is undefined'),
      { id: 'r2', kind: 'render', componentStack: '\n    at Dashboard' },
      context,
    );
    expect(report).toMatchObject({ severity: 'critical', userImpact: 'blocking', tags: ['render', 'crash'] });
    expect(report.metadata).toMatchObject({
      classifiedSeverity: 'high',
      componentStack: '\n    at Dashboard',
    });
  });

  it('an API error keeps its code, status and request id, but not its context or query string', () => {
    const report = buildReport(apiError(500, 'database'), { id: 'r3', kind: 'display' }, context);
    expect(report.metadata).toEqual({
      status: 500,
      code: 'SYS_001',
      requestId: 'req-42',
      path: '/api/customers',
      serverSeverity: 'medium',
      serverCategory: 'database',
    });
    expect(JSON.stringify(report)).not.toContain('someone@example.jp');
    expect(JSON.stringify(report)).not.toContain('山田');
  });

  it('never carries a token or a password, nor an object thrown with form values', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVl';
    const error = new Error(
      `Request with Bearer ${jwt} failed: password=hunter22&x=1 {"refresh_token":"abcdef"}`,
    );
    const report = buildReport(error, { id: 'r4' }, context);
    const sent = JSON.stringify(report);
    expect(sent).not.toContain(jwt);
    expect(sent).not.toContain('hunter22');
    expect(sent).not.toContain('abcdef');
    const thrown = buildReport({ email: 'a@b.jp', password: 'secret-pass' }, { id: 'r5' }, context);
    expect(thrown.message).toBe('Non-Error value thrown (Object)');
    expect(JSON.stringify(thrown)).not.toContain('secret-pass');
  });

  it('stays inside the contract: clipped message and stack, non-negative line, at most 20 tags', () => {
    const error = new Error('x'.repeat(5000));
    error.stack = 'y'.repeat(30_000);
    const report = buildReport(
      error,
      { id: 'r6', line: -1, tags: Array.from({ length: 30 }, (_, i) => `t${i}`) },
      context,
    );
    expect(report.message.length).toBe(2000);
    expect(report.stack?.length).toBeLessThanOrEqual(8000);
    expect(report.line).toBeNull();
    expect(report.tags).toHaveLength(20);
  });
});

describe('scrub and bareUrl', () => {
  it('redacts credentials and drops query strings', () => {
    expect(scrub('Authorization: Bearer abc.def')).toBe('Authorization: Bearer [redacted]');
    expect(scrub('?access_token=xyz&a=1')).toBe('?access_token=[redacted]&a=1');
    expect(bareUrl('https://tsumiki.example/customers?q=山田#top')).toBe('https://tsumiki.example/customers');
  });
});
