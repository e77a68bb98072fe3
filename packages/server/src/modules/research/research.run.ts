/**
 * What every research does once its records are compiled: with a model, a plan of questions,
 * retrieval and a synthesis (each a progress step); then the report is saved.
 */
import type { components } from '@tsumiki/api-client/schema';
import type { Permission } from '../../platform/access/permissions';
import type { AiProvider } from '../../platform/ai/provider';
import { type InTenant, type TenantChat, tenantAi } from '../../platform/ai/tenant-ai';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { AiProgressSink as ProgressSink } from '../../platform/http/ai-response';
import type { TextIndex } from '../../platform/search/text-index';
import {
  findMentions,
  findPassages,
  readableTextKinds,
  type TextSourceKind,
  unreadableTextNote,
} from '../documents';
import { planQuestions, synthesize } from './research.model';
import { DEPTH_LIMITS, type DocumentMention, type ResearchDraft } from './research.offline';
import { insertResearchReport } from './research.repository';
import { type AiSource, clip } from './research.sources';
import type { ResearchReportRow } from './research.tables';
import type { WebSearch } from './web-search';

type Depth = components['schemas']['ResearchDepth'];

export interface ResearchServices {
  ai: AiProvider;
  textIndex: TextIndex;
  webSearch: WebSearch | null;
  /** The user's permissions: records they could not open themselves are left out of a report. */
  can?: (permission: Permission) => boolean;
}

/** A step that reads only what the user may open, saying in its label what it left out. */
export function documentsStepLabel(kinds: readonly TextSourceKind[]): string {
  const note = unreadableTextNote(kinds);
  return note ? `文書を検索しています（${note}）` : '文書を検索しています';
}

/** Readable documents naming any of `names` (a person, then their company), each source once. */
export async function mentionsOfNames(
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

export async function inStep<T>(
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

export async function finish(
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
