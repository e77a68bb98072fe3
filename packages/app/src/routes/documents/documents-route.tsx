import { useQuery } from '@tanstack/react-query';
import type { Folder } from '@tsumiki/api-client';
import { documentsQueryOptions, folderQueryOptions, foldersQueryOptions } from '@tsumiki/api-client/react';
import { Alert, type BreadcrumbItem, Breadcrumbs, Button, PageHeader, Skeleton } from '@tsumiki/ui';
import { FolderInput, FolderPlus, Pencil } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { RouterLink } from '../../app/router-link';
import { useTenantApi } from '../../app/use-tenant-api';
import { isFeatureOff } from '../../features/access/feature-off';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen } from '../../features/access/screen-states';
import {
  documentListQuery,
  folderHref,
  parseDocumentListState,
  type SearchMode,
  serializeDocumentListState,
} from '../../features/documents/document-list-state';
import { TOP_LEVEL_LABEL } from '../../features/documents/folder-picker';
import { type UrlSearch, useFormDialog, useUrlSearch } from '../../features/lists/list-hooks';
import { ScreenGate, UrlSearchInput } from '../../features/lists/list-pieces';
import { useListUrlState } from '../../features/lists/list-url-state';
import { type DialogState, Dialogs } from './document-dialog-slot';
import { DocumentTable } from './document-table';
import { DeleteFolderButton, FolderSidebar, SubfolderList } from './folder-panes';
import { SearchResults } from './search-results';

const title = appRoutes.documents.title;

// Uploading is for writers only: in its own chunk.
const UploadArea = lazy(() => import('./upload-area').then((module) => ({ default: module.UploadArea })));

/** Fetches the folder's page the URL asks for while the chunk loads. */
export const loader = listRouteLoader((tenantId, params) =>
  documentsQueryOptions(api, tenantId, documentListQuery(parseDocumentListState(params))),
);

export const shouldRevalidate = revalidateOnPathChange;

/** /documents: folders, uploads, keyword and semantic search, preview and download. */
export function Component() {
  return (
    <ScreenGate title={title} feature="documents" permission="documents.read">
      <DocumentsScreen />
    </ScreenGate>
  );
}

function DocumentsScreen() {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const canWrite = can('documents.write');
  const canDelete = can('documents.delete');
  const { state, update } = useListUrlState(parseDocumentListState, serializeDocumentListState);
  const search = useUrlSearch(state.q);
  const dialog = useFormDialog<DialogState>();
  const open = dialog.show;

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

      <DocumentSearch
        search={search}
        mode={state.mode}
        onSearch={(query) => update({ q: query, page: 1 }, { replace: true })}
        onModeChange={(mode) => update({ mode, page: 1 }, { replace: true })}
      />

      {state.q ? (
        <SearchResults
          state={state}
          onOpen={(target) => open({ kind: 'preview', target })}
          onClear={() => {
            search.reset();
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
            <FolderToolbar
              crumbs={crumbs}
              folder={state.folder ? folder.data : undefined}
              canWrite={canWrite}
              canDelete={canDelete}
              onOpenDialog={open}
            />

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
              onSort={(sort) => update({ ...sort, page: 1 })}
              onPageChange={(page) => update({ page })}
              onOpenDialog={open}
            />
          </div>
        </div>
      )}

      <Suspense fallback={null}>
        {dialog.form ? (
          <Dialogs state={dialog.form.mode} open={dialog.form.open} onOpenChange={dialog.onOpenChange} />
        ) : null}
      </Suspense>
    </div>
  );
}

/** Where the open folder sits (パンくず), and what can be done to it. */
function FolderToolbar({
  crumbs,
  folder,
  canWrite,
  canDelete,
  onOpenDialog,
}: {
  crumbs: BreadcrumbItem[];
  /** The open folder, once loaded; undefined at the top level. */
  folder: Folder | undefined;
  canWrite: boolean;
  canDelete: boolean;
  onOpenDialog: (dialog: DialogState) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Breadcrumbs items={crumbs} linkComponent={RouterLink} />
      {folder ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
            onClick={() => onOpenDialog({ kind: 'folder-name', mode: { kind: 'rename', folder } })}
          >
            <Pencil aria-hidden="true" />
            名前を変更
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
            onClick={() => onOpenDialog({ kind: 'move', target: { kind: 'folder', folder } })}
          >
            <FolderInput aria-hidden="true" />
            移動
          </Button>
          <DeleteFolderButton folder={folder} canDelete={canDelete} />
        </div>
      ) : null}
    </div>
  );
}

/** 文書の検索: the box, and キーワード or 意味で検索. */
function DocumentSearch({
  search,
  mode,
  onSearch,
  onModeChange,
}: {
  search: UrlSearch;
  mode: SearchMode;
  onSearch: (query: string) => void;
  onModeChange: (mode: SearchMode) => void;
}) {
  return (
    <search aria-label="文書の検索" className="grid gap-2 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
      <UrlSearchInput
        search={search}
        label="文書を検索"
        placeholder={
          mode === 'semantic' ? '例: 解約の通知はいつまでに必要？' : 'ファイル名・本文の語句（2 文字から）'
        }
        onSearch={onSearch}
      />
      <fieldset className="flex items-center gap-1 rounded-md border p-1">
        <legend className="sr-only">検索の方法</legend>
        {(
          [
            ['keyword', 'キーワード'],
            ['semantic', '意味で検索'],
          ] as const satisfies readonly (readonly [SearchMode, string])[]
        ).map(([value, label]) => (
          <label
            key={value}
            className="flex min-h-9 cursor-pointer items-center gap-1.5 rounded-sm px-3 text-sm has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name="search-mode"
              value={value}
              className="sr-only"
              checked={mode === value}
              onChange={() => onModeChange(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </search>
  );
}
