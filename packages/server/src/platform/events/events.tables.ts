import type { Generated, Selectable } from 'kysely';
import type { CreatedAt } from '../db/schema';

export interface DomainEventsTable {
  tenant_id: string;
  id: Generated<string>;
  /** `<resource>.<what happened>`, e.g. customer.created. */
  type: string;
  /** The user of the tenant who caused it; null for the system. */
  actor_id: string | null;
  /** The record it is about, when there is one. */
  subject_id: string | null;
  payload: Generated<Record<string, unknown>>;
  occurred_at: CreatedAt;
}

declare module '../db/schema' {
  interface Database {
    domain_events: DomainEventsTable;
  }
}

export type DomainEventRow = Selectable<DomainEventsTable>;
