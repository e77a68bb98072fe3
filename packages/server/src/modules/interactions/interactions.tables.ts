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
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

declare module '../../platform/db/schema' {
  interface Database {
    interactions: InteractionsTable;
  }
}

export type InteractionRow = Selectable<InteractionsTable>;
export type NewInteractionRow = Insertable<InteractionsTable>;
