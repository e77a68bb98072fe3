import type { operations } from '@tsumiki/api-client/schema';
import { permissionTest } from '../../platform/access/access';
import { type ModuleHandlers, outsideRequestTransaction } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { analyzeProduct } from './products.analysis';
import { toProduct } from './products.mapper';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  searchProducts,
  updateProduct,
} from './products.service';

/** Products and services: list and search, one, create, update (null clears), soft delete, analysis. */
export function productsHandlers({ ai, textIndex }: ModuleDependencies) {
  return {
    async listProducts({ query }, { tx }) {
      const { total, products } = await listProducts(tx, {
        skip: query.skip,
        limit: query.limit,
        search: query.search,
        category: query.category,
        status: query.status,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
      });
      return { status: 200, body: { total, products: products.map(toProduct) } };
    },

    async searchProducts({ query }, { tx }) {
      const { total, products } = await searchProducts(tx, query.q, query.limit);
      return { status: 200, body: { total, products: products.map(toProduct) } };
    },

    async getProduct({ params }, { tx }) {
      return { status: 200, body: toProduct(await getProduct(tx, params.id)) };
    },

    async createProduct({ body }, { tx, principal }) {
      return { status: 201, body: toProduct(await createProduct(tx, principal.userId, body)) };
    },

    async updateProduct({ params, body }, { tx, principal }) {
      return { status: 200, body: toProduct(await updateProduct(tx, principal.userId, params.id, body)) };
    },

    async deleteProduct({ params }, { tx, principal }) {
      await deleteProduct(tx, principal.userId, params.id);
      return { status: 204, body: undefined };
    },

    // Outside the request transaction: with a provider the market takes a model's time.
    analyzeProduct: outsideRequestTransaction<operations['analyzeProduct']>(
      async ({ params, body }, { inTenant, principal, tenant }) => ({
        status: 200,
        body: await analyzeProduct(
          inTenant,
          { ai, textIndex, can: permissionTest(principal, tenant) },
          params.id,
          {
            productId: body.product_id,
            analyzeMarket: body.analyze_market ?? true,
            analyzeCustomers: body.analyze_customers ?? true,
            findPairs: body.find_pairs ?? true,
          },
        ),
      }),
    ),
  } satisfies ModuleHandlers;
}
