import type { User } from '../platform/db/schema';
import type { SessionGrant } from './auth-service';

/** A user as Supabase Auth returns it (the `User` type of @supabase/auth-js). */
export interface GoTrueUser {
  id: string;
  aud: 'authenticated';
  role: 'authenticated';
  email: string;
  email_confirmed_at: string;
  confirmed_at: string;
  phone: string;
  last_sign_in_at: string | null;
  app_metadata: { provider: string; providers: string[] };
  user_metadata: { full_name?: string };
  identities: never[];
  created_at: string;
  updated_at: string;
  is_anonymous: false;
  /** The user's second factors (absent when there are none, as GoTrue omits an empty list). */
  factors?: GoTrueFactor[];
}

/** A second factor as GoTrue lists it in `user.factors` (the `Factor` type of auth-js). */
export interface GoTrueFactor {
  id: string;
  friendly_name: string;
  factor_type: 'totp' | 'recovery_code';
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
  last_challenged_at?: string;
}

export interface GoTrueSession {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: GoTrueUser;
}

export function toGoTrueUser(user: User, factors: GoTrueFactor[] = []): GoTrueUser {
  // Accounts are created by administrators, so an email is confirmed from the start.
  const createdAt = user.created_at.toISOString();
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: createdAt,
    confirmed_at: createdAt,
    phone: '',
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.full_name === null ? {} : { full_name: user.full_name },
    identities: [],
    created_at: createdAt,
    updated_at: user.updated_at.toISOString(),
    is_anonymous: false,
    ...(factors.length > 0 ? { factors } : {}),
  };
}

export function toGoTrueSession(grant: SessionGrant): GoTrueSession {
  return {
    access_token: grant.accessToken.token,
    token_type: 'bearer',
    expires_in: grant.accessToken.expiresIn,
    expires_at: grant.accessToken.expiresAt,
    refresh_token: grant.refreshToken,
    user: toGoTrueUser(grant.user, grant.factors),
  };
}
