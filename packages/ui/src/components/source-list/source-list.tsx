import { FileText } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { sourceListMessages } from '../../i18n/groups/source-list';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { HighlightedText, type TextRange } from '../highlighted-text/highlighted-text';

export type SourceItem = {
  /** Unique among the sources. */
  key: string;
  title: string;
  /** The page of the passage, where the format has pages. */
  page?: number | null;
  excerpt: string;
  highlights?: readonly TextRange[];
  /** Extra facts (file name, closeness) shown small under the title. */
  detail?: ReactNode;
  /** False when the document was deleted since: listed without the open button. */
  available?: boolean;
  /**
   * The open button's text when the source is not a passage (e.g. 顧客を開く for a customer record);
   * 箇所を開く by default.
   */
  openLabel?: string;
};

export type SourceListProps = Omit<ComponentProps<'section'>, 'children'> & {
  sources: readonly SourceItem[];
  /** Opens a source's passage; without it there is no button. `index` counts from 1 ([1] in the answer). */
  onOpen?: (source: SourceItem, index: number) => void;
  /** Heading level of the list's heading. */
  headingLevel?: 2 | 3 | 4;
};

/** A single numbered source: title, page and the excerpt, as cited by [n] in an answer. */
export function Citation({
  source,
  index,
  onOpen,
}: {
  source: SourceItem;
  index: number;
  onOpen?: (source: SourceItem, index: number) => void;
}) {
  const messages = useMessageGroups({ sourceList: sourceListMessages });
  const text = messages.sourceList;
  const available = source.available ?? true;
  return (
    <article
      data-slot="citation"
      data-available={available}
      aria-label={`[${index}] ${source.title}`}
      className="grid gap-2 rounded-lg border bg-surface p-3"
    >
      <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
        <span
          aria-hidden="true"
          className="grid h-6 min-w-6 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums"
        >
          {index}
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold">
            <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 break-all">{source.title}</span>
            {source.page ? (
              <span className="rounded-sm bg-info-subtle px-1.5 text-xs font-medium text-info-subtle-foreground">
                {text.page(source.page)}
              </span>
            ) : null}
            {available ? null : (
              <span className="text-xs font-normal text-muted-foreground">（{text.deleted}）</span>
            )}
          </p>
          {source.detail ? <div className="text-xs text-muted-foreground">{source.detail}</div> : null}
        </div>
        {onOpen && available ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={
              source.openLabel
                ? text.openAs(index, source.title, source.openLabel)
                : text.open(index, source.title)
            }
            onClick={() => onOpen(source, index)}
          >
            {source.openLabel ?? text.openLabel}
          </Button>
        ) : null}
      </div>
      <blockquote className="border-l-4 border-border pl-3 text-sm leading-[1.7] text-foreground">
        <HighlightedText text={source.excerpt} highlights={source.highlights} className="line-clamp-6" />
      </blockquote>
    </article>
  );
}

/** The numbered sources an answer rests on ([1], [2] … in the answer), each openable. */
export function SourceList({ sources, onOpen, headingLevel = 3, className, ...props }: SourceListProps) {
  const messages = useMessageGroups({ sourceList: sourceListMessages });
  const Heading = `h${headingLevel}` as const;
  if (sources.length === 0) return null;
  return (
    <section data-slot="source-list" className={cn('grid gap-2', className)} {...props}>
      <Heading className="text-sm font-semibold text-muted-foreground">{messages.sourceList.heading}</Heading>
      <ol className="grid gap-2">
        {sources.map((source, position) => (
          <li key={source.key}>
            <Citation source={source} index={position + 1} onOpen={onOpen} />
          </li>
        ))}
      </ol>
    </section>
  );
}
