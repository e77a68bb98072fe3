import type { Session } from '@supabase/auth-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiClient,
  type CurrentUser,
  createApiClient,
  isApiError,
  type TenantInfo,
} from '@tsumiki/api-client';
import { tenantMeQueryOptions } from '@tsumiki/api-client/react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { authClient } from './auth-client';
import { authErrorMessage, messages } from './messages';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'error'; message: string }
  | { status: 'signedIn'; user: CurrentUser; tenant: TenantInfo | undefined };

interface SessionContextValue {
  state: SessionState;
  api: ApiClient;
  /** A message for the login screen, e.g. why the user was signed out. */
  notice: string | null;
  signIn: (email: string, password: string) => Promise<{ error: string | null }>;
  signOut: () => Promise<void>;
  retry: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [initialized, setInitialized] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const userIdRef = useRef<string | null>(null);

  // On every auth state change the token is set or cleared and the user reloaded or cleared.
  useEffect(() => {
    const { data } = authClient.onAuthStateChange((_event, next) => {
      const nextUserId = next?.user.id ?? null;
      if (nextUserId !== userIdRef.current) queryClient.clear();
      userIdRef.current = nextUserId;
      setSession(next);
      setInitialized(true);
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);

  const api = useMemo(
    () =>
      createApiClient({
        baseUrl: window.location.origin,
        getAccessToken: async () => (await authClient.getSession()).data.session?.access_token,
        refreshAccessToken: async () => (await authClient.refreshSession()).data.session?.access_token,
        // Signing out sends the user to /login through the route guard, keeping where they were.
        onAuthenticationFailure: () => void authClient.signOut({ scope: 'local' }),
      }),
    [],
  );

  const tenantMe = useQuery({ ...tenantMeQueryOptions(api), enabled: session !== null });

  useEffect(() => {
    if (isApiError(tenantMe.error) && tenantMe.error.status === 403) {
      setNotice(messages.notTenantUser);
      void authClient.signOut({ scope: 'local' });
    }
  }, [tenantMe.error]);

  const state = useMemo<SessionState>(() => {
    if (!initialized) return { status: 'loading' };
    if (!session) return { status: 'signedOut' };
    if (tenantMe.isError) return errorState(tenantMe.error);
    if (tenantMe.isPending) return { status: 'loading' };
    if (!tenantMe.data.success) return { status: 'error', message: messages.userLoadFailed };
    const user = tenantMe.data.user;
    return { status: 'signedIn', user, tenant: user.tenant_info[0] };
  }, [initialized, session, tenantMe.isPending, tenantMe.isError, tenantMe.error, tenantMe.data]);

  const signIn = useCallback(async (email: string, password: string) => {
    setNotice(null);
    try {
      const { error } = await authClient.signInWithPassword({ email, password });
      return { error: error ? authErrorMessage(error, messages.loginFailed) : null };
    } catch (cause) {
      return { error: authErrorMessage(cause, messages.loginFailed) };
    }
  }, []);

  const signOut = useCallback(async () => {
    const { error } = await authClient.signOut();
    // The server may be unreachable: forget the session locally all the same.
    if (error) await authClient.signOut({ scope: 'local' });
  }, []);

  const retry = useCallback(() => void tenantMe.refetch(), [tenantMe]);

  const value = useMemo(
    () => ({ state, api, notice, signIn, signOut, retry }),
    [state, api, notice, signIn, signOut, retry],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

function errorState(error: unknown): SessionState {
  if (isApiError(error) && error.status === 403) return { status: 'loading' };
  if (isApiError(error) && !error.isClientError) {
    return { status: 'error', message: messages.userFetchFailed(error.status, error.message) };
  }
  return { status: 'error', message: isApiError(error) ? error.message : messages.unknown };
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
