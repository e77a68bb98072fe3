/**
 * Deep research (AIインテリジェンス): customer research (a new name or a registered customer) and
 * competitor research, saved as reports that can be listed, opened, deleted and exported as PDF.
 * Each research runs outside the request transaction: data is read in short tenant transactions,
 * no connection waits on a model, and each phase is a progress step the user sees.
 */
import type { components } from '@tsumiki/api-client/schema';
import type { Permission } from '../../platform/access/permissions';
import type { InTenant } from '../../platform/ai/tenant-ai';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { NotFoundError, PermissionDeniedError } from '../../platform/errors';
import type { AiProgressSink as ProgressSink } from '../../platform/http/ai-response';
import { rowName } from '../../platform/text/person-name';
import { CustomerNotFoundError } from '../customers';
import { readableTextKinds } from '../documents';
import {
  ALL_FOCUS,
  ALL_TOPICS,
  type CompetitorFocus,
  competitorReport,
  DEPTH_LIMITS,
  existingCustomerReport,
  newCustomerReport,
  type ResearchTopic,
} from './research.offline';
import {
  deleteResearchReport as deleteReportRow,
  findCustomerFacts,
  findCustomerProducts,
  findCustomersNamed,
  findInteractionFacts,
  findProductPriceRange,
  findResearchReport,
  findResearchReportPage,
} from './research.repository';
import { documentsStepLabel, finish, inStep, mentionsOfNames, type ResearchServices } from './research.run';
import type { ResearchReportRow } from './research.tables';

export type { ResearchServices };

type Schemas = components['schemas'];
type Depth = Schemas['ResearchDepth'];

export class ResearchReportNotFoundError extends NotFoundError {
  constructor() {
    super('research_report', {
      message: '調査レポートが見つかりません',
      suggestion: '一覧を読み込み直してください。削除されたか、種類の違うレポートです。',
    });
  }
}
export async function researchExistingCustomer(
  inTenant: InTenant,
  services: ResearchServices,
  progress: ProgressSink,
  userId: string,
  customerId: string,
  request: { topics?: ResearchTopic[]; depth?: Depth; periodDays?: number },
): Promise<ResearchReportRow> {
  const depth = request.depth ?? 'standard';
  const periodDays = request.periodDays ?? 365;
  const limits = DEPTH_LIMITS[depth];
  const customer = await inStep(progress, 'customer', '顧客の情報を集めています', async () => {
    const found = await inTenant((tx) => findCustomerFacts(tx, customerId));
    if (!found) throw new CustomerNotFoundError();
    return found;
  });
  const { interactions, products } = await inStep(progress, 'interactions', '対応履歴を読んでいます', () =>
    inTenant(async (tx) => ({
      interactions: await findInteractionFacts(tx, customerId, periodDays, limits.interactions),
      products: await findCustomerProducts(tx, customerId, periodDays),
    })),
  );
  const name = `${customer.last_name}${customer.first_name}`;
  const documents = await inStep(
    progress,
    'documents',
    documentsStepLabel(readableTextKinds(services.can)),
    () => inTenant((tx) => mentionsOfNames(tx, services, [name, customer.company_name], limits.documents)),
  );
  const topics = request.topics?.length ? request.topics : [...ALL_TOPICS];
  const compiled = existingCustomerReport(
    { customer, periodDays, interactions, products, documents },
    topics,
  );
  return finish(
    inTenant,
    services,
    progress,
    {
      kind: 'customer',
      customerId,
      userId,
      depth,
      request: `登録済みの顧客「${rowName(customer)}」の調査。観点: ${topics.join(', ')}`,
    },
    compiled,
  );
}

