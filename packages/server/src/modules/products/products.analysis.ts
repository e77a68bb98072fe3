import type { components } from '@tsumiki/api-client/schema';
import { sql } from 'kysely';
import type { Permission } from '../../platform/access/permissions';
import { readJsonObject } from '../../platform/ai/model-json';
import type { AiProvider } from '../../platform/ai/provider';
import { type InTenant, type TenantChat, tenantAi } from '../../platform/ai/tenant-ai';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, InputMismatchError } from '../../platform/errors';
import { contentCoverage } from '../../platform/search/fold';
import type { QueryVector, TextIndex } from '../../platform/search/text-index';
import { customerName } from '../customers/customers.service';
import { findPassages, readableTextKinds } from '../documents/documents.mentions';
import { getProduct } from './products.service';
import type { ProductRow } from './products.tables';

type Schemas = components['schemas'];
type AiSource = Schemas['AiSource'];

export interface ProductAnalysisServices {
  ai: AiProvider;
  textIndex: TextIndex;
  /** The user's permissions: records they could not open themselves are not cited. */
  can?: (permission: Permission) => boolean;
}

export interface ProductAnalysisRequest {
  productId: string;
  analyzeMarket: boolean;
  analyzeCustomers: boolean;
  findPairs: boolean;
}

/** How many pairs, tags, prefectures and example records an analysis shows. */
const TOP = 5;
/** The share of a passage's content bigrams the product name must cover (the knowledge check weighs its own coverage, MIN_COVERAGE in knowledge.service.ts). */
const MARKET_MIN_COVERAGE = 0.5;
const MARKET_PASSAGES = 6;

// ── SQL over the tenant's data (interactions of live customers, live products) ───────────────

/** The interactions of live customers that were about the product. */
function productInteractions(tx: TenantTransaction, productId: string) {
  return sql`
    select i.id, i.customer_id, i.created_at
    from interaction_products ip
    join interactions i on i.tenant_id = ip.tenant_id and i.id = ip.interaction_id
    join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id and c.deleted_at is null
    where ip.tenant_id = ${tx.tenantId} and ip.product_id = ${productId}`;
}

export interface CustomerFigures {
  interactionCount: number;
  customerCount: number;
  /** Customers with exactly one interaction about the product. */
  newCustomers: number;
  /** Customers with two or more. */
  returningCustomers: number;
  topTags: Array<{ tag: string; customers: number }>;
  topPrefectures: Array<{ prefecture: string; customers: number }>;
  examples: Array<{ id: string; name: string; interactions: number }>;
  recent: Array<{ id: string; customerId: string; customerName: string; summary: string; at: Date }>;
}

async function customerFigures(tx: TenantTransaction, productId: string): Promise<CustomerFigures> {
  const involved = productInteractions(tx, productId);
  const totals = await sql<{ interactions: string; customers: string; once: string; again: string }>`
    with pi as (${involved}), per as (select customer_id, count(*) as n from pi group by customer_id)
    select (select count(*) from pi) as interactions, count(*) as customers,
           count(*) filter (where n = 1) as once, count(*) filter (where n >= 2) as again
    from per`.execute(tx);
  const tags = await sql<{ tag: string; customers: string }>`
    with pi as (${involved})
    select tag, count(distinct c.id) as customers
    from customers c cross join lateral unnest(c.tags) as tag
    where c.tenant_id = ${tx.tenantId} and c.id in (select customer_id from pi)
    group by tag order by customers desc, tag limit ${TOP}`.execute(tx);
  const prefectures = await sql<{ prefecture: string; customers: string }>`
    with pi as (${involved})
    select c.prefecture, count(*) as customers
    from customers c
    where c.tenant_id = ${tx.tenantId} and c.id in (select customer_id from pi) and c.prefecture is not null
    group by c.prefecture order by customers desc, c.prefecture limit ${TOP}`.execute(tx);
  const examples = await sql<{ id: string; last_name: string; first_name: string; n: string }>`
    with pi as (${involved})
    select c.id, c.last_name, c.first_name, count(*) as n
    from pi join customers c on c.tenant_id = ${tx.tenantId} and c.id = pi.customer_id
    group by c.id, c.last_name, c.first_name
    order by n desc, max(pi.created_at) desc limit ${TOP}`.execute(tx);
  const recent = await sql<{
    id: string;
    customer_id: string;
    last_name: string;
    first_name: string;
    summary: string | null;
    content: string;
    created_at: Date;
  }>`
    with pi as (${involved})
    select i.id, i.customer_id, c.last_name, c.first_name, i.summary, i.content, i.created_at
    from pi join interactions i on i.tenant_id = ${tx.tenantId} and i.id = pi.id
    join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id
    order by i.created_at desc, i.id desc limit 3`.execute(tx);
  const row = totals.rows[0];
  return {
    interactionCount: Number(row?.interactions ?? 0),
    customerCount: Number(row?.customers ?? 0),
    newCustomers: Number(row?.once ?? 0),
    returningCustomers: Number(row?.again ?? 0),
    topTags: tags.rows.map((tag) => ({ tag: tag.tag, customers: Number(tag.customers) })),
    topPrefectures: prefectures.rows.map((p) => ({
      prefecture: p.prefecture,
      customers: Number(p.customers),
    })),
    examples: examples.rows.map((e) => ({
      id: e.id,
      name: customerName(e.last_name, e.first_name),
      interactions: Number(e.n),
    })),
    recent: recent.rows.map((r) => ({
      id: r.id,
      customerId: r.customer_id,
      customerName: customerName(r.last_name, r.first_name),
      summary: r.summary ?? r.content,
      at: r.created_at,
    })),
  };
}

