import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import {
  customerInteractionsInfiniteQueryOptions,
  customerQueryOptions,
  shouldRetryQuery,
} from '@tsumiki/api-client/react';
import { Alert, Button, ConfirmDialog, PageHeader } from '@tsumiki/ui';
import { Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type LoaderFunctionArgs, Navigate, useParams } from 'react-router-dom';
import { api } from '../../app/api';
import { customerPath } from '../../app/paths';
import { loaderTenant, prefetch } from '../../app/prefetch';
import { queryClient } from '../../app/query-client';
import { useTenantApi } from '../../app/use-tenant-api';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { type Customer, customerKana, customerName } from '../../features/customers/customer-fields';
import { CustomerFormDialog } from '../../features/customers/customer-form-dialog';
import { InteractionTimeline } from '../../features/customers/interaction-timeline';
import { PeopleRequestsSection } from '../../features/customers/people-requests-section';
import { CustomerDocumentsSection } from '../../features/documents/customer-documents-section';
import { formatTenantDateTime } from '../../lib/format';
import { CustomerAuditLink } from './customer-audit-link';
import {
  BackToList,
  CustomerLoadFailed,
  CustomerLoading,
  CustomerNotFound,
  useListHref,
} from './customer-detail-states';
import { CustomerProfile } from './customer-profile';
import { useCustomerDeletion } from './use-customer-deletion';

/** Fetches the customer and the first page of the timeline while the chunk loads. */
export async function loader({ params }: LoaderFunctionArgs) {
  await prefetch(async () => {
    const signedIn = await loaderTenant();
    if (!signedIn || !params.id) return;
    await Promise.all([
      queryClient.ensureQueryData({
        ...customerQueryOptions(api, signedIn.tenantId, params.id),
        retry: false,
      }),
      queryClient.ensureInfiniteQueryData({
        ...customerInteractionsInfiniteQueryOptions(api, signedIn.tenantId, params.id),
        retry: false,
      }),
    ]);
  });
  return null;
}

/** /customers/:id: the profile, its actions and the interaction timeline. */
export function Component() {
  const { id = '' } = useParams();
  const { api, tenantId } = useTenantApi();
  const customer = useQuery({
    ...customerQueryOptions(api, tenantId, id),
    // A customer that is not there will not appear by asking again: say so at once.
    retry: (count, error) => !(isApiError(error) && error.status === 404) && shouldRetryQuery(count, error),
  });
  const listHref = useListHref();
  const back = <BackToList listHref={listHref} />;

  if (customer.isPending) return <CustomerLoading back={back} />;

  if (customer.isError) {
    const error = customer.error;
    if (isApiError(error) && (error.status === 404 || error.status === 422)) {
      const { body } = error;
      const erased = (body.context as { erased?: boolean } | null)?.erased === true;
      return (
        <CustomerNotFound
          back={back}
          erased={erased ? { message: body.message, suggestion: body.suggestion ?? null } : undefined}
        />
      );
    }
    return (
      <CustomerLoadFailed
        back={back}
        message={customer.error.message}
        onRetry={() => void customer.refetch()}
      />
    );
  }

  // A customer merged into another (名寄せ) opens as the one it went into.
  const mergedInto = customer.data.merged_into_id;
  if (mergedInto) return <Navigate to={customerPath(mergedInto)} replace />;

  return <CustomerDetail customer={customer.data} back={back} listHref={listHref} />;
}

function CustomerDetail({
  customer,
  back,
  listHref,
}: {
  customer: Customer;
  back: ReactNode;
  listHref: string;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Editing needs customers.write (offered disabled with the reason); deleting and restoring
  // customers.delete (not offered); recording an interaction interactions.write.
  const { can } = usePermissions();
  const canDelete = can('customers.delete');
  const { remove, restore, restoreHere, leaving } = useCustomerDeletion(customer, listHref);
  const name = customerName(customer);
  const deleted = customer.deleted_at !== null;
  // A stopped customer is opened only by those who handle people's requests, and only to lift it.
  const stopped = customer.use_stop !== null;
  const frozen = deleted || stopped;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        eyebrow={back}
        title={<span className="break-words">{name}</span>}
        description={customerKana(customer)}
        actions={
          frozen ? null : (
            <>
              <Button
                variant="outline"
                disabledReason={can('customers.write') ? undefined : PERMISSION_DENIED_REASON}
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden="true" />
                編集
              </Button>
              {canDelete ? (
                <Button
                  variant={null}
                  onClick={() => setConfirmDelete(true)}
                  className="border border-input bg-surface text-error-subtle-foreground shadow-sm hover:bg-muted"
                >
                  <Trash2 aria-hidden="true" />
                  削除
                </Button>
              ) : null}
            </>
          )
        }
      />
      <CustomerAuditLink customerId={customer.id} />

      {deleted && (
        <Alert variant="warning" title="この顧客は削除されています">
          <p>
            {customer.deleted_at ? `${formatTenantDateTime(customer.deleted_at)} に削除されました。` : ''}
            一覧や検索には表示されず、ゴミ箱にあります。元に戻すと、対応履歴とともに再び使えます。削除から 30
            日たつと、対応履歴とともに完全に消去されます。
          </p>
          {canDelete ? (
            <Button
              size="sm"
              variant="outline"
              className="mt-2 w-fit"
              loading={restore.isPending}
              onClick={restoreHere}
            >
              <RotateCcw aria-hidden="true" />
              元に戻す
            </Button>
          ) : null}
        </Alert>
      )}

      {customer.use_stop && (
        <Alert variant="warning" title="利用停止中">
          <p>
            {formatTenantDateTime(customer.use_stop.stopped_at)} に
            {customer.use_stop.stopped_by_name ? `${customer.use_stop.stopped_by_name} さんが` : ''}
            本人からの請求により利用を停止しました。この顧客は一覧・検索・集計・AI
            機能に表示されず、対応履歴も記録できません。
          </p>
          <p className="mt-1 break-words">理由: {customer.use_stop.reason}</p>
        </Alert>
      )}

      <div className="grid min-w-0 items-start gap-6 lg:grid-cols-5">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <CustomerProfile customer={customer} />
          <CustomerDocumentsSection customerId={customer.id} />
          {can('privacy.manage') ? <PeopleRequestsSection customer={customer} listHref={listHref} /> : null}
        </div>
        <div className="min-w-0 lg:col-span-3">
          {stopped ? null : (
            <InteractionTimeline
              customerId={customer.id}
              customerDeleted={deleted || leaving}
              canAdd={!deleted && can('interactions.write')}
              canEdit={!deleted && can('interactions.write')}
              canDelete={!deleted && can('interactions.delete')}
            />
          )}
        </div>
      </div>

      <CustomerFormDialog open={editing} onOpenChange={setEditing} mode={{ kind: 'edit', customer }} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`${name} さんを削除しますか？`}
        description="顧客一覧と検索に表示されなくなり、ゴミ箱に移ります。30 日間は対応履歴とともに元に戻せます。"
        confirmLabel="削除する"
        destructive
        onConfirm={() => remove.mutateAsync(customer.id)}
      />
    </div>
  );
}
