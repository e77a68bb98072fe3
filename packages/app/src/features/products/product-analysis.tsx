import { useMutation } from '@tanstack/react-query';
import { AI_SOURCE_TYPE_LABELS, type components } from '@tsumiki/api-client';
import { analyzeProductMutationOptions } from '@tsumiki/api-client/react';
import {
  AiModeNotice,
  Alert,
  BarChart,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Chip,
  EmptyState,
  Skeleton,
} from '@tsumiki/ui';
import { ChartColumn, RotateCw, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTenantApi } from '../../app/use-tenant-api';
import { PERMISSION_DENIED_REASON, usePermissions } from '../access/permissions';
import type { Product } from './product-display';

type ProductAnalysis = components['schemas']['ProductAnalysis'];

/** 'YYYY-MM' as the chart's label: 2026年11月. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${year}年${Number(number)}月`;
}

/** 商品の分析: 月ごとの対応件数、顧客層、一緒に選ばれる商品、市場（AI があるときだけ）、根拠。 */
export function ProductAnalysisSection({ product }: { product: Product }) {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const mayAnalyze = can('ai.use');
  const analyze = useMutation({
    ...analyzeProductMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const run = () => analyze.mutate({ id: product.id, body: { product_id: product.id } });
  const analysis = analyze.data?.product_id === product.id ? analyze.data : null;

  return (
    <Card>
      <CardHeader layout="row">
        <CardTitle>
          <h2 id="product-analysis-heading">分析</h2>
        </CardTitle>
        <Button
          variant={analysis ? 'outline' : 'primary'}
          loading={analyze.isPending}
          disabledReason={mayAnalyze ? undefined : PERMISSION_DENIED_REASON}
          onClick={run}
        >
          <Sparkles aria-hidden="true" />
          {analysis ? '分析し直す' : '分析する'}
        </Button>
      </CardHeader>
      <CardContent>
        <section
          aria-labelledby="product-analysis-heading"
          aria-busy={analyze.isPending || undefined}
          className="grid gap-6"
        >
          {analyze.isPending ? (
            <div className="grid gap-3">
              <Skeleton className="h-40 w-full" />
              <Skeleton className="h-24 w-full" />
              <span className="sr-only" role="status">
                分析しています
              </span>
            </div>
          ) : analyze.isError ? (
            <Alert variant="error" title="分析できませんでした">
              <p>{analyze.error.message}</p>
              <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={run}>
                <RotateCw aria-hidden="true" />
                再試行
              </Button>
            </Alert>
          ) : analysis ? (
            <AnalysisResult analysis={analysis} />
          ) : (
            <EmptyState
              headingLevel={3}
              icon={<ChartColumn aria-hidden="true" className="size-6" />}
              title="この商品を扱った対応を集計します"
              description="月ごとの対応件数、顧客層（新規・リピート、タグ、地域）、一緒に扱われることの多い商品を、登録されている対応履歴から数えます。"
            />
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function AnalysisResult({ analysis }: { analysis: ProductAnalysis }) {
  const trend = analysis.trend ?? [];
  return (
    <div className="grid gap-6" data-testid="product-analysis">
      <AiModeNotice mode={analysis.mode} />

      {analysis.customers ? (
        <section aria-labelledby="analysis-customers" className="grid gap-2">
          <h3 id="analysis-customers" className="font-semibold">
            顧客層
          </h3>
          <p>{analysis.customers.summary}</p>
          {analysis.customers.findings.length > 0 ? (
            <ul className="grid list-disc gap-1 pl-5 text-sm">
              {analysis.customers.findings.map((finding) => (
                <li key={finding}>{finding}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      {analysis.trend ? (
        <BarChart
          title="直近 12 か月の対応件数"
          orientation="horizontal"
          data={trend.map((month) => ({
            label: monthLabel(month.month),
            value: month.interaction_count,
            hint: `顧客 ${month.customer_count} 人`,
          }))}
          valueFormatter={(value) => `${value.toLocaleString('ja-JP')} 件`}
          emptyText="この 12 か月の対応はありません。"
        />
      ) : null}

      {analysis.pairs ? (
        <section aria-labelledby="analysis-pairs" className="grid gap-2">
          <h3 id="analysis-pairs" className="font-semibold">
            一緒に扱われることの多い商品
          </h3>
          {analysis.pairs.length === 0 ? (
            <p className="text-sm text-muted-foreground">同じ対応で一緒に扱われた商品はまだありません。</p>
          ) : (
            <ol className="grid gap-2">
              {analysis.pairs.map((pair) => (
                <li key={pair.product_id} className="grid gap-1 rounded-md border border-border p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`/products/${pair.product_id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {pair.product_name}
                    </Link>
                    {pair.score !== null ? (
                      <Chip size="sm" variant="info">
                        関連の強さ {Math.round(pair.score * 100)}%
                      </Chip>
                    ) : null}
                  </div>
                  <p className="text-sm text-muted-foreground">{pair.reason}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}

      <section aria-labelledby="analysis-market" className="grid gap-2">
        <h3 id="analysis-market" className="font-semibold">
          市場
        </h3>
        {analysis.market ? (
          <>
            <p>{analysis.market.summary}</p>
            {analysis.market.findings.length > 0 ? (
              <ul className="grid list-disc gap-1 pl-5 text-sm">
                {analysis.market.findings.map((finding) => (
                  <li key={finding}>{finding}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {analysis.mode === 'offline'
              ? '市場の分析は、AI が設定されているときだけ、登録された文書・ナレッジベースの内容をもとに行います。今は AI を使っていないため、登録データの集計だけを表示しています。'
              : '市場の分析は求められませんでした。'}
          </p>
        )}
      </section>

      <section aria-labelledby="analysis-sources" className="grid gap-2">
        <h3 id="analysis-sources" className="font-semibold">
          根拠
        </h3>
        <ol className="grid gap-2 text-sm">
          {analysis.sources.map((source, index) => (
            <li key={`${source.type}:${source.id ?? index}`} className="grid gap-0.5">
              <span className="flex flex-wrap items-center gap-2">
                <Chip size="sm">{AI_SOURCE_TYPE_LABELS[source.type]}</Chip>
                {source.url?.startsWith('/') ? (
                  <Link to={source.url} className="text-primary underline-offset-4 hover:underline">
                    {source.title}
                  </Link>
                ) : (
                  <span>{source.title}</span>
                )}
              </span>
              {source.excerpt ? <span className="text-muted-foreground">{source.excerpt}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
