import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../platform/db/schema';

/** Two customers a person said are two people (migration 0030): the smaller id first. */
export interface CustomerDuplicateDismissalsTable {
  tenant_id: string;
  first_id: string;
  second_id: string;
  dismissed_by: string | null;
  dismissed_at: CreatedAt;
}

/**
 * One merge (名寄せ, migration 0030); the app never deletes one, an undo only marks it undone, and
 * after MERGE_UNDO_DAYS the nightly job marks it final (customers.merge-final.ts).
 */
export interface CustomerMergesTable {
  tenant_id: string;
  id: Generated<string>;
  kept_id: string;
  merged_id: string;
  /** The kept customer's columns the merge overwrote, as they were (the undo writes them back). */
  kept_before: ColumnType<Record<string, unknown>, string, string>;
  moved_interaction_ids: ColumnType<string[], string[], string[]>;
  moved_document_ids: ColumnType<string[], string[], string[]>;
  moved_research_report_ids: ColumnType<string[], string[], string[]>;
  merged_by: string | null;
  merged_at: CreatedAt;
  undone_by: string | null;
  undone_at: Date | null;
  /** Set when the merge became final (migration 0038): what only the undo needed is gone. */
  finalized_at: ColumnType<Date | null, never, Date>;
}

declare module '../../platform/db/schema' {
  interface Database {
    customer_duplicate_dismissals: CustomerDuplicateDismissalsTable;
    customer_merges: CustomerMergesTable;
  }
}
