import { AI_MODE_NOTICES, RESEARCH_KIND_LABELS } from '@tsumiki/api-client';
import { localDateTime } from '../../platform/access/time-zone';
import { type PdfBlock, type PdfReport, renderReportPdf } from '../../platform/pdf/report-pdf';
import type { ResearchReportRow } from './research.tables';

function dateParts(date: Date, timeZone: string): { year: string; month: string; day: string; time: string } {
  const { year, month, day, hour, minute } = localDateTime(date, timeZone);
  return { year, month, day, time: `${hour}:${minute}` };
}

/** Characters a file name may not hold on common systems, and runs of space, become one '_'. */
function safeName(text: string): string {
  return text
    .replace(/[\\/:*?"<>|]+/g, '_')
    .replace(/\p{Cc}+/gu, '')
    .replace(/\s+/g, '')
    .slice(0, 60);
}

/**
 * SPEC section 7: 顧客調査_<name>_<YYYYMMDD>.pdf / 競合分析_<YYYYMMDD>.pdf (the report's date in the
 * tenant's zone); 顧客調査レポート.pdf / 競合分析レポート.pdf when there is no name to use.
 */
export function reportFileName(
  report: Pick<ResearchReportRow, 'kind' | 'title' | 'created_at'>,
  timeZone: string,
): string {
  const { year, month, day } = dateParts(new Date(report.created_at), timeZone);
  const stamp = `${year}${month}${day}`;
  if (report.kind === 'competitor') return `競合分析_${stamp}.pdf`;
  const name = safeName(report.title.replace(/\s*顧客調査$/, ''));
  return name ? `顧客調査_${name}_${stamp}.pdf` : '顧客調査レポート.pdf';
}

export function reportDocument(report: ResearchReportRow, timeZone: string): PdfReport {
  const { year, month, day, time } = dateParts(new Date(report.created_at), timeZone);
  const body = report.body;
  const blocks: PdfBlock[] = [
    { type: 'heading', text: '要約' },
    { type: 'paragraph', text: body.summary },
  ];
  for (const section of body.sections) {
    blocks.push({ type: 'heading', text: section.heading });
    if (section.body) blocks.push({ type: 'paragraph', text: section.body });
    if (section.bullet_points.length) blocks.push({ type: 'bullets', items: section.bullet_points });
    if (section.citations.length)
      blocks.push({
        type: 'paragraph',
        text: `根拠: ${section.citations.map((n) => `[${n}]`).join(' ')}`,
        muted: true,
      });
  }
  if (body.competitors.length) {
    blocks.push({ type: 'heading', text: '競合の比較' });
    blocks.push({
      type: 'table',
      columns: [
        { label: '競合', width: 2 },
        { label: '概要', width: 3 },
        { label: '強み', width: 3 },
        { label: '弱み', width: 3 },
      ],
      rows: body.competitors.map((competitor) => [
        competitor.name,
        competitor.summary,
        competitor.strengths.map((item) => `・${item}`).join('\n'),
        competitor.weaknesses.map((item) => `・${item}`).join('\n'),
      ]),
    });
  }
  if (body.recommendations.length) {
    blocks.push({ type: 'heading', text: '次の一手' });
    blocks.push({ type: 'bullets', items: body.recommendations });
  }
  blocks.push({ type: 'heading', text: '出典' });
  blocks.push({
    type: 'sources',
    items: body.sources.map((source) => ({ title: source.title, url: source.url, excerpt: source.excerpt })),
  });
  return {
    title: report.title,
    meta: [
      `${RESEARCH_KIND_LABELS[report.kind]}・作成日時 ${year}年${month}月${day}日 ${time}`,
      AI_MODE_NOTICES[report.mode],
    ],
    blocks,
  };
}

/** The PDF of a saved report (also what `pnpm bench` times). */
export async function researchReportPdf(report: ResearchReportRow, timeZone: string): Promise<Buffer> {
  return renderReportPdf(reportDocument(report, timeZone));
}
