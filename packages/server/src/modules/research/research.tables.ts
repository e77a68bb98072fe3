import type { components } from '@tsumiki/api-client/schema';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt } from '../../platform/db/schema';

type Schemas = components['schemas'];

/** The report as answered, kept whole so that a later PDF shows what was read on screen. */
export interface StoredReportBody {
  summary: string;
  sections: Schemas['ReportSection'][];
  competitors: Schemas['CompetitorProfile'][];
  recommendations: string[];
  sources: Schemas['AiSource'][];
}

export interface ResearchReportsTable {
  tenant_id: string;
  id: Generated<string>;
  kind: 'customer' | 'competitor';
  title: string;
  customer_id: string | null;
  mode: 'openai' | 'offline';
  summary: string;
  body: ColumnType<StoredReportBody, string, string>;
  created_by: string | null;
  created_at: CreatedAt;
}

declare module '../../platform/db/schema' {
  interface Database {
    research_reports: ResearchReportsTable;
  }
}

export type ResearchReportRow = Selectable<ResearchReportsTable>;
export type NewResearchReportRow = Insertable<ResearchReportsTable>;
