import type { Session } from '@supabase/auth-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@tsumiki/api-client';
import { type ApiClient, type CurrentUser, isApiError, type TenantInfo } from '@tsumiki/api-client';
import { tenantMeQueryOptions } from '@tsumiki/api-client/react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { api } from '../app/api';
import { setDisplayTimeZone } from '../lib/format';
import { loadAuth } from './load-auth';
import { messages } from './messages';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'error'; message: string }
  | { status: 'signedIn'; user: CurrentUser; tenant: TenantInfo | undefined }
  /**
   * Signed in with the password, but the second factor is missing: `enrol` when the tenant's policy
   * requires one and the person has none (every /api call answers MFA_001), `verify` when they have
   * one and this session has not used it (aal1; MFA_002 where the policy requires it).
   */
  | { status: 'needsMfa'; step: MfaStep; user: CurrentUser; tenant: TenantInfo | undefined };

export type MfaStep = 'enrol' | 'verify';

interface SessionContextValue {
  state: SessionState;
  /** The module-level client of app/api.ts, here too for screens that take it from the session. */
  api: ApiClient;
  /** A message for the login screen, e.g. why the user was signed out. */
  notice: string | null;
  signIn: (email: string, password: string) => Promise<{ error: string | null }>;
  /** Creates an account with an invitation code (the service accepts sign-ups only with one) and signs it in. */
  signUp: (input: SignUpInput) => Promise<{ error: string | null }>;
  /** The signed-in account's email, known before (and without) a tenant membership. */
  sessionEmail: string | null;
  /** Signed in with an account that belongs to no tenant yet: kept only on the way to /invite. */
  withoutTenant: boolean;
  signOut: () => Promise<void>;
  retry: () => void;
}

export interface SignUpInput {
  email: string;
  password: string;
  fullName: string;
  invitationCode: string;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [initialized, setInitialized] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** The signed-in user's id; undefined until the auth client has said who that is. */
  const userIdRef = useRef<string | null | undefined>(undefined);

  // The auth client arrives in its own chunk (load-auth.ts); failing to load it is an error state
  // with a retry, like failing to load the user.
  const [authLoad, setAuthLoad] = useState<{ attempt: number; failed: boolean }>({
    attempt: 0,
    failed: false,
  });

  // On every auth state change the token is set or cleared and the user reloaded or cleared.
  // biome-ignore lint/correctness/useExhaustiveDependencies: authLoad.attempt re-runs the load on retry.
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    loadAuth().then(
      ({ authClient, takeSignOutReason }) => {
        if (cancelled) return;
        const { data } = authClient.onAuthStateChange((_event, next) => {
          const nextUserId = next?.user.id ?? null;
          // Another user (or none): drop the previous user's data. The first event only says who
          // is signed in, and the cache may already hold what the first route's loader fetched.
          if (userIdRef.current !== undefined && nextUserId !== userIdRef.current) queryClient.clear();
          userIdRef.current = nextUserId;
          // Signed out because the service would not renew the session (disabled, revoked, over):
          // /login says why. A session that goes on drops a reason noted before.
          const reason = takeSignOutReason();
          if (!next && reason) setNotice(reason);
          setSession(next);
          setInitialized(true);
        });
        unsubscribe = () => data.subscription.unsubscribe();
      },
      (error: unknown) => {
        console.error(error);
        if (!cancelled) setAuthLoad((current) => ({ ...current, failed: true }));
      },
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [queryClient, authLoad.attempt]);

  const tenantMe = useQuery({ ...tenantMeQueryOptions(api), enabled: session !== null });

  useEffect(() => {
    if (isApiError(tenantMe.error) && tenantMe.error.status === 403) {
      void loadAuth().then((auth) => {
        if (auth.isJoiningByInvitation()) return;
        setNotice(messages.notTenantUser);
        void auth.authClient.signOut({ scope: 'local' });
      });
    }
  }, [tenantMe.error]);

  /** Signed in with an account that belongs to no tenant yet (tenant-me 403). */
  const withoutTenant = session !== null && isApiError(tenantMe.error) && tenantMe.error.status === 403;

  const currentState = useMemo<SessionState>(
    () =>
      deriveSessionState({
        authLoadFailed: authLoad.failed,
        initialized,
        signedIn: session !== null,
        tenantMe: tenantMe.isError
          ? { status: 'error', error: tenantMe.error }
          : tenantMe.isPending
            ? { status: 'pending' }
            : { status: 'success', data: tenantMe.data },
      }),
    [
      authLoad.failed,
      initialized,
      session,
      tenantMe.isPending,
      tenantMe.isError,
      tenantMe.error,
      tenantMe.data,
    ],
  );

