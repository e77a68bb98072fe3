import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import '../../platform/search/text-index.tables';
import type {
  KnowledgeChatRow,
  KnowledgeDocumentRow,
  NewKnowledgeDocumentRow,
  StoredKnowledgeSource,
} from './knowledge.tables';

export async function insertKnowledgeDocument(
  tx: TenantTransaction,
  row: Omit<NewKnowledgeDocumentRow, 'tenant_id'>,
): Promise<string> {
  const { id } = await tx
    .insertInto('knowledge_documents')
    .values({ ...row, tenant_id: tx.tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findKnowledgeDocument(
  tx: TenantTransaction,
  id: string,
): Promise<KnowledgeDocumentRow | undefined> {
  return tx
    .selectFrom('knowledge_documents')
    .selectAll()
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The documents of `ids` that still exist, with what a citation shows. */
export async function findKnowledgeDocuments(
  tx: TenantTransaction,
  ids: readonly string[],
): Promise<Array<Pick<KnowledgeDocumentRow, 'id' | 'title' | 'file_name'>>> {
  if (ids.length === 0) return [];
  return tx
    .selectFrom('knowledge_documents')
    .select(['id', 'title', 'file_name'])
    .where('tenant_id', '=', tx.tenantId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Locks the row for the extraction's outcome; false when it is gone. */
export async function lockKnowledgeDocument(tx: TenantTransaction, id: string): Promise<boolean> {
  const row = await tx
    .selectFrom('knowledge_documents')
    .select('id')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordKnowledgeExtraction(
  tx: TenantTransaction,
  id: string,
  outcome: { status: 'ready' | 'failed'; error: string | null; chunkCount: number; pageCount: number | null },
): Promise<void> {
  await tx
    .updateTable('knowledge_documents')
    .set({
      status: outcome.status,
      error: outcome.error,
      chunk_count: outcome.chunkCount,
      page_count: outcome.pageCount,
    })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .execute();
}

/** Newest first, by the index on (tenant_id, created_at desc, id desc). */
export async function findKnowledgeDocumentPage(
  tx: TenantTransaction,
  page: { skip: number; limit: number },
): Promise<KnowledgeDocumentRow[]> {
  return tx
    .selectFrom('knowledge_documents')
    .selectAll()
    .where('tenant_id', '=', tx.tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.skip)
    .limit(page.limit)
    .execute();
}

export async function countKnowledgeDocuments(tx: TenantTransaction): Promise<number> {
  const { total } = await tx
    .selectFrom('knowledge_documents')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('tenant_id', '=', tx.tenantId)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** Deletes the row (its chunks go by cascade); what it stored, or undefined when none. */
export async function deleteKnowledgeDocumentRow(
  tx: TenantTransaction,
  id: string,
): Promise<Pick<KnowledgeDocumentRow, 'storage_key' | 'sha256'> | undefined> {
  return tx
    .deleteFrom('knowledge_documents')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .returning(['storage_key', 'sha256'])
    .executeTakeFirst();
}

/** The chunk and its neighbours' texts. */
export async function findChunkWithNeighbours(
  tx: TenantTransaction,
  documentId: string,
  chunkIndex: number,
): Promise<{ text: string; page: number | null; previous: string | null; next: string | null } | undefined> {
  const rows = await tx
    .selectFrom('text_chunks')
    .select(['chunk_index', 'page', 'text'])
    .where('tenant_id', '=', tx.tenantId)
    .where('source_kind', '=', 'knowledge')
    .where('source_id', '=', documentId)
    .where('chunk_index', 'in', [chunkIndex - 1, chunkIndex, chunkIndex + 1])
    .execute();
  const at = (index: number) => rows.find((row) => row.chunk_index === index);
  const chunk = at(chunkIndex);
  if (!chunk) return undefined;
  return {
    text: chunk.text,
    page: chunk.page,
    previous: at(chunkIndex - 1)?.text ?? null,
    next: at(chunkIndex + 1)?.text ?? null,
  };
}

export async function insertKnowledgeChat(
  tx: TenantTransaction,
  row: {
    user_id: string;
    query: string;
    answer: string;
    mode: 'openai' | 'offline';
    found: boolean;
    sources: StoredKnowledgeSource[];
  },
): Promise<KnowledgeChatRow> {
  return tx
    .insertInto('knowledge_chats')
    .values({ ...row, tenant_id: tx.tenantId, sources: JSON.stringify(row.sources) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's own messages, newest first. */
export async function findKnowledgeChatPage(
  tx: TenantTransaction,
  userId: string,
  page: { skip: number; limit: number },
): Promise<KnowledgeChatRow[]> {
  return tx
    .selectFrom('knowledge_chats')
    .selectAll()
    .where('tenant_id', '=', tx.tenantId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.skip)
    .limit(page.limit)
    .execute();
}

export async function countKnowledgeChats(tx: TenantTransaction, userId: string): Promise<number> {
  const { total } = await tx
    .selectFrom('knowledge_chats')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('tenant_id', '=', tx.tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** Sets (overwrites) the feedback of the user's own message; undefined when it is not theirs. */
export async function updateKnowledgeChatFeedback(
  tx: TenantTransaction,
  userId: string,
  id: string,
  feedback: { isHelpful: boolean; comment: string | null },
): Promise<KnowledgeChatRow | undefined> {
  return tx
    .updateTable('knowledge_chats')
    .set({
      feedback_is_helpful: feedback.isHelpful,
      feedback_comment: feedback.comment,
      feedback_updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tx.tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
