import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Db, DbExecutor } from '../platform/db/database';
import type { User } from '../platform/db/schema';
import type { CodeChallengeMethod } from './auth.tables';
import { AUTH_MESSAGES, AuthServiceError } from './errors';
import { type ExternalAccount, type GoogleOidc, OidcExchangeError } from './google-oidc';
import {
  consumeOidcFlow,
  findUserByIdentity,
  insertAuthCode,
  insertOidcFlow,
  upsertIdentity,
} from './oidc.repository';
import { hashAuthCode } from './session-tokens';
import { findUserByEmail, insertUser } from './users.repository';

/** How long the person may spend at Google between /authorize and /callback. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000;
/** How long the app has to exchange the code it is handed (it does so at once). */
export const AUTH_CODE_TTL_MS = 2 * 60_000;

/** The app's own return address when a sign-in cannot say where it should go. */
export const DEFAULT_RETURN_PATH = '/auth/callback';

const FULL_NAME_MAX_LENGTH = 100;

export interface AuthorizeRequest {
  /** The site's origin: PUBLIC_URL, else the origin the request came to. */
  site: string;
  redirectTo: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
}

/** Where the browser goes next: a Location for a 302. */
export type Redirect = { location: string };

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Only an address on the site itself is followed (no open redirect); anything else, or nothing,
 * becomes the app's /auth/callback.
 */
export function safeRedirectTo(raw: string | undefined, site: string): string {
  const fallback = `${site}${DEFAULT_RETURN_PATH}`;
  if (!raw || raw.length > 2000) return fallback;
  try {
    const url = new URL(raw, site);
    if (url.origin !== site || url.username || url.password) return fallback;
    url.hash = '';
    return url.href;
  } catch {
    return fallback;
  }
}

/** The return address with GoTrue's error parameters, which auth-js reads on /auth/callback. */
function errorRedirect(redirectTo: string, error: string, errorCode: string, description: string): Redirect {
  const url = new URL(redirectTo);
  for (const name of ['code', 'error', 'error_code', 'error_description']) url.searchParams.delete(name);
  url.searchParams.set('error', error);
  url.searchParams.set('error_code', errorCode);
  url.searchParams.set('error_description', description);
  return { location: url.href };
}

/**
 * Google sign-in over the GoTrue protocol: /authorize stores the flow and sends the browser to
 * Google with state, nonce and PKCE; /callback consumes the flow once, has openid-client exchange
 * the code and check the ID token, links the Google account to a user by its subject or its
 * verified email (or makes a new user), and hands the app a one-time code bound to the app's own
 * PKCE challenge, exchanged through /token?grant_type=pkce (AuthService.exchangeAuthCode).
 */
export class GoogleSignIn {
  constructor(
    private readonly db: Db,
    private readonly oidc: GoogleOidc,
    private readonly now: () => Date = () => new Date(),
    private readonly log: { warn: (message: string) => void } = console,
  ) {}

  async authorize(request: AuthorizeRequest): Promise<Redirect> {
    const redirectTo = safeRedirectTo(request.redirectTo, request.site);
    const challenge = request.codeChallenge?.trim();
    const method = (request.codeChallengeMethod ?? 'plain').toLowerCase();
    // auth-js always sends a challenge (flowType: 'pkce'); the implicit flow is not offered.
    if (
      !challenge ||
      !/^[A-Za-z0-9._~-]{43,128}$/.test(challenge) ||
      (method !== 's256' && method !== 'plain')
    ) {
      throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.pkceRequired);
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const callbackUrl = `${request.site}/auth/v1/callback`;
    let location: URL;
    try {
      location = await this.oidc.authorizationUrl({ redirectUri: callbackUrl, state, nonce, codeVerifier });
    } catch (error) {
      this.log.warn(`Google の設定（discovery）を読めませんでした: ${String(error)}`);
      return errorRedirect(
        redirectTo,
        'server_error',
        'provider_unavailable',
        AUTH_MESSAGES.googleUnavailable,
      );
    }
    const now = this.now();
    await insertOidcFlow(
      this.db,
      {
        state_hash: sha256(state),
        provider: 'google',
        nonce,
        code_verifier: codeVerifier,
        code_challenge: challenge,
        code_challenge_method: method as CodeChallengeMethod,
        redirect_to: redirectTo,
        callback_url: callbackUrl,
        expires_at: new Date(now.getTime() + OIDC_FLOW_TTL_MS),
      },
      now,
    );
    return { location: location.href };
  }

