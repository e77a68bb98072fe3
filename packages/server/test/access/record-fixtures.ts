/**
 * Records of each resource for the access harness: how to make one in a tenant, how to read it
 * back to prove nothing changed, and a valid request body for the operations that need one (so
 * that the request reaches the tenant check instead of stopping at validation).
 *
 * A new module adds its entry here — not a new test file. The harness fails for an implemented
 * operation with a record id in its path and no fixture for that parameter.
 */
import { sql } from 'kysely';
import { generateInvitationCode, hashInvitationCode } from '../../src/modules/invitations/invitation-codes';
import type { Db } from '../../src/platform/db/database';
import { withTenant } from '../../src/platform/db/tenant-scope';
import '../../src/modules/interactions/interactions.tables';
import '../../src/modules/knowledge/knowledge.tables';
import '../../src/modules/products/products.tables';
import '../../src/modules/research/research.tables';
import '../../src/platform/search/text-index.tables';
import { createUser } from '../support/fixtures';

export interface RecordFixture {
  /** Path parameter names that hold this resource's id, per operation tag. */
  tag: string;
  parameter: string;
  create(owner: Db, tenantId: string): Promise<string>;
  /** Everything about the record that a call could change. */
  snapshot(owner: Db, tenantId: string, id: string): Promise<unknown>;
  /** Valid JSON bodies of operations that take this record's id (in the path or the body). */
  bodies?: Record<string, (id: string) => unknown>;
}

