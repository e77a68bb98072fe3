import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import {
  currentSessionQueryOptions,
  revokeSessionMutationOptions,
  sessionKeys,
  sessionsQueryOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Chip,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  Skeleton,
  Link as TextLink,
} from '@tsumiki/ui';
import { LogOut, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { loaderTenant, prefetch } from '../../app/prefetch';
import { queryClient as appQueryClient } from '../../app/query-client';
import { useToast } from '../../app/toasts';
import { signOutSessions } from '../../features/profile/account-actions';
import { CurrentSessionCard } from '../../features/sessions/current-session-card';
import { isFeatureOff } from '../../features/sessions/feature-off';
import { LoadFailed } from '../../features/sessions/load-failed';
import { SecurityEventList } from '../../features/sessions/security-event-list';
import { attentionCount } from '../../features/sessions/security-events';
import { SessionList, type SessionSummary, sessionDevice } from '../../features/sessions/session-list';
import { useNow } from '../../features/sessions/times';
import { loadAuth } from '../../session/load-auth';
import { useSignedIn } from '../../session/session';

/** Fetches the sessions and this session's status while the chunk loads. */
export async function loader() {
  await prefetch(async () => {
    const signedIn = await loaderTenant();
    if (!signedIn) return;
    await Promise.all([
      appQueryClient.ensureQueryData({ ...sessionsQueryOptions(api, signedIn.tenantId), retry: false }),
      appQueryClient.ensureQueryData({ ...currentSessionQueryOptions(api), retry: false }),
    ]);
  });
  return null;
}

const title = appRoutes.sessionManager.title;
const description = 'ログイン中の端末を確かめ、使っていない端末をログアウトできます。';

function FeatureOff() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <EmptyState
            headingLevel={2}
            icon={<MonitorSmartphone aria-hidden="true" />}
            title="セッション管理はこのテナントでは利用できません"
            description="この機能はテナントの設定で無効になっています。利用したい場合は、テナントの管理者にお問い合わせください。パスワードの変更と、すべての端末からのログアウトはプロフィールの画面からできます。"
            action={
              <Button asChild variant="outline">
                <Link to={appRoutes.profile.path}>プロフィールを開く</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}

/** /session-manager: this user's signed-in devices, this session, and recent security events. */
export function Component() {
  const { tenant } = useSignedIn();
  const tenantId = tenant?.tenant_id;
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const now = useNow();
  const sessions = useQuery(sessionsQueryOptions(api, tenantId));
  const current = useQuery(currentSessionQueryOptions(api));
  // The dialog shows what went wrong and stays open for another try; offline, it fails at once
  // (with the network message) instead of waiting for the connection.
  const revoke = useMutation({
    ...revokeSessionMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
    networkMode: 'always',
  });
  const [revoking, setRevoking] = useState<SessionSummary | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [othersOpen, setOthersOpen] = useState(false);
  const [othersError, setOthersError] = useState<string | null>(null);

  if (sessions.isError && isFeatureOff(sessions.error)) return <FeatureOff />;

  const others = sessions.data?.sessions.filter((session) => !session.current) ?? [];

  const refreshEvents = () => queryClient.invalidateQueries({ queryKey: sessionKeys.current() });

  const onRevoke = async () => {
    if (!revoking) return;
    const target = revoking;
    setRevokeError(null);
    // Ending this device's own session: the calls it refuses from now on are no news for /login.
    const auth = target.current ? await loadAuth().catch(() => null) : null;
    auth?.signingOutByChoice();
    try {
      await revoke.mutateAsync(target.id);
    } catch (error) {
      auth?.signingOutByChoice(false);
      setRevokeError(isApiError(error) ? error.message : 'ログアウトできませんでした。');
      throw error;
    }
    if (target.current) {
      // This device's session has ended on the server: forget it here too; the route guard
      // then takes the user to /login.
      const { authClient } = auth ?? (await loadAuth());
      await authClient.signOut({ scope: 'local' });
      toast({ variant: 'success', title: 'この端末からログアウトしました。' });
      return;
    }
    void refreshEvents();
    toast({
      variant: 'success',
      title: 'ログアウトしました',
      description: `${sessionDevice(target).label} のセッションを終了しました。`,
    });
  };

  const onSignOutOthers = async () => {
    setOthersError(null);
    const count = others.length;
    try {
      await signOutSessions('others');
    } catch (error) {
      setOthersError(error instanceof Error ? error.message : 'ログアウトできませんでした。');
      throw error;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.all(tenantId) }),
      refreshEvents(),
    ]);
    toast({
      variant: 'success',
      title: 'ほかの端末をすべてログアウトしました',
      description: count > 0 ? `${count} 台の端末のセッションを終了しました。` : undefined,
    });
  };

  const events = current.data?.security_events ?? [];
  const attention = attentionCount(events);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description={description} />

      <CurrentSessionCard now={now} />

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
              disabled={others.length === 0}
              aria-describedby={others.length === 0 ? 'no-other-sessions' : undefined}
              onClick={() => {
                setOthersError(null);
                setOthersOpen(true);
              }}
            >
              <LogOut aria-hidden="true" />
              ほかの端末をすべてログアウト
            </Button>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {sessions.isPending ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
              <span className="sr-only" role="status">
                ログイン中の端末を読み込んでいます
              </span>
            </div>
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
              <SessionList
                sessions={sessions.data.sessions}
                now={now}
                onRevoke={(session) => {
                  setRevokeError(null);
                  setRevoking(session);
                }}
              />
              {others.length === 0 ? (
                <p id="no-other-sessions" className="text-muted-foreground">
                  ほかにログイン中の端末はありません。
                </p>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>

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
            <div className="flex flex-col gap-2" aria-busy="true">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
              <span className="sr-only" role="status">
                セキュリティイベントを読み込んでいます
              </span>
            </div>
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

      <p className="text-sm text-muted-foreground">
        パスワードの変更と、すべての端末からのログアウトは{' '}
        <TextLink asChild>
          <Link to={appRoutes.profile.path}>プロフィール</Link>
        </TextLink>{' '}
        からできます。
      </p>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={revoking?.current ? 'この端末からログアウトしますか？' : 'この端末をログアウトしますか？'}
        description={
          revoking
            ? revoking.current
              ? `いま使っている端末（${sessionDevice(revoking).label}）のセッションを終了し、ログイン画面に戻ります。`
              : `${sessionDevice(revoking).label}（IP ${revoking.ip ?? '不明'}）のセッションを終了します。その端末では、次の操作からログインし直す必要があります。`
            : undefined
        }
        confirmLabel="ログアウト"
        destructive
        onConfirm={onRevoke}
      >
        {revokeError ? <Alert variant="error">{revokeError}</Alert> : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={othersOpen}
        onOpenChange={setOthersOpen}
        title="ほかの端末をすべてログアウトしますか？"
        description={`この端末を除く ${others.length} 台の端末のセッションを終了します。それらの端末では、次の操作からログインし直す必要があります。`}
        confirmLabel="すべてログアウト"
        destructive
        onConfirm={onSignOutOthers}
      >
        {othersError ? <Alert variant="error">{othersError}</Alert> : null}
      </ConfirmDialog>
    </div>
  );
}
