import { ApiError, createClientError } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { createUploadQueue, type UploadItem } from './upload-queue';

function deferred() {
  let resolve!: (value: unknown) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const file = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createUploadQueue', () => {
  it('sends two files at a time, one request each, with their own progress', async () => {
    const calls: { name: string; progress: (percent: number) => void; done: ReturnType<typeof deferred> }[] =
      [];
    let items: readonly UploadItem[] = [];
    const uploaded: string[] = [];
    const queue = createUploadQueue({
      upload: (sent, progress) => {
        const done = deferred();
        calls.push({ name: sent.name, progress, done });
        return done.promise;
      },
      onChange: (next) => {
        items = next;
      },
      onUploaded: (sent) => uploaded.push(sent.name),
    });
    queue.add([file('契約書.pdf'), file('同意書.pdf'), file('規則.pdf')]);
    expect(calls.map((call) => call.name)).toEqual(['契約書.pdf', '同意書.pdf']);
    expect(items.map((item) => item.status)).toEqual(['uploading', 'uploading', 'pending']);

    calls[0]?.progress(40);
    expect(items[0]?.progress).toBe(40);
    expect(items[1]?.progress).toBe(0);

    calls[0]?.done.resolve({ id: '1' });
    await flush();
    expect(items[0]?.status).toBe('done');
    expect(calls.map((call) => call.name)).toEqual(['契約書.pdf', '同意書.pdf', '規則.pdf']);
    expect(uploaded).toEqual(['契約書.pdf']);
  });

  it("keeps the server's reason for a refused file and offers retry only after a lost connection", async () => {
    let items: readonly UploadItem[] = [];
    let attempt = 0;
    const queue = createUploadQueue({
      upload: async (sent) => {
        attempt += 1;
        if (sent.name === 'setup.pdf') {
          throw new ApiError(422, {
            code: 'FILE_002',
            category: 'file_operation',
            severity: 'low',
            message: 'この形式のファイルは登録できません。',
            suggestion: '',
            timestamp: '',
            context: null,
            request_id: 'r',
            path: '/api/documents/upload',
          });
        }
        if (attempt <= 2) throw createClientError('NETWORK_ERROR');
        return {};
      },
      onChange: (next) => {
        items = next;
      },
    });
    queue.add([file('setup.pdf'), file('議事録.pdf')]);
    await flush();
    expect(items.map((item) => [item.status, item.error, item.retryable])).toEqual([
      ['error', 'この形式のファイルは登録できません。', false],
      ['error', 'ネットワークエラーが発生しました。接続を確認してください。', true],
    ]);
    queue.retry(items[1]!.id);
    await flush();
    expect(items[1]?.status).toBe('done');
    expect(items[1]?.error).toBeUndefined();
  });

  it('removes waiting or finished files but never one being sent', async () => {
    let items: readonly UploadItem[] = [];
    const never = new Promise(() => {});
    const queue = createUploadQueue({
      upload: () => never,
      onChange: (next) => (items = next),
      concurrency: 1,
    });
    queue.add([file('a.pdf'), file('b.pdf')]);
    queue.remove(items[0]!.id);
    queue.remove(items[1]!.id);
    expect(items.map((item) => item.name)).toEqual(['a.pdf']);
  });
});
