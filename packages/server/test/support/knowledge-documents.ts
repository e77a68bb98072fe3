import '../../src/modules/knowledge/knowledge.tables';
import type { TenantTransaction } from '../../src/platform/db/tenant-scope';

/** A knowledge document row (a PDF by its title, not yet indexed) in the transaction's tenant; its id. */
export async function insertKnowledgeDocument(tx: TenantTransaction, title: string): Promise<string> {
  const { id } = await tx
    .insertInto('knowledge_documents')
    .values({
      tenant_id: tx.tenantId,
      title,
      file_name: `${title}.pdf`,
      content_type: 'application/pdf',
      size_bytes: 100,
      sha256: 'a'.repeat(64),
      storage_key: `${tx.tenantId}/${'a'.repeat(64)}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
