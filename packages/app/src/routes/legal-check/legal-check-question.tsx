import { useMutation } from '@tanstack/react-query';
import type { KnowledgeChatMessage } from '@tsumiki/api-client';
import { askKnowledgeMutationOptions } from '@tsumiki/api-client/react';
import { Button, Select, Textarea } from '@tsumiki/ui';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { SEND_SHORTCUT_HINT, sendOnCtrlEnter } from '../../features/forms/send-shortcut';
import { errorMessage } from '../../lib/error-message';

const MAX_RESULTS_OPTIONS = Array.from({ length: 20 }, (_, index) => index + 1);

/** The question: Ctrl+Enter (⌘+Enter) sends, Enter makes a new line. */
export function QuestionForm({ onAnswered }: { onAnswered: (message: KnowledgeChatMessage) => void }) {
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

  const onKeyDown = sendOnCtrlEnter(() => void send());

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
          {SEND_SHORTCUT_HINT}
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
