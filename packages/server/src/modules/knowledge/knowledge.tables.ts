import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt } from '../../platform/db/schema';

export type KnowledgeDocumentStatus = 'processing' | 'ready' | 'failed';

export interface KnowledgeDocumentsTable {
  tenant_id: string;
  id: Generated<string>;
  title: string;
  description: string | null;
  tags: Generated<string[]>;
  /** NFC, no path. */
  file_name: string;
  content_type: string;
  size_bytes: ColumnType<string, number, number>;
  sha256: string;
  storage_key: string;
  status: Generated<KnowledgeDocumentStatus>;
  /** Why it could not be indexed (Japanese), with status failed. */
  error: string | null;
  chunk_count: Generated<number>;
  page_count: number | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  /** Kept by the touch_updated_at trigger. */
  updated_at: CreatedAt;
}

/**
 * A source of an answer as it was given (title and excerpt kept after the document is deleted;
 * the id is then answered as null). `metadata` only when the question asked for it.
 */
export interface StoredKnowledgeSource {
  document_id: string;
  title: string;
  excerpt: string;
  metadata?: { file_name: string; chunk_index: number; page: number | null; score: number };
}

export interface KnowledgeChatsTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  query: string;
  answer: string;
  mode: 'openai' | 'offline';
  found: boolean;
  sources: ColumnType<StoredKnowledgeSource[], string, string>;
  feedback_is_helpful: boolean | null;
  feedback_comment: string | null;
  feedback_updated_at: Date | null;
  created_at: CreatedAt;
}

declare module '../../platform/db/schema' {
  interface Database {
    knowledge_documents: KnowledgeDocumentsTable;
    knowledge_chats: KnowledgeChatsTable;
  }
}

export type KnowledgeDocumentRow = Selectable<KnowledgeDocumentsTable>;
export type NewKnowledgeDocumentRow = Insertable<KnowledgeDocumentsTable>;
export type KnowledgeChatRow = Selectable<KnowledgeChatsTable>;
