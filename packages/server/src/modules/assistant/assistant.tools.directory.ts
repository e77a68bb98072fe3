import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { searchTerm } from '../../platform/search/search-term';
import type { TextIndex } from '../../platform/search/text-index';
import { rowName } from '../../platform/text/person-name';
import { customerInUse } from '../customers';
import { md, oneLine, RECENT_LIMIT, type ToolResult } from './assistant.tools.common';

/** Live products matching the query, with how many interactions were about each. */
export async function searchProducts(tx: TenantTransaction, args: { query: string }): Promise<ToolResult> {
  const term = searchTerm(args.query);
  if (!term) return { markdown: '商品名を指定してください。', data: [], sources: [] };
  const { rows } = await sql<{
    id: string;
    name: string;
    category: string | null;
    price: number;
    status: string;
    interaction_count: string;
    customer_count: string;
  }>`
    select p.id, p.name, p.category, p.price, p.status,
      (select count(*) from interaction_products ip
         join interactions i on i.tenant_id = ip.tenant_id and i.id = ip.interaction_id
         join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id and ${customerInUse('c')}
       where ip.tenant_id = p.tenant_id and ip.product_id = p.id) as interaction_count,
      (select count(distinct i.customer_id) from interaction_products ip
         join interactions i on i.tenant_id = ip.tenant_id and i.id = ip.interaction_id
         join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id and ${customerInUse('c')}
       where ip.tenant_id = p.tenant_id and ip.product_id = p.id) as customer_count
    from products p
    where p.tenant_id = ${tx.tenantId} and p.deleted_at is null
      and strpos(p.search_text, tsumiki_search_fold(${term})) > 0
    order by p.name_kana collate "C" nulls last, p.id limit ${RECENT_LIMIT}`.execute(tx);
  const markdown =
    rows.length === 0
      ? `「${md(args.query)}」に当てはまる商品は見つかりませんでした。`
      : [
          `「${md(args.query)}」に当てはまる商品:`,
          ...rows.map(
            (row) =>
              `- [${md(row.name)}](/products/${row.id})：対応 **${Number(row.interaction_count)} 件**（顧客 ${Number(row.customer_count)} 名）、税抜 ${row.price.toLocaleString('ja-JP')} 円`,
          ),
        ].join('\n');
  return {
    markdown,
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      category: row.category,
      price_yen: row.price,
      status: row.status,
      interaction_count: Number(row.interaction_count),
      customer_count: Number(row.customer_count),
    })),
    sources: rows.map((row) => ({
      type: 'product',
      id: row.id,
      title: row.name,
      excerpt: row.category,
      url: `/products/${row.id}`,
    })),
  };
}

/** Staff members (not retired) matching the query, or all of them, with their contact. */
export async function listStaff(
  tx: TenantTransaction,
  args: { query?: string | undefined },
): Promise<ToolResult> {
  const term = searchTerm(args.query);
  const filter = term ? sql`and strpos(s.search_text, tsumiki_search_fold(${term})) > 0` : sql``;
  const { rows } = await sql<{
    id: string;
    last_name: string;
    first_name: string;
    department: string | null;
    position: string | null;
    phone: string | null;
    email: string | null;
    status: string;
  }>`
    select s.id, s.last_name, s.first_name, s.department, s.position, s.phone, s.email, s.status
    from staff s
    where s.tenant_id = ${tx.tenantId} and s.deleted_at is null and s.status <> 'retired' ${filter}
    order by s.last_name_kana collate "C", s.first_name_kana collate "C", s.id limit 20`.execute(tx);
  const name = rowName;
  const markdown =
    rows.length === 0
      ? term
        ? `「${md(term)}」に当てはまるスタッフは見つかりませんでした。`
        : '登録されているスタッフはいません。'
      : [
          term ? `「${md(term)}」に当てはまるスタッフ:` : `スタッフ（${rows.length} 名）:`,
          ...rows.map(
            (row) =>
              `- [${md(name(row))}](/staff?q=${encodeURIComponent(row.last_name)})${[row.department, row.position].filter(Boolean).length ? `（${md([row.department, row.position].filter(Boolean).join('・'))}）` : ''}${row.phone ? ` 電話 ${md(row.phone)}` : ''}${row.email ? ` メール ${md(row.email)}` : ''}`,
          ),
        ].join('\n');
  return {
    markdown,
    data: rows.map((row) => ({
      name: name(row),
      department: row.department,
      position: row.position,
      phone: row.phone,
      email: row.email,
      status: row.status,
    })),
    sources:
      rows.length > 0
        ? rows.map((row) => ({
            type: 'staff' as const,
            id: row.id,
            title: name(row),
            excerpt: [row.department, row.position].filter(Boolean).join('・') || null,
            url: `/staff?q=${encodeURIComponent(row.last_name)}`,
          }))
        : [{ type: 'staff', id: null, title: 'スタッフ一覧', excerpt: null, url: '/staff' }],
  };
}

/** Documents whose text, name or description contain every term (the documents' keyword search). */
export async function searchDocuments(
  tx: TenantTransaction,
  textIndex: TextIndex,
  args: { query: string },
): Promise<ToolResult> {
  const query = args.query.trim();
  const { total, hits } = query
    ? await textIndex.keyword(tx, { kind: 'document', query, skip: 0, limit: RECENT_LIMIT })
    : { total: 0, hits: [] };
  const names = hits.length
    ? await tx
        .selectFrom('documents')
        .select(['id', 'file_name'])
        .where('tenant_id', '=', tx.tenantId)
        .where(
          'id',
          'in',
          hits.map((hit) => hit.sourceId),
        )
        .execute()
    : [];
  const fileName = new Map(names.map((row) => [row.id, row.file_name]));
  const found = hits.filter((hit) => fileName.has(hit.sourceId));
  const link = `/documents?q=${encodeURIComponent(query)}`;
  const markdown =
    found.length === 0
      ? `「${md(query)}」を含む文書は見つかりませんでした。`
      : [
          `「${md(query)}」を含む文書は ${total} 件です${total > found.length ? `（上位 ${found.length} 件）` : ''}:`,
          ...found.map(
            (hit) =>
              `- [${md(fileName.get(hit.sourceId) ?? '')}](${link})${hit.page ? `（${hit.page} ページ）` : ''}：${md(oneLine(hit.snippet, 100))}`,
          ),
        ].join('\n');
  return {
    markdown,
    data: {
      total,
      documents: found.map((hit) => ({
        file_name: fileName.get(hit.sourceId),
        page: hit.page,
        excerpt: oneLine(hit.snippet, 200),
      })),
    },
    sources: found.map((hit) => ({
      type: 'document',
      id: hit.sourceId,
      title: fileName.get(hit.sourceId) ?? '',
      excerpt: oneLine(hit.snippet, 200),
      url: link,
    })),
  };
}
