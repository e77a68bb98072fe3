import type { Generated, Selectable } from 'kysely';
import type { CreatedAt } from '../platform/db/schema';

export type ExternalProvider = 'google';
export type CodeChallengeMethod = 's256' | 'plain';

/** An authorization request in flight to an OpenID provider (migration 0010). */
export interface AuthOidcFlowsTable {
  id: Generated<string>;
  state_hash: string;
  provider: ExternalProvider;
  nonce: string;
  code_verifier: string;
  code_challenge: string;
  code_challenge_method: CodeChallengeMethod;
  redirect_to: string;
  callback_url: string;
  created_at: CreatedAt;
  expires_at: Date;
}

/** A user's account at an external provider, keyed by the provider's subject. */
export interface AuthIdentitiesTable {
  id: Generated<string>;
  user_id: string;
  provider: ExternalProvider;
  subject: string;
  email: string;
  created_at: CreatedAt;
  last_sign_in_at: Date | null;
}

/** One-time codes of the PKCE grant (the `?code=` the callback hands to the app). */
export interface AuthCodesTable {
  code_hash: string;
  user_id: string;
  provider: ExternalProvider;
  code_challenge: string;
  code_challenge_method: CodeChallengeMethod;
  created_at: CreatedAt;
  expires_at: Date;
}

declare module '../platform/db/schema' {
  interface Database {
    auth_oidc_flows: AuthOidcFlowsTable;
    auth_identities: AuthIdentitiesTable;
    auth_codes: AuthCodesTable;
  }
}

export type AuthOidcFlow = Selectable<AuthOidcFlowsTable>;
export type AuthIdentity = Selectable<AuthIdentitiesTable>;
