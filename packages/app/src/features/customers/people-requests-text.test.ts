import { ApiError } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { requestFailure, sameName } from './people-requests-text';

describe('people requests: the name typed to confirm an erasure', () => {
  it('matches the name as shown, whatever the spaces and widths', () => {
    expect(sameName('佐藤 花子', '佐藤 花子')).toBe(true);
    expect(sameName('佐藤　花子', '佐藤 花子')).toBe(true);
    expect(sameName('佐藤花子 ', '佐藤 花子')).toBe(true);
    expect(sameName('ｻﾄｳ ﾊﾅｺ', 'サトウ ハナコ')).toBe(true);
  });

  it('does not match another name, a part of it, or nothing', () => {
    expect(sameName('佐藤 花', '佐藤 花子')).toBe(false);
    expect(sameName('佐藤', '佐藤 花子')).toBe(false);
    expect(sameName('', '')).toBe(false);
    expect(sameName('   ', ' ')).toBe(false);
  });
});

describe('people requests: what a failure says', () => {
  const error = (body: Record<string, unknown>) =>
    new ApiError(422, {
      code: 'VAL_003',
      category: 'validation',
      severity: 'low',
      message: '入力データに問題があります。',
      suggestion: null,
      timestamp: '2026-11-27T00:00:00Z',
      request_id: 'r',
      path: '/api/customers/x/erasure',
      ...body,
    } as ConstructorParameters<typeof ApiError>[1]);

  it("gives the server's items, else its message, else the fallback", () => {
    expect(
      requestFailure(
        error({ validation_errors: [{ field: 'confirm_name', message: '顧客の氏名と一致しません' }] }),
        '消去できませんでした。',
      ),
    ).toBe('顧客の氏名と一致しません');
    expect(requestFailure(error({}), '消去できませんでした。')).toBe('入力データに問題があります。');
    expect(requestFailure(new Error('network'), '消去できませんでした。')).toBe('消去できませんでした。');
  });
});