async function createCustomer(owner: Db, tenantId: string): Promise<string> {
  return withTenant(owner, tenantId, async (tx) => {
    const { id } = await tx
      .insertInto('customers')
      .values({
        tenant_id: tenantId,
        last_name: '他院',
        first_name: '患者',
        last_name_kana: 'タイン',
        first_name_kana: 'カンジャ',
        phone: '03-0000-0000',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

async function customerSnapshot(owner: Db, tenantId: string, id: string) {
  return withTenant(owner, tenantId, async (tx) => {
    const customer = await tx.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
    const { rows } = await sql<{ count: string }>`
      select count(*) from interactions where tenant_id = ${tenantId} and customer_id = ${id}`.execute(tx);
    return { customer, interactions: rows[0]?.count };
  });
}

/** The tenant's earliest member: whose user-owned records (sessions, notifications) stand in. */
function firstMember(owner: Db, tenantId: string) {
  return owner
    .selectFrom('tenant_users')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
}

export const recordFixtures: RecordFixture[] = [
  {
    // The customer a chat is about (in the body): another tenant's answers 404 and is not read.
    tag: 'chat',
    parameter: 'customer_id',
    create: createCustomer,
    snapshot: customerSnapshot,
    bodies: {
      sendChatMessage: (id) => ({ message: '最近の対応は？', customer_id: id }),
    },
  },
  {
    tag: 'customers',
    parameter: 'id',
    create: createCustomer,
    snapshot: customerSnapshot,
    bodies: {
      updateCustomer: () => ({ version: 1, last_name: '書き換え' }),
      // A person's requests: another tenant's customer is neither stopped nor erased (its real name typed).
      stopCustomerUse: () => ({ reason: '他テナントからの利用停止' }),
      eraseCustomer: () => ({ confirm_name: '他院 患者', reason: '他テナントからの消去' }),
      // 名寄せ: the other customer of the pair may be anyone; the path's customer is another tenant's.
      dismissCustomerDuplicate: () => ({ other_id: crypto.randomUUID() }),
      mergeCustomers: () => ({ merged_id: crypto.randomUUID() }),
      // An import's choice about its likely duplicates (the id is never another tenant's import).
      chooseCustomerImportDuplicates: () => ({ duplicates: 'skip' }),
    },
  },
  {
    tag: 'interactions',
    parameter: 'customerId',
    create: createCustomer,
    snapshot: customerSnapshot,
    bodies: {
      createInteraction: (id) => ({ customer_id: id, type: 'call', content: '他テナントへの記録' }),
    },
  },
  {
    // The customer of an interaction's correction, deletion and versions.
    tag: 'interactions',
    parameter: 'id',
    create: createCustomer,
    snapshot: customerSnapshot,
    bodies: { updateInteraction: () => ({ version: 1, content: '他テナントの書き換え' }) },
  },
  {
    tag: 'interactions',
    parameter: 'interactionId',
    async create(owner, tenantId) {
      const customerId = await createCustomer(owner, tenantId);
      return withTenant(owner, tenantId, async (tx) => {
        const { id } = await tx
          .insertInto('interactions')
          .values({ tenant_id: tenantId, customer_id: customerId, type: 'call', content: '他院の対応履歴' })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      });
    },
    snapshot: (owner, tenantId, id) =>
      withTenant(owner, tenantId, async (tx) => ({
        interaction: await tx.selectFrom('interactions').selectAll().where('id', '=', id).executeTakeFirst(),
        versions: await tx
          .selectFrom('interaction_versions')
          .selectAll()
          .where('interaction_id', '=', id)
          .execute(),
      })),
    bodies: { updateInteraction: () => ({ version: 1, content: '他テナントの書き換え' }) },
  },
  {
    // Sessions belong to a user, not a tenant: another user's session must stay out of reach.
    tag: 'sessions',
    parameter: 'id',
    async create(owner, tenantId) {
      const member = await firstMember(owner, tenantId);
      const { id } = await owner
        .insertInto('auth_sessions')
        .values({ user_id: member.user_id, not_after: new Date(Date.now() + 3_600_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    snapshot: (owner, _tenantId, id) =>
      owner.selectFrom('auth_sessions').selectAll().where('id', '=', id).executeTakeFirst(),
  },
  {
    // A notification of the other tenant's first member.
    tag: 'notifications',
    parameter: 'id',
    async create(owner, tenantId) {
      const member = await firstMember(owner, tenantId);
      return withTenant(owner, tenantId, async (tx) => {
        const { id } = await tx
          .insertInto('notifications')
          .values({
            tenant_id: tenantId,
            user_id: member.user_id,
            title: '他テナントの通知',
            message: '読まれてはいけません',
            type: 'info',
            category: 'system',
            link: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      });
    },
    snapshot: (owner, tenantId, id) =>
      withTenant(owner, tenantId, (tx) =>
        tx.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst(),
      ),
    bodies: {
      updateNotification: () => ({ read: true }),
    },
  },
  {
    tag: 'staff',
    parameter: 'id',
    create: (owner, tenantId) =>
      withTenant(owner, tenantId, async (tx) => {
        const { id } = await tx
          .insertInto('staff')
          .values({
            tenant_id: tenantId,
            last_name: '他院',
            first_name: '職員',
            last_name_kana: 'タイン',
            first_name_kana: 'ショクイン',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      }),
    snapshot: (owner, tenantId, id) =>
      withTenant(owner, tenantId, (tx) =>
        tx.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst(),
      ),
    bodies: {
      updateStaff: () => ({ notes: '書き換え' }),
    },
  },
  {
    // A product of the other tenant, in one of its interactions (what the analysis counts).
    tag: 'products',
    parameter: 'id',
    create: (owner, tenantId) =>
      withTenant(owner, tenantId, async (tx) => {
        const { id } = await tx
          .insertInto('products')
          .values({
            tenant_id: tenantId,
            name: '他院の商品',
            price: 1000,
            code: `OTHER-${crypto.randomUUID().slice(0, 8)}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const customerId = await createCustomer(owner, tenantId);
        const interaction = await tx
          .insertInto('interactions')
          .values({ tenant_id: tenantId, customer_id: customerId, type: 'visit', content: '他院の対応' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('interaction_products')
          .values({ tenant_id: tenantId, interaction_id: interaction.id, product_id: id })
          .execute();
        return id;
      }),
    snapshot: (owner, tenantId, id) =>
      withTenant(owner, tenantId, async (tx) => ({
        product: await tx.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst(),
        links: await tx.selectFrom('interaction_products').selectAll().where('product_id', '=', id).execute(),
      })),
    bodies: {
      updateProduct: () => ({ name: '書き換え' }),
      analyzeProduct: (id) => ({ product_id: id }),
    },
  },
  {
    tag: 'invitations',
    parameter: 'id',
    create: (owner, tenantId) =>
      withTenant(owner, tenantId, async (tx) => {
        const { id } = await tx
          .insertInto('invitations')
          .values({
            tenant_id: tenantId,
            code_hash: hashInvitationCode(generateInvitationCode()),
            email: null,
            role: 'staff',
            message: null,
            expires_at: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      }),
    snapshot: (owner, tenantId, id) =>
      withTenant(owner, tenantId, (tx) =>
        tx.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst(),
      ),
  },
  {
    tag: 'tenant-users',
    parameter: 'id',
    create: async (owner, tenantId) =>
      createUser(owner, {
        email: `member-${crypto.randomUUID()}@other-tenant.example`,
        fullName: '他院 職員',
        memberships: [{ tenantId, role: 'admin', permissions: ['tenant_users.read'] }],
      }),
    snapshot: (owner, _tenantId, id) =>
      owner
        .selectFrom('tenant_users as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.tenant_id', 'm.role', 'm.permissions', 'm.status', 'm.updated_at', 'u.full_name'])
        .where('m.user_id', '=', id)
        .execute(),
    bodies: {
      updateTenantUser: () => ({ role: 'user', full_name: '書き換え' }),
    },
  },
  {
    tag: 'documents',
    parameter: 'id',
    create: (owner, tenantId) =>
      withTenant(owner, tenantId, async (tx) => {
        const { id } = await tx
          .insertInto('documents')
          .values({
            tenant_id: tenantId,
            file_name: '他院の文書.txt',
            content_type: 'text/plain',
            size_bytes: 10,
            sha256: 'c'.repeat(64),
            storage_key: `${tenantId}/${'c'.repeat(64)}`,
            extraction_status: 'ready',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      }),
    snapshot: (owner, tenantId, id) =>
      withTenant(owner, tenantId, (tx) =>
        tx.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst(),
      ),
    bodies: {
      updateDocument: () => ({ file_name: '書き換え.txt' }),
      moveDocument: () => ({ folder_id: null }),
    },
  },
  {
    tag: 'folders',
    parameter: 'id',
    create: createFolderRecord,
    snapshot: folderSnapshot,
    bodies: {
      updateFolder: () => ({ name: '書き換え' }),
      moveFolder: () => ({ new_parent_id: null }),
    },
  },
  {
    // A new folder under another tenant's folder.
    tag: 'folders',
    parameter: 'parent_id',
    create: createFolderRecord,
    snapshot: folderSnapshot,
    bodies: {
      createFolder: (id) => ({ name: '他院の下に作る', parent_id: id }),
    },
  },
  {
    // The knowledge tag names two records by {id}: a document (delete, download, passage) and a
    // chat message (feedback). The other tenant gets both under the same id, plus an indexed chunk.
    tag: 'knowledge',
    parameter: 'id',
    create: createKnowledgeRecords,
    snapshot: knowledgeSnapshot,
    bodies: {
      updateKnowledgeChatFeedback: () => ({ is_helpful: false, feedback: '書き換え' }),
    },
  },
  {
    // The chunk of the document above.
    tag: 'knowledge',
    parameter: 'chunkIndex',
    create: async () => '0',
    snapshot: async () => null,
  },
  {
    // The research tag names two records by {id}: a customer (researchExistingCustomer) and a saved
    // report (get, delete). The other tenant gets both under the same id.
    tag: 'research',
    parameter: 'id',
    create: createResearchRecords,
    snapshot: researchSnapshot,
    bodies: {
      researchExistingCustomer: () => ({ depth: 'quick' }),
    },
  },
  {
    // The PDF exports name a saved report in the body.
    tag: 'research',
    parameter: 'report_id',
    create: createResearchRecords,
    snapshot: researchSnapshot,
    bodies: {
      exportCustomerResearchPdf: (id) => ({ report_id: id }),
      exportCompetitorResearchPdf: (id) => ({ report_id: id }),
    },
  },
];

/** Operations whose record id travels in the body rather than the path. */
export const BODY_RECORD_IDS: Record<string, { tag: string; parameter: string }> = {
  createInteraction: { tag: 'interactions', parameter: 'customerId' },
  createFolder: { tag: 'folders', parameter: 'parent_id' },
  sendChatMessage: { tag: 'chat', parameter: 'customer_id' },
  exportCustomerResearchPdf: { tag: 'research', parameter: 'report_id' },
  exportCompetitorResearchPdf: { tag: 'research', parameter: 'report_id' },
};

async function createFolderRecord(owner: Db, tenantId: string): Promise<string> {
  return withTenant(owner, tenantId, async (tx) => {
    const { id } = await tx
      .insertInto('folders')
      .values({
        tenant_id: tenantId,
        name: `他院のフォルダー ${crypto.randomUUID().slice(0, 8)}`,
        parent_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

async function folderSnapshot(owner: Db, tenantId: string, id: string) {
  return withTenant(owner, tenantId, async (tx) => ({
    folder: await tx.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst(),
    children: await tx.selectFrom('folders').select('name').where('parent_id', '=', id).execute(),
  }));
}

/** A knowledge document with one indexed chunk and a chat message of the tenant's first member, one id. */
async function createKnowledgeRecords(owner: Db, tenantId: string): Promise<string> {
  const { user_id } = await firstMember(owner, tenantId);
  return withTenant(owner, tenantId, async (tx) => {
    const { id } = await tx
      .insertInto('knowledge_documents')
      .values({
        tenant_id: tenantId,
        title: '他院の規程',
        file_name: '他院の規程.txt',
        content_type: 'text/plain',
        size_bytes: 10,
        sha256: 'b'.repeat(64),
        storage_key: `${tenantId}/${'b'.repeat(64)}`,
        status: 'ready',
        chunk_count: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('text_chunks')
      .values({
        tenant_id: tenantId,
        source_kind: 'knowledge',
        document_id: null,
        knowledge_document_id: id,
        chunk_index: 0,
        page: null,
        start_offset: 0,
        text: '他院の規程の本文です。',
      })
      .execute();
    await tx
      .insertInto('knowledge_chats')
      .values({
        tenant_id: tenantId,
        id,
        user_id,
        query: '他院の質問',
        answer: '他院の回答',
        mode: 'offline',
        found: false,
        sources: '[]',
      })
      .execute();
    return id;
  });
}

async function knowledgeSnapshot(owner: Db, tenantId: string, id: string) {
  return withTenant(owner, tenantId, async (tx) => ({
    document: await tx.selectFrom('knowledge_documents').selectAll().where('id', '=', id).executeTakeFirst(),
    chunks: await tx
      .selectFrom('text_chunks')
      .select(['chunk_index', 'text'])
      .where('source_id', '=', id)
      .execute(),
    chat: await tx.selectFrom('knowledge_chats').selectAll().where('id', '=', id).executeTakeFirst(),
  }));
}

/** A customer and a saved research report (of each kind's PDF, a customer report) under one id. */
async function createResearchRecords(owner: Db, tenantId: string): Promise<string> {
  const id = crypto.randomUUID();
  await withTenant(owner, tenantId, async (tx) => {
    await tx
      .insertInto('customers')
      .values({
        tenant_id: tenantId,
        id,
        last_name: '他院',
        first_name: '調査対象',
        last_name_kana: 'タイン',
        first_name_kana: 'チョウサタイショウ',
      })
      .execute();
    await tx
      .insertInto('research_reports')
      .values({
        tenant_id: tenantId,
        id,
        kind: 'customer',
        title: '他院の顧客調査',
        customer_id: id,
        mode: 'offline',
        summary: '他院の要約',
        body: JSON.stringify({
          summary: '他院の要約',
          sections: [],
          competitors: [],
          recommendations: [],
          sources: [],
        }),
      })
      .execute();
  });
  return id;
}

async function researchSnapshot(owner: Db, tenantId: string, id: string) {
  return withTenant(owner, tenantId, async (tx) => ({
    customer: await tx.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst(),
    reports: await tx.selectFrom('research_reports').selectAll().where('tenant_id', '=', tenantId).execute(),
  }));
}
