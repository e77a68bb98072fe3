import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type components, isApiError } from '@tsumiki/api-client';
import { customerMergesQueryOptions, undoCustomerMergeMutationOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  EmptyState,
  MessagesProvider,
  type PartialMessages,
} from '@tsumiki/ui';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { customerPath } from '../../app/paths';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { customerName } from '../../features/customers/customer-fields';
import { errorMessage } from '../../lib/error-message';
import { formatTenantDateTime } from '../../lib/format';

type Merge = components['schemas']['CustomerMergeEntry'];
type Person = Merge['kept'];

const PAGE_SIZE = 10;
const HEADING_ID = 'recent-merges-heading';
/** The candidates' table above has its own page navigation: this one's landmark needs another name. */
const MESSAGES: PartialMessages = { pagination: { label: '最近の統合のページ送り' } };

/** Why an undo failed, in words the reader can act on (the server's message and suggestion). */
function undoFailure(error: unknown): { title: string; description?: string } {
  if (isApiError(error) && error.status === 404)
    return {
      title: 'この統合はすでに元に戻されているため、元に戻せませんでした。',
      description: '一覧を最新の内容にしました。',
    };
  if (isApiError(error) && error.status === 409)
    return { title: error.message, description: error.body.suggestion ?? undefined };
  return { title: errorMessage(error) };
}

function PersonText({ person, link }: { person: Person; link?: boolean }) {
  return (
    <span className="inline-grid min-w-0 gap-0.5">
      {link ? (
        <Link to={customerPath(person.id)} className="font-medium text-primary break-words hover:underline">
          {customerName(person)}
        </Link>
      ) : (
        <span className="font-medium break-words">{customerName(person)}</span>
      )}
      <span className="text-xs text-muted-foreground">診察券番号 {person.patient_number}</span>
    </span>
  );
}

function mergedWhen(merge: Merge): string {
  const at = formatTenantDateTime(merge.merged_at);
  return merge.merged_by_name ? `${at}（${merge.merged_by_name}）` : at;
}

/**
 * 最近の統合: the tenant's merges of the last 30 days that can still be undone, each with its
 * 「元に戻す」 (after a confirmation); the list and the candidates refresh after an undo.
 */
export function RecentMerges() {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const [page, setPage] = useState(1);
  const [undoing, setUndoing] = useState<Merge | null>(null);
  const [failure, setFailure] = useState<{ title: string; description?: string } | null>(null);
  const merges = useQuery({
    ...customerMergesQueryOptions(api, tenantId, { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const undo = useMutation(undoCustomerMergeMutationOptions(api, tenantId));

  const confirmUndo = async () => {
    if (!undoing) return;
    const merge = undoing;
    setFailure(null);
    try {
      await undo.mutateAsync(merge.merged.id);
      toast({
        title: `${customerName(merge.merged)} さんと ${customerName(merge.kept)} さんの統合を元に戻しました`,
        description: '2 人は別々の顧客として一覧に戻りました。',
        variant: 'success',
      });
      if (merges.data?.merges.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      setFailure(undoFailure(error));
      void merges.refetch();
    } finally {
      setUndoing(null);
    }
  };

  const columns: DataTableColumn<Merge>[] = [
    {
      id: 'merged',
      header: '統合された顧客',
      cell: (merge) => (
        <div className="grid gap-1">
          <PersonText person={merge.merged} />
          {/* Where the columns of their own are hidden (narrow screens), the dates go here. */}
          <span className="text-xs text-muted-foreground md:hidden">
            → {customerName(merge.kept)} さんに統合・{mergedWhen(merge)}
          </span>
          <span className="text-xs text-muted-foreground sm:hidden">
            {formatTenantDateTime(merge.undo_until)} まで元に戻せます
          </span>
        </div>
      ),
    },
    {
      id: 'kept',
      header: '統合先（残した顧客）',
      hideBelow: 'md',
      cell: (merge) => <PersonText person={merge.kept} link />,
    },
    { id: 'merged_at', header: '統合した日時（統合した人）', hideBelow: 'md', cell: mergedWhen },
    {
      id: 'undo_until',
      header: '元に戻せる期限',
      hideBelow: 'sm',
      nowrap: true,
      cell: (merge) => formatTenantDateTime(merge.undo_until),
    },
    {
      id: 'undo',
      header: '操作',
      align: 'end',
      cell: (merge) => (
        <Button
          size="sm"
          variant="outline"
          aria-label={`${customerName(merge.merged)} さんと ${customerName(merge.kept)} さんの統合を元に戻す`}
          onClick={() => setUndoing(merge)}
        >
          元に戻す
        </Button>
      ),
    },
  ];

  const data = merges.data;
  return (
    <section aria-labelledby={HEADING_ID} className="flex min-w-0 flex-col gap-3">
      <div className="grid gap-1">
        <h2 id={HEADING_ID} className="text-lg font-semibold">
          最近の統合
        </h2>
        <p className="text-sm text-muted-foreground">
          この 30 日間の統合です。期限までなら「元に戻す」で 2
          人を別々の顧客に戻せます（期限を過ぎると統合は確定します）。
        </p>
      </div>
      {failure && <Alert variant="error" title={failure.title} description={failure.description} />}
      <MessagesProvider messages={MESSAGES}>
        <DataTable
          caption="最近の統合"
          columns={columns}
          rows={data?.merges ?? []}
          getRowId={(merge) => merge.id}
          getRowLabel={(merge) => `${customerName(merge.merged)} → ${customerName(merge.kept)}`}
          loading={merges.isPending}
          error={merges.isError ? merges.error.message : undefined}
          onRetry={() => void merges.refetch()}
          empty={
            <EmptyState
              icon={<History aria-hidden="true" />}
              title="最近の統合はありません"
              description="この 30 日間に統合した顧客があると、ここに表示され、元に戻せます。"
            />
          }
          pagination={
            data ? { page, pageSize: PAGE_SIZE, total: data.total, onPageChange: setPage } : undefined
          }
        />
      </MessagesProvider>
      <ConfirmDialog
        open={undoing !== null}
        onOpenChange={(open) => {
          if (!open) setUndoing(null);
        }}
        title="統合を元に戻しますか？"
        description={
          undoing
            ? `${customerName(undoing.merged)} さんを ${customerName(undoing.kept)} さんから分けて、統合で移した対応履歴・文書・調査レポートを戻します。${customerName(undoing.kept)} さんの項目も統合の前の値に戻ります。`
            : undefined
        }
        confirmLabel="元に戻す"
        onConfirm={confirmUndo}
      />
    </section>
  );
}
