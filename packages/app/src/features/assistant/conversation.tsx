import { AI_MODE_LABELS, AI_SOURCE_TYPE_LABELS, type components } from '@tsumiki/api-client';
import {
  AiModeNotice,
  Button,
  ChatMessage,
  Chip,
  EmptyState,
  ProgressSteps,
  Select,
  type SourceItem,
  SourceList,
  Textarea,
} from '@tsumiki/ui';
import { MessageSquareText, Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAiStream } from '../ai/use-ai-stream';
import { CustomerChooser } from '../forms/customer-chooser';
import { SEND_SHORTCUT_HINT, sendOnCtrlEnter } from '../forms/send-shortcut';
import { historyToSend } from './conversation-history';

type ChatReply = components['schemas']['ChatReply'];
type AiSource = components['schemas']['AiSource'];
type AssistantScope = components['schemas']['AssistantScope'];

const SCOPE_OPTIONS: { value: AssistantScope; label: string }[] = [
  { value: 'all', label: 'すべて' },
  { value: 'customers', label: '顧客・対応履歴' },
  { value: 'products', label: '商品' },
  { value: 'documents', label: '文書' },
  { value: 'staff', label: 'スタッフ' },
];

interface Exchange {
  question: string;
  reply: ChatReply;
}

interface CustomerChoice {
  id: string;
  name: string;
}

function sourceItems(sources: readonly AiSource[]): { items: SourceItem[]; urls: (string | null)[] } {
  const linked = sources.filter((source) => source.url);
  return {
    items: linked.map((source, index) => ({
      key: `${source.type}-${source.id ?? source.url}-${index}`,
      title: source.title,
      excerpt: source.excerpt ?? '',
      detail: AI_SOURCE_TYPE_LABELS[source.type],
      openLabel: source.type === 'web' ? 'ページを開く' : `${AI_SOURCE_TYPE_LABELS[source.type]}を開く`,
    })),
    urls: linked.map((source) => source.url),
  };
}

function Answer({ exchange }: { exchange: Exchange }) {
  const navigate = useNavigate();
  const { items, urls } = sourceItems(exchange.reply.sources);
  return (
    <ChatMessage
      data-testid="assistant-answer"
      question={exchange.question}
      answer={exchange.reply.content}
      badge={
        <Chip variant={exchange.reply.mode === 'offline' ? 'info' : 'primary'} data-testid="answer-mode">
          {AI_MODE_LABELS[exchange.reply.mode]}
        </Chip>
      }
    >
      <AiModeNotice mode={exchange.reply.mode} />
      {items.length > 0 ? (
        <SourceList
          headingLevel={3}
          sources={items}
          onOpen={(_source, index) => {
            const url = urls[index - 1];
            if (!url) return;
            if (url.startsWith('/')) navigate(url);
            else window.open(url, '_blank', 'noopener,noreferrer');
          }}
        />
      ) : null}
    </ChatMessage>
  );
}

/** Picks the customer a chat is about: search by name or kana, then choose one. */
function CustomerPicker({
  value,
  onChange,
}: {
  value: CustomerChoice | null;
  onChange: (customer: CustomerChoice | null) => void;
}) {
  return (
    <CustomerChooser
      value={value}
      onChange={onChange}
      limit={5}
      testId="chat-customer"
      labels={{
        search: '話題にする顧客を検索（任意）',
        placeholder: '顧客を名前・フリガナで検索（任意）',
        chosen: '話題の顧客',
        clear: '解除',
        clearFor: (name) => `${name} の選択を解除`,
      }}
    />
  );
}

export interface ConversationProps {
  /** `/chat` (optionally about a customer) or `/aiassistant` (within a scope). */
  kind: 'chat' | 'assistant';
  examples: readonly string[];
}

/**
 * A conversation with the assistant: the client keeps the exchanges and sends the newest 20 turns
 * with each question; the answer streams in with its steps, then shows its mode and sources.
 */
