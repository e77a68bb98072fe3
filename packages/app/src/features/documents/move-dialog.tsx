import { useMutation } from '@tanstack/react-query';
import type { Document, Folder } from '@tsumiki/api-client';
import { moveDocumentMutationOptions, moveFolderMutationOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { errorMessage } from '../../lib/error-message';
import { FolderPicker, TOP_LEVEL_LABEL } from './folder-picker';

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
