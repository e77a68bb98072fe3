import * as oidc from 'openid-client';
import type { GoogleConfig } from '../config';

/** What a verified ID token says about the person (OpenID Connect standard claims). */
export interface ExternalAccount {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Why talking to the provider failed: unreachable, or an answer that did not pass the checks. */
export class OidcExchangeError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'OidcExchangeError';
  }
}

const TIMEOUT_SECONDS = 10;

/**
 * Google as an OpenID provider, through openid-client: discovery (cached once it succeeded), the
 * authorization URL, and the code exchange with the PKCE verifier, the ID token's signature (the
 * provider's JWKS), issuer, audience, expiry and nonce all checked by the library.
 */
export class GoogleOidc {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly google: GoogleConfig) {}

  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= (async () => {
      const issuer = new URL(this.google.issuerUrl);
      // Plain http only for a local provider in tests and development; Google itself is https.
      const insecure = issuer.protocol === 'http:';
      const configuration = await oidc.discovery(
        issuer,
        this.google.clientId,
        { client_secret: this.google.clientSecret },
        oidc.ClientSecretPost(this.google.clientSecret),
        { timeout: TIMEOUT_SECONDS, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
      );
      configuration.timeout = TIMEOUT_SECONDS;
      return configuration;
    })().catch((error: unknown) => {
      // A provider that was unreachable is asked again next time.
      this.configuration = null;
      throw new OidcExchangeError('unavailable', error);
    });
    return this.configuration;
  }

  async authorizationUrl(request: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<URL> {
    const configuration = await this.discover();
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: request.state,
      nonce: request.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
  }

  /** Exchanges the code of the callback (`callbackUrl` is the redirect URI with its query). */
  async exchange(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<ExternalAccount> {
    const configuration = await this.discover();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      const unreachable = error instanceof TypeError || (error as { name?: string }).name === 'TimeoutError';
      throw new OidcExchangeError(unreachable ? 'unavailable' : 'rejected', error);
    }
    if (!claims) throw new OidcExchangeError('rejected', new Error('no ID token'));
    const email = typeof claims.email === 'string' ? claims.email.trim() : null;
    const name = typeof claims.name === 'string' ? claims.name.normalize('NFC').trim() : '';
    return {
      subject: claims.sub,
      email: email === '' ? null : email,
      emailVerified: claims.email_verified === true,
      name: name === '' ? null : name,
    };
  }
}