export interface PairFigures {
  productId: string;
  productName: string;
  /** Interactions about both products. */
  together: number;
  /** Customers who had both products, in the same interaction or not. */
  sharedCustomers: number;
}

/** Products in the same interactions as the product, most often first; the base count too. */
async function pairFigures(
  tx: TenantTransaction,
  productId: string,
): Promise<{ base: number; pairs: PairFigures[] }> {
  const involved = productInteractions(tx, productId);
  const { rows } = await sql<{ id: string; name: string; together: string; shared: string }>`
    with pi as (${involved})
    select p.id, p.name, count(*) as together,
           (select count(distinct i2.customer_id)
              from interaction_products ip2
              join interactions i2 on i2.tenant_id = ip2.tenant_id and i2.id = ip2.interaction_id
              where ip2.tenant_id = ${tx.tenantId} and ip2.product_id = p.id
                and i2.customer_id in (select customer_id from pi)) as shared
    from pi
    join interaction_products other on other.tenant_id = ${tx.tenantId} and other.interaction_id = pi.id
    join products p on p.tenant_id = other.tenant_id and p.id = other.product_id and p.deleted_at is null
    where other.product_id <> ${productId}
    group by p.id, p.name
    order by together desc, shared desc, p.name limit ${TOP}`.execute(tx);
  const base = await sql<{ n: string }>`with pi as (${involved}) select count(*) as n from pi`.execute(tx);
  return {
    base: Number(base.rows[0]?.n ?? 0),
    pairs: rows.map((row) => ({
      productId: row.id,
      productName: row.name,
      together: Number(row.together),
      sharedCustomers: Number(row.shared),
    })),
  };
}

/** The last 12 months (the tenant's time zone), oldest first, months without any included. */
async function monthlyTrend(
  tx: TenantTransaction,
  productId: string,
): Promise<Schemas['ProductMonthlyCount'][]> {
  const involved = productInteractions(tx, productId);
  const { rows } = await sql<{ month: string; interactions: string; customers: string }>`
    with zone as (select time_zone from tenants where id = ${tx.tenantId}),
    months as (
      select to_char(m, 'YYYY-MM') as month
      from zone, generate_series(
        date_trunc('month', now() at time zone zone.time_zone) - interval '11 months',
        date_trunc('month', now() at time zone zone.time_zone),
        interval '1 month') as m
    ),
    pi as (
      select to_char(pi.created_at at time zone zone.time_zone, 'YYYY-MM') as month, pi.id, pi.customer_id
      from (${involved}) as pi, zone
    )
    select months.month, count(pi.id) as interactions, count(distinct pi.customer_id) as customers
    from months left join pi on pi.month = months.month
    group by months.month order by months.month`.execute(tx);
  return rows.map((row) => ({
    month: row.month,
    interaction_count: Number(row.interactions),
    customer_count: Number(row.customers),
  }));
}

// ── wording (templates over the figures; nothing invented) ──────────────────────────────────

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

