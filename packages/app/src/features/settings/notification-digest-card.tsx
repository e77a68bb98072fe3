import { useMutation, useQuery } from '@tanstack/react-query';
import { fieldLabels } from '@tsumiki/api-client';
import {
  notificationDigestQueryOptions,
  type TenantId,
  updateNotificationDigestMutationOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Select,
  SettingSwitch,
  Skeleton,
  SkeletonGroup,
} from '@tsumiki/ui';
import { api } from '../../app/api';
import { useToast } from '../../app/toasts';
import { formatTenantDateTime } from '../../lib/format';
import { LoadFailed } from '../access/load-failed';

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${hour}:00` }));

/**
 * The daily mail of unread notifications (off by default): on or off and its hour, with what the
 * server can do — without a mail server it says nothing will be sent. Shown on /settings while the
 * notifications feature is on (the setting belongs to it).
 */
export function NotificationDigestCard({ tenantId }: { tenantId: TenantId }) {
  const { toast } = useToast();
  const digest = useQuery(notificationDigestQueryOptions(api, tenantId));
  const update = useMutation({
    ...updateNotificationDigestMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
    onError: (error) =>
      toast({
        variant: 'error',
        title: '通知のまとめメールの設定を変更できませんでした',
        description: error instanceof Error ? error.message : undefined,
      }),
  });
  // What the switch and the hour show: the change on its way, else what the server has.
  const shown = update.isPending && update.variables ? { ...digest.data, ...update.variables } : digest.data;

  return (
    <Card data-testid="notification-digest">
      <CardHeader>
        <CardTitle>
          <h2>通知のまとめメール</h2>
        </CardTitle>
        <CardDescription>
          オンにすると毎日決まった時刻に、まだ読んでいない通知がある人へ、その件数と種類を 1
          通のメールで知らせます。患者さんや顧客のお名前などの内容はメールに書きません。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {digest.isPending ? (
          <SkeletonGroup label="通知のまとめメールの設定を読み込んでいます">
            <Skeleton className="h-14 w-full" />
          </SkeletonGroup>
        ) : digest.isError ? (
          <LoadFailed
            title="通知のまとめメールの設定を読み込めませんでした"
            error={digest.error}
            onRetry={() => void digest.refetch()}
          />
        ) : (
          <>
            {digest.data.mail_configured ? null : (
              <Alert variant="warning" title="このサーバーからはメールを送れません">
                メールの送信（SMTP）が設定されていないため、オンにしてもまとめメールは届きません。設定はサーバーの管理者に依頼してください。
              </Alert>
            )}
            <SettingSwitch
              label="まとめメールを送る"
              description="未読の通知がない人には送りません。既定: オフ。"
              checked={shown?.enabled ?? false}
              busy={update.isPending}
              onCheckedChange={(enabled) => update.mutate({ enabled, hour: shown?.hour })}
            />
            <Select
              label={fieldLabels.hour ?? '送る時刻'}
              description="テナントのタイムゾーンの時刻です。"
              selectClassName="w-40"
              placeholder={false}
              options={HOURS}
              value={String(shown?.hour ?? 8)}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate({ enabled: shown?.enabled ?? false, hour: Number(event.target.value) })
              }
            />
            <p className="text-sm text-muted-foreground" data-testid="digest-last-sent">
              {digest.data.last_sent_at
                ? `最後に送った日時: ${formatTenantDateTime(digest.data.last_sent_at)}`
                : 'まだ送っていません。'}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
