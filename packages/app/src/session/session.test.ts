import {
  ApiError,
  type ApiErrorBody,
  type CurrentUser,
  createClientError,
  errorFromResponse,
} from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { deriveSessionState, tenantMeErrorMessage } from './session';

const body = (message: string): ApiErrorBody =>
  ({
    code: 'SYS_001',
    category: 'system',
    severity: 'high',
    message,
    suggestion: null,
    timestamp: new Date().toISOString(),
    context: null,
    request_id: 'req-1',
    path: '/api/auth/tenant/me',
  }) as ApiErrorBody;

const user = {
  id: 'u1',
  email: 'admin@sakura-clinic.example',
  full_name: '佐藤 花子',
  tenant_info: [{ tenant_id: 't1', tenant_name: 'さくら内科クリニック', role: 'admin', plan: 'standard' }],
} as unknown as CurrentUser;

const signedIn = { authLoadFailed: false, initialized: true, signedIn: true } as const;

describe('deriveSessionState (SPEC sections 4 and 8)', () => {
  it('says the authentication could not be initialised when the auth client failed to load', () => {
    expect(
      deriveSessionState({ ...signedIn, authLoadFailed: true, tenantMe: { status: 'pending' } }),
    ).toEqual({
      status: 'error',
      message: '認証の初期化に失敗しました。',
    });
  });
  it('is loading until the auth client has spoken, then signed out without a session', () => {
    expect(
      deriveSessionState({ ...signedIn, initialized: false, tenantMe: { status: 'pending' } }).status,
    ).toBe('loading');
    expect(deriveSessionState({ ...signedIn, signedIn: false, tenantMe: { status: 'pending' } }).status).toBe(
      'signedOut',
    );
  });
  it('stays loading on 403 (the provider signs out and /login says why)', () => {
    const state = deriveSessionState({
      ...signedIn,
      tenantMe: { status: 'error', error: new ApiError(403, body('forbidden')) },
    });
    expect(state.status).toBe('loading');
  });
  it('reports success false as ユーザー情報の読み込みに失敗しました', () => {
    expect(
      deriveSessionState({ ...signedIn, tenantMe: { status: 'success', data: { success: false, user } } }),
    ).toEqual({ status: 'error', message: 'ユーザー情報の読み込みに失敗しました。' });
  });
  it('is signed in with the first tenant', () => {
    const state = deriveSessionState({
      ...signedIn,
      tenantMe: { status: 'success', data: { success: true, user } },
    });
    expect(state).toMatchObject({ status: 'signedIn', tenant: { tenant_name: 'さくら内科クリニック' } });
  });
});

describe('tenantMeErrorMessage', () => {
  it('gives status and body for any answer of the server, 4xx included', () => {
    expect(tenantMeErrorMessage(new ApiError(500, body('内部エラー')))).toBe(
      'ユーザー情報の取得に失敗しました: 500 - 内部エラー',
    );
    expect(tenantMeErrorMessage(new ApiError(404, body('見つかりません')))).toBe(
      'ユーザー情報の取得に失敗しました: 404 - 見つかりません',
    );
  });
  it('counts a proxy page (not our envelope) as an answer too', () => {
    const proxy = errorFromResponse(new Response('<html>Bad Gateway</html>', { status: 502 }), undefined);
    expect(tenantMeErrorMessage(proxy)).toBe(
      'ユーザー情報の取得に失敗しました: 502 - 予期しないエラーが発生しました。',
    );
  });
  it('uses the network message when nothing came back', () => {
    expect(tenantMeErrorMessage(createClientError('NETWORK_ERROR'))).toBe(
      'ネットワークエラーが発生しました。接続を確認してください。',
    );
  });
});
