import { PageHeader } from '@tsumiki/ui';
import { appRoutes } from '../../app/paths';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { Conversation } from '../../features/assistant/conversation';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';

const title = appRoutes.chat.title;

const EXAMPLES = ['今月の対応件数は？', '山田さんの最近の対応は？', '今月の新規顧客は？'];

/** /chat: a conversation with the AI, optionally about one customer. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'chat')) return <FeatureOffScreen title={title} />;
  if (!can('ai.use')) return <PermissionDeniedScreen title={title} />;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="顧客や対応履歴について質問できます。顧客を選ぶと、その方の登録内容と最近の対応を踏まえて答えます。会話はこの画面を離れると消えます。"
      />
      <Conversation kind="chat" examples={EXAMPLES} />
    </div>
  );
}
