import { setTimeout as sleep } from 'node:timers/promises';
import { formatOfContentType } from '../files/file-types';
import { FileNotFoundError, type FileStorage } from '../files/storage';
import { ExtractionError, type TextChunk } from './extract';
import { chunkText, extractText } from './index';

const PREVIEW_CHARACTERS = 2_000;

/** What the extraction of a stored file came to: chunks to index, or why there are none. */
export type ExtractionOutcome =
  | { status: 'ready'; chunks: TextChunk[]; pageCount: number | null; preview: string }
  | { status: 'failed' | 'unsupported'; error: string; pageCount: null };

/**
 * TSUMIKI_TEST_EXTRACT_DELAY_MS: a test knob only. Waits this long before each extraction so that
 * a test can kill the server while a job is active (test/documents/restart-resume.test.ts).
 */
function testDelay(): number {
  const raw = Number(process.env.TSUMIKI_TEST_EXTRACT_DELAY_MS ?? 0);
  return Number.isFinite(raw) && raw > 0 ? Math.min(raw, 600_000) : 0;
}

/**
 * The middle of every extraction worker (documents, knowledge base): the stored file → its text
 * (in a worker thread) → chunks and a preview, or the Japanese reason it cannot be read (a file
 * gone missing included). Any other failure (the worker thread died, storage unavailable)
 * rejects, so that the job queue retries.
 */
export async function extractStoredFile(
  files: FileStorage,
  file: { storageKey: string; contentType: string },
): Promise<ExtractionOutcome> {
  const delay = testDelay();
  if (delay > 0) await sleep(delay);
  try {
    const format = formatOfContentType(file.contentType);
    if (!format) throw new ExtractionError('この形式のファイルから文字は読み取れません。', 'unsupported');
    const text = await extractText(await files.read(file.storageKey), format);
    const preview = text.parts
      .map((part) => part.text.trim())
      .filter((part) => part !== '')
      .join('\n\n')
      .slice(0, PREVIEW_CHARACTERS);
    return { status: 'ready', chunks: chunkText(text), pageCount: text.pageCount, preview };
  } catch (error) {
    if (error instanceof ExtractionError)
      return { status: error.kind, error: error.message, pageCount: null };
    if (error instanceof FileNotFoundError) {
      return {
        status: 'failed',
        error: '保存されたファイルが見つかりません。もう一度アップロードしてください。',
        pageCount: null,
      };
    }
    throw error;
  }
}
