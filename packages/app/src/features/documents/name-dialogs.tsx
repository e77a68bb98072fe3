import { useMutation } from '@tanstack/react-query';
import type { Document, Folder } from '@tsumiki/api-client';
import {
  createFolderMutationOptions,
  updateDocumentMutationOptions,
  updateFolderMutationOptions,
} from '@tsumiki/api-client/react';
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  TextField,
} from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { errorMessage } from '../../lib/error-message';

const FOLDER_NAME_PATTERN = /[/\\]/;

/** A client-side check of a folder or file name (the server checks again). */
export function nameProblem(name: string, what: 'フォルダー名' | 'ファイル名'): string | null {
  if (name.trim() === '') return `${what}を入力してください。`;
  if (FOLDER_NAME_PATTERN.test(name)) return `${what}に / と \\ は使えません。`;
  if (name.length > (what === 'フォルダー名' ? 100 : 255)) return `${what}が長すぎます。`;
  return null;
}

export type FolderNameMode = { kind: 'create'; parentId: string | null } | { kind: 'rename'; folder: Folder };

/** One name to type (a folder's or a file's), checked here and by the server. */
function NameDialog({
  open,
  onOpenChange,
  title,
  label,
  initialName,
  maxLength,
  submitLabel,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  label: 'フォルダー名' | 'ファイル名';
  initialName: string;
  maxLength: number;
  submitLabel: string;
  /** Saves the trimmed name; a rejection shows its message under the field. */
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name, label);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onOpenChange(false);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" aria-describedby={undefined}>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
          </DialogHeader>
          <TextField
            label={label}
            required
            autoFocus
            value={name}
            maxLength={maxLength}
            error={error ?? undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              キャンセル
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 新しいフォルダー / フォルダー名の変更. */
export function FolderNameDialog({
  open,
  onOpenChange,
  mode,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: FolderNameMode;
  onSaved?: (folder: Folder) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const create = useMutation({
    ...createFolderMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const rename = useMutation({
    ...updateFolderMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  return (
    <NameDialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode.kind === 'create' ? '新しいフォルダー' : 'フォルダー名の変更'}
      label="フォルダー名"
      initialName={mode.kind === 'rename' ? mode.folder.name : ''}
      maxLength={100}
      submitLabel={mode.kind === 'create' ? '作成する' : '変更する'}
      onSubmit={async (name) => {
        const folder =
          mode.kind === 'create'
            ? await create.mutateAsync({ name, parent_id: mode.parentId })
            : await rename.mutateAsync({ id: mode.folder.id, body: { name } });
        toast({
          variant: 'success',
          title: mode.kind === 'create' ? 'フォルダーを作りました' : 'フォルダー名を変更しました',
          description: folder.name,
        });
        onSaved?.(folder);
      }}
    />
  );
}

/** ファイル名の変更 of a document. */
export function RenameDocumentDialog({
  open,
  onOpenChange,
  document,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  document: Document;
}) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const update = useMutation({
    ...updateDocumentMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  return (
    <NameDialog
      open={open}
      onOpenChange={onOpenChange}
      title="ファイル名の変更"
      label="ファイル名"
      initialName={document.file_name}
      maxLength={255}
      submitLabel="変更する"
      onSubmit={async (name) => {
        const saved = await update.mutateAsync({ id: document.id, body: { file_name: name } });
        toast({ variant: 'success', title: 'ファイル名を変更しました', description: saved.file_name });
      }}
    />
  );
}
