import { Button, PageHeader } from '@tsumiki/ui';
import { lazy, Suspense } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { MarketingScreen } from '../../features/marketing/marketing-screen';

const title = appRoutes.marketing.title;

// A screen of its own under /marketing, in its own chunk. Chosen here rather than declared in the
// app's router so that the initial JS (shared by every screen, at its size budget) does not grow.
const AdvertisingCheckScreen = lazy(() => import('./advertising-check-screen'));

/** /marketing: segments, campaigns, competitors and a content calendar; /marketing/advertising-check. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  // The part of the URL after /marketing/ (the router's route is /marketing/*): no <Routes> here,
  // which would add the nested-routes code to the JS every screen loads first.
  const rest = useParams()['*'] ?? '';
  if (!isFeatureEnabled(flags, 'marketing_ai')) return <FeatureOffScreen title={title} />;
  if (!can('ai.use')) return <PermissionDeniedScreen title={title} />;
  if (rest === '') return <MarketingHome />;
  if (`${appRoutes.marketing.path}/${rest}` !== appRoutes.advertisingCheck.path)
    return <Navigate to={appRoutes.marketing.path} replace />;
  return (
    <Suspense fallback={null}>
      <AdvertisingCheckScreen />
    </Suspense>
  );
}

function MarketingHome() {
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
