import { Button, PageHeader } from '@tsumiki/ui';
import { Link } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { MarketingScreen } from '../../features/marketing/marketing-screen';

const title = appRoutes.marketing.title;

/** /marketing: segments, campaigns, competitors and a content calendar. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'marketing_ai')) return <FeatureOffScreen title={title} />;
  if (!can('ai.use')) return <PermissionDeniedScreen title={title} />;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="登録されている顧客と対応履歴から顧客層を数え、キャンペーン・競合の整理・発信のカレンダーを作ります。"
        actions={
          <Button asChild variant="outline">
            <Link to={appRoutes.advertisingCheck.path}>{appRoutes.advertisingCheck.title}</Link>
          </Button>
        }
      />
      <MarketingScreen />
    </div>
  );
}
