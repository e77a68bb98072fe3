import { useMutation, useQuery } from '@tanstack/react-query';
import {
  documentContentQueryOptions,
  documentQueryOptions,
  downloadDocumentMutationOptions,
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
} from '@tsumiki/ui';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { saveFile } from '../../lib/save-file';

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

/**
 * What the preview shows and where it comes from: a PDF or an image as the file's own bytes, any
 * other type as the text the server extracted. Nothing is fetched while the dialog is closed.
 */
function useDocumentPreview(target: PreviewTarget, open: boolean) {
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
  return { kind, content, detail, url, download, page };
}

type DocumentPreview = ReturnType<typeof useDocumentPreview>;

function PreviewBody({ target, preview }: { target: PreviewTarget; preview: DocumentPreview }) {
  const { kind, content, detail, url, page } = preview;
  if (kind === 'pdf') {
    return url ? (
      <iframe
        title={`${target.fileName} のプレビュー`}
        src={`${url}#page=${page ?? 1}`}
        className="h-[70dvh] w-full rounded-md border"
      />
    ) : content.isError ? (
      <Alert variant="error">{content.error.message}</Alert>
    ) : (
      <Skeleton className="h-[50dvh] w-full" />
    );
  }
  if (kind === 'image') {
    return url ? (
      <img
        src={url}
        alt={target.fileName}
        className="mx-auto max-h-[70dvh] w-auto rounded-md border object-contain"
      />
    ) : content.isError ? (
      <Alert variant="error">{content.error.message}</Alert>
    ) : (
      <Skeleton className="h-64 w-full" />
    );
  }
  if (detail.isError) return <Alert variant="error">{detail.error.message}</Alert>;
  if (!detail.data) return <Skeleton className="h-64 w-full" />;
  return detail.data.text_preview ? (
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
  );
}

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
  const preview = useDocumentPreview(target, open);
  const { download, page } = preview;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle className="break-all">{target.fileName}</DialogTitle>
          <DialogDescription>
            {page ? `${page} ページを表示しています。` : 'ファイルの中身を表示しています。'}
          </DialogDescription>
        </DialogHeader>
        <PreviewBody target={target} preview={preview} />
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
