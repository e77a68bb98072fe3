import type { components } from '@tsumiki/api-client/schema';
import type { KnowledgeChatRow, KnowledgeDocumentRow } from './knowledge.tables';

type Schemas = components['schemas'];

export function toKnowledgeDocument(document: KnowledgeDocumentRow): Schemas['KnowledgeDocument'] {
  return {
    id: document.id,
    title: document.title,
    description: document.description,
    tags: document.tags,
    file_name: document.file_name,
    content_type: document.content_type,
    size_bytes: Number(document.size_bytes),
    status: document.status,
    error: document.error,
    chunk_count: document.chunk_count,
    page_count: document.page_count,
    uploaded_by: document.created_by,
    created_at: document.created_at.toISOString(),
    updated_at: document.updated_at.toISOString(),
  };
}

/** A message as the contract shows it: sources of deleted documents keep their title, id null. */
export function toKnowledgeChatMessage(
  message: KnowledgeChatRow & { liveDocumentIds: ReadonlySet<string> },
): Schemas['KnowledgeChatMessage'] {
  return {
    id: message.id,
    query: message.query,
    answer: message.answer,
    mode: message.mode,
    found: message.found,
    sources: message.sources.map((source) => ({
      ...source,
      document_id: message.liveDocumentIds.has(source.document_id) ? source.document_id : null,
    })),
    feedback:
      message.feedback_is_helpful === null || message.feedback_updated_at === null
        ? null
        : {
            is_helpful: message.feedback_is_helpful,
            feedback: message.feedback_comment,
            updated_at: message.feedback_updated_at.toISOString(),
          },
    created_at: message.created_at.toISOString(),
  };
}

export function toKnowledgePassage(passage: {
  document: KnowledgeDocumentRow;
  chunkIndex: number;
  page: number | null;
  text: string;
  previous: string | null;
  next: string | null;
}): Schemas['KnowledgePassage'] {
  return {
    document_id: passage.document.id,
    title: passage.document.title,
    file_name: passage.document.file_name,
    content_type: passage.document.content_type,
    chunk_index: passage.chunkIndex,
    page: passage.page,
    text: passage.text,
    previous: passage.previous,
    next: passage.next,
  };
}
