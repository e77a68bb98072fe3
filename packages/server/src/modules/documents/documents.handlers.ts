import type { operations } from '@tsumiki/api-client/schema';
import { storedFileResponse } from '../../platform/http/downloads';
import { type ModuleHandlers, outsideRequestTransaction } from '../../platform/http/typed-handlers';
import { folderPath } from '../folders';
import type { ModuleDependencies } from '../module';
import { workDocumentExtraction } from './documents.extraction';
import { toDocument, toDocumentDetail, toSearchHit } from './documents.mapper';
import { searchDocuments, semanticQuery, semanticSearchDocuments } from './documents.search';
import {
  deleteDocument,
  getDocument,
  listDocuments,
  moveDocument,
  openDocumentFile,
  updateDocument,
} from './documents.service';
import { uploadDocument, uploadDocuments } from './documents.upload';

/**
 * Documents (AI文書管理): upload one or many (streamed, checked by their bytes, extracted in the
 * background), list a folder, one with its text preview, rename, move, delete, download or
 * preview the file, keyword and semantic search.
 */
export function documentsHandlers(dependencies: ModuleDependencies) {
  const services = { files: dependencies.files, jobs: dependencies.jobs, textIndex: dependencies.textIndex };
  workDocumentExtraction(dependencies.jobs, {
    ...services,
    db: dependencies.db,
    events: dependencies.events,
    log: dependencies.log,
  });

  return {
    async uploadDocument({ body }, { tx, principal }) {
      return { status: 201, body: toDocument(await uploadDocument(tx, services, principal.userId, body)) };
    },

    async uploadDocuments({ body }, { tx, principal }) {
      const { uploaded, failed } = await uploadDocuments(tx, services, principal.userId, body);
      return { status: 201, body: { uploaded: uploaded.map(toDocument), failed } };
    },

    async listDocuments({ query }, { tx }) {
      const { total, documents } = await listDocuments(tx, {
        folderId: query.folder_id,
        customerId: query.customer_id,
        skip: query.skip,
        limit: query.limit,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
      });
      return { status: 200, body: { total, documents: documents.map(toDocument) } };
    },

    async getDocument({ params }, { tx }) {
      const document = await getDocument(tx, params.id);
      return { status: 200, body: toDocumentDetail(document, await folderPath(tx, document.folder_id)) };
    },

    async updateDocument({ params, body }, { tx, principal }) {
      return { status: 200, body: toDocument(await updateDocument(tx, principal.userId, params.id, body)) };
    },

    async moveDocument({ params, body }, { tx, principal }) {
      return {
        status: 200,
        body: toDocument(await moveDocument(tx, principal.userId, params.id, body.folder_id ?? null)),
      };
    },

    async deleteDocument({ params }, { tx }) {
      const { customerId } = await deleteDocument(tx, services, params.id);
      return { status: 204, body: undefined, logged: { customer_id: customerId } };
    },

    async downloadDocument({ params, query }, { tx }) {
      const { document, stream } = await openDocumentFile(tx, services, params.id);
      // The access log names the customer the file concerns (x-access-log: logged.customer_id).
      return {
        ...storedFileResponse(document, stream, query.disposition),
        logged: { customer_id: document.customer_id },
      };
    },

    async searchDocuments({ query }, { tx }) {
      const { total, results } = await searchDocuments(tx, services, {
        query: query.query,
        folderId: query.folder_id,
        skip: query.skip,
        limit: query.limit,
      });
      return { status: 200, body: { total, results: results.map(toSearchHit) } };
    },

    // Outside the request transaction: the question is embedded (a provider call) before a short
    // transaction reads the index.
    semanticSearchDocuments: outsideRequestTransaction<operations['semanticSearchDocuments']>(
      async ({ query }, { inTenant }) => {
        const question = semanticQuery(query.query);
        const vector = await services.textIndex.embedQuery(question);
        const { mode, results } = await inTenant((tx) =>
          semanticSearchDocuments(tx, services, { query: question, vector, limit: query.limit }),
        );
        return { status: 200, body: { mode, results: results.map(toSearchHit) } };
      },
    ),
  } satisfies ModuleHandlers;
}
