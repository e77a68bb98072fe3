import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  knowledgeDocumentContentQueryOptions,
  knowledgePassageQueryOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Skeleton,
} from '@tsumiki/ui';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';

export type PassageTarget = { documentId: string; chunkIndex: number; title: string; index: number };

/** A cited passage with the text before and after it, and the file opened at its page. */
export function PassageDialog({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: PassageTarget;
}) {
  const { api, tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  const passage = useQuery({
    ...knowledgePassageQueryOptions(api, tenantId, target.documentId, target.chunkIndex),
    enabled: open,
  });
  const [openError, setOpenError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const data = passage.data;
  const isPdf = data?.content_type === 'application/pdf';

  // The tab opens on the click (no popup blocker), then shows the file once it has arrived.
  const openFile = async () => {
    setOpenError(null);
    setOpening(true);
    const tab = window.open('', '_blank');
    try {
      const file = await queryClient.fetchQuery(
        knowledgeDocumentContentQueryOptions(api, tenantId, target.documentId),
      );
      const url = URL.createObjectURL(file.blob);
      const address = data?.page ? `${url}#page=${data.page}` : url;
      if (tab) tab.location.href = address;
      else window.location.assign(address);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (caught) {
      tab?.close();
      setOpenError(caught instanceof Error ? caught.message : 'ファイルを開けませんでした。');
    } finally {
      setOpening(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle className="break-all">
            根拠 {target.index}: {target.title}
          </DialogTitle>
          <DialogDescription>引用した箇所（強調）と、その前後の文章です。</DialogDescription>
        </DialogHeader>
        {passage.isError ? (
          <Alert variant="error">{passage.error.message}</Alert>
        ) : !data ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <span className="break-all">{data.file_name}</span>
              {data.page ? <Chip variant="info">{data.page} ページ</Chip> : null}
            </div>
            <div className="grid max-h-[55dvh] gap-2 overflow-y-auto rounded-md border p-3 text-sm leading-[1.7]">
              {data.previous ? (
                <p className="whitespace-pre-wrap text-muted-foreground">{data.previous}</p>
              ) : null}
              <p className="rounded-sm border-l-4 border-warning bg-warning-subtle px-3 py-2 whitespace-pre-wrap text-warning-subtle-foreground">
                <mark className="bg-transparent text-inherit">{data.text}</mark>
              </p>
              {data.next ? <p className="whitespace-pre-wrap text-muted-foreground">{data.next}</p> : null}
            </div>
          </div>
        )}
        {openError ? <Alert variant="error">{openError}</Alert> : null}
        <DialogFooter>
          {data ? (
            <Button variant="outline" loading={opening} onClick={() => void openFile()}>
              <ExternalLink aria-hidden="true" />
              {isPdf ? `PDF を開く${data.page ? `（${data.page} ページ）` : ''}` : 'ファイルを開く'}
              <span className="sr-only">（新しいタブ）</span>
            </Button>
          ) : null}
          <Button onClick={() => onOpenChange(false)}>閉じる</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
