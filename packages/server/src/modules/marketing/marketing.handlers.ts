import type { operations } from '@tsumiki/api-client/schema';
import { permissionTest } from '../../platform/access/access';
import { type ModuleHandlers, outsideRequestTransaction } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import {
  analyzeCompetitors,
  analyzeCustomers,
  checkAdvertising,
  planContentCalendar,
  proposeCampaign,
} from './marketing.service';

/**
 * Marketing AI (stateless): segments counted from the tenant's customers, a campaign sized from a
 * segment, competitors organised from what the user typed and the tenant's documents, and a content
 * calendar of Japanese holidays and clinic seasons, and the advertising check (医療広告ガイドライン)
 * of any text, whose rules' findings the campaign and calendar drafts also carry. With a chat model
 * configured, the model rewrites the wording of those drafts (never their numbers) and may add
 * findings to the check (never remove the rules'). Outside the request transaction: short reads,
 * and a model may take seconds.
 */
export function marketingHandlers({ ai, textIndex }: ModuleDependencies) {
  return {
    analyzeCustomersForMarketing: outsideRequestTransaction<operations['analyzeCustomersForMarketing']>(
      async ({ body }, { inTenant }) => ({
        status: 200,
        body: await analyzeCustomers(inTenant, { ai }, body),
      }),
    ),
    proposeCampaign: outsideRequestTransaction<operations['proposeCampaign']>(
      async ({ body }, { inTenant }) => ({
        status: 200,
        body: await proposeCampaign(inTenant, { ai }, body),
      }),
    ),
    analyzeCompetitors: outsideRequestTransaction<operations['analyzeCompetitors']>(
      async ({ body }, { inTenant, principal, tenant }) => ({
        status: 200,
        body: await analyzeCompetitors(
          inTenant,
          { ai, textIndex, can: permissionTest(principal, tenant) },
          body,
        ),
      }),
    ),
    planContentCalendar: outsideRequestTransaction<operations['planContentCalendar']>(
      async ({ body }, { inTenant }) => ({
        status: 200,
        body: await planContentCalendar(inTenant, { ai }, body),
      }),
    ),
    checkAdvertising: outsideRequestTransaction<operations['checkAdvertising']>(
      async ({ body }, { inTenant }) => ({
        status: 200,
        body: await checkAdvertising(inTenant, { ai }, body.text),
      }),
    ),
  } satisfies ModuleHandlers;
}
