import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_ACCEPT, DOCUMENT_ACCEPT_LABEL, MAX_UPLOAD_BYTES } from '@tsumiki/api-client';
import { tenantKey } from '@tsumiki/api-client/react';
import { Button, FileDropzone } from '@tsumiki/ui';
import { useRef } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { useUploadQueue } from '../../features/documents/upload-queue';
import { sendUpload } from '../../features/documents/upload-request';

/** Drop or choose many files: each its own request, two at a time, with its own progress and error. */
export function UploadArea({ folderId, folderName }: { folderId: string | null; folderName: string }) {
  const { tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  // Each file goes to the folder that was open when it was chosen.
  const destinations = useRef(new WeakMap<File, string | null>());
  const { items, queue } = useUploadQueue({
    upload: (file, onProgress) => {
      const folder = destinations.current.get(file) ?? null;
      return sendUpload({
        path: '/api/documents/upload',
        fields: { file, ...(folder ? { folder_id: folder } : {}) },
        tenantId,
        onProgress,
      });
    },
    onUploaded: () => {
      // By the tenant's keys rather than documentKeys/folderKeys: importing those would tie this
      // chunk to the route's (where the documents factories live).
      void queryClient.invalidateQueries({ queryKey: [...tenantKey(tenantId), 'documents'] });
      void queryClient.invalidateQueries({ queryKey: [...tenantKey(tenantId), 'folders'] });
    },
  });
  const done = items.filter((item) => item.status === 'done').length;
  return (
    <section aria-label="ファイルのアップロード" className="grid gap-2">
      <FileDropzone
        label={`「${folderName}」にアップロード`}
        accept={DOCUMENT_ACCEPT}
        acceptLabel={DOCUMENT_ACCEPT_LABEL}
        maxSize={MAX_UPLOAD_BYTES}
        multiple
        hint={
          <p className="text-xs text-muted-foreground">
            アップロード先: {folderName}（複数のファイルをまとめて選べます）
          </p>
        }
        items={items}
        onFilesAccepted={(files) => {
          for (const file of files) destinations.current.set(file, folderId);
          queue.add(files);
        }}
        onRetry={(id) => queue.retry(id)}
        onRemove={(id) => queue.remove(id)}
      />
      {done > 0 ? (
        <Button variant="subtle" size="sm" className="w-fit" onClick={() => queue.clearDone()}>
          完了した {done} 件を一覧から消す
        </Button>
      ) : null}
    </section>
  );
}
