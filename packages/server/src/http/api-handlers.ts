import type { components } from '@tsumiki/api-client/schema';
import { type Db, pingDatabase } from '../db/database';
import type { Customer } from '../db/schema';
import { describeCurrentUser, type Principal } from '../domain/access';
import { searchCustomers } from '../domain/customers';
import { AuthenticationRequiredError, DatabaseUnavailableError } from '../domain/errors';
import { FEATURES, getFeatureSwitches } from '../domain/features';
import { type InteractionEntry, recentInteractions } from '../domain/interactions';
import type { ApiHandlers, RequestContext } from './typed-handlers';

type Schemas = components['schemas'];

export interface ApiHandlerDependencies {
  db: Db;
  version: string;
}

function signedIn(context: RequestContext): Principal {
  if (!context.principal) throw new AuthenticationRequiredError();
  return context.principal;
}

function toCustomer(customer: Customer): Schemas['Customer'] {
  const { tenant_id: _tenantId, created_at, updated_at, ...fields } = customer;
  return { ...fields, created_at: created_at.toISOString(), updated_at: updated_at.toISOString() };
}

function toInteraction(interaction: InteractionEntry): Schemas['Interaction'] {
  return {
    id: interaction.id,
    customer_id: interaction.customer_id,
    customer_name: interaction.customer_name,
    type: interaction.type,
    summary: interaction.summary,
    content: interaction.content,
    created_by: interaction.created_by,
    created_at: interaction.created_at.toISOString(),
    updated_at: interaction.updated_at.toISOString(),
  };
}

/** One small handler per operation: parameters in, one domain call, the contract's shape out. */
export function createApiHandlers({ db, version }: ApiHandlerDependencies) {
  return {
    async getHealth() {
      try {
        await pingDatabase(db);
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
      return { status: 200, body: { status: 'ok', database: 'ok', version } };
    },

    async getTenantMe(_input, context) {
      const user = await describeCurrentUser(db, signedIn(context));
      return { status: 200, body: { success: true, user } };
    },

    async getMyFeatures(_input, context) {
      const switches = await getFeatureSwitches(db, context.tenant.tenantId);
      const flags: Schemas['FeatureFlags'] = {};
      for (const feature of FEATURES) flags[`${feature}_enabled` as const] = switches[feature];
      return { status: 200, body: flags };
    },

    async listCustomers({ query }, context) {
      const { total, customers } = await searchCustomers(db, context.tenant.tenantId, {
        skip: query.skip,
        limit: query.limit,
        search: query.search,
        companyFilter: query.company_filter,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
      });
      return { status: 200, body: { total, customers: customers.map(toCustomer) } };
    },

    async listInteractions({ query }, context) {
      const { total, interactions } = await recentInteractions(db, context.tenant.tenantId, {
        skip: query.skip,
        limit: query.limit,
        createdFrom: query.created_from === undefined ? undefined : new Date(query.created_from),
        createdTo: query.created_to === undefined ? undefined : new Date(query.created_to),
      });
      return { status: 200, body: { total, interactions: interactions.map(toInteraction) } };
    },
  } satisfies ApiHandlers;
}
