import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  formatDateTime,
  PageHeader,
  PlanChip,
  RoleChip,
  Skeleton,
  Link as TextLink,
} from '@tsumiki/ui';
import { MessageSquareText, Users } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes, customerPath } from '../../app/paths';
import { loaderTenant, prefetch } from '../../app/prefetch';
import { queryClient } from '../../app/query-client';
import { formatCount, startOfMonth } from '../../lib/format';
import { useSignedIn } from '../../session/session';
import { dashboardQueries, interactionHeadline } from './dashboard-data';

function StatCard({
  title,
  value,
  loading,
  link,
}: {
  title: string;
  value: number | undefined;
  loading: boolean;
  /** Where the figure's details are. */
  link?: { to: string; label: string };
}) {
  return (
    <Card role="group" aria-label={title}>
      <CardHeader>
        <CardDescription>{title}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {loading ? (
          <Skeleton className="h-9 w-20" />
        ) : (
          <p className="text-3xl font-bold tabular-nums text-foreground">
            {value === undefined ? '—' : formatCount(value)}
          </p>
        )}
        {link ? (
          <TextLink asChild className="w-fit text-sm">
            <Link to={link.to}>{link.label}</Link>
          </TextLink>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Fetches the dashboard's figures while its chunk loads, so that it opens with them. */
export async function loader() {
  await prefetch(async () => {
    const signedIn = await loaderTenant();
    if (!signedIn) return;
    const { customers, interactions, thisMonth } = dashboardQueries(api, signedIn.tenantId, startOfMonth());
    await Promise.all([
      queryClient.ensureQueryData({ ...customers, retry: false }),
      queryClient.ensureQueryData({ ...interactions, retry: false }),
      queryClient.ensureQueryData({ ...thisMonth, retry: false }),
    ]);
  });
  return null;
}

export function Component() {
  const { user, tenant } = useSignedIn();
  const tenantId = tenant?.tenant_id;
  const queries = useMemo(() => dashboardQueries(api, tenantId, startOfMonth()), [tenantId]);
  const customers = useQuery(queries.customers);
  const interactions = useQuery(queries.interactions);
  const thisMonth = useQuery(queries.thisMonth);
  const displayName = user.full_name?.trim() || user.email;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={appRoutes.home.title} description={`${displayName} さん、お疲れさまです。`} />

      {customers.isError ? (
        <Alert variant="error">顧客情報の読み込みに失敗しました: {customers.error.message}</Alert>
      ) : null}
      {interactions.isError || thisMonth.isError ? (
        <Alert variant="error">
          対応履歴の読み込みに失敗しました: {(interactions.error ?? thisMonth.error)?.message}
        </Alert>
      ) : null}

      <section aria-label="プロフィールとテナント" className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardDescription>プロフィール</CardDescription>
            <CardTitle>
              <h2 className="break-all">{displayName}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-2">
            <RoleChip value={tenant?.role} />
            <span className="break-all text-sm text-muted-foreground">{user.email}</span>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>テナント</CardDescription>
            <CardTitle>
              <h2>{tenant?.tenant_name ?? '—'}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-2">
            {tenant ? <PlanChip value={tenant.plan} /> : null}
            <span className="text-sm text-muted-foreground">
              テナントID: <span className="break-all font-mono text-xs">{tenantId ?? '—'}</span>
            </span>
          </CardContent>
        </Card>
      </section>

      <section aria-label="統計" className="grid gap-4 sm:grid-cols-3">
        <StatCard
          title="顧客数"
          value={customers.data?.total}
          loading={customers.isPending}
          link={{ to: appRoutes.customers.path, label: '顧客一覧を開く' }}
        />
        <StatCard
          title="対応履歴数"
          value={interactions.data?.total}
          loading={interactions.isPending}
          link={{ to: appRoutes.customers.path, label: '顧客ごとの対応履歴を見る' }}
        />
        <StatCard title="今月の活動" value={thisMonth.data?.total} loading={thisMonth.isPending} />
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader>
            <CardTitle>
              <h2>クイックアクション</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Button asChild variant="outline" align="start">
              <Link to={appRoutes.customers.path}>
                <Users aria-hidden="true" />
                顧客一覧を見る
              </Link>
            </Button>
            <Button asChild variant="outline" align="start">
              <Link to={appRoutes.chat.path}>
                <MessageSquareText aria-hidden="true" />
                AIアシスタントに相談する
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <h2>最近の対応履歴</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {interactions.isPending ? (
              <div className="flex flex-col gap-3">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : interactions.data && interactions.data.interactions.length > 0 ? (
              <ul className="divide-y divide-border">
                {interactions.data.interactions.slice(0, 3).map((interaction) => (
                  <li key={interaction.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
                    <p className="text-sm text-foreground">{interactionHeadline(interaction)}</p>
                    <p className="text-xs text-muted-foreground">
                      <TextLink asChild>
                        <Link to={customerPath(interaction.customer_id)}>{interaction.customer_name}</Link>
                      </TextLink>{' '}
                      ・{' '}
                      <time dateTime={interaction.created_at}>{formatDateTime(interaction.created_at)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title="データがありません" description="対応履歴を登録するとここに表示されます。" />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
