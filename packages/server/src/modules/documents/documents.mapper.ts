import type { components } from '@tsumiki/api-client/schema';
import { personName } from '../../platform/text/person-name';
import type { SearchHit } from './documents.search';
import type { DocumentRow } from './documents.tables';

type Schemas = components['schemas'];

/** A document as the contract shows it (no tenant id, key or checksum; ISO times). */
export function toDocument(document: DocumentRow): Schemas['Document'] {
  return {
    id: document.id,
    folder_id: document.folder_id,
    file_name: document.file_name,
    content_type: document.content_type,
    size_bytes: Number(document.size_bytes),
    description: document.description,
    tags: document.tags,
    extraction_status: document.extraction_status,
    extraction_error: document.extraction_error,
    page_count: document.page_count,
    customer_id: document.customer_id,
    customer_name:
      document.customer_id !== null && document.customer_last_name !== null
        ? personName(document.customer_last_name, document.customer_first_name ?? '')
        : null,
    uploaded_by: document.created_by,
    created_at: document.created_at.toISOString(),
    updated_at: document.updated_at.toISOString(),
  };
}

export function toDocumentDetail(
  document: DocumentRow,
  folder: Schemas['FolderPath'] | null,
): Schemas['DocumentDetail'] {
  return { ...toDocument(document), text_preview: document.text_preview, folder };
}

export function toSearchHit(hit: SearchHit): Schemas['DocumentSearchHit'] {
  return {
    document: toDocument(hit.document),
    snippet: hit.snippet,
    highlights: hit.highlights,
    page: hit.page,
    score: hit.score,
  };
}