  // What the screens are given: a change of the session (signed in: the whole frame and the first
  // screen appear) renders in the background, in slices that leave the main thread free for the
  // user's input in between, instead of one long task (tenant-me's answer arrives through the
  // query cache, whose updates React would otherwise render in one go).
  const state = useDeferredValue(currentState);

  // Times on every screen are in the current tenant's zone (Asia/Tokyo when it has none).
  setDisplayTimeZone(state.status === 'signedIn' ? state.tenant?.time_zone : null);

  const signIn = useCallback(async (email: string, password: string) => {
    setNotice(null);
    const auth = await loadAuth().catch(() => null);
    // Without the auth client's chunk there is no connection to the service either.
    if (!auth) return { error: messages.networkError };
    try {
      const { error } = await auth.authClient.signInWithPassword({ email, password });
      return { error: error ? auth.authErrorMessage(error, messages.loginFailed) : null };
    } catch (cause) {
      return { error: auth.authErrorMessage(cause, messages.loginFailed) };
    }
  }, []);

  const signUp = useCallback(async (input: SignUpInput) => {
    setNotice(null);
    const auth = await loadAuth().catch(() => null);
    return auth ? auth.signUpWithInvitation(input) : { error: messages.networkError };
  }, []);

  const signOut = useCallback(async () => {
    const { authClient, signingOutByChoice } = await loadAuth();
    signingOutByChoice();
    const { error } = await authClient.signOut();
    // The server may be unreachable: forget the session locally all the same.
    if (error) await authClient.signOut({ scope: 'local' });
  }, []);

  const retry = useCallback(() => {
    if (authLoad.failed) setAuthLoad((current) => ({ attempt: current.attempt + 1, failed: false }));
    else void tenantMe.refetch();
  }, [authLoad.failed, tenantMe]);

  const value = useMemo(
    () => ({
      state,
      api,
      notice,
      signIn,
      signUp,
      sessionEmail: session?.user.email ?? null,
      withoutTenant,
      signOut,
      retry,
    }),
    [state, notice, signIn, signUp, session, withoutTenant, signOut, retry],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** The tenant the app acts for: the user's first (SPEC section 2; X-Tenant-Id absent means the same). */
export function activeTenant(user: CurrentUser): TenantInfo | undefined {
  return user.tenant_info[0];
}

/** What the session is, from the auth client and the tenant-me call (SPEC sections 4 and 8). */
export function deriveSessionState(input: {
  authLoadFailed: boolean;
  initialized: boolean;
  signedIn: boolean;
  tenantMe:
    | { status: 'pending' }
    | { status: 'error'; error: unknown }
    | { status: 'success'; data: { success: boolean; user: CurrentUser; mfa?: MfaStatus } };
}): SessionState {
  if (input.authLoadFailed) return { status: 'error', message: messages.initFailed };
  if (!input.initialized) return { status: 'loading' };
  if (!input.signedIn) return { status: 'signedOut' };
  const { tenantMe } = input;
  if (tenantMe.status === 'error') {
    // 403: not a tenant user. The provider signs out and /login shows why; until then, loading.
    if (isApiError(tenantMe.error) && tenantMe.error.status === 403) return { status: 'loading' };
    return { status: 'error', message: tenantMeErrorMessage(tenantMe.error) };
  }
  if (tenantMe.status === 'pending') return { status: 'loading' };
  if (!tenantMe.data.success) return { status: 'error', message: messages.userLoadFailed };
  const user = tenantMe.data.user;
  const step = mfaStep(tenantMe.data.mfa);
  if (step) return { status: 'needsMfa', step, user, tenant: activeTenant(user) };
  return { status: 'signedIn', user, tenant: activeTenant(user) };
}

type MfaStatus = components['schemas']['MfaStatus'];

/** What the second factor still asks of this session, from tenant-me's `mfa` block; null: nothing. */
export function mfaStep(mfa: MfaStatus | undefined): MfaStep | null {
  if (!mfa) return null;
  if (mfa.required && !mfa.enrolled) return 'enrol';
  if (mfa.enrolled && mfa.level === 'aal1') return 'verify';
  return null;
}

/**
 * A failed tenant-me other than 403: 「ユーザー情報の取得に失敗しました: {status} - {body}」 when the
 * server answered (its envelope's message as the body), the network's own message when nothing came back.
 */
export function tenantMeErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.unknown;
  if (error.status === 0) return error.message;
  return messages.userFetchFailed(error.status, error.message);
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/** The signed-in user and tenant; only for screens behind the route guard. */
export function useSignedIn() {
  const { state, api } = useSession();
  if (state.status !== 'signedIn') throw new Error('useSignedIn used outside a signed-in route');
  return { user: state.user, tenant: state.tenant, api };
}
