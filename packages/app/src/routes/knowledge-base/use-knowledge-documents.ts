import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  deleteKnowledgeDocumentMutationOptions,
  downloadKnowledgeDocumentMutationOptions,
  knowledgeDocumentsQueryOptions,
} from '@tsumiki/api-client/react';
import { useTenantApi } from '../../app/use-tenant-api';
import { KNOWLEDGE_PAGE_SIZE } from '../../features/knowledge/knowledge-upload';
import { saveFile } from '../../lib/save-file';

const POLL_MS = 2000;

export function pageOf(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

export function listQuery(page: number) {
  return { skip: (page - 1) * KNOWLEDGE_PAGE_SIZE, limit: KNOWLEDGE_PAGE_SIZE };
}

/** A page of knowledge documents, polled while any is still being indexed; delete and download. */
export function useKnowledgeDocuments(page: number) {
  const { api, tenantId } = useTenantApi();
  const documents = useQuery({
    ...knowledgeDocumentsQueryOptions(api, tenantId, listQuery(page)),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.documents.some((document) => document.status === 'processing') ? POLL_MS : false,
  });
  const remove = useMutation({
    ...deleteKnowledgeDocumentMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const download = useMutation({
    ...downloadKnowledgeDocumentMutationOptions(api, tenantId),
    onSuccess: saveFile,
  });
  return { documents, remove, download };
}
