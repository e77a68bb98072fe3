import { isAiFailure, type TenantChat, tenantAi } from '../../platform/ai/tenant-ai';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { NotFoundError, ValidationFailedError } from '../../platform/errors';
import type { QueryVector } from '../../platform/search/text-index';
import {
  AI_BUDGET_NOTE,
  AI_UNCITED_NOTE,
  AI_UNREACHABLE_NOTE,
  ANSWER_MAX_TOKENS,
  type CitedPassage,
  chatMessages,
  excerptOf,
  modelAnswer,
  notFoundAnswer,
  offlineAnswer,
  readModelAnswer,
} from './knowledge.answer';
import {
  countKnowledgeChats,
  findKnowledgeChatPage,
  findKnowledgeDocuments,
  insertKnowledgeChat,
  updateKnowledgeChatFeedback,
} from './knowledge.repository';
import type { KnowledgeServices } from './knowledge.service';
import type { KnowledgeChatRow, StoredKnowledgeSource } from './knowledge.tables';

/**
 * The relevance floor of the chat: a passage is cited only when it holds at least this share of
 * the question's informative weight (Passage.coverage: the question's bigrams weighted by kind and
 * rarity, so that 解約・通知 count and 「には」「いつまでに」 do not; see
 * platform/search/question-terms.ts). Below it, retrieval found words in common but not the
 * subject of the question, and the answer says nothing relevant was found instead of quoting
 * something beside the point.
 *
 * Chosen on pnpm bench:retrieval (10 documents, 34 pages; 38 short questions and 29 long natural
 * ones with their pages, 16 whose answer is absent; bench/retrieval/README.md): at 0.35 the long
 * questions cite their page 28 of 29 times (the unweighted share at 0.5 did 22), the short ones
 * 37 of 38 (38), and 11 of 16 absent topics are refused (10); 0.4 refuses 13 but loses 6 answers.
 * Losing a real answer is the worse error here (a passage quoted by mistake is still the
 * document's own words, under its title and page), so 0.35. The figures are on the set the value
 * was chosen on. (The name is the one the bench reads from the server's API.)
 */
export const MIN_COVERAGE = 0.35;

export class KnowledgeChatNotFoundError extends NotFoundError {
  constructor() {
    super('knowledge_chat', {
      message: '指定された回答が見つかりません。',
      suggestion: '履歴から選び直してください。',
    });
  }
}

export interface AskRequest {
  query: string;
  maxResults?: number | undefined;
  includeMetadata?: boolean | undefined;
}

/** Retrieved passages above the relevance floor, with their documents' titles. */
async function relevantPassages(
  tx: TenantTransaction,
  services: KnowledgeServices,
  { query, vector }: { query: string; vector: QueryVector | null },
  limit: number,
): Promise<CitedPassage[]> {
  const { passages } = await services.textIndex.retrieve(tx, { kind: 'knowledge', query, vector, limit });
  const relevant = passages.filter((passage) => passage.coverage >= MIN_COVERAGE);
  const documents = await findKnowledgeDocuments(tx, [
    ...new Set(relevant.map((passage) => passage.sourceId)),
  ]);
  const byId = new Map(documents.map((document) => [document.id, document]));
  return relevant.flatMap((passage) => {
    const document = byId.get(passage.sourceId);
    if (!document) return [];
    return [
      {
        documentId: document.id,
        title: document.title,
        fileName: document.file_name,
        chunkIndex: passage.chunkIndex,
        page: passage.page,
        text: passage.text,
        score: passage.score,
      },
    ];
  });
}

function sourcesOf(
  passages: readonly CitedPassage[],
  query: string,
  includeMetadata: boolean,
): StoredKnowledgeSource[] {
  return passages.map((passage) => ({
    document_id: passage.documentId,
    title: passage.title,
    excerpt: excerptOf(passage.text, query),
    ...(includeMetadata
      ? {
          metadata: {
            file_name: passage.fileName,
            chunk_index: passage.chunkIndex,
            page: passage.page,
            score: Math.round(passage.score * 1000) / 1000,
          },
        }
      : {}),
  }));
}

type Composed = { answer: string; mode: 'openai' | 'offline'; found: boolean; cited: CitedPassage[] };

