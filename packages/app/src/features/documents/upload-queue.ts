import { clientErrorMessages, isApiError } from '@tsumiki/api-client';
import type { FileUploadItem } from '@tsumiki/ui';
import { useEffect, useRef, useState } from 'react';

/** Files sent at the same time; the rest wait their turn. */
export const UPLOAD_CONCURRENCY = 2;

export type UploadItem = FileUploadItem & { file: File };

export interface UploadQueueOptions {
  /** Sends one file, reporting 0–100 progress; rejects with an ApiError. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  /** Every change of the items (a new array each time). */
  onChange: (items: readonly UploadItem[]) => void;
  /** After each file the server took. */
  onUploaded?: (file: File, result: unknown) => void;
  concurrency?: number;
}

let nextId = 0;

/**
 * Uploads files one request each, `concurrency` at a time, keeping per-file progress and errors.
 * A file whose request never got an answer (connection lost, timeout) is marked retryable; a file
 * the server refused (FILE_001 …) keeps the server's Japanese reason.
 */
export function createUploadQueue({
  upload,
  onChange,
  onUploaded,
  concurrency = UPLOAD_CONCURRENCY,
}: UploadQueueOptions) {
  let items: UploadItem[] = [];
  const update = (id: string, patch: Partial<UploadItem>) => {
    items = items.map((item) => (item.id === id ? { ...item, ...patch } : item));
    onChange(items);
  };
  const pump = () => {
    let running = items.filter((item) => item.status === 'uploading').length;
    for (const item of items) {
      if (running >= concurrency) break;
      if (item.status !== 'pending') continue;
      running += 1;
      void run(item);
    }
  };
  const run = async (item: UploadItem) => {
    update(item.id, { status: 'uploading', progress: 0, error: undefined, retryable: false });
    try {
      const result = await upload(item.file, (percent) =>
        update(item.id, { progress: Math.min(100, percent) }),
      );
      update(item.id, { status: 'done', progress: 100 });
      onUploaded?.(item.file, result);
    } catch (error) {
      const retryable = !isApiError(error) || error.isClientError;
      const message =
        error instanceof Error && error.message ? error.message : clientErrorMessages.UNKNOWN_ERROR;
      update(item.id, { status: 'error', error: message, retryable });
    }
    pump();
  };
  return {
    get items(): readonly UploadItem[] {
      return items;
    },
    add(files: readonly File[]) {
      const added = files.map<UploadItem>((file) => ({
        id: `upload-${++nextId}`,
        name: file.name,
        size: file.size,
        status: 'pending',
        progress: null,
        file,
      }));
      items = [...items, ...added];
      onChange(items);
      pump();
    },
    retry(id: string) {
      const item = items.find((candidate) => candidate.id === id);
      if (item?.status !== 'error') return;
      update(id, { status: 'pending', error: undefined, retryable: false, progress: null });
      pump();
    },
    /** Removes a file that is not being sent. */
    remove(id: string) {
      items = items.filter((item) => item.id !== id || item.status === 'uploading');
      onChange(items);
    },
    /** Drops the finished files from the list. */
    clearDone() {
      items = items.filter((item) => item.status !== 'done');
      onChange(items);
    },
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;

/** The queue for a screen: items as state; `upload` and `onUploaded` read the latest props. */
export function useUploadQueue(options: Omit<UploadQueueOptions, 'onChange'>) {
  const [items, setItems] = useState<readonly UploadItem[]>([]);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [queue] = useState(() =>
    createUploadQueue({
      upload: (file, onProgress) => latest.current.upload(file, onProgress),
      onUploaded: (file, result) => latest.current.onUploaded?.(file, result),
      onChange: setItems,
      concurrency: options.concurrency,
    }),
  );
  return { items, queue };
}
