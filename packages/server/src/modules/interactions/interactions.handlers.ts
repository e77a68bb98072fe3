import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { toInteraction } from './interactions.mapper';
import {
  customerName,
  listCustomerInteractions,
  listInteractions,
  recordInteraction,
} from './interactions.service';

/** Interactions: the tenant-wide list, one customer's timeline, recording one. */
export function interactionsHandlers({ events }: ModuleDependencies) {
  return {
    async listInteractions({ query }, { tx }) {
      const { total, interactions } = await listInteractions(tx, {
        skip: query.skip,
        limit: query.limit,
        createdFrom: query.created_from === undefined ? undefined : new Date(query.created_from),
        createdTo: query.created_to === undefined ? undefined : new Date(query.created_to),
      });
      return { status: 200, body: { total, interactions: interactions.map(toInteraction) } };
    },

    async listCustomerInteractions({ params, query }, { tx }) {
      const { total, interactions } = await listCustomerInteractions(tx, params.customerId, {
        skip: query.skip,
        limit: query.limit,
      });
      return { status: 200, body: { total, interactions: interactions.map(toInteraction) } };
    },

    async createInteraction({ body }, { tx, principal }) {
      const { interaction, customer } = await recordInteraction(tx, principal.userId, body);
      await events.emit(tx, {
        type: 'interaction.created',
        actorId: principal.userId,
        subjectId: interaction.id,
        payload: {
          customer_id: customer.id,
          customer_name: customerName(customer.last_name, customer.first_name),
          interaction_type: interaction.type,
          summary: interaction.summary,
          assignee_user_id: customer.assignee_user_id,
        },
      });
      return { status: 201, body: toInteraction(interaction) };
    },
  } satisfies ModuleHandlers;
}
