import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { AUTH_STORAGE_KEY } from './load-auth';
import {
  noteSignOutReason,
  signingOutByChoice,
  signOutReasonFor,
  takeSignOutReason,
} from './sign-out-reason';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  takeSignOutReason();
});

describe('signOutReasonFor', () => {
  it('says why for the codes that end a session, and nothing for the others', () => {
    expect(signOutReasonFor('user_banned')).toBe(
      'このアカウントは無効にされています。管理者に連絡してください。',
    );
    expect(signOutReasonFor('refresh_token_not_found')).toBe(
      'セッションが終了しました。もう一度ログインしてください。',
    );
    expect(signOutReasonFor('session_expired')).toBe(
      'セッションの有効期限が切れました。もう一度ログインしてください。',
    );
    expect(signOutReasonFor('over_request_rate_limit')).toBeNull();
    expect(signOutReasonFor(undefined)).toBeNull();
  });

  it('is taken once', () => {
    noteSignOutReason('refresh_token_not_found');
    expect(takeSignOutReason()).toBe('セッションが終了しました。もう一度ログインしてください。');
    expect(takeSignOutReason()).toBeNull();
  });

  it('is none when the user ends the session themselves, until that sign-out is over', () => {
    signingOutByChoice();
    noteSignOutReason('refresh_token_not_found');
    expect(takeSignOutReason()).toBeNull();
    noteSignOutReason('refresh_token_not_found');
    expect(takeSignOutReason()).toBe('セッションが終了しました。もう一度ログインしてください。');
    signingOutByChoice();
    signingOutByChoice(false);
    noteSignOutReason('user_banned');
    expect(takeSignOutReason()).toBe('このアカウントは無効にされています。管理者に連絡してください。');
  });
});

/** The session hook of the modules loaded afresh for one test (vi.resetModules). */
let useSessionOfThisLoad: typeof import('./session').useSession;

/** What /login reads from the session: its state and the notice. */
function LoginNotice() {
  const { state, notice } = useSessionOfThisLoad();
  return (
    <p>
      <span data-testid="state">{state.status}</span>
      <span data-testid="notice">{notice ?? ''}</span>
    </p>
  );
}

/**
 * The session provider on a page opened with a stored session whose access token has expired,
 * while the authentication service answers its renewal with `errorCode` (the real auth client, its
 * network faked): what the provider then offers /login as the notice.
 */
async function noticeAfterRefusedRenewal(errorCode: string): Promise<void> {
  vi.resetModules();
  const now = Math.floor(Date.now() / 1000);
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      access_token: 'expired-access-token',
      refresh_token: 'revoked-refresh-token',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now - 60,
      user: {
        id: 'u1',
        aud: 'authenticated',
        email: 'staff@sakura-clinic.example',
        app_metadata: {},
        user_metadata: {},
        created_at: '2026-01-01T00:00:00Z',
      },
    }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('grant_type=refresh_token')) {
        return new Response(JSON.stringify({ code: 400, error_code: errorCode, msg: 'refused' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } });
    }),
  );
  const session = await import('./session');
  useSessionOfThisLoad = session.useSession;
  const { SessionProvider } = session;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <LoginNotice />
      </SessionProvider>
    </QueryClientProvider>,
  );
  await vi.waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('signedOut'), {
    timeout: 5000,
  });
}

describe('signed out by the service, /login says why', () => {
  it('a disabled account', async () => {
    await noticeAfterRefusedRenewal('user_banned');
    expect(screen.getByTestId('notice')).toHaveTextContent(
      'このアカウントは無効にされています。管理者に連絡してください。',
    );
  });

  it('a session revoked elsewhere (the embedded service answers a disabled account so too)', async () => {
    await noticeAfterRefusedRenewal('refresh_token_not_found');
    expect(screen.getByTestId('notice')).toHaveTextContent(
      'セッションが終了しました。もう一度ログインしてください。',
    );
  });
});