/** The answer from the passages: the model's when it cites them, else the passages quoted. */
async function compose(
  services: KnowledgeServices,
  chat: TenantChat | null,
  query: string,
  passages: CitedPassage[],
): Promise<Composed> {
  if (passages.length === 0) return { answer: notFoundAnswer(), mode: 'offline', found: false, cited: [] };
  if (!chat) return { answer: offlineAnswer(passages), mode: 'offline', found: true, cited: passages };
  let written: string;
  try {
    written = await chat.complete(chatMessages(query, passages), {
      maxTokens: ANSWER_MAX_TOKENS,
      temperature: 0,
    });
  } catch (error) {
    if (!isAiFailure(error)) throw error;
    services.log?.warn({ err: error }, 'AI を使えなかったため、資料の引用で答えます');
    return {
      answer: offlineAnswer(passages, error.code === 'AI_001' ? AI_BUDGET_NOTE : AI_UNREACHABLE_NOTE),
      mode: 'offline',
      found: true,
      cited: passages,
    };
  }
  const read = readModelAnswer(written, passages.length);
  if (read.kind === 'not_found') return { answer: notFoundAnswer(), mode: 'openai', found: false, cited: [] };
  if (read.kind === 'uncited') {
    return {
      answer: offlineAnswer(passages, AI_UNCITED_NOTE),
      mode: 'offline',
      found: true,
      cited: passages,
    };
  }
  return {
    answer: modelAnswer(read.text),
    mode: 'openai',
    found: true,
    cited: read.cited.map((number) => passages[number - 1] as CitedPassage),
  };
}

/**
 * Answers a question: the passages retrieved (up to max_results, above the relevance floor) in one
 * tenant transaction, the answer composed outside any (a chat model may take seconds; no
 * connection waits on it), the message saved in the history in another.
 */
export async function askKnowledge(
  inTenant: <T>(work: (tx: TenantTransaction) => Promise<T>) => Promise<T>,
  services: KnowledgeServices,
  userId: string,
  request: AskRequest,
): Promise<KnowledgeChatRow & { liveDocumentIds: Set<string> }> {
  const query = request.query.normalize('NFC').trim();
  if (query === '') throw new ValidationFailedError([{ field: 'query', message: '入力してください' }]);
  // The question is embedded before the transaction: a slow provider holds no connection.
  const vector = await services.textIndex.embedQuery(query);
  const passages = await inTenant((tx) =>
    relevantPassages(tx, services, { query, vector }, request.maxResults ?? 5),
  );
  const composed = await compose(services, tenantAi(services.ai, inTenant).chat, query, passages);
  return inTenant(async (tx) => {
    const saved = await insertKnowledgeChat(tx, {
      user_id: userId,
      query,
      answer: composed.answer,
      mode: composed.mode,
      found: composed.found,
      sources: sourcesOf(composed.cited, query, request.includeMetadata ?? true),
    });
    const [answered] = await withLiveSources(tx, [saved]);
    return answered as KnowledgeChatRow & { liveDocumentIds: Set<string> };
  });
}

/** Messages whose sources' documents are gone answer those ids as null. */
export async function withLiveSources(
  tx: TenantTransaction,
  messages: readonly KnowledgeChatRow[],
): Promise<Array<KnowledgeChatRow & { liveDocumentIds: Set<string> }>> {
  const ids = [
    ...new Set(messages.flatMap((message) => message.sources.map((source) => source.document_id))),
  ];
  const live = new Set((await findKnowledgeDocuments(tx, ids)).map((document) => document.id));
  return messages.map((message) => ({ ...message, liveDocumentIds: live }));
}

export async function listKnowledgeChatHistory(
  tx: TenantTransaction,
  userId: string,
  page: { skip?: number; limit?: number },
) {
  const [messages, total] = await Promise.all([
    findKnowledgeChatPage(tx, userId, { skip: page.skip ?? 0, limit: page.limit ?? 20 }),
    countKnowledgeChats(tx, userId),
  ]);
  return { total, messages: await withLiveSources(tx, messages) };
}

export async function rateKnowledgeAnswer(
  tx: TenantTransaction,
  userId: string,
  id: string,
  feedback: { isHelpful: boolean; comment?: string | null | undefined },
) {
  const comment = feedback.comment?.normalize('NFC').trim() || null;
  const updated = await updateKnowledgeChatFeedback(tx, userId, id, {
    isHelpful: feedback.isHelpful,
    comment,
  });
  if (!updated) throw new KnowledgeChatNotFoundError();
  const [message] = await withLiveSources(tx, [updated]);
  return message as KnowledgeChatRow & { liveDocumentIds: Set<string> };
}
