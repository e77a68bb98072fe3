import type { operations } from '@tsumiki/api-client/schema';
import { storedFileHeaders } from '../../platform/http/downloads';
import { type ModuleHandlers, outsideRequestTransaction } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { askKnowledge, listKnowledgeChatHistory, rateKnowledgeAnswer } from './knowledge.chat';
import { workKnowledgeExtraction } from './knowledge.extraction';
import { toKnowledgeChatMessage, toKnowledgeDocument, toKnowledgePassage } from './knowledge.mapper';
import {
  deleteKnowledgeDocument,
  getKnowledgePassage,
  type KnowledgeServices,
  listKnowledgeDocuments,
  openKnowledgeDocumentFile,
} from './knowledge.service';
import { uploadKnowledgeDocument } from './knowledge.upload';

/**
 * The knowledge base and the legal-check chat (AI法務チェック・ナレッジベースAI): register, list,
 * delete and download documents, open a cited passage, ask with citations, history and feedback.
 */
export function knowledgeHandlers(dependencies: ModuleDependencies) {
  const services: KnowledgeServices = {
    files: dependencies.files,
    jobs: dependencies.jobs,
    textIndex: dependencies.textIndex,
    ai: dependencies.ai,
    log: dependencies.log,
  };
  workKnowledgeExtraction(dependencies.jobs, { ...services, db: dependencies.db });

  return {
    async uploadKnowledgeDocument({ body }, { tx, principal }) {
      return {
        status: 201,
        body: toKnowledgeDocument(await uploadKnowledgeDocument(tx, services, principal.userId, body)),
      };
    },

    async listKnowledgeDocuments({ query }, { tx }) {
      const { total, documents } = await listKnowledgeDocuments(tx, { skip: query.skip, limit: query.limit });
      return { status: 200, body: { total, documents: documents.map(toKnowledgeDocument) } };
    },

    async deleteKnowledgeDocument({ params }, { tx }) {
      await deleteKnowledgeDocument(tx, services, params.id);
      return { status: 204, body: undefined };
    },

    async downloadKnowledgeDocument({ params, query }, { tx }) {
      const { document, stream } = await openKnowledgeDocumentFile(tx, services, params.id);
      return {
        status: 200,
        body: stream,
        headers: storedFileHeaders({
          fileName: document.file_name,
          contentType: document.content_type,
          size: Number(document.size_bytes),
          disposition: query.disposition ?? 'attachment',
        }),
      };
    },

    async getKnowledgePassage({ params }, { tx }) {
      return {
        status: 200,
        body: toKnowledgePassage(await getKnowledgePassage(tx, params.id, params.chunkIndex)),
      };
    },

    // Outside the request transaction: a chat model may take seconds (knowledge.service.ts).
    askKnowledge: outsideRequestTransaction<operations['askKnowledge']>(
      async ({ body }, { inTenant, principal }) => {
        const answered = await askKnowledge(inTenant, services, principal.userId, {
          query: body.query,
          maxResults: body.max_results,
          includeMetadata: body.include_metadata,
        });
        return { status: 200, body: toKnowledgeChatMessage(answered) };
      },
    ),

    async listKnowledgeChatHistory({ query }, { tx, principal }) {
      const { total, messages } = await listKnowledgeChatHistory(tx, principal.userId, {
        skip: query.skip,
        limit: query.limit,
      });
      return { status: 200, body: { total, messages: messages.map(toKnowledgeChatMessage) } };
    },

    async updateKnowledgeChatFeedback({ params, body }, { tx, principal }) {
      const message = await rateKnowledgeAnswer(tx, principal.userId, params.id, {
        isHelpful: body.is_helpful,
        comment: body.feedback,
      });
      return { status: 200, body: toKnowledgeChatMessage(message) };
    },
  } satisfies ModuleHandlers;
}