export function Conversation({ kind, examples }: ConversationProps) {
  const stream = useAiStream<ChatReply>();
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [scope, setScope] = useState<AssistantScope>('all');
  const [customer, setCustomer] = useState<CustomerChoice | null>(null);
  const hintId = useId();
  const conversationHeadingId = useId();
  const endRef = useRef<HTMLDivElement>(null);
  const { dropped } = historyToSend(
    exchanges.map((exchange) => ({ question: exchange.question, answer: exchange.reply.content })),
  );

  // A finished answer joins the conversation.
  const { result } = stream;
  useEffect(() => {
    if (!result || pending === null) return;
    setExchanges((current) => [...current, { question: pending, reply: result }]);
    setPending(null);
    setMessage('');
  }, [result, pending]);

  useEffect(() => {
    if (exchanges.length > 0 || pending) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [exchanges.length, pending]);

  const send = (text = message.trim()) => {
    if (stream.running) return;
    if (!text) return setFieldError('メッセージを入力してください。');
    if (text.length > 4000) return setFieldError('メッセージは 4000 文字以内で入力してください。');
    setFieldError(null);
    const { history } = historyToSend(
      exchanges.map((exchange) => ({ question: exchange.question, answer: exchange.reply.content })),
    );
    setPending(text);
    if (kind === 'chat')
      stream.start('/api/chat', { message: text, history, customer_id: customer?.id ?? null });
    else stream.start('/api/aiassistant/', { message: text, history, scope });
  };

  const onKeyDown = sendOnCtrlEnter(send);

  const streaming = pending !== null && (stream.running || stream.text !== '');

  return (
    <div className="grid min-w-0 gap-5">
      <section
        aria-labelledby={conversationHeadingId}
        className="grid min-w-0 gap-5"
        aria-busy={stream.running}
      >
        {/* The answers' parts (根拠にした箇所, h3) sit under this heading, not straight under the h1. */}
        <h2 id={conversationHeadingId} className="sr-only">
          会話
        </h2>
        {dropped > 0 ? (
          <p className="text-xs text-muted-foreground" data-testid="history-note">
            古いやりとり {dropped} 件は AI に送っていません（直近 20 件までを送ります）。
          </p>
        ) : null}
        {exchanges.length === 0 && !streaming ? (
          <EmptyState
            icon={<MessageSquareText aria-hidden="true" className="size-6" />}
            title="質問を入力してください"
            description={`例: ${examples.map((example) => `「${example}」`).join(' ')}`}
          />
        ) : null}
        {exchanges.map((exchange) => (
          <Answer key={exchange.reply.id} exchange={exchange} />
        ))}
        {streaming && pending !== null ? (
          <div className="grid gap-3" data-testid="streaming-answer">
            {stream.steps.length > 0 ? <ProgressSteps steps={stream.steps} label="回答の準備" /> : null}
            <ChatMessage question={pending} answer={stream.text || '…'} />
          </div>
        ) : null}
        <div ref={endRef} />
      </section>

      <form
        aria-label="質問"
        className="grid gap-3 rounded-lg border bg-surface p-4"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          send();
        }}
        noValidate
      >
        {kind === 'chat' ? <CustomerPicker value={customer} onChange={setCustomer} /> : null}
        <Textarea
          label="メッセージ"
          required
          rows={3}
          maxLength={4000}
          value={message}
          placeholder={`例: ${examples[0] ?? ''}`}
          aria-describedby={hintId}
          error={fieldError ?? undefined}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <p id={hintId} className="text-xs text-muted-foreground">
            {SEND_SHORTCUT_HINT}
          </p>
          <div className="flex flex-wrap items-end gap-3">
            {kind === 'assistant' ? (
              <Select
                label="対象範囲"
                className="w-40"
                placeholder={false}
                options={SCOPE_OPTIONS}
                value={scope}
                onChange={(event) => setScope(event.target.value as AssistantScope)}
              />
            ) : null}
            {stream.running ? (
              <Button type="button" variant="outline" onClick={() => stream.cancel()}>
                中止
              </Button>
            ) : null}
            <Button type="submit" loading={stream.running}>
              <Send aria-hidden="true" />
              送信
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
