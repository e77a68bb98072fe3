import { useMutation, useQuery } from '@tanstack/react-query';
import type { Document, Folder } from '@tsumiki/api-client';
import {
  createFolderMutationOptions,
  documentContentQueryOptions,
  documentQueryOptions,
  downloadDocumentMutationOptions,
  moveDocumentMutationOptions,
  moveFolderMutationOptions,
  updateDocumentMutationOptions,
  updateFolderMutationOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Skeleton,
  TextField,
} from '@tsumiki/ui';
import { Download } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { errorMessage } from '../../lib/error-message';
import { saveFile } from '../../lib/save-file';
import { FolderPicker, TOP_LEVEL_LABEL } from './folder-picker';

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

export type MoveTarget = { kind: 'document'; document: Document } | { kind: 'folder'; folder: Folder };

/** Moving a document or a folder: a folder picker, and the server's refusal (FLD_001 …) in Japanese. */
export function MoveDialog({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: MoveTarget;
}) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const current = target.kind === 'document' ? target.document.folder_id : target.folder.parent_id;
  const [destination, setDestination] = useState<{ id: string | null; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const moveDocument = useMutation({
    ...moveDocumentMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const moveFolder = useMutation({
    ...moveFolderMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const name = target.kind === 'document' ? target.document.file_name : target.folder.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!destination) return setError('移動先のフォルダーを選んでください。');
    if (destination.id === current) return setError('いまと同じ場所です。別のフォルダーを選んでください。');
    setError(null);
    try {
      if (target.kind === 'document') {
        await moveDocument.mutateAsync({ id: target.document.id, body: { folder_id: destination.id } });
      } else {
        await moveFolder.mutateAsync({ id: target.folder.id, body: { new_parent_id: destination.id } });
      }
      toast({
        variant: 'success',
        title: `「${name}」を移動しました`,
        description: `移動先: ${destination.name}`,
      });
      onOpenChange(false);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>「{name}」を移動</DialogTitle>
            <DialogDescription>移動先のフォルダーを選んでください。</DialogDescription>
          </DialogHeader>
          <FolderPicker
            value={destination ? destination.id : (current ?? null)}
            onChange={(id, label) => setDestination({ id, name: id === null ? TOP_LEVEL_LABEL : label })}
            excludeId={target.kind === 'folder' ? target.folder.id : undefined}
          />
          {error ? (
            <Alert variant="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              キャンセル
            </Button>
            <Button type="submit" loading={moveDocument.isPending || moveFolder.isPending}>
              移動する
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** An object URL for a blob while the component is shown. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

export type PreviewTarget = { id: string; fileName: string; contentType: string; page?: number | null };

/** プレビュー: a PDF in a frame (at a page), an image, or the extracted text; and 「ダウンロード」. */
export function DocumentPreviewDialog({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: PreviewTarget;
}) {
  const { api, tenantId } = useTenantApi();
  const kind =
    target.contentType === 'application/pdf'
      ? 'pdf'
      : target.contentType.startsWith('image/')
        ? 'image'
        : 'text';
  const content = useQuery({
    ...documentContentQueryOptions(api, tenantId, target.id, 'inline'),
    enabled: open && kind !== 'text',
  });
  const detail = useQuery({
    ...documentQueryOptions(api, tenantId, target.id),
    enabled: open && kind === 'text',
  });
  const url = useObjectUrl(content.data?.blob);
  const download = useMutation({ ...downloadDocumentMutationOptions(api, tenantId), onSuccess: saveFile });
  const page = target.page ?? null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle className="break-all">{target.fileName}</DialogTitle>
          <DialogDescription>
            {page ? `${page} ページを表示しています。` : 'ファイルの中身を表示しています。'}
          </DialogDescription>
        </DialogHeader>
        {kind === 'pdf' ? (
          url ? (
            <iframe
              title={`${target.fileName} のプレビュー`}
              src={`${url}#page=${page ?? 1}`}
              className="h-[70dvh] w-full rounded-md border"
            />
          ) : content.isError ? (
            <Alert variant="error">{content.error.message}</Alert>
          ) : (
            <Skeleton className="h-[50dvh] w-full" />
          )
        ) : kind === 'image' ? (
          url ? (
            <img
              src={url}
              alt={target.fileName}
              className="mx-auto max-h-[70dvh] w-auto rounded-md border object-contain"
            />
          ) : content.isError ? (
            <Alert variant="error">{content.error.message}</Alert>
          ) : (
            <Skeleton className="h-64 w-full" />
          )
        ) : detail.isError ? (
          <Alert variant="error">{detail.error.message}</Alert>
        ) : detail.data ? (
          detail.data.text_preview ? (
            <div className="grid gap-1">
              <p className="text-xs text-muted-foreground">読み取った本文の冒頭（最大 2,000 文字）</p>
              <pre className="max-h-[60dvh] overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-muted p-3 font-sans text-sm leading-[1.7]">
                {detail.data.text_preview}
              </pre>
            </div>
          ) : (
            <Alert variant="info">
              {detail.data.extraction_error ??
                'この文書の本文はまだ読み取られていません。ダウンロードして開いてください。'}
            </Alert>
          )
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
        {download.isError ? <Alert variant="error">{download.error.message}</Alert> : null}
        <DialogFooter>
          <Button
            variant="outline"
            loading={download.isPending}
            onClick={() => download.mutate({ id: target.id, fileName: target.fileName })}
          >
            <Download aria-hidden="true" />
            ダウンロード
          </Button>
          <Button onClick={() => onOpenChange(false)}>閉じる</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
