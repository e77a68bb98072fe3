import { ApiError } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { saveFailure } from './form-failure';

type Field = 'name' | 'code';

const rules = {
  fields: ['name', 'code'] as const,
  conflictField: 'code' as const,
  deletedMessage: 'この商品はほかの人が削除したため保存できませんでした。入力内容はこのまま残っています。',
};

function apiError(status: number, message: string, validation: { field: string; message: string }[] = []) {
  return new ApiError(status, {
    code: 'X',
    category: 'validation',
    severity: 'low',
    message,
    suggestion: '',
    timestamp: '',
    context: null,
    request_id: 'r',
    path: '/api/products',
    validation_errors: validation,
  });
}

describe('saveFailure', () => {
  it('puts a 422 at its fields and focuses the first in the form order', () => {
    const error = apiError(422, '入力内容を確認してください', [
      { field: 'code', message: '重複しています' },
      { field: 'name', message: '入力してください' },
    ]);
    expect(saveFailure<Field>(error, false, rules)).toEqual({
      serverErrors: { code: '重複しています', name: '入力してください' },
      focus: 'name',
    });
  });

  it('lists the 422 messages the form has no field for above the buttons, focusing nothing', () => {
    const error = apiError(422, '入力内容を確認してください', [{ field: 'unit', message: '長すぎます' }]);
    const failure = saveFailure<Field>(error, false, rules);
    expect(failure.serverErrors).toEqual({});
    expect(failure.message).toBeTruthy();
    expect(failure.focus).toBeUndefined();
  });

  it('puts a 409 at the field it is about, and says a record deleted meanwhile only while editing', () => {
    expect(saveFailure<Field>(apiError(409, 'このコードは使われています'), false, rules)).toEqual({
      serverErrors: { code: 'このコードは使われています' },
      focus: 'code',
    });
    expect(saveFailure<Field>(apiError(404, '見つかりません'), true, rules)).toEqual({
      message: rules.deletedMessage,
    });
    expect(saveFailure<Field>(apiError(404, '見つかりません'), false, rules)).toEqual({
      message: '見つかりません 入力内容はこのまま残っています。もう一度お試しください。',
    });
  });

  it('says the input stays when the failure is not the server speaking', () => {
    expect(saveFailure<Field>(new Error('boom'), true, { ...rules, conflictField: undefined })).toEqual({
      message: '保存できませんでした。入力内容はこのまま残っています。もう一度お試しください。',
    });
  });
});
