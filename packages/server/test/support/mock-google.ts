import { createHash } from 'node:crypto';
import { Events, OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OpenID provider standing in for Google (oauth2-mock-server: real discovery, JWKS,
 * RS256-signed ID tokens, PKCE and nonce). Nobody types a password there: the authorization
 * endpoint answers at once with a code for the account the test chose: through `login_hint`
 * (the address) and optional `mock_sub`, `mock_name` and `mock_email_verified` parameters added
 * to the authorization URL, or, as Google remembers who is signed in to it, through a cookie on
 * the provider's origin (ACCOUNT_COOKIE, for a browser: see accountCookie). Shared with the e2e
 * global setup.
 */
export interface MockGoogleAccount {
  email: string;
  /** Google's stable subject; derived from the email unless given. */
  sub?: string;
  name?: string;
  email_verified?: boolean;
}

export interface MockGoogle {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Changes the claims of the next ID token the provider signs (e.g. a wrong nonce). */
  alterNextIdToken(change: (payload: Record<string, unknown>) => void): void;
  stop(): Promise<void>;
}

/** The authorization URL the server redirected to, with the account the person "chooses". */
export function chooseAccount(authorizationUrl: string, account: MockGoogleAccount): string {
  const url = new URL(authorizationUrl);
  url.searchParams.set('login_hint', account.email);
  if (account.sub) url.searchParams.set('mock_sub', account.sub);
  if (account.name) url.searchParams.set('mock_name', account.name);
  if (account.email_verified === false) url.searchParams.set('mock_email_verified', 'false');
  return url.href;
}

/** The cookie naming the Google account a browser is signed in to at the provider. */
export const ACCOUNT_COOKIE = 'mock_google_account';

/** The value of ACCOUNT_COOKIE for `account` (a Playwright test adds it to its browser context). */
export function accountCookie(account: MockGoogleAccount): string {
  return Buffer.from(JSON.stringify(account)).toString('base64url');
}

function accountFromCookie(header: string | undefined): MockGoogleAccount | null {
  for (const part of header?.split(';') ?? []) {
    const [name, value] = part.trim().split('=');
    if (name !== ACCOUNT_COOKIE || !value) continue;
    try {
      const account = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as MockGoogleAccount;
      return typeof account.email === 'string' ? account : null;
    } catch {
      return null;
    }
  }
  return null;
}

export function defaultSubject(email: string): string {
  return `1${BigInt(`0x${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 15)}`)}`;
}

export async function startMockGoogle(
  options: { host?: string; port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<MockGoogle> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(options.port ?? 0, options.host ?? '127.0.0.1');
  const issuerUrl = server.issuer.url;
  if (!issuerUrl) throw new Error('mock OpenID provider has no issuer URL');

  const accounts = new Map<string, Required<MockGoogleAccount>>();
  const pendingChanges: Array<(payload: Record<string, unknown>) => void> = [];

  server.service.on(Events.BeforeAuthorizeRedirect, (redirect, req) => {
    const query = new URL(req.url ?? '/', issuerUrl).searchParams;
    const code = redirect.url.searchParams.get('code');
    const email = query.get('login_hint');
    const chosen: MockGoogleAccount | null = email
      ? {
          email,
          ...(query.get('mock_sub') ? { sub: query.get('mock_sub') as string } : {}),
          ...(query.get('mock_name') ? { name: query.get('mock_name') as string } : {}),
          email_verified: query.get('mock_email_verified') !== 'false',
        }
      : accountFromCookie(req.headers.cookie);
    if (!code || !chosen) return;
    accounts.set(code, {
      email: chosen.email,
      sub: chosen.sub ?? defaultSubject(chosen.email),
      name: chosen.name ?? chosen.email.split('@')[0] ?? chosen.email,
      email_verified: chosen.email_verified !== false,
    });
  });

  server.service.on(Events.BeforeTokenSigning, (token, req) => {
    const code = (req.body as Record<string, unknown> | undefined)?.code;
    const account = typeof code === 'string' ? accounts.get(code) : undefined;
    if (account) Object.assign(token.payload, account);
    // The ID token is the one with an audience (the client); the access token has none.
    if (token.payload.aud !== undefined) {
      if (typeof code === 'string') accounts.delete(code);
      pendingChanges.shift()?.(token.payload);
    }
  });

  return {
    issuerUrl,
    clientId: options.clientId ?? 'tsumiki-test-client',
    clientSecret: options.clientSecret ?? 'tsumiki-test-secret',
    alterNextIdToken(change) {
      pendingChanges.push(change);
    },
    stop: () => server.stop(),
  };
}
