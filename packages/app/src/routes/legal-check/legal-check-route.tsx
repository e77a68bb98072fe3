import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AI_MODE_LABELS, type KnowledgeChatMessage, type KnowledgeSource } from '@tsumiki/api-client';
import {
  askKnowledgeMutationOptions,
  knowledgeChatHistoryQueryOptions,
  knowledgeDocumentsQueryOptions,
  knowledgeFeedbackMutationOptions,
  knowledgeKeys,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  ChatMessage,
  Chip,
  EmptyState,
  FeedbackButtons,
  isImeComposing,
  PageHeader,
  Select,
  Skeleton,
  type SourceItem,
  SourceList,
  Textarea,
} from '@tsumiki/ui';
import { BookOpen, MessageSquareText, Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { useTenantApi } from '../../app/use-tenant-api';
import { isFeatureOff } from '../../features/access/feature-off';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import type { PassageTarget } from '../../features/knowledge/passage-dialog';
import { errorMessage } from '../../lib/error-message';
import { formatCount, formatTenantDateTime } from '../../lib/format';

const title = appRoutes.legalCheck.title;
const HISTORY_PAGE_SIZE = 20;
const MAX_RESULTS_OPTIONS = Array.from({ length: 20 }, (_, index) => index + 1);

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

function sourceItems(sources: readonly KnowledgeSource[]): SourceItem[] {
  return sources.map((source, index) => ({
    key: `${source.document_id ?? 'deleted'}-${source.metadata?.chunk_index ?? index}-${index}`,
    title: source.title,
    page: source.metadata?.page ?? null,
    excerpt: source.excerpt,
    detail: source.metadata
      ? `${source.metadata.file_name}・近さ ${Math.round(source.metadata.score * 100)}%`
      : undefined,
    available: source.document_id !== null && source.metadata !== undefined,
  }));
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

/** The question: Ctrl+Enter (⌘+Enter) sends, Enter makes a new line. */
function QuestionForm({ onAnswered }: { onAnswered: (message: KnowledgeChatMessage) => void }) {
  const { api, tenantId } = useTenantApi();
  const [query, setQuery] = useState('');
  const [maxResults, setMaxResults] = useState(5);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const ask = useMutation({
    ...askKnowledgeMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });

  const send = async () => {
    if (ask.isPending) return;
    const text = query.trim();
    if (!text) return setError('質問を入力してください。');
    setError(null);
    try {
      const message = await ask.mutateAsync({ query: text, max_results: maxResults, include_metadata: true });
      onAnswered(message);
      setQuery('');
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || isImeComposing(event)) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form
      aria-label="質問"
      className="grid gap-3 rounded-lg border bg-surface p-4"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send();
      }}
      noValidate
    >
      <Textarea
        label="質問"
        required
        rows={3}
        maxLength={2000}
        value={query}
        placeholder="例: 清掃業者との契約を解約するには、いつまでに通知が必要ですか？"
        aria-describedby={hintId}
        error={error ?? undefined}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p id={hintId} className="text-xs text-muted-foreground">
          Ctrl+Enter（Mac は ⌘+Enter）で送信、Enter で改行します。
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label="引用する件数"
            className="w-32"
            placeholder={false}
            options={MAX_RESULTS_OPTIONS.map((count) => ({ value: String(count), label: `${count} 件まで` }))}
            value={String(maxResults)}
            onChange={(event) => setMaxResults(Number(event.target.value))}
          />
          <Button type="submit" loading={ask.isPending}>
            <Send aria-hidden="true" />
            質問する
          </Button>
        </div>
      </div>
    </form>
  );
}

function AnswerView({
  message,
  onOpenSource,
  onFeedbackSaved,
}: {
  message: KnowledgeChatMessage;
  onOpenSource: (target: PassageTarget) => void;
  onFeedbackSaved: (message: KnowledgeChatMessage) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const [feedbackError, setFeedbackError] = useState<string | null>(null);
  const feedback = useMutation({
    ...knowledgeFeedbackMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const items = sourceItems(message.sources);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="answer">
      {/* The answer's parts (根拠にした箇所, h3) sit under this heading, not straight under the h1. */}
      <h2 id={headingId} className="sr-only">
        回答
      </h2>
      <ChatMessage
        question={message.query}
        answer={message.answer}
        meta={formatTenantDateTime(message.created_at)}
        notFound={!message.found}
        badge={
          <Chip variant={message.mode === 'offline' ? 'info' : 'primary'} data-testid="answer-mode">
            {AI_MODE_LABELS[message.mode]}
          </Chip>
        }
      >
        <SourceList
          sources={items}
          onOpen={(source, index) => {
            const original = message.sources[index - 1];
            if (!original?.document_id || !original.metadata) return;
            onOpenSource({
              documentId: original.document_id,
              chunkIndex: original.metadata.chunk_index,
              title: source.title,
              index,
            });
          }}
        />
        {message.found ? null : (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <BookOpen aria-hidden="true" className="size-4" />
            <Link to={appRoutes.knowledgeBase.path} className="underline underline-offset-4">
              ナレッジベースに資料を追加する
            </Link>
          </p>
        )}
        <FeedbackButtons
          value={
            message.feedback
              ? { isHelpful: message.feedback.is_helpful, comment: message.feedback.feedback }
              : null
          }
          error={feedbackError}
          onSubmit={async ({ isHelpful, comment }) => {
            setFeedbackError(null);
            try {
              const saved = await feedback.mutateAsync({
                id: message.id,
                body: { is_helpful: isHelpful, feedback: comment },
              });
              onFeedbackSaved(saved);
            } catch (caught) {
              setFeedbackError(errorMessage(caught));
              throw caught;
            }
          }}
        />
      </ChatMessage>
    </section>
  );
}
