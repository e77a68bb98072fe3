import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import {
  customerInteractionsInfiniteQueryOptions,
  deleteInteractionMutationOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  EmptyState,
  Skeleton,
  SkeletonGroup,
} from '@tsumiki/ui';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { INTERACTION_TYPE_LABELS, type Interaction } from './customer-fields';
import { InteractionEditDialog } from './interaction-edit-dialog';
import { InteractionForm } from './interaction-form';
import { InteractionItem } from './interaction-item';

/** 対応履歴: 記録フォームと、新しい順のタイムライン（「さらに表示」で続きを読む）。 */
export function InteractionTimeline({
  customerId,
  customerDeleted = false,
  canAdd,
  canEdit,
  canDelete,
}: {
  customerId: string;
  /**
   * The customer is in the trash (or being deleted): the server keeps their interactions but
   * shows them only once restored, so nothing is asked for (it would be a 404).
   */
  customerDeleted?: boolean;
  canAdd: boolean;
  /** Correcting needs interactions.write, deleting interactions.delete (like the customer's own). */
  canEdit: boolean;
  canDelete: boolean;
}) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const timeline = useInfiniteQuery({
    ...customerInteractionsInfiniteQueryOptions(api, tenantId, customerId),
    enabled: !customerDeleted,
  });
  const [editing, setEditing] = useState<Interaction | null>(null);
  const [deleting, setDeleting] = useState<Interaction | null>(null);
  const remove = useMutation(deleteInteractionMutationOptions(api, tenantId));
  const total = timeline.data?.pages[0]?.total;
  const interactions = timeline.data?.pages.flatMap((page) => page.interactions) ?? [];

  return (
    <Card>
      <CardHeader layout="row">
        <CardTitle>
          <h2 id="interaction-timeline-heading">対応履歴</h2>
        </CardTitle>
        {total !== undefined && (
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            全 {total.toLocaleString('ja-JP')} 件
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        {canAdd && <InteractionForm customerId={customerId} />}
        <section
          aria-labelledby="interaction-timeline-heading"
          aria-busy={(timeline.isPending && !customerDeleted) || undefined}
        >
          {customerDeleted ? (
            <p className="text-sm text-muted-foreground">
              削除した顧客の対応履歴は、元に戻すと表示されます。
            </p>
          ) : timeline.isPending ? (
            <SkeletonGroup label="対応履歴を読み込んでいます">
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </SkeletonGroup>
          ) : timeline.isError && interactions.length === 0 ? (
            <Alert variant="error" title="対応履歴を読み込めませんでした">
              <p>{timeline.error.message}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-2 w-fit"
                onClick={() => void timeline.refetch()}
              >
                <RotateCw aria-hidden="true" />
                再試行
              </Button>
            </Alert>
          ) : interactions.length === 0 ? (
            <EmptyState
              title="対応履歴はまだありません"
              description="電話や来院などの対応を記録すると、ここに新しい順で表示されます。"
            />
          ) : (
            <>
              <ol className="grid gap-0" data-testid="interaction-timeline">
                {interactions.map((interaction) => (
                  <InteractionItem
                    key={interaction.id}
                    interaction={interaction}
                    onEdit={canEdit ? setEditing : null}
                    onDelete={canDelete ? setDeleting : null}
                  />
                ))}
              </ol>
              {timeline.isFetchNextPageError && (
                <Alert variant="error" className="mt-3" title="続きを読み込めませんでした">
                  {timeline.error?.message}
                </Alert>
              )}
              {timeline.hasNextPage && (
                <div className="mt-4 flex justify-center">
                  <Button
                    variant="outline"
                    loading={timeline.isFetchingNextPage}
                    onClick={() => void timeline.fetchNextPage()}
                  >
                    さらに表示
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      </CardContent>
      <InteractionEditDialog interaction={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="この対応履歴を削除しますか？"
        description={
          deleting
            ? `${INTERACTION_TYPE_LABELS[deleting.type]}「${deleting.summary?.trim() || deleting.content.slice(0, 30)}」をタイムラインと集計から外します。削除したことは記録に残ります。`
            : undefined
        }
        confirmLabel="削除する"
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync({ customerId, interactionId: deleting.id });
          setDeleting(null);
          toast({ title: '対応履歴を削除しました', variant: 'success' });
        }}
      />
    </Card>
  );
}
