import { AI_SOURCE_TYPE_LABELS } from '@tsumiki/api-client';
import { Chip } from '@tsumiki/ui';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ResearchReport } from './research-labels';

export const sourceId = (reportId: string, number: number) => `research-${reportId}-source-${number}`;

export function Citations({ reportId, numbers }: { reportId: string; numbers: readonly number[] }) {
  if (numbers.length === 0) return null;
  return (
    <p className="text-xs text-muted-foreground">
      根拠:{' '}
      {numbers.map((number) => (
        <a
          key={number}
          href={`#${sourceId(reportId, number)}`}
          className="mr-1 rounded px-0.5 font-medium text-primary underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label={`出典 ${number} へ`}
        >
          [{number}]
        </a>
      ))}
    </p>
  );
}

type Source = ResearchReport['sources'][number];

/** The numbered sources, each the target of the [n] links in the sections above it. */
export function SourceList({ reportId, sources }: { reportId: string; sources: readonly Source[] }) {
  return (
    <section aria-labelledby={`research-${reportId}-sources`} className="grid gap-2">
      <h3 id={`research-${reportId}-sources`} className="font-semibold">
        出典
      </h3>
      <ol className="grid gap-2 text-sm">
        {sources.map((source, index) => {
          const number = index + 1;
          return (
            <li
              key={`${source.type}-${source.id ?? source.url ?? source.title}-${number}`}
              id={sourceId(reportId, number)}
              tabIndex={-1}
              className="grid gap-0.5 rounded-md border p-2 focus:ring-2 focus:ring-ring focus:outline-none"
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium">[{number}]</span>
                {source.url?.startsWith('/') ? (
                  <Link to={source.url} className="text-primary underline-offset-2 hover:underline">
                    {source.title}
                  </Link>
                ) : source.url ? (
                  <a
                    href={source.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline"
                  >
                    {source.title}
                    <ExternalLink aria-hidden="true" className="size-3" />
                    <span className="sr-only">（新しいタブで開きます）</span>
                  </a>
                ) : (
                  <span>{source.title}</span>
                )}
                <Chip variant="default" size="sm">
                  {AI_SOURCE_TYPE_LABELS[source.type]}
                </Chip>
              </span>
              {source.excerpt ? (
                <span className="text-xs text-muted-foreground break-words">{source.excerpt}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
