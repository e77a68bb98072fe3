import { PageHeader } from '@tsumiki/ui';
import { appRoutes } from '../../app/paths';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { Conversation } from '../../features/assistant/conversation';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';

const title = appRoutes.aiAssistant.title;

const EXAMPLES = ['今月の対応件数は？', 'スタッフ一覧', '「個人情報」に関する文書は？'];

/** /aiassistant: questions about the tenant's customers, products, documents and staff, within a scope. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'staff_chat')) return <FeatureOffScreen title={title} />;
  if (!can('ai.use')) return <PermissionDeniedScreen title={title} />;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="顧客・対応履歴・商品・文書・スタッフの登録データから答えます。対象範囲で調べる先を絞れます。根拠のデータへのリンクが付きます。"
      />
      <Conversation kind="assistant" examples={EXAMPLES} />
    </div>
  );
}
