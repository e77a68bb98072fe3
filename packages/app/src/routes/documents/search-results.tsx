import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AI_MODE_LABELS, type DocumentSearchHit, documentTypeLabel } from '@tsumiki/api-client';
import { documentSearchQueryOptions, semanticSearchQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, Chip, EmptyState, HighlightedText, Pagination, Skeleton } from '@tsumiki/ui';
import { SearchX } from 'lucide-react';
import { useTenantApi } from '../../app/use-tenant-api';
import type { PreviewTarget } from '../../features/documents/document-dialogs';
import { DOCUMENT_PAGE_SIZE, type DocumentListState } from '../../features/documents/document-list-state';
import { ListTotal } from '../../features/lists/list-controls';
import { formatCount } from '../../lib/format';

/** Keyword or semantic results: the file, the snippet with its matches marked, the page. */
export function SearchResults({
  state,
  onOpen,
  onClear,
  onPageChange,
}: {
  state: DocumentListState;
  onOpen: (target: PreviewTarget) => void;
  onClear: () => void;
  onPageChange: (page: number) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const keyword = useQuery({
    ...documentSearchQueryOptions(api, tenantId, {
      query: state.q,
      skip: (state.page - 1) * DOCUMENT_PAGE_SIZE,
      limit: DOCUMENT_PAGE_SIZE,
    }),
    enabled: state.mode === 'keyword',
    placeholderData: keepPreviousData,
  });
  const semantic = useQuery({
    ...semanticSearchQueryOptions(api, tenantId, { query: state.q, limit: 20 }),
    enabled: state.mode === 'semantic',
  });
  const search = state.mode === 'keyword' ? keyword : semantic;
  const hits: readonly DocumentSearchHit[] = search.data?.results ?? [];
  const mode = state.mode === 'semantic' ? semantic.data?.mode : undefined;

  return (
    <section aria-labelledby="search-results-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="search-results-heading" className="text-base font-semibold">
          「{state.q}」の検索結果
        </h2>
        {mode ? <Chip variant={mode === 'offline' ? 'info' : 'primary'}>{AI_MODE_LABELS[mode]}</Chip> : null}
        <Button variant="subtle" size="sm" onClick={onClear}>
          検索をやめてフォルダーに戻る
        </Button>
      </div>
      {mode === 'offline' ? (
        <p className="text-xs text-muted-foreground">
          AI の埋め込みモデルが設定されていないため、語句（2 文字単位）の重なりで近い箇所を探しています。
        </p>
      ) : null}
      <ListTotal testId="search-total">
        {search.isFetching && !search.data
          ? '検索しています…'
          : search.data
            ? state.mode === 'keyword' && keyword.data
              ? `${formatCount(keyword.data.total)} 件見つかりました`
              : `${formatCount(hits.length)} 件見つかりました`
            : ''}
      </ListTotal>
      {search.isError ? (
        <Alert variant="error">
          {search.error.message}
          <Button variant="outline" size="sm" className="ml-2" onClick={() => void search.refetch()}>
            再試行
          </Button>
        </Alert>
      ) : search.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : hits.length === 0 ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" className="size-6" />}
          title="該当する文書が見つかりません"
          description={
            state.mode === 'keyword'
              ? '別の語句でお試しください。「意味で検索」に切り替えると、言い回しが違っても近い箇所を探せます。'
              : '質問の言い方を変えるか、キーワード検索をお試しください。'
          }
        />
      ) : (
        <ol className="grid gap-3">
          {hits.map((hit) => (
            <li key={`${hit.document.id}-${hit.page ?? 0}-${hit.snippet ?? ''}`}>
              <article className="grid gap-2 rounded-lg border bg-surface p-4" data-testid="search-hit">
                <div className="flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    className="text-left font-semibold break-all text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() =>
                      onOpen({
                        id: hit.document.id,
                        fileName: hit.document.file_name,
                        contentType: hit.document.content_type,
                        page: hit.page,
                      })
                    }
                  >
                    {hit.document.file_name}
                    {hit.page ? <span className="sr-only">（{hit.page} ページを開く）</span> : null}
                  </button>
                  {hit.page ? (
                    <Chip variant="info" data-testid="hit-page">
                      {hit.page} ページ
                    </Chip>
                  ) : null}
                  <span className="text-xs text-muted-foreground">
                    {documentTypeLabel(hit.document.content_type, hit.document.file_name)}
                    {hit.score !== null ? `・近さ ${Math.round(hit.score * 100)}%` : ''}
                  </span>
                </div>
                {hit.snippet ? (
                  <p className="text-sm leading-[1.7]">
                    <HighlightedText text={hit.snippet} highlights={hit.highlights} />
                  </p>
                ) : (
                  <p className="text-sm text-muted-foreground">ファイル名が一致しました。</p>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
      {state.mode === 'keyword' && keyword.data && keyword.data.total > DOCUMENT_PAGE_SIZE ? (
        <Pagination
          page={state.page}
          pageSize={DOCUMENT_PAGE_SIZE}
          total={keyword.data.total}
          disabled={keyword.isFetching}
          onPageChange={onPageChange}
        />
      ) : null}
    </section>
  );
}
