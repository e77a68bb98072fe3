import type { components } from '@tsumiki/api-client/schema';
import type { InteractionView } from './interactions.repository';
import { customerName } from './interactions.service';

export function toInteraction(interaction: InteractionView): components['schemas']['Interaction'] {
  return {
    id: interaction.id,
    customer_id: interaction.customer_id,
    customer_name: customerName(interaction.customer_last_name, interaction.customer_first_name),
    type: interaction.type,
    summary: interaction.summary,
    content: interaction.content,
    created_by: interaction.created_by,
    created_by_name: interaction.created_by_name,
    products: interaction.products,
    created_at: interaction.created_at.toISOString(),
    updated_at: interaction.updated_at.toISOString(),
  };
}