  /** GET /auth/v1/callback with Google's answer (`query`). Always a redirect, never an error page. */
  async callback(query: Record<string, string | undefined>, site: string): Promise<Redirect> {
    const fallback = `${site}${DEFAULT_RETURN_PATH}`;
    const state = query.state;
    const flow = state && state.length <= 200 ? await consumeOidcFlow(this.db, sha256(state)) : undefined;
    if (!state || !flow) {
      return errorRedirect(fallback, 'invalid_request', 'bad_oauth_state', AUTH_MESSAGES.googleStateInvalid);
    }
    if (flow.expires_at.getTime() <= this.now().getTime()) {
      return errorRedirect(
        flow.redirect_to,
        'invalid_request',
        'flow_state_expired',
        AUTH_MESSAGES.googleFlowExpired,
      );
    }
    if (query.error) {
      const cancelled = query.error === 'access_denied';
      return errorRedirect(
        flow.redirect_to,
        cancelled ? 'access_denied' : 'server_error',
        'provider_error',
        cancelled ? AUTH_MESSAGES.googleCancelled : AUTH_MESSAGES.googleRefused,
      );
    }

    const callbackUrl = new URL(flow.callback_url);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) callbackUrl.searchParams.set(name, value);
    }
    let account: ExternalAccount;
    try {
      account = await this.oidc.exchange(callbackUrl, {
        state,
        nonce: flow.nonce,
        codeVerifier: flow.code_verifier,
      });
    } catch (error) {
      this.log.warn(`Google ログインの確認に失敗しました: ${String(error)}`);
      const unavailable = error instanceof OidcExchangeError && error.kind === 'unavailable';
      return errorRedirect(
        flow.redirect_to,
        'server_error',
        unavailable ? 'provider_unavailable' : 'provider_error',
        unavailable ? AUTH_MESSAGES.googleUnavailable : AUTH_MESSAGES.googleRefused,
      );
    }
    if (!account.email || !account.emailVerified) {
      return errorRedirect(
        flow.redirect_to,
        'access_denied',
        'email_not_confirmed',
        AUTH_MESSAGES.googleEmailUnverified,
      );
    }

    const now = this.now();
    const code = randomBytes(32).toString('base64url');
    await this.db.transaction().execute(async (tx) => {
      const user = await this.userFor(tx, account as ExternalAccount & { email: string });
      await upsertIdentity(
        tx,
        { user_id: user.id, provider: 'google', subject: account.subject, email: account.email as string },
        now,
      );
      await insertAuthCode(
        tx,
        {
          code_hash: hashAuthCode(code),
          user_id: user.id,
          provider: 'google',
          code_challenge: flow.code_challenge,
          code_challenge_method: flow.code_challenge_method,
          expires_at: new Date(now.getTime() + AUTH_CODE_TTL_MS),
        },
        now,
      );
    });
    const target = new URL(flow.redirect_to);
    target.searchParams.set('code', code);
    return { location: target.href };
  }

  /**
   * The user of this Google account: the one it was linked to before (by subject, whatever its
   * email now), else the user with the same verified email (case-insensitive), else a new user
   * without a password.
   */
  private async userFor(tx: DbExecutor, account: ExternalAccount & { email: string }): Promise<User> {
    const linked = await findUserByIdentity(tx, 'google', account.subject);
    if (linked) return linked;
    const existing = await findUserByEmail(tx, account.email);
    if (existing) return existing;
    const name = account.name ? Array.from(account.name).slice(0, FULL_NAME_MAX_LENGTH).join('') : null;
    return insertUser(tx, { email: account.email, password_hash: null, full_name: name });
  }
}
