import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, Role } from '../../platform/db/schema';

export interface InvitationsTable {
  tenant_id: string;
  id: Generated<string>;
  /** SHA-256 of the code, hex; the code itself is never stored. */
  code_hash: string;
  /** Lower-case; null: anybody holding the code. */
  email: string | null;
  role: Role;
  message: string | null;
  expires_at: Date;
  created_by: string | null;
  created_at: CreatedAt;
  /** Kept by the touch_updated_at trigger. */
  updated_at: CreatedAt;
  used_at: Date | null;
  used_by: string | null;
  revoked_at: Date | null;
  revoked_by: string | null;
  /** Removed from the list (used, expired or revoked, then deleted). */
  hidden_at: Date | null;
  /** When the invitation was mailed to its address (migration 0019). */
  emailed_at: Date | null;
}

declare module '../../platform/db/schema' {
  interface Database {
    invitations: InvitationsTable;
  }
}

export type InvitationRow = Selectable<InvitationsTable>;
export type InvitationStatus = 'pending' | 'used' | 'expired' | 'revoked';
