import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import { withTenant } from '../../platform/db/tenant-scope';
import type { DomainEvents } from '../../platform/events/domain-events';
import { type ExtractionOutcome, extractStoredFile } from '../../platform/extract/extract-stored-file';
import type { FileStorage } from '../../platform/files/storage';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { TextIndex } from '../../platform/search/text-index';
import { findDocument, lockDocument, recordExtraction } from './documents.repository';

/** Types whose text is not read (images, slides): their `unsupported` is expected, not news. */
const EXPECTED_WITHOUT_TEXT = /^image\/|presentationml/;

const GAVE_UP =
  '何度か試しましたが、本文を読み取れませんでした。時間をおいて、もう一度アップロードしてください。';

/**
 * The worker of 'documents.extract': read the row → the file's text and chunks
 * (extractStoredFile) → in one tenant transaction, the index entries and the outcome. A document
 * deleted meanwhile is a no-op. A file that cannot be read is recorded with its Japanese reason;
 * any other failure throws, and the queue retries with backoff — until the last attempt, whose
 * failure is recorded too.
 */
export function workDocumentExtraction(
  jobs: JobQueue,
  services: {
    db: Db;
    files: FileStorage;
    textIndex: TextIndex;
    events: DomainEvents;
    log?: FastifyBaseLogger | undefined;
  },
): void {
  jobs.work('documents.extract', async ({ tenantId, documentId }, attempt) => {
    const document = await withTenant(services.db, tenantId, (tx) => findDocument(tx, documentId));
    if (!document) return;
    const outcome = await extractStoredFile(services.files, {
      storageKey: document.storage_key,
      contentType: document.content_type,
    }).catch((error: unknown): ExtractionOutcome => {
      services.log?.error(
        { err: error, documentId, retryCount: attempt.retryCount },
        attempt.lastAttempt
          ? '文書の本文を抽出できませんでした'
          : '文書の本文を抽出できませんでした（再試行します）',
      );
      if (!attempt.lastAttempt) throw error;
      // Out of retries: say so instead of leaving the document pending for ever.
      return { status: 'failed', error: GAVE_UP, pageCount: null };
    });

    await withTenant(services.db, tenantId, async (tx) => {
      if (!(await lockDocument(tx, documentId))) return;
      const source = { kind: 'document' as const, id: documentId };
      if (outcome.status === 'ready') {
        await services.textIndex.replace(tx, source, outcome.chunks);
      } else {
        await services.textIndex.remove(tx, source);
      }
      await recordExtraction(tx, documentId, {
        status: outcome.status,
        error: outcome.status === 'ready' ? null : outcome.error,
        pageCount: outcome.pageCount,
        preview: outcome.status === 'ready' ? outcome.preview : null,
      });
      // Images and slides are kept without text by design; anything else unreadable is news.
      if (outcome.status !== 'ready' && !EXPECTED_WITHOUT_TEXT.test(document.content_type)) {
        await services.events.emit(tx, {
          type: 'document.unreadable',
          actorId: null,
          subjectId: documentId,
          payload: {
            file_name: document.file_name,
            folder_id: document.folder_id,
            uploaded_by: document.created_by,
            reason: outcome.error,
          },
        });
      }
    });
  });
}
