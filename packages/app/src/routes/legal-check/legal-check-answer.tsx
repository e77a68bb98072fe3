import { useMutation } from '@tanstack/react-query';
import { AI_MODE_LABELS, type KnowledgeChatMessage, type KnowledgeSource } from '@tsumiki/api-client';
import { knowledgeFeedbackMutationOptions } from '@tsumiki/api-client/react';
import { ChatMessage, Chip, FeedbackButtons, type SourceItem, SourceList } from '@tsumiki/ui';
import { BookOpen } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { useTenantApi } from '../../app/use-tenant-api';
import type { PassageTarget } from '../../features/knowledge/passage-dialog';
import { errorMessage } from '../../lib/error-message';
import { formatTenantDateTime } from '../../lib/format';

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

/** One answer with its numbered sources and the helpful / not helpful buttons. */
export function AnswerView({
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
