import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { downloadFile } from '../download';
import {
  type BodyOf,
  invalidates,
  type QueryOf,
  type TenantId,
  tenantHeader,
  tenantKey,
  toFormData,
} from './shared';

export type KnowledgeDocumentListQuery = QueryOf<'listKnowledgeDocuments'>;
export type KnowledgeChatHistoryQuery = QueryOf<'listKnowledgeChatHistory'>;

export const knowledgeKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'knowledge'] as const,
  documents: (tenantId: TenantId, query: KnowledgeDocumentListQuery = {}) =>
    [...knowledgeKeys.all(tenantId), 'documents', query] as const,
  chatHistory: (tenantId: TenantId, query: KnowledgeChatHistoryQuery = {}) =>
    [...knowledgeKeys.all(tenantId), 'chat-history', query] as const,
  passage: (tenantId: TenantId, id: string, chunkIndex: number) =>
    [...knowledgeKeys.all(tenantId), 'passage', id, chunkIndex] as const,
  content: (tenantId: TenantId, id: string) => [...knowledgeKeys.all(tenantId), 'content', id] as const,
};

/** GET /api/knowledge/legal_checks/{id}/passages/{chunkIndex} — a cited passage with its context. */
export function knowledgePassageQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  id: string,
  chunkIndex: number,
) {
  return queryOptions({
    queryKey: knowledgeKeys.passage(tenantId, id, chunkIndex),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/knowledge/legal_checks/{id}/passages/{chunkIndex}', {
          params: { ...tenantHeader(tenantId), path: { id, chunkIndex } },
          signal,
        }),
        '/api/knowledge/legal_checks/{id}/passages/{chunkIndex}',
      ),
  });
}

/** GET /api/knowledge/legal_checks/{id}/content?disposition=inline — `{ blob, filename }` to show a document. */
export function knowledgeDocumentContentQueryOptions(api: ApiClient, tenantId: TenantId, id: string) {
  return queryOptions({
    queryKey: knowledgeKeys.content(tenantId, id),
    queryFn: ({ signal }) =>
      downloadFile(
        api.GET('/api/knowledge/legal_checks/{id}/content', {
          params: { ...tenantHeader(tenantId), path: { id }, query: { disposition: 'inline' } },
          parseAs: 'blob',
          signal,
        }),
        'document',
        '/api/knowledge/legal_checks/{id}/content',
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

/** GET /api/knowledge/legal_checks/{id}/content?disposition=attachment — `{ blob, filename }` to save. */
export function downloadKnowledgeDocumentMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...knowledgeKeys.all(tenantId), 'download'],
    mutationFn: ({ id, fileName }: { id: string; fileName: string }) =>
      downloadFile(
        api.GET('/api/knowledge/legal_checks/{id}/content', {
          params: { ...tenantHeader(tenantId), path: { id }, query: { disposition: 'attachment' } },
          parseAs: 'blob',
        }),
        fileName,
        '/api/knowledge/legal_checks/{id}/content',
      ),
  });
}

/** GET /api/knowledge/legal_checks (skip 0, limit 20 by default) */
export function knowledgeDocumentsQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  query: KnowledgeDocumentListQuery = {},
) {
  return queryOptions({
    queryKey: knowledgeKeys.documents(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/knowledge/legal_checks', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/knowledge/legal_checks',
      ),
  });
}

/** GET /api/knowledge/chat/history */
export function knowledgeChatHistoryQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  query: KnowledgeChatHistoryQuery = {},
) {
  return queryOptions({
    queryKey: knowledgeKeys.chatHistory(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/knowledge/chat/history', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/knowledge/chat/history',
      ),
  });
}

/** POST /api/knowledge/upload (multipart: file, title, description, tags as a JSON string) */
export function uploadKnowledgeDocumentMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'knowledge', 'upload'],
    mutationFn: (fields: BodyOf<'uploadKnowledgeDocument'>) =>
      unwrap(
        api.POST('/api/knowledge/upload', {
          params: tenantHeader(tenantId),
          body: fields,
          bodySerializer: () => toFormData(fields),
        }),
        '/api/knowledge/upload',
      ),
    onSuccess: invalidates(tenantId, 'knowledge'),
  });
}

/** DELETE /api/knowledge/legal_checks/{id} */
export function deleteKnowledgeDocumentMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'knowledge', 'delete'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/knowledge/legal_checks/{id}', {
          params: { ...tenantHeader(tenantId), path: { id } },
        }),
        '/api/knowledge/legal_checks/{id}',
      ),
    onSuccess: invalidates(tenantId, 'knowledge'),
  });
}

/** POST /api/knowledge/chat ({ query, max_results, include_metadata }) */
export function askKnowledgeMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'knowledge', 'chat'],
    mutationFn: (body: BodyOf<'askKnowledge'>) =>
      unwrap(
        api.POST('/api/knowledge/chat', { params: tenantHeader(tenantId), body }),
        '/api/knowledge/chat',
      ),
    onSuccess: invalidates(tenantId, 'knowledge'),
  });
}

/** PATCH /api/knowledge/chat/{id}/feedback ({ is_helpful, feedback }) */
export function knowledgeFeedbackMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'knowledge', 'feedback'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'updateKnowledgeChatFeedback'> }) =>
      unwrap(
        api.PATCH('/api/knowledge/chat/{id}/feedback', {
          params: { ...tenantHeader(tenantId), path: { id } },
          body,
        }),
        '/api/knowledge/chat/{id}/feedback',
      ),
    onSuccess: async (_message, _variables, _result, context) => {
      await context.client.invalidateQueries({ queryKey: [...knowledgeKeys.all(tenantId), 'chat-history'] });
    },
  });
}
