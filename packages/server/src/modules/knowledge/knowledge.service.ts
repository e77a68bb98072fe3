import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AiProvider } from '../../platform/ai/provider';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { NotFoundError } from '../../platform/errors';
import { removeStoredFileAfterCommit } from '../../platform/files/file-removal';
import { openStoredFile } from '../../platform/files/open-stored-file';
import type { FileStorage } from '../../platform/files/storage';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { TextIndex } from '../../platform/search/text-index';
import {
  countKnowledgeDocuments,
  deleteKnowledgeDocumentRow,
  findChunkWithNeighbours,
  findKnowledgeDocument,
  findKnowledgeDocumentPage,
} from './knowledge.repository';
import type { KnowledgeDocumentRow } from './knowledge.tables';

// The upload of a document is in knowledge.upload.ts, the chat (questions, history, feedback) in
// knowledge.chat.ts.

export interface KnowledgeServices {
  files: FileStorage;
  jobs: JobQueue;
  textIndex: TextIndex;
  ai: AiProvider;
  log?: FastifyBaseLogger | undefined;
}

export class KnowledgeDocumentNotFoundError extends NotFoundError {
  constructor() {
    super('knowledge_document', {
      message: '指定されたナレッジベースの文書が見つかりません。',
      suggestion: '文書の一覧から選び直してください。削除された可能性があります。',
    });
  }
}

export async function getKnowledgeDocument(tx: TenantTransaction, id: string): Promise<KnowledgeDocumentRow> {
  const document = await findKnowledgeDocument(tx, id);
  if (!document) throw new KnowledgeDocumentNotFoundError();
  return document;
}

export async function listKnowledgeDocuments(tx: TenantTransaction, page: { skip?: number; limit?: number }) {
  const [documents, total] = await Promise.all([
    findKnowledgeDocumentPage(tx, { skip: page.skip ?? 0, limit: page.limit ?? 20 }),
    countKnowledgeDocuments(tx),
  ]);
  return { total, documents };
}

/** Deletes the row and its index entries now, and the file once this commits (unless shared). */
export async function deleteKnowledgeDocument(
  tx: TenantTransaction,
  services: KnowledgeServices,
  id: string,
) {
  await services.textIndex.remove(tx, { kind: 'knowledge', id });
  const deleted = await deleteKnowledgeDocumentRow(tx, id);
  if (!deleted) throw new KnowledgeDocumentNotFoundError();
  await removeStoredFileAfterCommit(tx, services.jobs, { key: deleted.storage_key, sha256: deleted.sha256 });
}

/** The file of a document, to stream (opened last: nothing after it can fail and leak it). */
export async function openKnowledgeDocumentFile(
  tx: TenantTransaction,
  services: KnowledgeServices,
  id: string,
): Promise<{ document: KnowledgeDocumentRow; stream: Readable }> {
  const document = await getKnowledgeDocument(tx, id);
  return {
    document,
    stream: await openStoredFile(services.files, document.storage_key, 'knowledge_document_file'),
  };
}

/** A cited passage with the text before and after it. */
export async function getKnowledgePassage(tx: TenantTransaction, id: string, chunkIndex: number) {
  const document = await getKnowledgeDocument(tx, id);
  const chunk = await findChunkWithNeighbours(tx, id, chunkIndex);
  if (!chunk) {
    throw new NotFoundError('knowledge_passage', {
      message: '指定された箇所が見つかりません。',
      suggestion: '文書が登録し直された可能性があります。もう一度質問してください。',
    });
  }
  return { document, chunkIndex, ...chunk };
}
