import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type components, isApiError } from '@tsumiki/api-client';
import {
  createInteractionMutationOptions,
  customerInteractionsInfiniteQueryOptions,
  interactionKeys,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Chip,
  EmptyState,
  isImeComposing,
  Select,
  Skeleton,
  Textarea,
  TextField,
} from '@tsumiki/ui';
import { MessageSquarePlus, RotateCw } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useToast } from '../../app/toasts';
import { formatTenantDateTime } from '../../lib/format';
import { fieldLabel } from './customer-contract';
import {
  INTERACTION_TYPE_LABELS,
  INTERACTION_TYPES,
  type Interaction,
  type InteractionType,
} from './customer-fields';
import { characterCount, customerFieldMessages } from './customer-form';
import { useTenantApi } from './use-tenant-api';

type InteractionList = components['schemas']['InteractionList'];

const TYPE_CHIP: Record<InteractionType, 'info' | 'success' | 'warning' | 'primary' | 'default'> = {
  call: 'info',
  email: 'success',
  visit: 'warning',
  meeting: 'primary',
  other: 'default',
};

/** 対応履歴: 記録フォームと、新しい順のタイムライン（「さらに表示」で続きを読む）。 */
export function InteractionTimeline({ customerId, canAdd }: { customerId: string; canAdd: boolean }) {
  const { api, tenantId } = useTenantApi();
  const timeline = useInfiniteQuery(customerInteractionsInfiniteQueryOptions(api, tenantId, customerId));
  const total = timeline.data?.pages[0]?.total;
  const interactions = timeline.data?.pages.flatMap((page) => page.interactions) ?? [];

  return (
    <Card>
      <CardHeader layout="row">
        <CardTitle>
          <h2 id="interaction-timeline-heading">対応履歴</h2>
        </CardTitle>
        {total !== undefined && (
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            全 {total.toLocaleString('ja-JP')} 件
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        {canAdd && <InteractionForm customerId={customerId} />}
        <section aria-labelledby="interaction-timeline-heading" aria-busy={timeline.isPending || undefined}>
          {timeline.isPending ? (
            <div className="grid gap-3">
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
              <span className="sr-only" role="status">
                対応履歴を読み込んでいます
              </span>
            </div>
          ) : timeline.isError && interactions.length === 0 ? (
            <Alert variant="error" title="対応履歴を読み込めませんでした">
              <p>{timeline.error.message}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-2 w-fit"
                onClick={() => void timeline.refetch()}
              >
                <RotateCw aria-hidden="true" />
                再試行
              </Button>
            </Alert>
          ) : interactions.length === 0 ? (
            <EmptyState
              title="対応履歴はまだありません"
              description="電話や来院などの対応を記録すると、ここに新しい順で表示されます。"
            />
          ) : (
            <>
              <ol className="grid gap-0" data-testid="interaction-timeline">
                {interactions.map((interaction) => (
                  <InteractionItem key={interaction.id} interaction={interaction} />
                ))}
              </ol>
              {timeline.isFetchNextPageError && (
                <Alert variant="error" className="mt-3" title="続きを読み込めませんでした">
                  {timeline.error?.message}
                </Alert>
              )}
              {timeline.hasNextPage && (
                <div className="mt-4 flex justify-center">
                  <Button
                    variant="outline"
                    loading={timeline.isFetchingNextPage}
                    onClick={() => void timeline.fetchNextPage()}
                  >
                    さらに表示
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function InteractionItem({ interaction }: { interaction: Interaction }) {
  return (
    <li className="relative grid gap-1.5 border-l-2 border-border py-3 pl-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Chip variant={TYPE_CHIP[interaction.type]} size="sm">
          {INTERACTION_TYPE_LABELS[interaction.type]}
        </Chip>
        {interaction.summary?.trim() ? (
          <h3 className="font-semibold break-words">{interaction.summary}</h3>
        ) : null}
      </div>
      <p className="text-sm leading-[1.7] break-words whitespace-pre-wrap">{interaction.content}</p>
      <p className="text-xs text-muted-foreground">
        {interaction.created_by_name ?? '記録者不明'} ・{' '}
        <time dateTime={interaction.created_at} className="tabular-nums">
          {formatTenantDateTime(interaction.created_at)}
        </time>
      </p>
    </li>
  );
}

type InteractionErrors = Partial<Record<'type' | 'summary' | 'content', string>>;

function InteractionForm({ customerId }: { customerId: string }) {
  const { api, tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const options = createInteractionMutationOptions(api, tenantId);
  const create = useMutation({
    ...options,
    meta: { errorDisplay: 'inline' },
    onSuccess: async (interaction, variables, onMutateResult, context) => {
      // The new entry goes to the top at once; the refetch that follows confirms it.
      queryClient.setQueryData<InfiniteData<InteractionList, number>>(
        interactionKeys.pagesOfCustomer(tenantId, customerId),
        (data) => {
          if (!data) return data;
          const [first, ...rest] = data.pages;
          if (!first) return data;
          return {
            ...data,
            pages: [{ total: first.total + 1, interactions: [interaction, ...first.interactions] }, ...rest],
          };
        },
      );
      await options.onSuccess?.(interaction, variables, onMutateResult, context);
    },
  });
  const [type, setType] = useState<InteractionType>('call');
  const [summary, setSummary] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<InteractionErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const summaryRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: InteractionErrors = {};
    if (content.trim() === '') next.content = customerFieldMessages.required;
    else if (characterCount(content) > 10000) next.content = customerFieldMessages.maxLength(10000);
    if (characterCount(summary.trim()) > 200) next.summary = customerFieldMessages.maxLength(200);
    setErrors(next);
    if (next.summary) return summaryRef.current?.focus();
    if (next.content) return contentRef.current?.focus();
    try {
      await create.mutateAsync({
        customer_id: customerId,
        type,
        summary: summary.trim() || null,
        content: content.trim(),
      });
      setSummary('');
      setContent('');
      toast({ title: '対応履歴を記録しました', variant: 'success' });
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.validationErrors.length > 0) {
        const byField: InteractionErrors = {};
        const others: string[] = [];
        for (const entry of error.validationErrors) {
          if (entry.field === 'type' || entry.field === 'summary' || entry.field === 'content')
            byField[entry.field] ??= entry.message;
          else others.push(`${fieldLabel(entry.field)}: ${entry.message}`);
        }
        setErrors(byField);
        if (others.length > 0) setFailure(others.join('\n'));
        return;
      }
      setFailure(
        `${error instanceof Error ? error.message : '記録できませんでした。'} 入力内容はこのまま残っています。`,
      );
    }
  };

  return (
    <form
      noValidate
      aria-label="対応履歴を記録"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && isImeComposing(event)) event.preventDefault();
      }}
      className="grid gap-3 rounded-lg border border-border bg-muted/40 p-3 sm:p-4"
    >
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <Select
          label={fieldLabel('type')}
          required
          placeholder={false}
          options={INTERACTION_TYPES.map((value) => ({ value, label: INTERACTION_TYPE_LABELS[value] }))}
          value={type}
          onChange={(event) => setType(event.target.value as InteractionType)}
          error={errors.type}
        />
        <TextField
          ref={summaryRef}
          label={fieldLabel('summary')}
          placeholder="例）検査結果の説明"
          value={summary}
          onChange={(event) => {
            setSummary(event.target.value);
            setErrors(({ summary: _, ...rest }) => rest);
          }}
          error={errors.summary}
        />
      </div>
      <Textarea
        ref={contentRef}
        label={fieldLabel('content')}
        required
        rows={3}
        maxLength={10000}
        showCount={false}
        placeholder="対応の内容を入力してください（改行できます）"
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          setErrors(({ content: _, ...rest }) => rest);
        }}
        error={errors.content}
      />
      {failure && (
        <Alert variant="error" title="記録できませんでした" className="whitespace-pre-line">
          {failure}
        </Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending}>
          <MessageSquarePlus aria-hidden="true" />
          記録する
        </Button>
      </div>
    </form>
  );
}
