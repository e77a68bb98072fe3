import { MutationObserver, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import {
  customerInteractionsInfiniteQueryOptions,
  customerQueryOptions,
  deleteCustomerMutationOptions,
  interactionKeys,
  restoreCustomerMutationOptions,
  shouldRetryQuery,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Chip,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  Skeleton,
  Link as TextLink,
} from '@tsumiki/ui';
import { ArrowLeft, Pencil, RotateCcw, RotateCw, Trash2, UserX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLocation, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../app/api';
import { loaderTenant, prefetch } from '../../app/prefetch';
import { queryClient } from '../../app/query-client';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import {
  type Customer,
  customerKana,
  customerName,
  NO_ASSIGNEE,
} from '../../features/customers/customer-fields';
import { CustomerFormDialog } from '../../features/customers/customer-form-dialog';
import { InteractionTimeline } from '../../features/customers/interaction-timeline';
import { fieldLabel } from '../../features/forms/field-rules';
import { formatTenantDateTime } from '../../lib/format';

/** Back to the list as the user left it (its search, sort and page came along in the state). */
function useListHref(): string {
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  return typeof listSearch === 'string' && listSearch.startsWith('?')
    ? `/customers${listSearch}`
    : '/customers';
}

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

  const back = (
    <TextLink
      asChild
      variant={null}
      className="text-muted-foreground no-underline hover:text-foreground hover:underline"
    >
      <Link to={listHref}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        顧客一覧に戻る
      </Link>
    </TextLink>
  );

  if (customer.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true">
        <PageHeader eyebrow={back} title={<Skeleton className="h-8 w-48" />} />
        <span className="sr-only" role="status">
          顧客情報を読み込んでいます
        </span>
        <div className="grid gap-6 lg:grid-cols-5">
          <Skeleton className="h-96 lg:col-span-2" />
          <Skeleton className="h-96 lg:col-span-3" />
        </div>
      </div>
    );
  }

  if (customer.isError) {
    const notFound =
      isApiError(customer.error) && (customer.error.status === 404 || customer.error.status === 422);
    if (notFound) {
      return (
        <div className="flex flex-col gap-6">
          <PageHeader eyebrow={back} title="顧客が見つかりません" />
          <Card>
            <CardContent>
              <EmptyState
                headingLevel={2}
                icon={
                  <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
                    <UserX aria-hidden="true" className="size-6" />
                  </span>
                }
                title="この顧客は存在しないか、表示できません"
                description="URL が正しいか確かめてください。顧客一覧から探すこともできます。"
                action={
                  <Button asChild>
                    <Link to="/customers">顧客一覧へ</Link>
                  </Button>
                }
              />
            </CardContent>
          </Card>
        </div>
      );
    }
    return (
      <div className="flex flex-col gap-6">
        <PageHeader eyebrow={back} title="顧客詳細" />
        <Alert variant="error" title="顧客情報を読み込めませんでした">
          <p>{customer.error.message}</p>
          <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void customer.refetch()}>
            <RotateCw aria-hidden="true" />
            再試行
          </Button>
        </Alert>
      </div>
    );
  }

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
  const { api, tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Editing needs customers.write (offered disabled with the reason); deleting and restoring
  // customers.delete (not offered); recording an interaction interactions.write.
  const { can } = usePermissions();
  const canDelete = can('customers.delete');
  const deleteOptions = deleteCustomerMutationOptions(api, tenantId);
  const remove = useMutation({
    ...deleteOptions,
    onSuccess: async (...args) => {
      // Leave first, so the deleted customer is not shown again while the lists refresh, and
      // forget its timeline: nothing should ask for a deleted customer's interactions (404) —
      // this page stays on screen until the list's route has loaded.
      setLeaving(true);
      navigate(listHref);
      await queryClient.cancelQueries({ queryKey: interactionKeys.pagesOfCustomer(tenantId, customer.id) });
      queryClient.removeQueries({ queryKey: interactionKeys.pagesOfCustomer(tenantId, customer.id) });
      showUndoToast();
      await deleteOptions.onSuccess?.(...args);
    },
  });
  const restore = useMutation(restoreCustomerMutationOptions(api, tenantId));
  const name = customerName(customer);
  const deleted = customer.deleted_at !== null;

  /** Restore from the undo toast: the screen may be gone by then, so not through this component's hook. */
  const undoDelete = () => {
    new MutationObserver(queryClient, restoreCustomerMutationOptions(api, tenantId)).mutate(customer.id).then(
      () =>
        toast({
          title: `${name} さんを元に戻しました`,
          variant: 'success',
          action: { label: '開く', onClick: () => navigate(`/customers/${customer.id}`) },
        }),
      // The failure is shown by the app's error display.
      () => undefined,
    );
  };

  const showUndoToast = () =>
    toast({
      title: `${name} さんを削除しました`,
      description: '30 日間はゴミ箱から元に戻せます。対応履歴も残っています。',
      duration: 10_000,
      action: { label: '元に戻す', onClick: undoDelete, altText: '顧客の詳細画面からも元に戻せます' },
    });

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        eyebrow={back}
        title={<span className="break-words">{name}</span>}
        description={customerKana(customer)}
        actions={
          deleted ? null : (
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
              onClick={() =>
                restore.mutate(customer.id, {
                  onSuccess: () => toast({ title: `${name} さんを元に戻しました`, variant: 'success' }),
                })
              }
            >
              <RotateCcw aria-hidden="true" />
              元に戻す
            </Button>
          ) : null}
        </Alert>
      )}

      <div className="grid min-w-0 items-start gap-6 lg:grid-cols-5">
        <CustomerProfile customer={customer} className="lg:col-span-2" />
        <div className="min-w-0 lg:col-span-3">
          <InteractionTimeline
            customerId={customer.id}
            customerDeleted={deleted || leaving}
            canAdd={!deleted && can('interactions.write')}
            canEdit={!deleted && can('interactions.write')}
            canDelete={!deleted && can('interactions.delete')}
          />
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

