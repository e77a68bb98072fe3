import type { components } from '@tsumiki/api-client/schema';
import { type Db, pingDatabase } from '../db/database';
import type { Customer } from '../db/schema';
import { describeCurrentUser } from '../domain/access';
import { searchCustomers } from '../domain/customers';
import { DatabaseUnavailableError } from '../domain/errors';
import { FEATURES, getFeatureSwitches } from '../domain/features';
import { type InteractionEntry, recentInteractions } from '../domain/interactions';
import {
  currentSessionStatus,
  extendCurrentSession,
  listOwnSessions,
  revokeOwnSession,
  type SessionClock,
  type SessionStatus,
} from '../domain/sessions';
import type { OpenApiDocument } from './openapi';
import type { ApiHandlers } from './typed-handlers';

type Schemas = components['schemas'];

export interface ApiHandlerDependencies {
  db: Db;
  version: string;
  /** The contract as loaded, served at GET /api/openapi.json. */
  document: OpenApiDocument;
  /** The auth service's clock and session length (tests pin the clock). */
  sessions: SessionClock;
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

function toSessionStatus(status: SessionStatus): Schemas['SessionStatus'] {
  return {
    session_id: status.sessionId,
    status: status.status,
    expires_at: status.expiresAt.toISOString(),
    needs_refresh: status.needsRefresh,
    show_warning: status.showWarning,
    time_remaining_minutes: status.timeRemainingMinutes,
    security_events: status.securityEvents.map((event) => ({
      type: event.type,
      occurred_at: event.occurredAt.toISOString(),
      ip: event.ip,
      user_agent: event.userAgent,
      description: event.description,
    })),
  };
}

/** One small handler per operation: parameters in, one domain call, the contract's shape out. */
export function createApiHandlers({ db, version, document, sessions }: ApiHandlerDependencies) {
  return {
    async getHealth() {
      try {
        await pingDatabase(db);
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
      return { status: 200, body: { status: 'ok', database: 'ok', version } };
    },

    async getOpenApiDocument() {
      return { status: 200, body: document as Schemas['OpenApiDocument'] };
    },

    async getTenantMe(_input, context) {
      const user = await describeCurrentUser(db, context.principal);
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

    async getCurrentSession(_input, context) {
      const status = await currentSessionStatus(db, context.principal, sessions);
      return { status: 200, body: toSessionStatus(status) };
    },

    async extendCurrentSession({ body }, context) {
      const status = await extendCurrentSession(
        db,
        context.principal,
        body.minutes,
        context.client,
        sessions,
      );
      return { status: 200, body: toSessionStatus(status) };
    },

    async listSessions(_input, context) {
      const own = await listOwnSessions(db, context.principal, sessions);
      return {
        status: 200,
        body: {
          total: own.length,
          sessions: own.map((session) => ({
            id: session.id,
            created_at: session.createdAt.toISOString(),
            last_active_at: session.lastActiveAt.toISOString(),
            expires_at: session.expiresAt.toISOString(),
            ip: session.ip,
            user_agent: session.userAgent,
            current: session.current,
          })),
        },
      };
    },

    async revokeSession({ params }, context) {
      await revokeOwnSession(db, context.principal, params.id, context.client, sessions);
      return { status: 204, body: undefined };
    },
  } satisfies ApiHandlers;
}
