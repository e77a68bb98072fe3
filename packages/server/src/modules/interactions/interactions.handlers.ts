import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import { personName } from '../../platform/text/person-name';
import type { ModuleDependencies } from '../module';
import { toInteraction, toInteractionVersion } from './interactions.mapper';
import {
  correctInteraction,
  interactionVersions,
  listCustomerInteractions,
  listInteractions,
  recordInteraction,
  removeInteraction,
} from './interactions.service';

/**
 * Interactions: the tenant-wide list, one customer's timeline, recording one, correcting or
 * deleting one (each correction keeps the version it replaces), and its earlier versions.
 */
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
          customer_name: personName(customer.last_name, customer.first_name),
          interaction_type: interaction.type,
          summary: interaction.summary,
          assignee_user_id: customer.assignee_user_id,
        },
      });
      return { status: 201, body: toInteraction(interaction) };
    },

    async updateInteraction({ params, body }, { tx, principal }) {
      const target = { customerId: params.id, interactionId: params.interactionId };
      const { interaction, customer } = await correctInteraction(
        tx,
        principal.userId,
        target,
        body,
        toInteraction,
      );
      await events.emit(tx, {
        type: 'interaction.updated',
        actorId: principal.userId,
        subjectId: interaction.id,
        payload: {
          customer_id: customer.id,
          customer_name: personName(customer.last_name, customer.first_name),
          version: interaction.version,
        },
      });
      return { status: 200, body: toInteraction(interaction) };
    },

    async deleteInteraction({ params }, { tx, principal }) {
      const { interaction, customer } = await removeInteraction(tx, {
        customerId: params.id,
        interactionId: params.interactionId,
      });
      // What was deleted stays on record: who, when (the event's own time) and what it said.
      await events.emit(tx, {
        type: 'interaction.deleted',
        actorId: principal.userId,
        subjectId: interaction.id,
        payload: {
          customer_id: customer.id,
          customer_name: personName(customer.last_name, customer.first_name),
          interaction: toInteraction(interaction),
        },
      });
      return { status: 204, body: undefined };
    },

    async listInteractionVersions({ params }, { tx }) {
      const versions = await interactionVersions(tx, {
        customerId: params.id,
        interactionId: params.interactionId,
      });
      return { status: 200, body: { versions: versions.map(toInteractionVersion) } };
    },
  } satisfies ModuleHandlers;
}
