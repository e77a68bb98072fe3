import { describe, expect, it } from 'vitest';
import { createClientError, formatValidationErrors, normalizeRequestUrl } from '../src/index';
import { createQueryClient, retryDelay, shouldRetryMutation, shouldRetryQuery } from '../src/react';

describe('normalizeRequestUrl', () => {
  it('upgrades http to https except for local hosts', () => {
    expect(normalizeRequestUrl('http://tsumiki.example/api//customers')).toBe(
      'https://tsumiki.example/api/customers',
    );
    expect(normalizeRequestUrl('http://localhost:3000/api')).toBe('http://localhost:3000/api');
    expect(normalizeRequestUrl('http://127.0.0.5:3000/api')).toBe('http://127.0.0.5:3000/api');
    expect(normalizeRequestUrl('http://[::1]:3000/api')).toBe('http://[::1]:3000/api');
  });
});

describe('formatValidationErrors', () => {
  it('uses the Japanese label, a colon and the message, one per line', () => {
    expect(
      formatValidationErrors([
        { field: 'email', message: '正しい形式で入力してください' },
        { field: 'nickname', message: '長すぎます' },
      ]),
    ).toBe('メールアドレス: 正しい形式で入力してください\nnickname: 長すぎます');
  });
  it('gives the generic message for an empty list', () => {
    expect(formatValidationErrors([])).toBe('入力データに問題があります。');
  });
});

describe('query defaults', () => {
  const status = (code: number) => createClientError('UNKNOWN_ERROR', { status: code });
  it('retries queries up to 3 times, never on 401, 403 or 422', () => {
    expect(shouldRetryQuery(0, status(500))).toBe(true);
    expect(shouldRetryQuery(2, status(500))).toBe(true);
    expect(shouldRetryQuery(3, status(500))).toBe(false);
    for (const code of [401, 403, 422]) expect(shouldRetryQuery(0, status(code))).toBe(false);
    expect(shouldRetryQuery(0, status(404))).toBe(true);
  });
  it('retries mutations up to 2 times and never on 4xx', () => {
    expect(shouldRetryMutation(1, status(503))).toBe(true);
    expect(shouldRetryMutation(2, status(503))).toBe(false);
    expect(shouldRetryMutation(0, status(409))).toBe(false);
  });
  it('delays 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30000, 30000]);
  });
  it('keeps data fresh for 5 minutes and does not refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(300_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });
});
