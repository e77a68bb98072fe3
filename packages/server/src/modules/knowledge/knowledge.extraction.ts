import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import { withTenant } from '../../platform/db/tenant-scope';
import { extractStoredFile } from '../../platform/extract/extract-stored-file';
import type { FileStorage } from '../../platform/files/storage';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { TextIndex } from '../../platform/search/text-index';
import {
  findKnowledgeDocument,
  lockKnowledgeDocument,
  recordKnowledgeExtraction,
} from './knowledge.repository';

/**
 * The worker of 'knowledge.extract', shaped like the documents' one: read the row → the stored
 * file's text and chunks (extractStoredFile, in a worker thread) → in one tenant transaction, the
 * index entries and the outcome: ready with its chunk and page counts, or failed with the
 * Japanese reason (an unreadable format or a file without text is a failure here: the knowledge
 * base keeps only what it can cite). A document deleted meanwhile is a no-op; any other failure
 * throws and the queue retries with backoff.
 */
export function workKnowledgeExtraction(
  jobs: JobQueue,
  services: { db: Db; files: FileStorage; textIndex: TextIndex; log?: FastifyBaseLogger | undefined },
): void {
  jobs.work('knowledge.extract', async ({ tenantId, documentId }) => {
    const document = await withTenant(services.db, tenantId, (tx) => findKnowledgeDocument(tx, documentId));
    if (!document) return;

    let outcome: Awaited<ReturnType<typeof extractStoredFile>>;
    try {
      outcome = await extractStoredFile(services.files, {
        storageKey: document.storage_key,
        contentType: document.content_type,
      });
    } catch (error) {
      services.log?.error(
        { err: error, documentId },
        'ナレッジベースの文書を読み取れませんでした（再試行します）',
      );
      throw error;
    }
    if (outcome.status === 'ready' && outcome.chunks.length === 0) {
      outcome = {
        status: 'failed',
        error: 'この文書には読み取れる文字がありませんでした。',
        pageCount: null,
      };
    }
    const settled = outcome;

    await withTenant(services.db, tenantId, async (tx) => {
      if (!(await lockKnowledgeDocument(tx, documentId))) return;
      const source = { kind: 'knowledge' as const, id: documentId };
      if (settled.status === 'ready') {
        await services.textIndex.replace(tx, source, settled.chunks);
        await recordKnowledgeExtraction(tx, documentId, {
          status: 'ready',
          error: null,
          chunkCount: settled.chunks.length,
          pageCount: settled.pageCount,
        });
      } else {
        await services.textIndex.remove(tx, source);
        await recordKnowledgeExtraction(tx, documentId, {
          status: 'failed',
          error: settled.error,
          chunkCount: 0,
          pageCount: settled.pageCount,
        });
      }
    });
  });
}