export async function researchNewCustomer(
  inTenant: InTenant,
  services: ResearchServices,
  progress: ProgressSink,
  userId: string,
  request: Schemas['CustomerResearchRequest'],
): Promise<ResearchReportRow> {
  const depth = request.depth ?? 'standard';
  const limits = DEPTH_LIMITS[depth];
  const name = request.name.normalize('NFC').trim();
  // Whether the name is already a customer is for those who may open customers.
  const mayReadCustomers = services.can?.('customers.read') ?? true;
  const registered = await inStep(
    progress,
    'customer',
    mayReadCustomers
      ? '登録済みの顧客を確かめています'
      : '登録済みの顧客は閲覧の権限がないため確かめていません',
    async () => (mayReadCustomers ? inTenant((tx) => findCustomersNamed(tx, name)) : null),
  );
  const documents = await inStep(
    progress,
    'documents',
    documentsStepLabel(readableTextKinds(services.can)),
    () => inTenant((tx) => mentionsOfNames(tx, services, [name, request.company_name], limits.documents)),
  );
  const topics = request.topics?.length ? request.topics : [...ALL_TOPICS];
  const compiled = newCustomerReport({ input: { ...request, name }, registered, documents }, topics);
  return finish(
    inTenant,
    services,
    progress,
    {
      kind: 'customer',
      customerId: null,
      userId,
      depth,
      request: `見込み客「${name}」の調査。${request.company_name ? `会社名: ${request.company_name}。` : ''}${request.industry ? `業種: ${request.industry}。` : ''}${request.region ? `地域: ${request.region}。` : ''}${request.notes ? `メモ: ${request.notes}` : ''}`,
    },
    compiled,
  );
}

export async function researchCompetitors(
  inTenant: InTenant,
  services: ResearchServices,
  progress: ProgressSink,
  userId: string,
  request: Schemas['CompetitorResearchRequest'],
): Promise<ResearchReportRow> {
  const depth = request.depth ?? 'standard';
  const limits = DEPTH_LIMITS[depth];
  const ownProducts = await inStep(progress, 'own', '自院の商品・サービスを集計しています', () =>
    inTenant((tx) => findProductPriceRange(tx)),
  );
  const competitors = await inStep(
    progress,
    'documents',
    documentsStepLabel(readableTextKinds(services.can)),
    () =>
      inTenant(async (tx) => {
        const found = [];
        for (const competitor of request.competitors) {
          const name = competitor.name.normalize('NFC').trim();
          found.push({
            ...competitor,
            name,
            documents: await mentionsOfNames(tx, services, [name], limits.documents),
          });
        }
        return found;
      }),
  );
  const focus: CompetitorFocus[] = request.focus?.length ? request.focus : [...ALL_FOCUS];
  const compiled = competitorReport(
    { competitors, industry: request.industry, region: request.region, ownProducts },
    focus,
  );
  return finish(
    inTenant,
    services,
    progress,
    {
      kind: 'competitor',
      customerId: null,
      userId,
      depth,
      request: `競合調査: ${competitors
        .map(
          (competitor) =>
            `${competitor.name}${competitor.url ? `（${competitor.url}）` : ''}${competitor.notes ? ` メモ: ${competitor.notes}` : ''}`,
        )
        .join(' / ')}。観点: ${focus.join(', ')}`,
    },
    compiled,
  );
}

export async function listResearchReports(
  tx: TenantTransaction,
  query: { skip?: number; limit?: number; kind?: 'customer' | 'competitor'; customerId?: string },
) {
  return findResearchReportPage(tx, {
    skip: query.skip ?? 0,
    limit: query.limit ?? 20,
    kind: query.kind,
    customerId: query.customerId,
  });
}

export async function getResearchReport(
  tx: TenantTransaction,
  id: string,
  kind?: 'customer' | 'competitor',
): Promise<ResearchReportRow> {
  const report = await findResearchReport(tx, id);
  if (!report || (kind && report.kind !== kind)) throw new ResearchReportNotFoundError();
  return report;
}

/**
 * Deletes a saved report: one's own with research.use (the operation's permission), another
 * person's only with research.delete too (403 AUTH_004 naming it), as the contract says.
 */
export async function deleteResearchReport(
  tx: TenantTransaction,
  id: string,
  deleter: { userId: string; can: (permission: Permission) => boolean },
): Promise<void> {
  const report = await findResearchReport(tx, id);
  if (!report) throw new ResearchReportNotFoundError();
  if (report.created_by !== deleter.userId && !deleter.can('research.delete')) {
    throw new PermissionDeniedError('research.delete');
  }
  if (!(await deleteReportRow(tx, id))) throw new ResearchReportNotFoundError();
}
