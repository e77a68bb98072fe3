import { useMutation } from '@tanstack/react-query';
import { AI_SOURCE_TYPE_LABELS, RESEARCH_KIND_LABELS } from '@tsumiki/api-client';
import {
  exportCompetitorResearchPdfMutationOptions,
  exportCustomerResearchPdfMutationOptions,
} from '@tsumiki/api-client/react';
import { AiModeNotice, Button, Chip } from '@tsumiki/ui';
import { Download, ExternalLink } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTenantApi } from '../../app/use-tenant-api';
import { useErrorDisplay } from '../../errors/error-display';
import { formatTenantDateTime } from '../../lib/format';
import { saveFile } from '../../lib/save-file';
import type { ResearchReport } from './research-labels';

const sourceId = (reportId: string, number: number) => `research-${reportId}-source-${number}`;

function Citations({ reportId, numbers }: { reportId: string; numbers: readonly number[] }) {
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

/** A saved report: summary, sections with citation links, competitors, next steps, sources, PDF. */
export function ReportView({ report }: { report: ResearchReport }) {
  const { api, tenantId } = useTenantApi();
  const { report: reportError } = useErrorDisplay();
  const customerPdf = useMutation(exportCustomerResearchPdfMutationOptions(api, tenantId));
  const competitorPdf = useMutation(exportCompetitorResearchPdfMutationOptions(api, tenantId));
  const pdf = report.kind === 'customer' ? customerPdf : competitorPdf;
  const download = async () => {
    try {
      saveFile(await pdf.mutateAsync({ report_id: report.id }));
    } catch (error) {
      reportError(error, { key: `research-pdf:${report.id}`, run: download });
    }
  };

  return (
    <article
      aria-labelledby={`research-${report.id}-title`}
      className="grid gap-5"
      data-testid="research-report"
    >
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Chip variant={report.kind === 'customer' ? 'primary' : 'info'}>
            {RESEARCH_KIND_LABELS[report.kind]}
          </Chip>
          <span className="text-xs text-muted-foreground">{formatTenantDateTime(report.generated_at)}</span>
        </div>
        <h2 id={`research-${report.id}-title`} className="text-lg font-semibold break-words">
          {report.title}
        </h2>
        <AiModeNotice mode={report.mode} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={download} disabled={pdf.isPending} data-testid="research-pdf">
            <Download aria-hidden="true" />
            {pdf.isPending ? 'PDF を作成中…' : 'PDF をダウンロード'}
          </Button>
          {report.customer_id ? (
            <Button variant="outline" asChild>
              <Link to={`/customers/${report.customer_id}`}>顧客の詳細を開く</Link>
            </Button>
          ) : null}
        </div>
      </header>

      <section aria-labelledby={`research-${report.id}-summary`} className="grid gap-1">
        <h3 id={`research-${report.id}-summary`} className="font-semibold">
          要約
        </h3>
        <p className="text-sm leading-relaxed whitespace-pre-wrap">{report.summary}</p>
      </section>

      {report.sections.map((section, index) => (
        <section
          key={`${section.heading}-${section.body.slice(0, 40)}`}
          aria-labelledby={`research-${report.id}-section-${index}`}
          className="grid gap-2"
        >
          <h3 id={`research-${report.id}-section-${index}`} className="font-semibold">
            {section.heading}
          </h3>
          {section.body ? (
            <p className="text-sm leading-relaxed whitespace-pre-wrap">{section.body}</p>
          ) : null}
          {section.bullet_points.length ? (
            <ul className="grid list-disc gap-1 pl-5 text-sm">
              {section.bullet_points.map((point) => (
                <li key={point} className="break-words">
                  {point}
                </li>
              ))}
            </ul>
          ) : null}
          <Citations reportId={report.id} numbers={section.citations} />
        </section>
      ))}

      {report.competitors.length ? (
        <section aria-labelledby={`research-${report.id}-competitors`} className="grid gap-2">
          <h3 id={`research-${report.id}-competitors`} className="font-semibold">
            競合の比較
          </h3>
          {/* Narrow screens: one card per competitor; wider: the table. */}
          <ul className="grid gap-2 md:hidden">
            {report.competitors.map((competitor) => (
              <li key={competitor.name} className="grid gap-1 rounded-md border p-3 text-sm">
                <p className="font-medium">{competitor.name}</p>
                <p>{competitor.summary}</p>
                <p className="text-xs font-medium text-muted-foreground">強み</p>
                <ul className="grid list-disc gap-0.5 pl-5">
                  {competitor.strengths.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                <p className="text-xs font-medium text-muted-foreground">弱み</p>
                <ul className="grid list-disc gap-0.5 pl-5">
                  {competitor.weaknesses.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <div className="hidden rounded-md border md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className="p-2 font-medium">
                    競合
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    概要
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    強み
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    弱み
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.competitors.map((competitor) => (
                  <tr key={competitor.name} className="border-t align-top">
                    <th scope="row" className="p-2 font-medium">
                      {competitor.name}
                    </th>
                    <td className="p-2">{competitor.summary}</td>
                    <td className="p-2">
                      <ul className="grid gap-1">
                        {competitor.strengths.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    </td>
                    <td className="p-2">
                      <ul className="grid gap-1">
                        {competitor.weaknesses.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {report.recommendations.length ? (
        <section aria-labelledby={`research-${report.id}-next`} className="grid gap-2">
          <h3 id={`research-${report.id}-next`} className="font-semibold">
            次の一手
          </h3>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {report.recommendations.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby={`research-${report.id}-sources`} className="grid gap-2">
        <h3 id={`research-${report.id}-sources`} className="font-semibold">
          出典
        </h3>
        <ol className="grid gap-2 text-sm">
          {report.sources.map((source, index) => {
            const number = index + 1;
            return (
              <li
                key={`${source.type}-${source.id ?? source.url ?? source.title}-${number}`}
                id={sourceId(report.id, number)}
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
    </article>
  );
}
