import { useMutation } from '@tanstack/react-query';
import { RESEARCH_KIND_LABELS } from '@tsumiki/api-client';
import {
  exportCompetitorResearchPdfMutationOptions,
  exportCustomerResearchPdfMutationOptions,
} from '@tsumiki/api-client/react';
import { AiModeNotice, Button, Chip } from '@tsumiki/ui';
import { Download } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTenantApi } from '../../app/use-tenant-api';
import { useErrorDisplay } from '../../errors/error-display';
import { formatTenantDateTime } from '../../lib/format';
import { saveFile } from '../../lib/save-file';
import { CompetitorComparison } from './competitor-comparison';
import { Citations, SourceList } from './report-sources';
import type { ResearchReport } from './research-labels';

/** The report's PDF: one export operation per kind, a failure offered again through the error display. */
function useReportPdf(report: ResearchReport) {
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
  return { download, pending: pdf.isPending };
}

function ReportHeader({ report }: { report: ResearchReport }) {
  const pdf = useReportPdf(report);
  return (
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
        <Button onClick={pdf.download} disabled={pdf.pending} data-testid="research-pdf">
          <Download aria-hidden="true" />
          {pdf.pending ? 'PDF を作成中…' : 'PDF をダウンロード'}
        </Button>
        {report.customer_id ? (
          <Button variant="outline" asChild>
            <Link to={`/customers/${report.customer_id}`}>顧客の詳細を開く</Link>
          </Button>
        ) : null}
      </div>
    </header>
  );
}

type Section = ResearchReport['sections'][number];

function ReportSection({ reportId, section, index }: { reportId: string; section: Section; index: number }) {
  return (
    <section aria-labelledby={`research-${reportId}-section-${index}`} className="grid gap-2">
      <h3 id={`research-${reportId}-section-${index}`} className="font-semibold">
        {section.heading}
      </h3>
      {section.body ? <p className="text-sm leading-relaxed whitespace-pre-wrap">{section.body}</p> : null}
      {section.bullet_points.length ? (
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          {section.bullet_points.map((point) => (
            <li key={point} className="break-words">
              {point}
            </li>
          ))}
        </ul>
      ) : null}
      <Citations reportId={reportId} numbers={section.citations} />
    </section>
  );
}

/** A saved report: summary, sections with citation links, competitors, next steps, sources, PDF. */
export function ReportView({ report }: { report: ResearchReport }) {
  return (
    <article
      aria-labelledby={`research-${report.id}-title`}
      className="grid gap-5"
      data-testid="research-report"
    >
      <ReportHeader report={report} />

      <section aria-labelledby={`research-${report.id}-summary`} className="grid gap-1">
        <h3 id={`research-${report.id}-summary`} className="font-semibold">
          要約
        </h3>
        <p className="text-sm leading-relaxed whitespace-pre-wrap">{report.summary}</p>
      </section>

      {report.sections.map((section, index) => (
        <ReportSection
          key={`${section.heading}-${section.body.slice(0, 40)}`}
          reportId={report.id}
          section={section}
          index={index}
        />
      ))}

      {report.competitors.length ? (
        <CompetitorComparison reportId={report.id} competitors={report.competitors} />
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
      <SourceList reportId={report.id} sources={report.sources} />
    </article>
  );
}
