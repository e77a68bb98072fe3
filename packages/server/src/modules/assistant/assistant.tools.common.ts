/** What the assistant's tools share: the periods, a record's one-line text, an interaction's line. */
import { INTERACTION_TYPE_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { rowName } from '../../platform/text/person-name';

export type AiSource = components['schemas']['AiSource'];
export type InteractionType = keyof typeof INTERACTION_TYPE_LABELS;
export type AssistantScope = components['schemas']['AssistantScope'];

/** What a tool answers: Markdown for the offline answer, JSON for the model and the records it used. */
export interface ToolResult {
  markdown: string;
  data: unknown;
  sources: AiSource[];
}

export const PERIODS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'all',
] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = {
  today: '今日',
  yesterday: '昨日',
  this_week: '今週',
  last_week: '先週',
  this_month: '今月',
  last_month: '先月',
  this_year: '今年',
  all: 'これまで',
};

export const INTERACTION_TYPES = Object.keys(INTERACTION_TYPE_LABELS) as InteractionType[];

export const RECENT_LIMIT = 5;

/**
 * The period's bounds as timestamps, computed in the tenant's time zone (weeks start on Monday).
 * `all` has no bounds.
 */
export function periodBounds(tx: TenantTransaction, period: Period) {
  const local = sql`(now() at time zone z.time_zone)`;
  const start = {
    today: sql`date_trunc('day', ${local})`,
    yesterday: sql`date_trunc('day', ${local}) - interval '1 day'`,
    this_week: sql`date_trunc('week', ${local})`,
    last_week: sql`date_trunc('week', ${local}) - interval '1 week'`,
    this_month: sql`date_trunc('month', ${local})`,
    last_month: sql`date_trunc('month', ${local}) - interval '1 month'`,
    this_year: sql`date_trunc('year', ${local})`,
    all: sql`null::timestamp`,
  }[period];
  const end = {
    yesterday: sql`date_trunc('day', ${local})`,
    last_week: sql`date_trunc('week', ${local})`,
    last_month: sql`date_trunc('month', ${local})`,
  }[period as 'yesterday' | 'last_week' | 'last_month'];
  return sql`(select (${start}) at time zone z.time_zone as starts, ${end ? sql`(${end}) at time zone z.time_zone` : sql`null::timestamptz`} as ends
    from tenants z where z.id = ${tx.tenantId})`;
}

export function oneLine(text: string | null, max = 80): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Escapes what Markdown would read as markup in a record's text. */
export function md(text: string): string {
  return text.replace(/([\\`*_[\]#<>|])/g, '\\$1');
}

export interface InteractionLine {
  id: string;
  customer_id: string;
  last_name: string;
  first_name: string;
  type: InteractionType;
  summary: string | null;
  content: string;
  created_at: Date;
  local_date: string;
}

export function interactionSource(row: InteractionLine): AiSource {
  return {
    type: 'interaction',
    id: row.id,
    title: `${rowName(row)}（${row.local_date} ${INTERACTION_TYPE_LABELS[row.type]}）`,
    excerpt: oneLine(row.summary ?? row.content, 200),
    url: `/customers/${row.customer_id}`,
  };
}

export function interactionBullet(row: InteractionLine): string {
  return `- ${row.local_date} ${INTERACTION_TYPE_LABELS[row.type]}：[${md(rowName(row))}](/customers/${row.customer_id}) ${md(oneLine(row.summary ?? row.content))}`;
}

export const interactionColumns = sql`i.id, i.customer_id, c.last_name, c.first_name, i.type, i.summary, i.content, i.created_at,
  to_char(i.created_at at time zone (select time_zone from tenants where id = i.tenant_id), 'YYYY-MM-DD') as local_date`;
