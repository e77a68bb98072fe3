import { useQuery } from '@tanstack/react-query';
import type { Folder } from '@tsumiki/api-client';
import { folderQueryOptions, foldersQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, Skeleton } from '@tsumiki/ui';
import { ChevronRight, CornerLeftUp, Folder as FolderIcon, Home } from 'lucide-react';
import { useId, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';

/** The top level, where documents and folders live outside any folder. */
export const TOP_LEVEL_LABEL = 'トップ';

export interface FolderPickerProps {
  /** The chosen folder (null: the top level). */
  value: string | null;
  onChange: (folderId: string | null, name: string) => void;
  /** A folder that cannot be chosen or entered (the folder being moved). */
  excludeId?: string;
  /** Where the picker starts browsing. */
  initialParentId?: string | null;
}

/**
 * Choosing a destination folder: the folders of one level as radio buttons, each with a button
 * that shows its sub-folders, and the way back up. Works the same at 375 px and with the keyboard.
 */
export function FolderPicker({ value, onChange, excludeId, initialParentId = null }: FolderPickerProps) {
  const { api, tenantId } = useTenantApi();
  const [parentId, setParentId] = useState<string | null>(initialParentId);
  const name = useId();
  const folders = useQuery(foldersQueryOptions(api, tenantId, parentId ? { parent_id: parentId } : {}));
  const parent = useQuery({
    ...folderQueryOptions(api, tenantId, parentId ?? ''),
    enabled: parentId !== null,
  });
  const ancestors = parent.data
    ? [...parent.data.ancestors, { id: parent.data.id, name: parent.data.name }]
    : [];

  const option = (id: string | null, label: string, folder?: Folder) => {
    const disabled = id !== null && id === excludeId;
    return (
      <li
        key={id ?? 'top'}
        className="flex items-center gap-2 rounded-md border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-subtle"
      >
        <input
          type="radio"
          id={`${name}-${id ?? 'top'}`}
          name={name}
          className="size-4 accent-primary"
          checked={value === id}
          disabled={disabled}
          onChange={() => onChange(id, label)}
        />
        <label htmlFor={`${name}-${id ?? 'top'}`} className="flex min-w-0 flex-1 items-center gap-2 text-sm">
          {id === null ? (
            <Home aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <FolderIcon aria-hidden="true" className="size-4 shrink-0" />
          )}
          <span className="truncate">{label}</span>
          {disabled ? (
            <span className="shrink-0 text-xs text-muted-foreground">（移動するフォルダー）</span>
          ) : null}
        </label>
        {folder && folder.folder_count > 0 && !disabled ? (
          <Button variant="ghost" size="sm" onClick={() => setParentId(folder.id)}>
            <span className="sr-only">{folder.name}の</span>中のフォルダー
            <ChevronRight aria-hidden="true" />
          </Button>
        ) : null}
      </li>
    );
  };

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">移動先のフォルダー</legend>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        表示中: {[TOP_LEVEL_LABEL, ...ancestors.map((folder) => folder.name)].join(' › ')}
      </p>
      {parentId !== null ? (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => setParentId(parent.data?.parent_id ?? null)}
        >
          <CornerLeftUp aria-hidden="true" />
          ひとつ上へ
        </Button>
      ) : null}
      <ul className="grid max-h-72 gap-1.5 overflow-y-auto">
        {parentId === null
          ? option(null, `${TOP_LEVEL_LABEL}（フォルダーに入れない）`)
          : parent.data
            ? option(parent.data.id, `${parent.data.name}（このフォルダー）`)
            : null}
        {folders.isPending ? (
          <li>
            <Skeleton className="h-10 w-full" />
          </li>
        ) : null}
        {folders.data?.folders.map((folder) => option(folder.id, folder.name, folder))}
      </ul>
      {folders.isError ? <Alert variant="error">{folders.error.message}</Alert> : null}
    </fieldset>
  );
}
