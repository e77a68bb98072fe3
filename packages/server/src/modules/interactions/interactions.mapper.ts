import type { components } from '@tsumiki/api-client/schema';
import { personName } from '../../platform/text/person-name';
import type { InteractionView } from './interactions.repository';
import type { InteractionVersionView } from './interactions.versions';

export function toInteraction(interaction: InteractionView): components['schemas']['Interaction'] {
  return {
    id: interaction.id,
    customer_id: interaction.customer_id,
    customer_name: personName(interaction.customer_last_name, interaction.customer_first_name),
    type: interaction.type,
    summary: interaction.summary,
    content: interaction.content,
    created_by: interaction.created_by,
    created_by_name: interaction.created_by_name,
    updated_by: interaction.updated_by,
    updated_by_name: interaction.updated_by_name,
    products: interaction.products,
    version: interaction.version,
    created_at: interaction.created_at.toISOString(),
    updated_at: interaction.updated_at.toISOString(),
  };
}

export function toInteractionVersion(
  version: InteractionVersionView,
): components['schemas']['InteractionVersion'] {
  return {
    version: version.version,
    type: version.type,
    summary: version.summary,
    content: version.content,
    products: version.products,
    written_by: version.written_by,
    written_by_name: version.written_by_name,
    written_at: new Date(version.written_at).toISOString(),
    replaced_by_name: version.replaced_by_name,
    replaced_at: new Date(version.replaced_at).toISOString(),
  };
}
