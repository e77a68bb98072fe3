import type { components } from '@tsumiki/api-client/schema';
import type { ResearchReportView } from './research.repository';
import type { ResearchReportRow } from './research.tables';

type Schemas = components['schemas'];

export function toResearchReport(row: ResearchReportRow): Schemas['ResearchReport'] {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    customer_id: row.customer_id,
    mode: row.mode,
    generated_at: new Date(row.created_at).toISOString(),
    summary: row.body.summary,
    sections: row.body.sections,
    competitors: row.body.competitors,
    recommendations: row.body.recommendations,
    sources: row.body.sources,
  };
}

export function toResearchReportSummary(row: ResearchReportView): Schemas['ResearchReportSummary'] {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    customer_id: row.customer_id,
    mode: row.mode,
    generated_at: new Date(row.created_at).toISOString(),
    summary: row.summary,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
  };
}
