/**
 * Deep research (AIインテリジェンス): customer research (a new name or a registered customer) and
 * competitor research, saved as reports that can be listed, opened, deleted and exported as PDF.
 * Each research runs outside the request transaction: data is read in short tenant transactions,
 * no connection waits on a model, and each phase is a progress step the user sees.
 */
import type { components } from '@tsumiki/api-client/schema';
import type { Permission } from '../../platform/access/permissions';
import type { AiProvider } from '../../platform/ai/provider';
import { type InTenant, type TenantChat, tenantAi } from '../../platform/ai/tenant-ai';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { NotFoundError, PermissionDeniedError } from '../../platform/errors';
import type { AiProgressSink as ProgressSink } from '../../platform/http/ai-response';
import type { TextIndex } from '../../platform/search/text-index';
import { CustomerNotFoundError } from '../customers';
import {
  findMentions,
  findPassages,
  readableTextKinds,
  type TextSourceKind,
  unreadableTextNote,
} from '../documents';
import { planQuestions, synthesize } from './research.model';
import {
  ALL_FOCUS,
  ALL_TOPICS,
  type CompetitorFocus,
  competitorReport,
  DEPTH_LIMITS,
  type DocumentMention,
  existingCustomerReport,
  newCustomerReport,
  type ResearchDraft,
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
  insertResearchReport,
} from './research.repository';
import { type AiSource, clip } from './research.sources';
import type { ResearchReportRow } from './research.tables';
import type { WebSearch } from './web-search';

type Schemas = components['schemas'];
type Depth = Schemas['ResearchDepth'];

export interface ResearchServices {
  ai: AiProvider;
  textIndex: TextIndex;
  webSearch: WebSearch | null;
  /** The user's permissions: records they could not open themselves are left out of a report. */
  can?: (permission: Permission) => boolean;
}

/** A step that reads only what the user may open, saying in its label what it left out. */
function documentsStepLabel(kinds: readonly TextSourceKind[]): string {
  const note = unreadableTextNote(kinds);
  return note ? `文書を検索しています（${note}）` : '文書を検索しています';
}

/** Readable documents naming any of `names` (a person, then their company), each source once. */
async function mentionsOfNames(
  tx: TenantTransaction,
  services: ResearchServices,
  names: ReadonlyArray<string | null | undefined>,
  limit: number,
): Promise<DocumentMention[]> {
  const kinds = readableTextKinds(services.can);
  const found: DocumentMention[] = [];
  for (const name of names) {
    if (!name?.trim()) continue;
    for (const mention of await findMentions(tx, services.textIndex, name, { kinds, limit })) {
      if (!found.some((known) => known.id === mention.id)) found.push(mention);
    }
  }
  return found.slice(0, limit);
}

export class ResearchReportNotFoundError extends NotFoundError {
  constructor() {
    super('research_report', {
      message: '調査レポートが見つかりません',
      suggestion: '一覧を読み込み直してください。削除されたか、種類の違うレポートです。',
    });
  }
}

async function inStep<T>(
  progress: ProgressSink,
  step: string,
  label: string,
  work: () => Promise<T>,
): Promise<T> {
  const handle = progress.step(step, label);
  const result = await work();
  handle.done();
  return result;
}

/**
 * With a model: a plan of questions from the request and the compiled records, passages per
 * question (documents, knowledge base, web), then a synthesis citing those numbered sources.
 */
async function researchWithModel(
  chat: TenantChat,
  inTenant: InTenant,
  services: ResearchServices,
  progress: ProgressSink,
  request: string,
  compiled: ResearchDraft,
  depth: Depth,
): Promise<ResearchDraft> {
  const questions = await inStep(progress, 'plan', '調べる問いを立てています', () =>
    planQuestions(chat, request, compiled.sources, progress.signal),
  );
  const limit = DEPTH_LIMITS[depth].documents;
  const found: AiSource[] = [...compiled.sources];
  await inStep(progress, 'retrieve', '資料から答えを探しています', async () => {
    for (const question of questions) {
      // Embedded before the transaction: a slow provider holds no connection.
      const vector = await services.textIndex.embedQuery(question);
      const passages = await inTenant(async (tx) =>
        (
          await findPassages(tx, services.textIndex, question, {
            kinds: readableTextKinds(services.can),
            vector,
            limit: 3,
          })
        ).map(
          (passage): AiSource => ({
            type: passage.sourceType,
            id: passage.id,
            title: passage.title,
            excerpt: clip(passage.text, 400),
            url: passage.url,
          }),
        ),
      );
      for (const source of passages.slice(0, limit)) {
        if (!found.some((known) => known.id === source.id && known.excerpt === source.excerpt))
          found.push(source);
      }
    }
  });
  if (services.webSearch) {
    const handle = progress.step('web', 'ウェブを検索しています');
    try {
      for (const question of questions) {
        for (const result of await services.webSearch.search(question, 3)) {
          if (!found.some((known) => known.url === result.url))
            found.push({
              type: 'web',
              id: null,
              title: result.title,
              excerpt: clip(result.snippet, 400),
              url: result.url,
            });
        }
      }
      handle.done();
    } catch {
      // The web is optional: the report is written from the tenant's data alone.
      handle.skip();
    }
  }
  return inStep(progress, 'write', 'レポートをまとめています', () =>
    synthesize(chat, request, questions, found.slice(0, 40), compiled.title, () => {}, progress.signal),
  );
}

async function finish(
  inTenant: InTenant,
  services: ResearchServices,
  progress: ProgressSink,
  saved: {
    kind: 'customer' | 'competitor';
    customerId: string | null;
    userId: string;
    depth: Depth;
    request: string;
  },
  compiled: ResearchDraft,
): Promise<ResearchReportRow> {
  const chat = tenantAi(services.ai, inTenant).chat;
  let draft: ResearchDraft;
  let mode: 'openai' | 'offline';
  if (chat) {
    draft = await researchWithModel(chat, inTenant, services, progress, saved.request, compiled, saved.depth);
    mode = 'openai';
  } else {
    draft = await inStep(progress, 'write', 'レポートをまとめています', async () => compiled);
    mode = 'offline';
  }
  // The reader of the report learns what their permissions kept out of it.
  const unreadable = unreadableTextNote(readableTextKinds(services.can));
  if (unreadable) draft = { ...draft, summary: `${draft.summary}（${unreadable}。）` };
  return inStep(progress, 'save', 'レポートを保存しています', () =>
    inTenant((tx) =>
      insertResearchReport(tx, {
        kind: saved.kind,
        title: draft.title.slice(0, 300),
        customer_id: saved.customerId,
        mode,
        summary: draft.summary,
        body: JSON.stringify({
          summary: draft.summary,
          sections: draft.sections,
          competitors: draft.competitors,
          recommendations: draft.recommendations,
          sources: draft.sources,
        }),
        created_by: saved.userId,
      }),
    ),
  );
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
      request: `登録済みの顧客「${customer.last_name} ${customer.first_name}」の調査。観点: ${topics.join(', ')}`,
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