export function customersSection(
  product: ProductRow,
  figures: CustomerFigures,
  trend: Schemas['ProductMonthlyCount'][],
): Schemas['AnalysisSection'] {
  if (figures.interactionCount === 0) {
    return {
      summary: `「${product.name}」を扱った対応の記録はまだありません。対応履歴に商品を記録すると、ここで顧客層を集計します。`,
      findings: [],
    };
  }
  const lastYear = trend.reduce((sum, month) => sum + month.interaction_count, 0);
  const busiest = [...trend].sort(
    (a, b) => b.interaction_count - a.interaction_count || a.month.localeCompare(b.month),
  )[0];
  const findings = [
    `新規（この商品の対応が 1 回）の顧客は ${figures.newCustomers} 人、リピート（2 回以上）の顧客は ${figures.returningCustomers} 人です（リピート率 ${percent(figures.returningCustomers, figures.customerCount)}%）。`,
    `直近 12 か月の対応は ${lastYear} 件です。`,
  ];
  if (busiest && busiest.interaction_count > 0) {
    findings.push(`最も多かった月は ${monthLabel(busiest.month)}（${busiest.interaction_count} 件）です。`);
  }
  if (figures.topTags.length > 0) {
    findings.push(
      `顧客のタグで多いもの: ${figures.topTags.map((tag) => `${tag.tag}（${tag.customers} 人）`).join('、')}。`,
    );
  }
  if (figures.topPrefectures.length > 0) {
    findings.push(
      `顧客の都道府県で多いもの: ${figures.topPrefectures.map((p) => `${p.prefecture}（${p.customers} 人）`).join('、')}。`,
    );
  }
  return {
    summary: `「${product.name}」を扱った対応は ${figures.interactionCount} 件、顧客は ${figures.customerCount} 人です。`,
    findings,
  };
}

