import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeChatMessage } from '@tsumiki/api-client';
import {
  knowledgeChatHistoryQueryOptions,
  knowledgeDocumentsQueryOptions,
  knowledgeKeys,
} from '@tsumiki/api-client/react';
import { Alert, Button, EmptyState, PageHeader, Skeleton } from '@tsumiki/ui';
import { MessageSquareText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { useTenantApi } from '../../app/use-tenant-api';
import { isFeatureOff } from '../../features/access/feature-off';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import type { PassageTarget } from '../../features/knowledge/passage-dialog';
import { formatCount, formatTenantDateTime } from '../../lib/format';
import { AnswerView } from './legal-check-answer';
import { QuestionForm } from './legal-check-question';

const title = appRoutes.legalCheck.title;
const HISTORY_PAGE_SIZE = 20;

const PassageDialog = lazy(() =>
  import('../../features/knowledge/passage-dialog').then((module) => ({ default: module.PassageDialog })),
);

/** /legal-check: questions to the knowledge base, answered with numbered citations. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'legal_check')) return <FeatureOffScreen title={title} />;
  if (!can('ai.use')) return <PermissionDeniedScreen title={title} />;
  return <LegalCheckScreen />;
}

function LegalCheckScreen() {
  const { api, tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<KnowledgeChatMessage | null>(null);
  const [passage, setPassage] = useState<{ open: boolean; target: PassageTarget } | null>(null);

  const knowledge = useQuery(knowledgeDocumentsQueryOptions(api, tenantId, { skip: 0, limit: 1 }));
  const historyKey = [...knowledgeKeys.all(tenantId), 'chat-history', 'infinite'] as const;
  const history = useInfiniteQuery({
    queryKey: historyKey,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      queryClient.fetchQuery({
        ...knowledgeChatHistoryQueryOptions(api, tenantId, { skip: pageParam, limit: HISTORY_PAGE_SIZE }),
        staleTime: 0,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.messages.length, 0);
      return loaded < last.total && last.messages.length > 0 ? loaded : undefined;
    },
  });
  const messages = history.data?.pages.flatMap((page) => page.messages) ?? [];
  const shown = selected ?? null;

  if (knowledge.isError && isFeatureOff(knowledge.error)) return <FeatureOffScreen title={title} />;
  const empty = knowledge.data?.total === 0;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="ナレッジベースに登録した資料から関係する箇所を探し、引用（資料名・ページ）つきで答えます。回答は法的助言ではありません。"
      />

      {empty ? (
        <Alert variant="warning" title="ナレッジベースに資料がありません">
          質問の根拠になる資料がまだ登録されていません。{' '}
          <Link to={appRoutes.knowledgeBase.path} className="font-semibold underline underline-offset-4">
            まず資料を登録してください
          </Link>
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-5">
          <QuestionForm onAnswered={setSelected} />
          {shown ? (
            <AnswerView
              key={shown.id}
              message={shown}
              onOpenSource={(target) => setPassage({ open: true, target })}
              onFeedbackSaved={setSelected}
            />
          ) : (
            <EmptyState
              icon={<MessageSquareText aria-hidden="true" className="size-6" />}
              title="質問を入力してください"
              description="例: 「清掃業者との契約を解約するには、いつまでに通知が必要ですか？」 回答には根拠にした資料とページが付きます。"
            />
          )}
        </div>

        <aside aria-labelledby="history-heading" className="grid content-start gap-3">
          <h2 id="history-heading" className="text-base font-semibold">
            これまでの質問
          </h2>
          {history.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : history.isError ? (
            <Alert variant="error">
              {history.error.message}
              <Button variant="outline" size="sm" className="ml-2" onClick={() => void history.refetch()}>
                再試行
              </Button>
            </Alert>
          ) : messages.length === 0 ? (
            <p className="text-sm text-muted-foreground">まだ質問はありません。</p>
          ) : (
            <ul className="grid gap-2" data-testid="chat-history">
              {messages.map((message) => (
                <li key={message.id}>
                  <button
                    type="button"
                    aria-current={shown?.id === message.id ? 'true' : undefined}
                    onClick={() => setSelected(message)}
                    className="grid w-full gap-1 rounded-md border bg-surface px-3 py-2 text-left outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-[current]:border-primary aria-[current]:bg-primary-subtle"
                  >
                    <span className="line-clamp-2 text-sm font-medium">{message.query}</span>
                    <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                      <span className="tabular-nums">{formatTenantDateTime(message.created_at)}</span>
                      {message.found ? null : <span>・該当なし</span>}
                      {message.feedback ? (
                        <span>・{message.feedback.is_helpful ? '役に立った' : '役に立たなかった'}</span>
                      ) : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {history.hasNextPage ? (
            <Button
              variant="outline"
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              さらに表示
            </Button>
          ) : null}
          {history.data ? (
            <p className="text-xs text-muted-foreground tabular-nums">
              全 {formatCount(history.data.pages[0]?.total ?? 0)} 件
            </p>
          ) : null}
        </aside>
      </div>

      <Suspense fallback={null}>
        {passage ? (
          <PassageDialog
            key={`${passage.target.documentId}-${passage.target.chunkIndex}`}
            open={passage.open}
            onOpenChange={(open) => setPassage((current) => (current ? { ...current, open } : current))}
            target={passage.target}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
