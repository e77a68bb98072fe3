import type { Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt } from '../../platform/db/schema';

export type InteractionType = 'call' | 'email' | 'visit' | 'meeting' | 'other';

export interface InteractionsTable {
  tenant_id: string;
  id: Generated<string>;
  customer_id: string;
  type: InteractionType;
  summary: string | null;
  content: string;
  /** A user of the tenant (composite foreign key to tenant_users). */
  created_by: string | null;
  updated_by: string | null;
  /** 1 when recorded, one more with each edit (an edit names the version it read). */
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** An interaction as it read before an edit replaced it (migration 0018). */
export interface InteractionVersionsTable {
  tenant_id: string;
  interaction_id: string;
  version: number;
  type: InteractionType;
  summary: string | null;
  content: string;
  /** The products as they were named then. */
  products: Array<{ id: string; name: string }>;
  written_by: string | null;
  written_at: Date;
  replaced_by: string | null;
  replaced_at: CreatedAt;
}

declare module '../../platform/db/schema' {
  interface Database {
    interactions: InteractionsTable;
    interaction_versions: InteractionVersionsTable;
  }
}

export type InteractionRow = Selectable<InteractionsTable>;
export type NewInteractionRow = Insertable<InteractionsTable>;
export type InteractionVersionRow = Selectable<InteractionVersionsTable>;
