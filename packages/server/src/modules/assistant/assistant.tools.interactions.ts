import { INTERACTION_TYPE_LABELS } from '@tsumiki/api-client';
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { rowName } from '../../platform/text/person-name';
import { customerInUse } from '../customers';
import {
  INTERACTION_TYPES,
  type InteractionLine,
  type InteractionType,
  interactionBullet,
  interactionColumns,
  interactionSource,
  oneLine,
  PERIOD_LABELS,
  type Period,
  periodBounds,
  RECENT_LIMIT,
  type ToolResult,
} from './assistant.tools.common';

/** Interactions of live customers in a period, by type, and the latest few of them. */
export async function countInteractions(
  tx: TenantTransaction,
  args: { period: Period; type?: InteractionType | undefined },
): Promise<ToolResult> {
  const bounds = periodBounds(tx, args.period);
  const typeFilter = args.type ? sql`and i.type = ${args.type}` : sql``;
  const where = sql`i.tenant_id = ${tx.tenantId} and ${customerInUse('c')} ${typeFilter}
    and (b.starts is null or i.created_at >= b.starts) and (b.ends is null or i.created_at < b.ends)`;
  const byType = await sql<{ type: InteractionType; count: string }>`
    select i.type, count(*) as count
    from interactions i join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id, ${bounds} b
    where ${where} group by i.type`.execute(tx);
  const latest = await sql<InteractionLine>`
    select ${interactionColumns}
    from interactions i join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id, ${bounds} b
    where ${where} order by i.created_at desc, i.id desc limit ${RECENT_LIMIT}`.execute(tx);
  const counts = Object.fromEntries(byType.rows.map((row) => [row.type, Number(row.count)])) as Partial<
    Record<InteractionType, number>
  >;
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const what = args.type ? `${INTERACTION_TYPE_LABELS[args.type]}の対応` : '対応';
  const lines = [`${PERIOD_LABELS[args.period]}の${what}は **${total} 件** です。`];
  if (!args.type && total > 0) {
    lines.push(
      '',
      '| 種類 | 件数 |',
      '| --- | ---: |',
      ...INTERACTION_TYPES.filter((type) => counts[type]).map(
        (type) => `| ${INTERACTION_TYPE_LABELS[type]} | ${counts[type]} 件 |`,
      ),
    );
  }
  if (latest.rows.length > 0) lines.push('', '最近のもの:', ...latest.rows.map(interactionBullet));
  return {
    markdown: lines.join('\n'),
    data: {
      period: args.period,
      type: args.type ?? null,
      total,
      by_type: counts,
      latest: latest.rows.map((row) => ({
        date: row.local_date,
        type: row.type,
        customer: rowName(row),
        summary: oneLine(row.summary ?? row.content),
      })),
    },
    sources: latest.rows.map(interactionSource),
  };
}

/** The latest interactions of one live customer (or of several: a company's), or of the whole tenant. */
export async function recentInteractions(
  tx: TenantTransaction,
  args: { customer_id?: string | undefined; customer_ids?: string[] | undefined; limit?: number | undefined },
): Promise<ToolResult> {
  const limit = Math.min(Math.max(args.limit ?? RECENT_LIMIT, 1), 20);
  const customerFilter = args.customer_id
    ? sql`and i.customer_id = ${args.customer_id}`
    : args.customer_ids
      ? sql`and i.customer_id = any(${args.customer_ids}::uuid[])`
      : sql``;
  const { rows } = await sql<InteractionLine>`
    select ${interactionColumns}
    from interactions i join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id
    where i.tenant_id = ${tx.tenantId} and ${customerInUse('c')} ${customerFilter}
    order by i.created_at desc, i.id desc limit ${limit}`.execute(tx);
  const markdown =
    rows.length === 0
      ? '対応の記録はまだありません。'
      : [`最近の対応（新しい順に ${rows.length} 件）:`, ...rows.map(interactionBullet)].join('\n');
  return {
    markdown,
    data: rows.map((row) => ({
      date: row.local_date,
      type: row.type,
      customer_id: row.customer_id,
      customer: rowName(row),
      summary: row.summary,
      content: oneLine(row.content, 400),
    })),
    sources: rows.map(interactionSource),
  };
}
