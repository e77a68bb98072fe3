/** The market, with a provider: grounded in the tenant's documents only. */
import type { components } from '@tsumiki/api-client/schema';
import { readJsonObject } from '../../platform/ai/model-json';
import type { TenantChat } from '../../platform/ai/tenant-ai';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError } from '../../platform/errors';
import { contentCoverage } from '../../platform/search/fold';
import type { QueryVector } from '../../platform/search/text-index';
import { findPassages, readableTextKinds } from '../documents';
import type { ProductAnalysisServices } from './products.analysis';
import type { ProductRow } from './products.tables';

type Schemas = components['schemas'];

/** The share of a passage's content bigrams the product name must cover (the knowledge check weighs its own coverage, MIN_COVERAGE in knowledge.chat.ts). */
const MARKET_MIN_COVERAGE = 0.5;
const MARKET_PASSAGES = 6;

export interface MarketPassage {
  type: 'document' | 'knowledge_document';
  id: string;
  title: string;
  text: string;
}

export async function marketPassages(
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
export async function marketSection(
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