function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${year}年${Number(number)}月`;
}

export function pairOf(product: ProductRow, base: number, pair: PairFigures): Schemas['ProductPair'] {
  return {
    product_id: pair.productId,
    product_name: pair.productName,
    score: base === 0 ? 0 : Math.round((pair.together / base) * 1000) / 1000,
    reason: `「${product.name}」を扱った対応 ${base} 件のうち ${pair.together} 件で一緒に扱われています（${percent(pair.together, base)}%）。両方を利用した顧客は ${pair.sharedCustomers} 人です。`,
  };
}

// ── the market, with a provider: grounded in the tenant's documents only ───────────────────

interface MarketPassage {
  type: 'document' | 'knowledge_document';
  id: string;
  title: string;
  text: string;
}

async function marketPassages(
  tx: TenantTransaction,
  services: ProductAnalysisServices,
  product: ProductRow,
  vector: QueryVector | null,
): Promise<MarketPassage[]> {
  const query = product.name;
  const found = await findPassages(tx, services.textIndex, query, {
    kinds: readableTextKinds(services.can),
    vector,
    limit: MARKET_PASSAGES,
    relevant: (text) => contentCoverage(query, text) >= MARKET_MIN_COVERAGE,
  });
  return found.slice(0, MARKET_PASSAGES).map((passage) => ({
    type: passage.sourceType,
    id: passage.id,
    title: passage.title,
    text: passage.text,
  }));
}

export const MARKET_NOT_FOUND =
  'テナントの文書・ナレッジベースに、この商品について書かれた資料が見つかりませんでした。資料を登録すると、その内容をもとに市場を分析します。';

/** The model's market section from the passages, or an honest "nothing found" without calling it. */
async function marketSection(
  chat: TenantChat,
  product: ProductRow,
  passages: MarketPassage[],
): Promise<Schemas['AnalysisSection']> {
  if (passages.length === 0) return { summary: MARKET_NOT_FOUND, findings: [] };
  const numbered = passages
    .map((passage, index) => `[${index + 1}] ${passage.title}\n${passage.text}`)
    .join('\n\n');
  const written = await chat.complete(
    [
      {
        role: 'system',
        content:
          'あなたは日本のクリニックの経営を手伝うアナリストです。与えられた資料の内容だけを根拠に、商品・サービスの市場（需要、競合、価格帯、季節性など）を日本語で分析します。資料にないことは書きません。各項目の末尾に根拠の資料番号を [1] のように付けます。次の JSON だけを出力します: {"summary": "要約（2 文以内）", "findings": ["分かったこと", ...]}',
      },
      {
        role: 'user',
        content: `商品: ${product.name}${product.category ? `（${product.category}）` : ''}\n価格: ${product.price} 円（税抜）\n\n資料:\n${numbered}`,
      },
    ],
    { maxTokens: 800, temperature: 0 },
  );
  return readMarketAnswer(written);
}

/** The model's JSON (possibly in a code fence) as a section; EXT_002 when it is not that. */
export function readMarketAnswer(written: string): Schemas['AnalysisSection'] {
  const parsed = readJsonObject(written);
  if (typeof parsed?.summary === 'string' && Array.isArray(parsed.findings)) {
    return {
      summary: parsed.summary,
      findings: parsed.findings.filter((item): item is string => typeof item === 'string').slice(0, 10),
    };
  }
  throw new AppError('EXT_002', { context: { reason: 'market analysis was not the JSON asked for' } });
}

// ── the operation ────────────────────────────────────────────────────────────────────────

function excerpt(text: string, length = 120): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

function dateLabel(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('ja-JP', { timeZone, dateStyle: 'medium' }).format(at);
}

/**
 * analyzeProduct: figures by SQL in one short tenant transaction; with a provider and
 * `analyzeMarket`, the market from the tenant's own documents (retrieved in that transaction),
 * written by the model outside any transaction.
 */
export async function analyzeProduct(
  inTenant: InTenant,
  services: ProductAnalysisServices,
  pathId: string,
  request: ProductAnalysisRequest,
): Promise<Schemas['ProductAnalysis']> {
  if (request.productId !== pathId) {
    throw new InputMismatchError([
      { field: 'product_id', message: 'パスの商品と同じ商品を指定してください' },
    ]);
  }
  const chat = request.analyzeMarket ? tenantAi(services.ai, inTenant).chat : null;
  const gathered = await inTenant(async (tx) => {
    const product = await getProduct(tx, pathId);
    const zone = await tx
      .selectFrom('tenants')
      .select('time_zone')
      .where('id', '=', tx.tenantId)
      .executeTakeFirst();
    return {
      product,
      timeZone: zone?.time_zone ?? 'Asia/Tokyo',
      figures: request.analyzeCustomers ? await customerFigures(tx, pathId) : null,
      trend: request.analyzeCustomers ? await monthlyTrend(tx, pathId) : null,
      pairs: request.findPairs ? await pairFigures(tx, pathId) : null,
    };
  });
  const { product, figures, trend, pairs, timeZone } = gathered;
  // The product's name is embedded between two short transactions: a slow provider holds no connection.
  const vector = chat ? await services.textIndex.embedQuery(product.name) : null;
  const passages = chat ? await inTenant((tx) => marketPassages(tx, services, product, vector)) : [];
  const market = chat ? await marketSection(chat, product, passages) : null;

  const sources: AiSource[] = [
    {
      type: 'product',
      id: product.id,
      title: product.name,
      excerpt: product.description ? excerpt(product.description) : null,
      url: `/products/${product.id}`,
    },
  ];
  // Customers and their interactions are cited only to those who may open them.
  const mayOpenCustomers = services.can?.('customers.read') ?? true;
  const mayOpenInteractions = mayOpenCustomers && (services.can?.('interactions.read') ?? true);
  for (const customer of mayOpenCustomers ? (figures?.examples ?? []) : []) {
    sources.push({
      type: 'customer',
      id: customer.id,
      title: customer.name,
      excerpt: `この商品を扱った対応 ${customer.interactions} 件`,
      url: `/customers/${customer.id}`,
    });
  }
  for (const interaction of mayOpenInteractions ? (figures?.recent ?? []) : []) {
    sources.push({
      type: 'interaction',
      id: interaction.id,
      title: `${interaction.customerName} の対応（${dateLabel(interaction.at, timeZone)}）`,
      excerpt: excerpt(interaction.summary),
      url: `/customers/${interaction.customerId}`,
    });
  }
  if (market) {
    for (const passage of passages) {
      sources.push({
        type: passage.type,
        id: passage.id,
        title: passage.title,
        excerpt: excerpt(passage.text),
        url:
          passage.type === 'document'
            ? `/documents?q=${encodeURIComponent(product.name)}`
            : '/knowledge-base',
      });
    }
  }

  return {
    product_id: product.id,
    mode: chat ? 'openai' : 'offline',
    generated_at: new Date().toISOString(),
    market,
    customers: figures && trend ? customersSection(product, figures, trend) : null,
    pairs: pairs ? pairs.pairs.map((pair) => pairOf(product, pairs.base, pair)) : null,
    trend,
    sources,
  };
}
