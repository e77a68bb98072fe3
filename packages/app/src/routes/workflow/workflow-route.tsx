import { PageHeader } from '@tsumiki/ui';
import { appRoutes } from '../../app/paths';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { WorkflowScreen } from '../../features/workflow/workflow-screen';

const title = appRoutes.workflow.title;

/** /workflow: workflow proposals, review and improvement. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'workflow_ai')) return <FeatureOffScreen title={title} />;
  if (!can('ai.use')) return <PermissionDeniedScreen title={title} />;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="業務の目的から手順の案を作り、担当・所要時間・確認事項を直して、点検と改善案を受けられます。"
      />
      <WorkflowScreen />
    </div>
  );
}
