import { useQuery } from '@tanstack/react-query';
import { documentTypeLabel } from '@tsumiki/api-client';
import { documentsQueryOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatFileSize,
  Skeleton,
} from '@tsumiki/ui';
import { FileText, FolderOpen } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { RouterLink } from '../../app/router-link';
import { useTenantApi } from '../../app/use-tenant-api';
import { formatCount, formatTenantDateTime } from '../../lib/format';
import { usePermissions } from '../access/permissions';
import { isFeatureEnabled, useFeatureFlags } from '../feature-flags';
import { folderHref } from './document-list-state';
import type { PreviewTarget } from './document-preview-dialog';

/** How many of the customer's documents the section shows (newest first). */
const SHOWN = 20;

// The preview loads the first time one opens: the customer page stays within its budget.
const DocumentPreviewDialog = lazy(() =>
  import('./document-preview-dialog').then((module) => ({ default: module.DocumentPreviewDialog })),
);

/**
 * 文書 on the customer page: the documents linked to the customer, newest first, each opening its
 * preview, with a link to the folder it is in. Shown to those who may read documents.
 */
export function CustomerDocumentsSection({ customerId }: { customerId: string }) {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!can('documents.read') || !isFeatureEnabled(flags, 'documents')) return null;
  return <CustomerDocuments customerId={customerId} />;
}

function CustomerDocuments({ customerId }: { customerId: string }) {
  const { api, tenantId } = useTenantApi();
  const [preview, setPreview] = useState<{ target: PreviewTarget; open: boolean } | null>(null);
  const documents = useQuery(
    documentsQueryOptions(api, tenantId, {
      customer_id: customerId,
      limit: SHOWN,
      sort_by: 'created_at',
      sort_order: 'desc',
    }),
  );
  const total = documents.data?.total ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>文書</h2>
        </CardTitle>
        <CardDescription>
          {documents.data
            ? total === 0
              ? 'この顧客の文書はありません。文書の画面でアップロードするときや、文書のメニューの「顧客を設定」で紐づけられます。'
              : `この顧客についての文書 ${formatCount(total)} 件${total > SHOWN ? `（新しい ${SHOWN} 件を表示）` : ''}`
            : 'この顧客についての文書'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {documents.isPending ? <Skeleton className="h-16 w-full" /> : null}
        {documents.isError ? <Alert variant="error">{documents.error.message}</Alert> : null}
        {documents.data && total > 0 ? (
          <ul aria-label="この顧客の文書" className="grid gap-2" data-testid="customer-documents">
            {documents.data.documents.map((document) => (
              <li
                key={document.id}
                className="flex min-w-0 flex-wrap items-start justify-between gap-x-3 gap-y-1"
              >
                <div className="grid min-w-0 gap-0.5">
                  <button
                    type="button"
                    className="flex w-fit items-start gap-1.5 text-left font-medium break-all text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() =>
                      setPreview({
                        open: true,
                        target: {
                          id: document.id,
                          fileName: document.file_name,
                          contentType: document.content_type,
                        },
                      })
                    }
                  >
                    <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {document.file_name}
                  </button>
                  <span className="text-xs text-muted-foreground">
                    {formatTenantDateTime(document.created_at)}・
                    {documentTypeLabel(document.content_type, document.file_name)}・
                    {formatFileSize(document.size_bytes)}
                  </span>
                </div>
                <RouterLink
                  href={folderHref(document.folder_id)}
                  className="flex min-h-9 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <FolderOpen aria-hidden="true" className="size-4" />
                  フォルダーを開く
                  <span className="sr-only">（{document.file_name}）</span>
                </RouterLink>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
      <Suspense fallback={null}>
        {preview ? (
          <DocumentPreviewDialog
            key={preview.target.id}
            open={preview.open}
            onOpenChange={(open) => setPreview((current) => (current ? { ...current, open } : null))}
            target={preview.target}
          />
        ) : null}
      </Suspense>
    </Card>
  );
}
