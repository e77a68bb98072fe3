import { AI_SOURCE_TYPE_LABELS, type components } from '@tsumiki/api-client';
import { AiModeNotice } from '@tsumiki/ui';
import { Link } from 'react-router-dom';

type AiSource = components['schemas']['AiSource'];

/** How an answer was made (mode notice) and what it rests on (its sources, linked in the app). */
export function AiAnswerFooter({
  mode,
  sources,
}: {
  mode: 'openai' | 'offline';
  sources: readonly AiSource[];
}) {
  return (
    <div className="grid gap-2 border-t pt-3">
      <AiModeNotice mode={mode} />
      {sources.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">根拠（{sources.length} 件）</summary>
          <ul className="mt-2 grid gap-1.5">
            {sources.map((source, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sources may repeat; order is stable
              <li key={index} className="min-w-0 break-words">
                <span className="mr-2 rounded bg-secondary px-1.5 py-0.5 text-xs">
                  {AI_SOURCE_TYPE_LABELS[source.type]}
                </span>
                {source.url?.startsWith('/') ? (
                  <Link to={source.url} className="underline underline-offset-4">
                    {source.title}
                  </Link>
                ) : source.url ? (
                  <a
                    href={source.url}
                    target="_blank"
                    rel="noreferrer"
                    className="underline underline-offset-4"
                  >
                    {source.title}
                  </a>
                ) : (
                  source.title
                )}
                {source.excerpt ? (
                  <span className="block text-muted-foreground text-xs">{source.excerpt}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
