import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
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
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { DEFAULT_TIME_ZONE, formatCount, formatTenantDateTime, startOfMonth } from '../../lib/format';
import { useSignedIn } from '../../session/session';
import { dashboardQueries, interactionHeadline } from './dashboard-data';
import { QueryPanel } from './query-panel';

// SPEC section 8: 「顧客情報の読み込みに失敗しました: {message}」, and the same shape for the others.
const customersFailed = (error: Error) => `顧客情報の読み込みに失敗しました: ${error.message}`;
const interactionsFailed = (error: Error) => `対応履歴の読み込みに失敗しました: ${error.message}`;
const thisMonthFailed = (error: Error) => `今月の活動の読み込みに失敗しました: ${error.message}`;

function StatCard({
  title,
  query,
  errorMessage,
  link,
}: {
  title: string;
  query: UseQueryResult<{ total: number }>;
  errorMessage: (error: Error) => string;
  /** Where the figure's details are. */
  link?: { to: string; label: string };
}) {
  return (
    <Card role="group" aria-label={title}>
      <CardHeader>
        <CardDescription>{title}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <QueryPanel query={query} skeleton={<Skeleton className="h-9 w-20" />} errorMessage={errorMessage}>
          {(data) => (
            <p className="text-3xl font-bold tabular-nums text-foreground">{formatCount(data.total)}</p>
          )}
        </QueryPanel>
        {link ? (
          <TextLink asChild className="w-fit text-sm">
            <Link to={link.to}>{link.label}</Link>
          </TextLink>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function Component() {
  const { user, tenant } = useSignedIn();
  const { flags } = useFeatureFlags();
  const tenantId = tenant?.tenant_id;
  const timeZone = tenant?.time_zone ?? DEFAULT_TIME_ZONE;
  // 「今月」 is the tenant's month (Asia/Tokyo by default), whatever the device's zone says.
  const queries = useMemo(
    () => dashboardQueries(api, tenantId, startOfMonth(new Date(), timeZone)),
    [tenantId, timeZone],
  );
  const customers = useQuery(queries.customers);
  const interactions = useQuery(queries.interactions);
  const thisMonth = useQuery(queries.thisMonth);
  const displayName = user.full_name?.trim() || user.email;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={appRoutes.home.title} description={`${displayName} さん、お疲れさまです。`} />

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
              テナントID:{' '}
              {/* A box of its own: on a narrow screen the ID goes whole to the next line instead of
                  breaking after a few characters, and it is its own text for the browser's largest
                  paint, so that the label and the ID together do not outgrow the page heading that
                  index.html paints before any script (shell/static-shell.ts). */}
              <span className="inline-block break-all font-mono text-xs">{tenantId ?? '—'}</span>
            </span>
          </CardContent>
        </Card>
      </section>

      <section aria-label="統計" className="grid gap-4 sm:grid-cols-3">
        <StatCard
          title="顧客数"
          query={customers}
          errorMessage={customersFailed}
          link={{ to: appRoutes.customers.path, label: '顧客一覧を開く' }}
        />
        <StatCard
          title="対応履歴数"
          query={interactions}
          errorMessage={interactionsFailed}
          link={{ to: appRoutes.customers.path, label: '顧客ごとの対応履歴を見る' }}
        />
        <StatCard title="今月の活動" query={thisMonth} errorMessage={thisMonthFailed} />
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader>
            <CardTitle>
              <h2>クイックアクション</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {/* Only what this tenant uses: a switched-off feature's screen would only say so. */}
            {isFeatureEnabled(flags, 'customers') ? (
              <Button asChild variant="outline" align="start">
                <Link to={appRoutes.customers.path}>
                  <Users aria-hidden="true" />
                  顧客一覧を見る
                </Link>
              </Button>
            ) : null}
            {isFeatureEnabled(flags, 'chat') ? (
              <Button asChild variant="outline" align="start">
                <Link to={appRoutes.chat.path}>
                  <MessageSquareText aria-hidden="true" />
                  AIチャットで相談する
                </Link>
              </Button>
            ) : null}
            {isFeatureEnabled(flags, 'customers') || isFeatureEnabled(flags, 'chat') ? null : (
              <p className="text-sm text-muted-foreground">
                顧客管理と AI チャットはこのテナントではオフです。
              </p>
            )}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <h2>最近の対応履歴</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <QueryPanel
              query={interactions}
              errorMessage={interactionsFailed}
              skeleton={
                <div className="flex flex-col gap-3">
                  <Skeleton className="h-12 w-full" />
                  <Skeleton className="h-12 w-full" />
                  <Skeleton className="h-12 w-full" />
                </div>
              }
            >
              {(data) =>
                data.interactions.length > 0 ? (
                  <ul className="divide-y divide-border">
                    {data.interactions.slice(0, 3).map((interaction) => (
                      <li key={interaction.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
                        <p className="text-sm text-foreground">{interactionHeadline(interaction)}</p>
                        <p className="text-xs text-muted-foreground">
                          <TextLink asChild>
                            <Link to={customerPath(interaction.customer_id)}>
                              {interaction.customer_name}
                            </Link>
                          </TextLink>{' '}
                          ・{' '}
                          <time dateTime={interaction.created_at}>
                            {formatTenantDateTime(interaction.created_at, timeZone)}
                          </time>
                        </p>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <EmptyState
                    title="データがありません"
                    description="対応履歴を登録するとここに表示されます。"
                  />
                )
              }
            </QueryPanel>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
