import type { operations } from '@tsumiki/api-client/schema';
import { assertPermission, permissionTest } from '../../platform/access/access';
import { tenantTimeZone } from '../../platform/access/time-zone';
import { aiResponse } from '../../platform/http/ai-response';
import { contentDisposition } from '../../platform/http/downloads';
import { type ModuleHandlers, outsideRequestTransaction } from '../../platform/http/typed-handlers';
import { renderReportPdf } from '../../platform/pdf/report-pdf';
import type { ModuleDependencies } from '../module';
import { toResearchReport, toResearchReportSummary } from './research.mapper';
import { reportDocument, reportFileName } from './research.pdf';
import {
  deleteResearchReport,
  getResearchReport,
  listResearchReports,
  type ResearchServices,
  researchCompetitors,
  researchExistingCustomer,
  researchNewCustomer,
} from './research.service';
import { httpWebSearch } from './web-search';

/**
 * Deep research (AIインテリジェンス): customer and competitor research with progress steps
 * (stream=true), saved reports (list, open, delete) and their PDF.
 */
export function researchHandlers(dependencies: ModuleDependencies) {
  const services: ResearchServices = {
    ai: dependencies.ai,
    textIndex: dependencies.textIndex,
    webSearch: dependencies.researchWebSearchUrl ? httpWebSearch(dependencies.researchWebSearchUrl) : null,
  };

  /** The services as this user: a report holds only what they may open themselves. */
  const readingAs = (...[principal, tenant]: Parameters<typeof permissionTest>): ResearchServices => ({
    ...services,
    can: permissionTest(principal, tenant),
  });

  /** Reads the report in a short transaction, then renders it with no connection held. */
  const exportPdf = (kind: 'customer' | 'competitor') =>
    outsideRequestTransaction<operations['exportCustomerResearchPdf']>(async ({ body }, { inTenant }) => {
      const { report, timeZone } = await inTenant(async (tx) => ({
        report: await getResearchReport(tx, body.report_id, kind),
        timeZone: await tenantTimeZone(tx),
      }));
      const pdf = await renderReportPdf(reportDocument(report, timeZone));
      return {
        status: 200,
        body: pdf,
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(pdf.length),
          'content-disposition': contentDisposition(
            reportFileName(report, timeZone),
            kind === 'customer' ? 'customer-research.pdf' : 'competitor-research.pdf',
          ),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      };
    });

  return {
    researchCustomer: outsideRequestTransaction<operations['researchCustomer']>(
      async ({ body, query }, { inTenant, principal, tenant }) =>
        aiResponse(query?.stream, async (progress) =>
          toResearchReport(
            await researchNewCustomer(
              inTenant,
              readingAs(principal, tenant),
              progress,
              principal.userId,
              body,
            ),
          ),
        ),
    ),

    researchExistingCustomer: outsideRequestTransaction<operations['researchExistingCustomer']>(
      async ({ params, body, query }, { inTenant, principal, tenant }) => {
        // The report is the customer's record and interactions: only for who may open them.
        assertPermission(principal, tenant, 'customers.read');
        assertPermission(principal, tenant, 'interactions.read');
        return aiResponse(query?.stream, async (progress) =>
          toResearchReport(
            await researchExistingCustomer(
              inTenant,
              readingAs(principal, tenant),
              progress,
              principal.userId,
              params.id,
              {
                topics: body?.topics,
                depth: body?.depth,
                periodDays: body?.period_days,
              },
            ),
          ),
        );
      },
    ),

    researchCompetitors: outsideRequestTransaction<operations['researchCompetitors']>(
      async ({ body, query }, { inTenant, principal, tenant }) =>
        aiResponse(query?.stream, async (progress) =>
          toResearchReport(
            await researchCompetitors(
              inTenant,
              readingAs(principal, tenant),
              progress,
              principal.userId,
              body,
            ),
          ),
        ),
    ),

    async listResearchReports({ query }, { tx }) {
      const { total, reports } = await listResearchReports(tx, {
        skip: query.skip,
        limit: query.limit,
        kind: query.kind,
        customerId: query.customer_id,
      });
      return { status: 200, body: { total, reports: reports.map(toResearchReportSummary) } };
    },

    async getResearchReport({ params }, { tx }) {
      return { status: 200, body: toResearchReport(await getResearchReport(tx, params.id)) };
    },

    async deleteResearchReport({ params }, { tx, principal, tenant }) {
      await deleteResearchReport(tx, params.id, {
        userId: principal.userId,
        can: permissionTest(principal, tenant),
      });
      return { status: 204, body: undefined };
    },

    exportCustomerResearchPdf: exportPdf('customer'),
    exportCompetitorResearchPdf: exportPdf('competitor') as unknown as ReturnType<typeof exportPdf>,
  } satisfies ModuleHandlers;
}
