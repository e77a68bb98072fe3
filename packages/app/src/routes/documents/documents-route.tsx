import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { type Document, documentTypeLabel, EXTRACTION_STATUS_LABELS, type Folder } from '@tsumiki/api-client';
import {
  deleteDocumentMutationOptions,
  deleteFolderMutationOptions,
  documentsQueryOptions,
  downloadDocumentMutationOptions,
  folderQueryOptions,
  foldersQueryOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Breadcrumbs,
  Button,
  Chip,
  DataTable,
  type DataTableColumn,
  EmptyState,
  FolderTree,
  type FolderTreeNode,
  formatFileSize,
  type NavigationLinkProps,
  PageHeader,
  Pagination,
  SearchInput,
  Skeleton,
} from '@tsumiki/ui';
import {
  Download,
  Eye,
  FileText,
  Folder as FolderIcon,
  FolderInput,
  FolderPlus,
  Home,
  Pencil,
  Trash2,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { saveFile } from '../../features/customers/save-file';
import { useTenantApi } from '../../features/customers/use-tenant-api';
import type { FolderNameMode, MoveTarget, PreviewTarget } from '../../features/documents/document-dialogs';
import {
  DOCUMENT_PAGE_SIZE,
  type DocumentListState,
  type DocumentSort,
  defaultDocumentOrder,
  documentListQuery,
  folderHref,
  parseDocumentListState,
  type SearchMode,
  serializeDocumentListState,
} from '../../features/documents/document-list-state';
import { TOP_LEVEL_LABEL } from '../../features/documents/folder-picker';
import { DeletionDialog } from '../../features/documents/lazy-confirm-dialog';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { isFeatureOff } from '../../features/sessions/feature-off';
import { formatCount, formatTenantDateTime } from '../../lib/format';
import { SearchResults } from './search-results';

const title = appRoutes.documents.title;

// Dialogs load the first time one opens: the list stays within the route budget.
const dialogs = () => import('../../features/documents/document-dialogs');
const FolderNameDialog = lazy(() => dialogs().then((module) => ({ default: module.FolderNameDialog })));
const RenameDocumentDialog = lazy(() =>
  dialogs().then((module) => ({ default: module.RenameDocumentDialog })),
);
const MoveDialog = lazy(() => dialogs().then((module) => ({ default: module.MoveDialog })));
const DocumentPreviewDialog = lazy(() =>
  dialogs().then((module) => ({ default: module.DocumentPreviewDialog })),
);
// Uploading is for writers only: in its own chunk.
const UploadArea = lazy(() => import('./upload-area').then((module) => ({ default: module.UploadArea })));

const STATUS_CHIP = { pending: 'info', ready: 'success', failed: 'error', unsupported: 'warning' } as const;

/** While any document is being read, the list asks again this often. */
const POLL_MS = 2000;

/** Fetches the folder's page the URL asks for while the chunk loads. */
export const loader = listRouteLoader((tenantId, params) =>
  documentsQueryOptions(api, tenantId, documentListQuery(parseDocumentListState(params))),
);

export const shouldRevalidate = revalidateOnPathChange;

/** /documents: folders, uploads, keyword and semantic search, preview and download. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'documents')) return <FeatureOffScreen title={title} />;
  if (!can('documents.read')) return <PermissionDeniedScreen title={title} />;
  return <DocumentsScreen />;
}

function RouterLink({ href, className, children, onClick, 'aria-current': current }: NavigationLinkProps) {
  return (
    <Link to={href} className={className} aria-current={current} onClick={onClick}>
      {children}
    </Link>
  );
}

type DialogState =
  | { kind: 'folder-name'; mode: FolderNameMode }
  | { kind: 'rename'; document: Document }
  | { kind: 'move'; target: MoveTarget }
  | { kind: 'preview'; target: PreviewTarget };

function DocumentsScreen() {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const canWrite = can('documents.write');
  const canDelete = can('documents.delete');
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseDocumentListState(params), [params]);
  const [dialog, setDialog] = useState<{ open: boolean; state: DialogState } | null>(null);
  const [searchKey, setSearchKey] = useState(0);

  const update = (patch: Partial<DocumentListState>, options: { replace?: boolean } = {}) =>
    setParams(serializeDocumentListState({ ...state, ...patch }), { replace: options.replace ?? false });
  const open = (next: DialogState) => setDialog({ open: true, state: next });

  const folder = useQuery({
    ...folderQueryOptions(api, tenantId, state.folder ?? ''),
    enabled: state.folder !== null,
  });
  const subfolders = useQuery(
    foldersQueryOptions(api, tenantId, state.folder ? { parent_id: state.folder } : {}),
  );
  const ancestors = folder.data?.ancestors ?? [];

  const crumbs = [
    { key: 'top', label: TOP_LEVEL_LABEL, href: folderHref(null) },
    ...ancestors.map((ancestor) => ({
      key: ancestor.id,
      label: ancestor.name,
      href: folderHref(ancestor.id),
    })),
    ...(state.folder ? [{ key: state.folder, label: folder.data?.name ?? '…' }] : []),
  ];
  const currentName = state.folder ? (folder.data?.name ?? '') : TOP_LEVEL_LABEL;

  if (folder.isError && isFeatureOff(folder.error)) return <FeatureOffScreen title={title} />;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="契約書・同意書・通知などのファイルをフォルダーで整理し、本文から探せます。"
        actions={
          <Button
            variant="outline"
            disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
            onClick={() => open({ kind: 'folder-name', mode: { kind: 'create', parentId: state.folder } })}
          >
            <FolderPlus aria-hidden="true" />
            新しいフォルダー
          </Button>
        }
      />

      <search aria-label="文書の検索" className="grid gap-2 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
        <SearchInput
          key={searchKey}
          defaultValue={state.q}
          label="文書を検索"
          placeholder={
            state.mode === 'semantic'
              ? '例: 解約の通知はいつまでに必要？'
              : 'ファイル名・本文の語句（2 文字から）'
          }
          onSearch={(query) => update({ q: query, page: 1 }, { replace: true })}
        />
        <fieldset className="flex items-center gap-1 rounded-md border p-1">
          <legend className="sr-only">検索の方法</legend>
          {(
            [
              ['keyword', 'キーワード'],
              ['semantic', '意味で検索'],
            ] as const satisfies readonly (readonly [SearchMode, string])[]
          ).map(([mode, label]) => (
            <label
              key={mode}
              className="flex min-h-9 cursor-pointer items-center gap-1.5 rounded-sm px-3 text-sm has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="search-mode"
                value={mode}
                className="sr-only"
                checked={state.mode === mode}
                onChange={() => update({ mode, page: 1 }, { replace: true })}
              />
              {label}
            </label>
          ))}
        </fieldset>
      </search>

      {state.q ? (
        <SearchResults
          state={state}
          onOpen={(target) => open({ kind: 'preview', target })}
          onClear={() => {
            setSearchKey((key) => key + 1);
            update({ q: '', page: 1 });
          }}
          onPageChange={(page) => update({ page })}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <aside aria-label="フォルダーの一覧" className="hidden lg:block">
            <div className="sticky top-4 rounded-lg border bg-surface p-2">
              <FolderSidebar currentId={state.folder} ancestors={ancestors.map((ancestor) => ancestor.id)} />
            </div>
          </aside>

          <div className="grid min-w-0 gap-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Breadcrumbs items={crumbs} linkComponent={RouterLink} />
              {state.folder && folder.data ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
                    onClick={() =>
                      folder.data &&
                      open({ kind: 'folder-name', mode: { kind: 'rename', folder: folder.data } })
                    }
                  >
                    <Pencil aria-hidden="true" />
                    名前を変更
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
                    onClick={() =>
                      folder.data && open({ kind: 'move', target: { kind: 'folder', folder: folder.data } })
                    }
                  >
                    <FolderInput aria-hidden="true" />
                    移動
                  </Button>
                  <DeleteFolderButton folder={folder.data} canDelete={canDelete} />
                </div>
              ) : null}
            </div>

            {folder.isError ? <Alert variant="error">{folder.error.message}</Alert> : null}

            <SubfolderList
              folders={subfolders.data?.folders}
              loading={subfolders.isPending}
              currentName={currentName}
            />

            {canWrite ? (
              <Suspense fallback={<Skeleton className="h-44 w-full" />}>
                <UploadArea folderId={state.folder} folderName={currentName} />
              </Suspense>
            ) : null}

            <DocumentTable
              state={state}
              canWrite={canWrite}
              canDelete={canDelete}
              onSort={(sort, order) => update({ sort, order, page: 1 })}
              onPageChange={(page) => {
                update({ page });
                window.scrollTo({ top: 0 });
              }}
              onOpenDialog={open}
            />
          </div>
        </div>
      )}

      <Suspense fallback={null}>
        {dialog ? (
          <Dialogs
            state={dialog.state}
            open={dialog.open}
            onOpenChange={(next) => setDialog((current) => (current ? { ...current, open: next } : current))}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

function Dialogs({
  state,
  open,
  onOpenChange,
}: {
  state: DialogState;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  switch (state.kind) {
    case 'folder-name':
      return (
        <FolderNameDialog
          key={state.mode.kind === 'rename' ? state.mode.folder.id : `new-${state.mode.parentId}`}
          open={open}
          onOpenChange={onOpenChange}
          mode={state.mode}
          onSaved={(saved) => {
            if (state.mode.kind === 'create') navigate(folderHref(saved.id));
          }}
        />
      );
    case 'rename':
      return (
        <RenameDocumentDialog
          key={state.document.id}
          open={open}
          onOpenChange={onOpenChange}
          document={state.document}
        />
      );
    case 'move':
      return (
        <MoveDialog
          key={state.target.kind === 'document' ? state.target.document.id : state.target.folder.id}
          open={open}
          onOpenChange={onOpenChange}
          target={state.target}
        />
      );
    case 'preview':
      return (
        <DocumentPreviewDialog
          key={`${state.target.id}-${state.target.page ?? ''}`}
          open={open}
          onOpenChange={onOpenChange}
          target={state.target}
        />
      );
  }
}

/** The side pane: the folder hierarchy, each level loaded when opened. */
function FolderSidebar({ currentId, ancestors }: { currentId: string | null; ancestors: readonly string[] }) {
  const { api, tenantId } = useTenantApi();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // The current folder's ancestors open by themselves (a link, or a move into a sub-folder).
  const ancestorKey = ancestors.join('/');
  useEffect(() => {
    if (!ancestorKey) return;
    setExpanded((current) => {
      const missing = ancestorKey.split('/').filter((id) => !current.has(id));
      return missing.length ? new Set([...current, ...missing]) : current;
    });
  }, [ancestorKey]);
  const top = useQuery(foldersQueryOptions(api, tenantId, {}));
  const open = [...expanded];
  const children = useQueries({
    queries: open.map((id) => foldersQueryOptions(api, tenantId, { parent_id: id })),
  });
  const childrenOf = new Map<string, readonly Folder[]>();
  open.forEach((id, index) => {
    const data = children[index]?.data;
    if (data) childrenOf.set(id, data.folders);
  });
  const toNode = (folder: Folder): FolderTreeNode => ({
    id: folder.id,
    name: folder.name,
    href: folderHref(folder.id),
    count: folder.document_count,
    hasChildren: folder.folder_count > 0,
    children: childrenOf.get(folder.id)?.map(toNode),
  });
  const nodes: FolderTreeNode[] = [
    {
      id: 'top',
      name: TOP_LEVEL_LABEL,
      href: folderHref(null),
      hasChildren: false,
      icon: <Home aria-hidden="true" className="size-4 shrink-0" />,
    },
    ...(top.data?.folders.map(toNode) ?? []),
  ];
  if (top.isPending) return <Skeleton className="h-32 w-full" />;
  return (
    <FolderTree
      label="フォルダー"
      nodes={nodes}
      currentId={currentId ?? 'top'}
      expanded={expanded}
      onExpandedChange={(id, isOpen) =>
        setExpanded((current) => {
          const next = new Set(current);
          if (isOpen) next.add(id);
          else next.delete(id);
          return next;
        })
      }
      linkComponent={RouterLink}
    />
  );
}

/** The folders inside the current one: on a phone, the way down the hierarchy. */
function SubfolderList({
  folders,
  loading,
  currentName,
}: {
  folders: readonly Folder[] | undefined;
  loading: boolean;
  currentName: string;
}) {
  if (loading) return <Skeleton className="h-12 w-full" />;
  if (!folders || folders.length === 0) return null;
  return (
    <section aria-label={`${currentName}の中のフォルダー`}>
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {folders.map((folder) => (
          <li key={folder.id}>
            <Link
              to={folderHref(folder.id)}
              className="flex min-h-12 items-center gap-3 rounded-lg border bg-surface px-3 py-2 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              <FolderIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <span className="min-w-0 flex-1 truncate font-medium">{folder.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                文書 {formatCount(folder.document_count)} 件
                {folder.folder_count > 0 ? `・フォルダー ${formatCount(folder.folder_count)}` : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeleteFolderButton({ folder, canDelete }: { folder: Folder; canDelete: boolean }) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    ...deleteFolderMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabledReason={canDelete ? undefined : PERMISSION_DENIED_REASON}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        削除
      </Button>
      <DeletionDialog
        open={open}
        onOpenChange={setOpen}
        title={`フォルダー「${folder.name}」を削除しますか？`}
        description="空のフォルダーだけを削除できます。中の文書とフォルダーは先に移動するか削除してください。"
        onDelete={async () => {
          await remove.mutateAsync(folder.id);
          toast({ variant: 'success', title: 'フォルダーを削除しました', description: folder.name });
          navigate(folderHref(folder.parent_id));
        }}
      />
    </>
  );
}

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

function DocumentTable({
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
  onSort: (sort: DocumentSort, order: 'asc' | 'desc') => void;
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

  const columns: DataTableColumn<Document>[] = [
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

  return (
    <section aria-label="文書の一覧" className="grid gap-3">
      <p
        aria-live="polite"
        className="min-h-5 text-sm text-muted-foreground tabular-nums"
        data-testid="document-total"
      >
        {data ? `このフォルダーの文書: ${formatCount(data.total)} 件` : ''}
      </p>
      <DataTable
        caption="文書の一覧"
        columns={columns}
        rows={data?.documents ?? []}
        getRowId={(document) => document.id}
        getRowLabel={(document) => document.file_name}
        sort={{ by: state.sort, order: state.order }}
        onSortChange={(sort) => {
          const by = (sort?.by ?? 'created_at') as DocumentSort;
          onSort(by, sort?.order ?? defaultDocumentOrder(by));
        }}
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
        loading={documents.isPending || (documents.isFetching && documents.isPlaceholderData)}
        loadingRowCount={4}
        error={documents.isError ? documents.error.message : undefined}
        onRetry={() => void documents.refetch()}
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
        <Pagination
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
