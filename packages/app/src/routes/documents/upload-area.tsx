import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_ACCEPT, DOCUMENT_ACCEPT_LABEL, MAX_UPLOAD_BYTES } from '@tsumiki/api-client';
import { tenantKey } from '@tsumiki/api-client/react';
import { Button, FileDropzone } from '@tsumiki/ui';
import { useRef, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { DocumentCustomerChooser } from '../../features/documents/document-customer';
import { useUploadQueue } from '../../features/documents/upload-queue';
import { sendUpload } from '../../features/documents/upload-request';
import type { ChosenCustomer } from '../../features/forms/customer-chooser';

/** Drop or choose many files: each its own request, two at a time, with its own progress and error. */
export function UploadArea({ folderId, folderName }: { folderId: string | null; folderName: string }) {
  const { tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  // The customer the next files concern (optional); kept while the screen is open.
  const [customer, setCustomer] = useState<ChosenCustomer | null>(null);
  // Each file goes to the folder that was open, and to the customer chosen, when it was chosen.
  const destinations = useRef(new WeakMap<File, { folder: string | null; customer: string | null }>());
  const { items, queue } = useUploadQueue({
    upload: (file, onProgress) => {
      const { folder, customer } = destinations.current.get(file) ?? { folder: null, customer: null };
      return sendUpload({
        path: '/api/documents/upload',
        fields: {
          file,
          ...(folder ? { folder_id: folder } : {}),
          ...(customer ? { customer_id: customer } : {}),
        },
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
      <DocumentCustomerChooser value={customer} onChange={setCustomer} testId="upload-customer" />
      <FileDropzone
        label={`「${folderName}」にアップロード`}
        accept={DOCUMENT_ACCEPT}
        acceptLabel={DOCUMENT_ACCEPT_LABEL}
        maxSize={MAX_UPLOAD_BYTES}
        multiple
        hint={
          <p className="text-xs text-muted-foreground">
            アップロード先: {folderName}
            {customer ? `・顧客: ${customer.name}` : ''}（複数のファイルをまとめて選べます）
          </p>
        }
        items={items}
        onFilesAccepted={(files) => {
          for (const file of files)
            destinations.current.set(file, { folder: folderId, customer: customer?.id ?? null });
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
