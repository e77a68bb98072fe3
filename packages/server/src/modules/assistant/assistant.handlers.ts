import type { operations } from '@tsumiki/api-client/schema';
import { permissionTest } from '../../platform/access/access';
import { aiResponse } from '../../platform/http/ai-response';
import { type ModuleHandlers, outsideRequestTransaction } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { type AssistantServices, askAssistant } from './assistant.service';

/**
 * The in-house assistant (AIアシスタント): questions about the tenant's customers, interactions,
 * products, documents and staff within a scope, answered from tenant-scoped read-only queries.
 */
export function assistantHandlers(dependencies: ModuleDependencies) {
  const services: AssistantServices = { ai: dependencies.ai, textIndex: dependencies.textIndex };
  return {
    // Outside the request transaction: a model may take seconds; each query is its own short one.
    askAssistant: outsideRequestTransaction<operations['askAssistant']>(
      async ({ body, query }, { inTenant, principal, tenant }) =>
        aiResponse(query.stream, (progress) =>
          askAssistant(
            inTenant,
            { ...services, can: permissionTest(principal, tenant) },
            {
              message: body.message,
              history: body.history ?? [],
              scope: body.scope ?? 'all',
              customerId: null,
            },
            progress,
          ),
        ),
    ),
  } satisfies ModuleHandlers;
}
