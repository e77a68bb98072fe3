import type { components } from '@tsumiki/api-client/schema';
import type { Permission } from '../../platform/access/permissions';
import { tenantTimeZone } from '../../platform/access/time-zone';
import type { AiProvider } from '../../platform/ai/provider';
import { type InTenant, tenantAi } from '../../platform/ai/tenant-ai';
import { InputMismatchError } from '../../platform/errors';
import type { TextIndex } from '../../platform/search/text-index';
import {
  customerFigures,
  customersSection,
  monthlyTrend,
  pairFigures,
  pairOf,
} from './products.analysis.figures';
import { MARKET_NOT_FOUND, marketPassages, marketSection } from './products.analysis.market';
import { getProduct } from './products.service';

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

export { MARKET_NOT_FOUND };

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
    return {
      product,
      timeZone: await tenantTimeZone(tx),
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
