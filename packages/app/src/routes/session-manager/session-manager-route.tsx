import { useQuery } from '@tanstack/react-query';
import { currentSessionQueryOptions, sessionsQueryOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  Link as TextLink,
} from '@tsumiki/ui';
import { MonitorSmartphone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { loaderTenant, prefetch } from '../../app/prefetch';
import { queryClient as appQueryClient } from '../../app/query-client';
import { isFeatureOff } from '../../features/access/feature-off';
import { CurrentSessionCard } from '../../features/sessions/current-session-card';
import { sessionDevice } from '../../features/sessions/session-list';
import { useNow } from '../../features/sessions/times';
import { useSignedIn } from '../../session/session';
import { SecurityEventsCard, SessionsCard } from './session-cards';
import { useSessionActions } from './use-session-actions';

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
  const now = useNow();
  const sessions = useQuery(sessionsQueryOptions(api, tenantId));
  const current = useQuery(currentSessionQueryOptions(api));
  const others = sessions.data?.sessions.filter((session) => !session.current) ?? [];
  const actions = useSessionActions(tenantId, others.length);

  if (sessions.isError && isFeatureOff(sessions.error)) return <FeatureOff />;
  const { revoking } = actions;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description={description} />

      <CurrentSessionCard now={now} />

      <SessionsCard
        sessions={sessions}
        others={others.length}
        now={now}
        onRevoke={actions.askRevoke}
        onSignOutOthers={actions.askSignOutOthers}
      />

      <SecurityEventsCard current={current} now={now} />

      <p className="text-sm text-muted-foreground">
        パスワードの変更と、すべての端末からのログアウトは{' '}
        <TextLink asChild>
          <Link to={appRoutes.profile.path}>プロフィール</Link>
        </TextLink>{' '}
        からできます。
      </p>

      <ConfirmDialog
        open={actions.revoking !== null}
        onOpenChange={(open) => {
          if (!open) actions.closeRevoke();
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
        onConfirm={actions.onRevoke}
      >
        {actions.revokeError ? <Alert variant="error">{actions.revokeError}</Alert> : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={actions.othersOpen}
        onOpenChange={actions.setOthersOpen}
        title="ほかの端末をすべてログアウトしますか？"
        description={`この端末を除く ${others.length} 台の端末のセッションを終了します。それらの端末では、次の操作からログインし直す必要があります。`}
        confirmLabel="すべてログアウト"
        destructive
        onConfirm={actions.onSignOutOthers}
      >
        {actions.othersError ? <Alert variant="error">{actions.othersError}</Alert> : null}
      </ConfirmDialog>
    </div>
  );
}
