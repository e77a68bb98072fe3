import type { UseQueryResult } from '@tanstack/react-query';
import type { currentSessionQueryOptions, sessionsQueryOptions } from '@tsumiki/api-client/react';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Chip,
  EmptyState,
  Skeleton,
  SkeletonGroup,
} from '@tsumiki/ui';
import { LogOut, ShieldCheck } from 'lucide-react';
import { LoadFailed } from '../../features/access/load-failed';
import { SecurityEventList } from '../../features/sessions/security-event-list';
import { attentionCount } from '../../features/sessions/security-events';
import { SessionList, type SessionSummary } from '../../features/sessions/session-list';

/** What a query's options answer with: the client exports no named type for these two. */
type QueryData<Options extends (...args: never[]) => { queryFn?: unknown }> = Awaited<
  ReturnType<Extract<ReturnType<Options>['queryFn'], (...args: never[]) => unknown>>
>;

/** ログイン中の端末: each device with its own ログアウト, and ほかの端末をすべてログアウト. */
export function SessionsCard({
  sessions,
  others,
  now,
  onRevoke,
  onSignOutOthers,
}: {
  sessions: UseQueryResult<QueryData<typeof sessionsQueryOptions>>;
  /** How many sessions besides this device's. */
  others: number;
  now: number;
  onRevoke: (session: SessionSummary) => void;
  onSignOutOthers: () => void;
}) {
  return (
    <Card>
      <CardHeader layout="row">
        <div className="flex flex-col gap-1">
          <CardTitle>
            <h2>ログイン中の端末</h2>
          </CardTitle>
          <CardDescription>
            {sessions.data
              ? `${sessions.data.total} 台の端末でログインしています。心当たりのない端末はログアウトしてください。`
              : '心当たりのない端末はログアウトしてください。'}
          </CardDescription>
        </div>
        {sessions.data ? (
          <Button
            variant="outline"
            disabled={others === 0}
            aria-describedby={others === 0 ? 'no-other-sessions' : undefined}
            onClick={onSignOutOthers}
          >
            <LogOut aria-hidden="true" />
            ほかの端末をすべてログアウト
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {sessions.isPending ? (
          <SkeletonGroup label="ログイン中の端末を読み込んでいます">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </SkeletonGroup>
        ) : sessions.isError ? (
          <LoadFailed
            title="ログイン中の端末を読み込めませんでした"
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
          />
        ) : sessions.data.sessions.length === 0 ? (
          <EmptyState
            title="ログイン中の端末はありません"
            description="この一覧は、ログインすると表示されます。"
          />
        ) : (
          <>
            <SessionList sessions={sessions.data.sessions} now={now} onRevoke={onRevoke} />
            {others === 0 ? (
              <p id="no-other-sessions" className="text-muted-foreground">
                ほかにログイン中の端末はありません。
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** 最近のセキュリティイベント, with how many want a look. */
export function SecurityEventsCard({
  current,
  now,
}: {
  current: UseQueryResult<QueryData<typeof currentSessionQueryOptions>>;
  now: number;
}) {
  const events = current.data?.security_events ?? [];
  const attention = attentionCount(events);
  return (
    <Card>
      <CardHeader layout="row">
        <div className="flex flex-col gap-1">
          <CardTitle>
            <h2>最近のセキュリティイベント</h2>
          </CardTitle>
          <CardDescription>
            ログイン・ログアウト・延長などの記録です（新しい順に最大 10 件）。
          </CardDescription>
        </div>
        {attention > 0 ? (
          <Chip variant="warning">要確認 {attention} 件</Chip>
        ) : current.data ? (
          <Chip variant="success">
            <ShieldCheck aria-hidden="true" />
            要確認の記録はありません
          </Chip>
        ) : null}
      </CardHeader>
      <CardContent>
        {current.isPending ? (
          <SkeletonGroup label="セキュリティイベントを読み込んでいます" gap="sm">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </SkeletonGroup>
        ) : current.isError ? (
          <LoadFailed
            title="セキュリティイベントを読み込めませんでした"
            error={current.error}
            onRetry={() => void current.refetch()}
          />
        ) : events.length === 0 ? (
          <EmptyState title="セキュリティイベントはまだありません" />
        ) : (
          <SecurityEventList events={events} now={now} />
        )}
      </CardContent>
    </Card>
  );
}
