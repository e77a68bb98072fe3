import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type Document, documentTypeLabel, EXTRACTION_STATUS_LABELS } from '@tsumiki/api-client';
import {
  deleteDocumentMutationOptions,
  documentsQueryOptions,
  downloadDocumentMutationOptions,
} from '@tsumiki/api-client/react';
import { Alert, Chip, DataTable, type DataTableColumn, EmptyState, formatFileSize } from '@tsumiki/ui';
import { Download, Eye, FileText, FolderInput, Pencil, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { RouterLink } from '../../app/router-link';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { PERMISSION_DENIED_REASON } from '../../features/access/permissions';
import {
  DOCUMENT_PAGE_SIZE,
  type DocumentListState,
  type DocumentSort,
  defaultDocumentOrder,
  documentListQuery,
} from '../../features/documents/document-list-state';
import { DeletionDialog } from '../../features/documents/lazy-confirm-dialog';
import { ListPagination, type ListSort, ListTotal, tableSort } from '../../features/lists/list-controls';
import { listTableStatus } from '../../features/lists/list-hooks';
import { formatCount, formatTenantDateTime } from '../../lib/format';
import { saveFile } from '../../lib/save-file';
import type { DialogState } from './document-dialog-slot';

const STATUS_CHIP = { pending: 'info', ready: 'success', failed: 'error', unsupported: 'warning' } as const;

/** While any document is being read, the list asks again this often. */
const POLL_MS = 2000;

/** A header turned off sorts by upload time again, newest first. */
const SORT = { defaultSort: 'created_at', defaultOrder: defaultDocumentOrder } as const;

function StatusCell({ document }: { document: Document }) {
  return (
    <div className="grid gap-1">
      <Chip variant={STATUS_CHIP[document.extraction_status]} data-testid="extraction-status">
        {EXTRACTION_STATUS_LABELS[document.extraction_status]}
      </Chip>
      {document.extraction_error ? (
        <span className="max-w-56 text-xs whitespace-normal text-muted-foreground">
          {document.extraction_error}
        </span>
      ) : null}
    </div>
  );
}

/** The documents table's columns; the file name opens the preview. */
function documentColumns(preview: (document: Document) => void): DataTableColumn<Document>[] {
  return [
    {
      id: 'file_name',
      header: 'ファイル名',
      sortable: true,
      className: 'min-w-44',
      cell: (document) => (
        <div className="grid gap-0.5">
          <button
            type="button"
            className="w-fit text-left font-medium break-all text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => preview(document)}
          >
            {document.file_name}
          </button>
          {document.customer_id ? (
            <RouterLink
              href={`/customers/${document.customer_id}`}
              className="flex w-fit items-center gap-1 text-xs text-muted-foreground underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <UserRound aria-hidden="true" className="size-3.5" />
              顧客: {document.customer_name}
            </RouterLink>
          ) : null}
          <span className="text-xs text-muted-foreground md:hidden">
            {documentTypeLabel(document.content_type, document.file_name)}・
            {formatFileSize(document.size_bytes)}
            {document.page_count ? `・${document.page_count} ページ` : ''}
          </span>
        </div>
      ),
    },
    {
      id: 'type',
      header: '種類',
      nowrap: true,
      hideBelow: 'md',
      cell: (document) => documentTypeLabel(document.content_type, document.file_name),
    },
    {
      id: 'size_bytes',
      header: 'サイズ',
      sortable: true,
      nowrap: true,
      align: 'end',
      hideBelow: 'md',
      cell: (document) => <span className="tabular-nums">{formatFileSize(document.size_bytes)}</span>,
    },
    { id: 'status', header: '状態', cell: (document) => <StatusCell document={document} /> },
    {
      id: 'created_at',
      header: 'アップロード日時',
      sortable: true,
      nowrap: true,
      hideBelow: 'lg',
      cell: (document) => <span className="tabular-nums">{formatTenantDateTime(document.created_at)}</span>,
    },
  ];
}

/** The open folder's documents: sorted and paged on the server, asked again while any is being read. */
export function DocumentTable({
  state,
  canWrite,
  canDelete,
  onSort,
  onPageChange,
  onOpenDialog,
}: {
  state: DocumentListState;
  canWrite: boolean;
  canDelete: boolean;
  onSort: (sort: ListSort<DocumentSort>) => void;
  onPageChange: (page: number) => void;
  onOpenDialog: (dialog: DialogState) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const [deleting, setDeleting] = useState<Document | null>(null);
  const documents = useQuery({
    ...documentsQueryOptions(api, tenantId, documentListQuery(state)),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.documents.some((document) => document.extraction_status === 'pending')
        ? POLL_MS
        : false,
  });
  const remove = useMutation({
    ...deleteDocumentMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const download = useMutation({ ...downloadDocumentMutationOptions(api, tenantId), onSuccess: saveFile });
  const data = documents.isError ? undefined : documents.data;

  const preview = (document: Document) =>
    onOpenDialog({
      kind: 'preview',
      target: { id: document.id, fileName: document.file_name, contentType: document.content_type },
    });

  const columns = documentColumns(preview);

  return (
    <section aria-label="文書の一覧" className="grid gap-3">
      <ListTotal testId="document-total">
        {data ? `このフォルダーの文書: ${formatCount(data.total)} 件` : ''}
      </ListTotal>
      <DataTable
        caption="文書の一覧"
        columns={columns}
        rows={data?.documents ?? []}
        getRowId={(document) => document.id}
        getRowLabel={(document) => document.file_name}
        {...tableSort(SORT, state, onSort)}
        rowActions={(document) => [
          { label: 'プレビュー', icon: <Eye aria-hidden="true" />, onSelect: preview },
          {
            label: 'ダウンロード',
            icon: <Download aria-hidden="true" />,
            onSelect: () => download.mutate({ id: document.id, fileName: document.file_name }),
          },
          ...(canWrite
            ? [
                {
                  label: '名前を変更',
                  icon: <Pencil aria-hidden="true" />,
                  onSelect: () => onOpenDialog({ kind: 'rename', document }),
                },
                {
                  label: document.customer_id ? '顧客を変更' : '顧客を設定',
                  icon: <UserRound aria-hidden="true" />,
                  onSelect: () => onOpenDialog({ kind: 'customer', document }),
                },
                {
                  label: '移動',
                  icon: <FolderInput aria-hidden="true" />,
                  onSelect: () => onOpenDialog({ kind: 'move', target: { kind: 'document', document } }),
                },
              ]
            : []),
          ...(canDelete
            ? [
                {
                  label: '削除',
                  icon: <Trash2 aria-hidden="true" />,
                  destructive: true,
                  onSelect: () => setDeleting(document),
                },
              ]
            : []),
        ]}
        {...listTableStatus(documents)}
        loadingRowCount={4}
        empty={
          <EmptyState
            icon={<FileText aria-hidden="true" className="size-6" />}
            title="このフォルダーには文書がありません"
            description={
              canWrite
                ? 'ファイルを上の枠にドラッグ＆ドロップするか、「ファイルを選択」から追加できます。'
                : PERMISSION_DENIED_REASON
            }
          />
        }
      />
      {download.isError ? <Alert variant="error">{download.error.message}</Alert> : null}
      {data && data.total > DOCUMENT_PAGE_SIZE ? (
        <ListPagination
          page={state.page}
          pageSize={DOCUMENT_PAGE_SIZE}
          total={data.total}
          disabled={documents.isFetching}
          onPageChange={onPageChange}
        />
      ) : null}
      <DeletionDialog
        open={deleting !== null}
        onOpenChange={(next) => {
          if (!next) setDeleting(null);
        }}
        title={deleting ? `「${deleting.file_name}」を削除しますか？` : ''}
        description="ファイルと、検索のための索引も削除されます。この操作は取り消せません。"
        onDelete={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast({ variant: 'success', title: '文書を削除しました', description: deleting.file_name });
        }}
      />
    </section>
  );
}
