import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type components, isApiError } from '@tsumiki/api-client';
import {
  createInteractionMutationOptions,
  customerInteractionsInfiniteQueryOptions,
  interactionKeys,
  productsQueryOptions,
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
import { MessageSquarePlus, RotateCw, X } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../app/toasts';
import { formatTenantDateTime } from '../../lib/format';
import { usePermissions } from '../access/permissions';
import { isFeatureEnabled, useFeatureFlags } from '../feature-flags';
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
      {interaction.products.length > 0 ? (
        <ul aria-label="扱った商品" className="flex flex-wrap gap-1.5">
          {interaction.products.map((product) => (
            <li key={product.id}>
              <Chip size="sm" variant="default" asChild>
                <Link to={`/products/${product.id}`}>{product.name}</Link>
              </Chip>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {interaction.created_by_name ?? '記録者不明'} ・{' '}
        <time dateTime={interaction.created_at} className="tabular-nums">
          {formatTenantDateTime(interaction.created_at)}
        </time>
      </p>
    </li>
  );
}

type InteractionErrors = Partial<Record<'type' | 'summary' | 'content' | 'product_ids', string>>;

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
  const [products, setProducts] = useState<Array<{ id: string; name: string }>>([]);
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
        product_ids: products.map((product) => product.id),
      });
      setSummary('');
      setContent('');
      setProducts([]);
      toast({ title: '対応履歴を記録しました', variant: 'success' });
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.validationErrors.length > 0) {
        const byField: InteractionErrors = {};
        const others: string[] = [];
        for (const entry of error.validationErrors) {
          if (
            entry.field === 'type' ||
            entry.field === 'summary' ||
            entry.field === 'content' ||
            entry.field === 'product_ids'
          )
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
      <ProductPicker
        selected={products}
        onChange={(next) => {
          setProducts(next);
          setErrors(({ product_ids: _, ...rest }) => rest);
        }}
        error={errors.product_ids}
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

/** The products an interaction was about: chosen from the tenant's products on sale, shown as removable chips. */
function ProductPicker({
  selected,
  onChange,
  error,
}: {
  selected: Array<{ id: string; name: string }>;
  onChange: (products: Array<{ id: string; name: string }>) => void;
  error?: string | undefined;
}) {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  const available = isFeatureEnabled(flags, 'products') && can('products.read');
  const catalogue = useQuery({
    ...productsQueryOptions(api, tenantId, {
      status: 'active',
      sort_by: 'name_kana',
      sort_order: 'asc',
      limit: 100,
    }),
    enabled: available,
  });
  if (!available) return null;
  const options = (catalogue.data?.products ?? [])
    .filter((product) => !selected.some((chosen) => chosen.id === product.id))
    .map((product) => ({ value: product.id, label: product.name }));
  return (
    <div className="grid gap-2">
      <Select
        label={fieldLabel('product_ids')}
        placeholder={catalogue.isPending ? '読み込んでいます…' : '商品を追加'}
        options={options}
        value=""
        disabled={selected.length >= 20}
        description={
          catalogue.isError
            ? '商品の一覧を読み込めませんでした。'
            : selected.length >= 20
              ? '商品は 20 件まで選べます。'
              : 'この対応で扱った商品・サービス（任意・複数可）'
        }
        onChange={(event) => {
          const product = catalogue.data?.products.find((candidate) => candidate.id === event.target.value);
          if (product) onChange([...selected, { id: product.id, name: product.name }]);
        }}
        error={error}
      />
      {selected.length > 0 ? (
        <ul aria-label="選んだ商品" className="flex flex-wrap gap-1.5">
          {selected.map((product) => (
            <li key={product.id}>
              <Chip size="sm" variant="primary" className="gap-1 pr-1">
                {product.name}
                <button
                  type="button"
                  aria-label={`${product.name}を外す`}
                  className="grid size-5 place-items-center rounded-full hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => onChange(selected.filter((chosen) => chosen.id !== product.id))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </Chip>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
