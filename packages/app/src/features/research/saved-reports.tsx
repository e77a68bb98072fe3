import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { RESEARCH_KIND_LABELS } from '@tsumiki/api-client';
import { deleteResearchReportMutationOptions, researchReportsQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, Chip, ConfirmDialog, EmptyState, Pagination, Skeleton } from '@tsumiki/ui';
import { FileSearch, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { useErrorDisplay } from '../../errors/error-display';
import { errorMessage } from '../../lib/error-message';
import { formatTenantDateTime } from '../../lib/format';
import { useSignedIn } from '../../session/session';
import { usePermissions } from '../access/permissions';

const PAGE_SIZE = 10;

/** The saved reports, newest first: open one, or delete it after confirming. */
export function SavedReports({
  openId,
  onOpen,
  onDeleted,
}: {
  openId: string | null;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const { report } = useErrorDisplay();
  const { user: me } = useSignedIn();
  const { can } = usePermissions();
  // One's own reports with research.use; another person's only with research.delete (the contract).
  const mayDelete = (createdBy: string | null) => createdBy === me.id || can('research.delete');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const list = useQuery({
    ...researchReportsQueryOptions(api, tenantId, { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(deleteResearchReportMutationOptions(api, tenantId));

  if (list.isPending) return <Skeleton className="h-24 w-full" aria-label="保存したレポートを読み込み中" />;
  if (list.isError) return <Alert variant="error">{errorMessage(list.error)}</Alert>;
  const { total, reports } = list.data;
  if (total === 0)
    return (
      <EmptyState
        icon={<FileSearch aria-hidden="true" />}
        headingLevel={3}
        title="保存したレポートはまだありません"
        description="上のフォームで調査すると、ここに保存されます。"
      />
    );

  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" aria-label="保存したレポート" data-testid="research-reports">
        {reports.map((item) => (
          <li
            key={item.id}
            className="grid gap-2 rounded-md border p-3 data-[open=true]:border-primary"
            data-open={item.id === openId}
          >
            <div className="flex flex-wrap items-center gap-2">
              <Chip variant={item.kind === 'customer' ? 'primary' : 'info'} size="sm">
                {RESEARCH_KIND_LABELS[item.kind]}
              </Chip>
              <Chip size="sm">{item.mode === 'offline' ? 'AI なし' : 'AI'}</Chip>
              <span className="text-xs text-muted-foreground">
                {formatTenantDateTime(item.generated_at)}
                {item.created_by_name ? `・${item.created_by_name}` : ''}
              </span>
            </div>
            <p className="font-medium break-words">{item.title}</p>
            <p className="line-clamp-2 text-sm text-muted-foreground">{item.summary}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => onOpen(item.id)}
                aria-label={`${item.title} を開く`}
              >
                開く
              </Button>
              {mayDelete(item.created_by) ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setDeleting({ id: item.id, title: item.title })}
                  aria-label={`${item.title} を削除`}
                >
                  <Trash2 aria-hidden="true" />
                  削除
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {total > PAGE_SIZE ? (
        <Pagination page={page} pageSize={PAGE_SIZE} total={total} onPageChange={setPage} showRange />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="レポートを削除しますか？"
        description={deleting ? `「${deleting.title}」を削除します。元に戻せません。` : undefined}
        confirmLabel="削除"
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          const { id } = deleting;
          try {
            await remove.mutateAsync(id);
            onDeleted(id);
            setDeleting(null);
            if (reports.length === 1 && page > 1) setPage(page - 1);
          } catch (error) {
            report(error);
          }
        }}
      />
    </div>
  );
}
