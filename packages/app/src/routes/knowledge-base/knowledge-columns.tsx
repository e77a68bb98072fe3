import { documentTypeLabel, KNOWLEDGE_STATUS_LABELS, type KnowledgeDocument } from '@tsumiki/api-client';
import { Chip, type DataTableColumn, formatFileSize } from '@tsumiki/ui';
import { formatCount, formatTenantDateTime } from '../../lib/format';

const STATUS_CHIP = { processing: 'info', ready: 'success', failed: 'error' } as const;

/** The knowledge documents table: title with file and tags, indexing status, sizes, date. */
export const knowledgeColumns: DataTableColumn<KnowledgeDocument>[] = [
  {
    id: 'title',
    header: '題名',
    className: 'min-w-48',
    cell: (document) => (
      <div className="grid gap-0.5">
        <span className="font-medium break-all">{document.title}</span>
        <span className="text-xs text-muted-foreground">
          <span className="break-all">{document.file_name}</span>
          <span className="whitespace-nowrap">
            ・{documentTypeLabel(document.content_type, document.file_name)}・
            {formatFileSize(document.size_bytes)}
          </span>
        </span>
        {document.description ? (
          <span className="line-clamp-2 text-xs text-muted-foreground">{document.description}</span>
        ) : null}
        {document.tags.length ? (
          <span className="flex flex-wrap gap-1 pt-0.5">
            {document.tags.map((tag) => (
              <Chip key={tag} size="sm">
                {tag}
              </Chip>
            ))}
          </span>
        ) : null}
      </div>
    ),
  },
  {
    id: 'status',
    header: '状態',
    cell: (document) => (
      <div className="grid gap-1">
        <Chip variant={STATUS_CHIP[document.status]} data-testid="knowledge-status">
          {KNOWLEDGE_STATUS_LABELS[document.status]}
        </Chip>
        {document.error ? (
          <span className="max-w-56 text-xs whitespace-normal text-muted-foreground">{document.error}</span>
        ) : null}
      </div>
    ),
  },
  {
    id: 'counts',
    header: '断片・ページ',
    nowrap: true,
    hideBelow: 'md',
    cell: (document) => (
      <span className="tabular-nums">
        {formatCount(document.chunk_count)} 断片
        {document.page_count ? `・${formatCount(document.page_count)} ページ` : ''}
      </span>
    ),
  },
  {
    id: 'created_at',
    header: '登録日時',
    nowrap: true,
    hideBelow: 'lg',
    cell: (document) => <span className="tabular-nums">{formatTenantDateTime(document.created_at)}</span>,
  },
];
