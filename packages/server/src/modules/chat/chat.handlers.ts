import type { operations } from '@tsumiki/api-client/schema';
import { assertPermission, permissionTest } from '../../platform/access/access';
import { aiResponse } from '../../platform/http/ai-response';
import { type ModuleHandlers, outsideRequestTransaction } from '../../platform/http/typed-handlers';
import { type AssistantServices, askAssistant, assertChatCustomer } from '../assistant';
import type { ModuleDependencies } from '../module';

/**
 * The AI chat (/chat): a conversation the client keeps, optionally about one customer (then its
 * data and recent interactions are the context and sources). Same answering path as the
 * assistant, over every scope.
 */
export function chatHandlers(dependencies: ModuleDependencies) {
  const services: AssistantServices = { ai: dependencies.ai, textIndex: dependencies.textIndex };
  return {
    sendChatMessage: outsideRequestTransaction<operations['sendChatMessage']>(
      async ({ body, query }, { inTenant, principal, tenant }) => {
        // An unknown customer answers 404 before any stream starts.
        const customerId = body.customer_id;
        // Talking about a customer reads their record and interactions: the user must be able to.
        if (customerId) {
          assertPermission(principal, tenant, 'customers.read');
          assertPermission(principal, tenant, 'interactions.read');
          await inTenant((tx) => assertChatCustomer(tx, customerId));
        }
        return aiResponse(query.stream, (progress) =>
          askAssistant(
            inTenant,
            { ...services, can: permissionTest(principal, tenant) },
            {
              message: body.message,
              history: body.history ?? [],
              scope: 'all',
              customerId: body.customer_id ?? null,
            },
            progress,
          ),
        );
      },
    ),
  } satisfies ModuleHandlers;
}
