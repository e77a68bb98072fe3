import type { ApiClient, Interaction } from '@tsumiki/api-client';
import { customersQueryOptions, interactionsQueryOptions } from '@tsumiki/api-client/react';

/**
 * The dashboard's three reads (SPEC section 2), shared by its loader and its screen so that they
 * hit the same cache entries: the customer count, the newest interactions with their count, and
 * the count of interactions since `monthStart`.
 */
export function dashboardQueries(api: ApiClient, tenantId: string | undefined, monthStart: string) {
  return {
    customers: customersQueryOptions(api, tenantId, { limit: 1 }),
    interactions: interactionsQueryOptions(api, tenantId, { limit: 3 }),
    thisMonth: interactionsQueryOptions(api, tenantId, { limit: 1, created_from: monthStart }),
  };
}

/** The summary, or else the first 50 characters of the content (SPEC section 2). */
export function interactionHeadline(interaction: Pick<Interaction, 'summary' | 'content'>): string {
  if (interaction.summary?.trim()) return interaction.summary;
  const characters = Array.from(interaction.content);
  return characters.length > 50 ? `${characters.slice(0, 50).join('')}…` : interaction.content;
}
