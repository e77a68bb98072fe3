import { useQuery } from '@tanstack/react-query';
import { interactionVersionsQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, Chip, Skeleton } from '@tsumiki/ui';
import { ChevronDown, History, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTenantApi } from '../../app/use-tenant-api';
import { formatTenantDateTime } from '../../lib/format';
import { INTERACTION_TYPE_LABELS, type Interaction, type InteractionType } from './customer-fields';

const TYPE_CHIP: Record<InteractionType, 'info' | 'success' | 'warning' | 'primary' | 'default'> = {
  call: 'info',
  email: 'success',
  visit: 'warning',
  meeting: 'primary',
  other: 'default',
};

/** Who did it, and when, as the timeline says it: 「佐藤 美咲（2026/11/27 09:26）」. */
function ByLine({ name, at, fallback }: { name: string | null; at: string; fallback: string }) {
  return (
    <>
      {name ?? fallback}（
      <time dateTime={at} className="tabular-nums">
        {formatTenantDateTime(at)}
      </time>
      ）
    </>
  );
}

/** 種類・要約・内容・商品 of an interaction or of one of its earlier versions. */
function InteractionBody({
  type,
  summary,
  content,
  products,
  level,
}: Pick<Interaction, 'type' | 'summary' | 'content' | 'products'> & { level: 'h3' | 'h4' }) {
  const Heading = level;
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Chip variant={TYPE_CHIP[type]} size="sm">
          {INTERACTION_TYPE_LABELS[type]}
        </Chip>
        {summary?.trim() ? <Heading className="font-semibold break-words">{summary}</Heading> : null}
      </div>
      <p className="text-sm leading-[1.7] break-words whitespace-pre-wrap">{content}</p>
      {products.length > 0 ? (
        <ul aria-label="扱った商品" className="flex flex-wrap gap-1.5">
          {products.map((product) => (
            <li key={product.id}>
              <Chip size="sm" variant="default" asChild>
                <Link to={`/products/${product.id}`}>{product.name}</Link>
              </Chip>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * One entry of the timeline. Who may correct it sees 直す, who may delete it 削除; a corrected
 * entry says so, and its earlier versions (who wrote each, when, and what) open below it.
 */
export function InteractionItem({
  interaction,
  onEdit,
  onDelete,
}: {
  interaction: Interaction;
  onEdit: ((interaction: Interaction) => void) | null;
  onDelete: ((interaction: Interaction) => void) | null;
}) {
  const corrected = interaction.version > 1;
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyId = useId();
  const label = interaction.summary?.trim() || INTERACTION_TYPE_LABELS[interaction.type];
  return (
    <li className="relative grid gap-1.5 border-l-2 border-border py-3 pl-4 first:pt-0 last:pb-0">
      <InteractionBody {...interaction} level="h3" />
      <p className="text-xs text-muted-foreground">
        記録: <ByLine name={interaction.created_by_name} at={interaction.created_at} fallback="記録者不明" />
        {corrected ? (
          <>
            ／修正: <ByLine name={interaction.updated_by_name} at={interaction.updated_at} fallback="不明" />
          </>
        ) : null}
      </p>
      {onEdit || onDelete || corrected ? (
        <div className="flex flex-wrap gap-1">
          {corrected ? (
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={historyOpen}
              aria-controls={historyId}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              <History aria-hidden="true" />
              以前の版（{interaction.version - 1}）
              <ChevronDown aria-hidden="true" className={historyOpen ? 'rotate-180' : undefined} />
            </Button>
          ) : null}
          {onEdit ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onEdit(interaction)}
              aria-label={`「${label}」を直す`}
            >
              <Pencil aria-hidden="true" />
              直す
            </Button>
          ) : null}
          {onDelete ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onDelete(interaction)}
              aria-label={`「${label}」を削除`}
              className="text-error-subtle-foreground"
            >
              <Trash2 aria-hidden="true" />
              削除
            </Button>
          ) : null}
        </div>
      ) : null}
      {historyOpen ? <InteractionVersions id={historyId} interaction={interaction} /> : null}
    </li>
  );
}

/** The versions a correction replaced, newest first: each with who wrote it and who replaced it. */
function InteractionVersions({ id, interaction }: { id: string; interaction: Interaction }) {
  const { api, tenantId } = useTenantApi();
  const versions = useQuery(
    interactionVersionsQueryOptions(api, tenantId, interaction.customer_id, interaction.id),
  );
  return (
    <section id={id} aria-label="以前の版" className="mt-1 grid gap-2">
      {versions.isPending ? (
        <Skeleton className="h-16 w-full" aria-label="以前の版を読み込み中" />
      ) : versions.isError ? (
        <Alert variant="error">{versions.error.message}</Alert>
      ) : (
        <ol className="grid gap-2">
          {versions.data.versions.map((version) => (
            <li
              key={version.version}
              className="grid gap-1.5 rounded-md border border-dashed bg-muted/40 p-3"
            >
              <p className="text-xs font-medium text-muted-foreground">
                版 {version.version} — {version.version === 1 ? '記録' : '修正'}:{' '}
                <ByLine name={version.written_by_name} at={version.written_at} fallback="不明" />
                ／この版を直した人:{' '}
                <ByLine name={version.replaced_by_name} at={version.replaced_at} fallback="不明" />
              </p>
              <InteractionBody {...version} level="h4" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
