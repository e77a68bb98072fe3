import type { operations } from '@tsumiki/api-client/schema';
import { type ModuleHandlers, outsideRequestTransaction } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { createWorkflow, optimizeWorkflow, reviewWorkflow } from './workflow.service';

/**
 * Workflow AI (stateless): a proposal from a goal, a rule-based review with a score, and
 * improvements with their reasons. Outside the request transaction: a model may take seconds.
 */
export function workflowHandlers({ ai }: ModuleDependencies) {
  return {
    createWorkflow: outsideRequestTransaction<operations['createWorkflow']>(
      async ({ body }, { inTenant }) => ({
        status: 200,
        body: await createWorkflow(inTenant, { ai }, body),
      }),
    ),
    reviewWorkflow: outsideRequestTransaction<operations['reviewWorkflow']>(
      async ({ body }, { inTenant }) => ({
        status: 200,
        body: await reviewWorkflow(inTenant, { ai }, body),
      }),
    ),
    optimizeWorkflow: outsideRequestTransaction<operations['optimizeWorkflow']>(
      async ({ body }, { inTenant }) => ({
        status: 200,
        body: await optimizeWorkflow(inTenant, { ai }, body),
      }),
    ),
  } satisfies ModuleHandlers;
}
