import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A timestamp column with a database default. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type Plan = 'basic' | 'standard' | 'premium';
export type Role = 'admin' | 'staff' | 'user';
export type MembershipStatus = 'active' | 'inactive';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  full_name: string | null;
  is_system_admin: Generated<boolean>;
  is_super_admin: Generated<boolean>;
  is_agency_user: Generated<boolean>;
  last_sign_in_at: Date | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface TenantsTable {
  id: Generated<string>;
  name: string;
  plan: Plan;
  /** IANA zone name (Asia/Tokyo by default): the basis of displayed times and of "this month". */
  time_zone: Generated<string>;
  /** Who must sign in with a second factor. */
  mfa_policy: Generated<MfaPolicy>;
  /** Minutes without input before the app locks its screen. */
  screen_lock_minutes: Generated<number>;
  /** Years the access log keeps its rows. */
  audit_log_retention_years: Generated<number>;
  /** 診察券番号: written before the zero-padded counter (migration 0029). */
  patient_number_prefix: Generated<string>;
  /** 診察券番号: the counter's zero-padded width (4–12). */
  patient_number_width: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type MfaPolicy = 'off' | 'admins' | 'everyone';

export interface TenantUsersTable {
  tenant_id: string;
  user_id: string;
  role: Role;
  permissions: Generated<string[]>;
  status: Generated<MembershipStatus>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface TenantFeaturesTable {
  tenant_id: string;
  feature: string;
  enabled: boolean;
  updated_at: CreatedAt;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: CreatedAt;
  refreshed_at: Date | null;
  not_after: Date;
  user_agent: string | null;
  ip: string | null;
  revoked_at: Date | null;
  /** aal2 once a second factor was verified in the session (migration 0022). */
  aal: ColumnType<
    AuthenticatorAssuranceLevel,
    AuthenticatorAssuranceLevel | undefined,
    AuthenticatorAssuranceLevel
  >;
  /** How the session was authenticated, newest first; written as JSON text. */
  amr: ColumnType<AmrEntry[], string | undefined, string>;
}

export type AuthenticatorAssuranceLevel = 'aal1' | 'aal2';

/** An authentication method of a session (the access token's `amr`): Unix seconds. */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

export type SessionEventType =
  | 'sign_in'
  | 'signed_out'
  | 'session_extended'
  | 'session_revoked'
  | 'refresh_token_reused'
  | 'password_changed'
  | 'mfa_enrolled'
  | 'mfa_verified'
  | 'mfa_failed'
  | 'mfa_unenrolled'
  | 'recovery_codes_generated'
  | 'recovery_code_used'
  | 'mfa_reset';

export interface AuthSessionEventsTable {
  id: Generated<string>;
  user_id: string;
  session_id: string | null;
  type: SessionEventType;
  occurred_at: CreatedAt;
  ip: string | null;
  user_agent: string | null;
  detail: ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, Record<string, unknown>>;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  token_hash: string;
  session_id: string;
  parent_id: string | null;
  revoked: Generated<boolean>;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface TenantRowCountsTable {
  tenant_id: string;
  table_name: string;
  live_rows: ColumnType<string, never, never>;
}

export interface AuthSignInFailuresTable {
  key: string;
  failures: number;
  window_started_at: Date;
  last_failed_at: Date;
  locked_until: Date | null;
}

/**
 * The tables of the platform. Each module adds its own tables to this interface from its
 * `<tag>.tables.ts` (declaration merging), so a new module edits no shared file.
 */
export interface Database {
  tenant_row_counts: TenantRowCountsTable;
  users: UsersTable;
  tenants: TenantsTable;
  tenant_users: TenantUsersTable;
  tenant_features: TenantFeaturesTable;
  auth_sessions: AuthSessionsTable;
  auth_session_events: AuthSessionEventsTable;
  refresh_tokens: RefreshTokensTable;
  server_secrets: ServerSecretsTable;
  auth_sign_in_failures: AuthSignInFailuresTable;
}

export type User = Selectable<UsersTable>;
export type Tenant = Selectable<TenantsTable>;
export type AuthSession = Selectable<AuthSessionsTable>;
export type AuthSessionEvent = Selectable<AuthSessionEventsTable>;
export type NewAuthSessionEvent = Insertable<AuthSessionEventsTable>;
