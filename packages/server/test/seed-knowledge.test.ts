/**
 * The demo's documents on first start: seedDemoKnowledge prints the clinic's three documents as
 * PDFs and registers them through the real upload operations, the extraction job reads them page
 * by page, and then the AI screens' example questions answer from them offline: the legal check's
 * 「清掃業者との契約を解約するには、いつまでに通知が必要ですか？」 cites the cleaning contract's
 * page 3 (第9条 中途解約), and the documents hold the 「個人情報」 policy the assistant's example
 * asks for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo';
import { seedDemoKnowledge } from '../src/seed/demo-knowledge';
import { DEMO_KNOWLEDGE_DOCUMENTS } from '../src/seed/demo-knowledge-documents';
import { createTestServer, type TestServer } from './support/server';

const LEGAL_CHECK_EXAMPLE = '清掃業者との契約を解約するには、いつまでに通知が必要ですか？';

describe('demo knowledge seed', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await createTestServer();
    await seedDemoKnowledge(server.app);
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const list = (await server.get('/api/knowledge/legal_checks?limit=100', { token: admin })).json();
      const settled = list.documents.every(
        (document: { status: string }) => document.status !== 'processing',
      );
      if (list.documents.length === DEMO_KNOWLEDGE_DOCUMENTS.length && settled) break;
      if (Date.now() > deadline) throw new Error(`not indexed in time: ${JSON.stringify(list.documents)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('registers the three documents in the knowledge base, ready, with their pages', async () => {
    const list = (await server.get('/api/knowledge/legal_checks?limit=100', { token: admin })).json();
    const byTitle = new Map(list.documents.map((document: { title: string }) => [document.title, document]));
    for (const document of DEMO_KNOWLEDGE_DOCUMENTS) {
      expect(byTitle.get(document.title)).toMatchObject({
        status: 'ready',
        error: null,
        page_count: document.pages.length,
      });
    }
  });

  it('answers the legal check’s example question with a cited page of the cleaning contract', async () => {
    const response = await server.send('POST', '/api/knowledge/chat', admin, { query: LEGAL_CHECK_EXAMPLE });
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json();
    expect(message).toMatchObject({ mode: 'offline', found: true });
    const [first] = message.sources;
    expect(first).toMatchObject({ title: '清掃業務委託契約書', metadata: { page: 3 } });
    expect(first.excerpt).toContain('3か月前までに相手方に書面で通知');
    expect(message.answer).toContain('（清掃業務委託契約書 3 ページ）');
  });

  it('puts the same documents in AI文書管理, where the assistant finds the personal-information policy', async () => {
    const response = await server.get(`/api/documents/?limit=100`, { token: admin });
    expect(response.statusCode, response.body).toBe(200);
    const names = response.json().documents.map((document: { file_name: string }) => document.file_name);
    for (const document of DEMO_KNOWLEDGE_DOCUMENTS) expect(names).toContain(document.fileName);
  });

  it('answers the documents screen’s example search with the cleaning contract’s notice clause', async () => {
    const query = encodeURIComponent('解約の通知はいつまでに必要？');
    const response = await server.send('POST', `/api/documents/semantic-search?query=${query}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const [first] = response.json().results;
    expect(first.document.file_name).toBe('清掃業務委託契約書.pdf');
    expect(first.page).toBe(3);
  });

  it('answers the assistant’s example 「「個人情報」に関する文書は？」 with the policy', async () => {
    const response = await server.send('POST', '/api/aiassistant/', admin, {
      message: '「個人情報」に関する文書は？',
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json();
    expect(reply.mode).toBe('offline');
    expect(reply.sources.map((source: { title: string }) => source.title)).toContain('個人情報保護方針.pdf');
  });
});
