import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import type { Folder } from '@tsumiki/api-client';
import { deleteFolderMutationOptions, foldersQueryOptions } from '@tsumiki/api-client/react';
import { Button, FolderTree, type FolderTreeNode, Skeleton } from '@tsumiki/ui';
import { Folder as FolderIcon, Home, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RouterLink } from '../../app/router-link';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { PERMISSION_DENIED_REASON } from '../../features/access/permissions';
import { folderHref } from '../../features/documents/document-list-state';
import { TOP_LEVEL_LABEL } from '../../features/documents/folder-picker';
import { DeletionDialog } from '../../features/documents/lazy-confirm-dialog';
import { formatCount } from '../../lib/format';

/** The side pane: the folder hierarchy, each level loaded when opened. */
export function FolderSidebar({
  currentId,
  ancestors,
}: {
  currentId: string | null;
  ancestors: readonly string[];
}) {
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
export function SubfolderList({
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

/** 削除 of the open folder: only an empty one; afterwards, its parent. */
export function DeleteFolderButton({ folder, canDelete }: { folder: Folder; canDelete: boolean }) {
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
