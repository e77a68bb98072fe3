import { Card, CardContent, EmptyState, PageHeader } from '@tsumiki/ui';
import { Lock, PowerOff } from 'lucide-react';
import { PERMISSION_DENIED_REASON } from './permissions';

/**
 * A whole screen the tenant has switched off (its flag, or the server's FEAT_001): said plainly
 * instead of failing.
 */
export function FeatureOffScreen({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <EmptyState
            headingLevel={2}
            icon={<PowerOff aria-hidden="true" />}
            title={`${title}はこのテナントでは利用できません`}
            description="この機能はテナントの設定で無効になっています。利用したい場合は、テナントの管理者にお問い合わせください。"
          />
        </CardContent>
      </Card>
    </div>
  );
}

/** A whole screen the user may not open (no read permission): the reason, not an error. */
export function PermissionDeniedScreen({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <EmptyState
            headingLevel={2}
            icon={<Lock aria-hidden="true" />}
            title="この画面を表示する権限がありません"
            description={PERMISSION_DENIED_REASON}
          />
        </CardContent>
      </Card>
    </div>
  );
}