/** A row of the profile; an unset value says `empty` (未登録 unless the field words it otherwise). */
function ProfileRow({
  label,
  children,
  empty: emptyText = '未登録',
}: {
  label: string;
  children: ReactNode;
  empty?: string;
}) {
  const empty = children === null || children === undefined || children === false || children === '';
  return (
    <div className="contents">
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">
        {empty ? <span className="text-muted-foreground">{emptyText}</span> : children}
      </dd>
    </div>
  );
}

function CustomerProfile({ customer, className }: { customer: Customer; className?: string }) {
  const address = [customer.prefecture, customer.city, customer.address_line].filter(Boolean).join(' ');
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>
          <h2>基本情報</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 text-sm lg:grid-cols-1 xl:grid-cols-[7rem_minmax(0,1fr)]">
          <ProfileRow label={fieldLabel('company_name')}>
            {customer.company_name && (
              <>
                {customer.company_name}
                {customer.company_name_kana && (
                  <span className="block text-xs text-muted-foreground">{customer.company_name_kana}</span>
                )}
              </>
            )}
          </ProfileRow>
          <ProfileRow label={fieldLabel('email')}>
            {customer.email && (
              <TextLink href={`mailto:${customer.email}`} className="break-all">
                {customer.email}
              </TextLink>
            )}
          </ProfileRow>
          <ProfileRow label={fieldLabel('phone')}>
            {customer.phone && (
              <TextLink href={`tel:${customer.phone.replace(/[^\d+]/gu, '')}`} className="tabular-nums">
                {customer.phone}
              </TextLink>
            )}
          </ProfileRow>
          <ProfileRow label="住所">
            {(customer.postal_code || address) && (
              <>
                {customer.postal_code && <span className="block tabular-nums">〒{customer.postal_code}</span>}
                {address}
              </>
            )}
          </ProfileRow>
          <ProfileRow label={fieldLabel('assignee_user_id')} empty={NO_ASSIGNEE}>
            {customer.assignee_name}
          </ProfileRow>
          <ProfileRow label={fieldLabel('tags')}>
            {customer.tags.length > 0 && (
              <ul className="flex flex-wrap gap-1.5" aria-label="タグ">
                {customer.tags.map((tag) => (
                  <li key={tag}>
                    <Chip size="sm">{tag}</Chip>
                  </li>
                ))}
              </ul>
            )}
          </ProfileRow>
          <ProfileRow label={fieldLabel('notes')}>
            {customer.notes && <span className="leading-[1.7] whitespace-pre-wrap">{customer.notes}</span>}
          </ProfileRow>
          <ProfileRow label="登録日時">
            <time dateTime={customer.created_at} className="tabular-nums">
              {formatTenantDateTime(customer.created_at)}
            </time>
          </ProfileRow>
          <ProfileRow label="更新日時">
            <time dateTime={customer.updated_at} className="tabular-nums">
              {formatTenantDateTime(customer.updated_at)}
            </time>
          </ProfileRow>
        </dl>
      </CardContent>
    </Card>
  );
}
