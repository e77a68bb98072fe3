import { Button, PageHeader } from '@tsumiki/ui';
import { Link } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { AdvertisingCheckTool } from '../../features/marketing/advertising-check-tool';

const title = appRoutes.advertisingCheck.title;

/** /marketing/advertising-check: any text checked against the medical-advertising guideline. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'marketing_ai')) return <FeatureOffScreen title={title} />;
  if (!can('ai.use')) return <PermissionDeniedScreen title={title} />;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        eyebrow={appRoutes.marketing.title}
        title={title}
        description="広告の文面を医療広告ガイドラインに照らして確かめ、該当する表現・理由・言い換えの案を示します。"
        actions={
          <Button asChild variant="outline">
            <Link to={appRoutes.marketing.path}>マーケティングAIへ戻る</Link>
          </Button>
        }
      />
      <AdvertisingCheckTool />
    </div>
  );
}
