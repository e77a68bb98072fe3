import { Button, PageHeader } from '@tsumiki/ui';
import { Link } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { AdvertisingCheckTool } from '../../features/marketing/advertising-check-tool';

/**
 * /marketing/advertising-check: any text checked against the medical-advertising guideline. Its
 * own chunk, loaded by marketing-route.tsx (which checks the feature and the permission once).
 */
export default function AdvertisingCheckScreen() {
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        eyebrow={appRoutes.marketing.title}
        title={appRoutes.advertisingCheck.title}
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
