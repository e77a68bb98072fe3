/**
 * The legal check on whole-sentence questions, through HTTP on real PostgreSQL with the real
 * extraction and index: the screen's own example (「清掃業者との契約を解約するには、いつまでに通知が
 * 必要ですか？」) must cite the page that says when notice is due, although most of its words (清掃,
 * 業者, 必要, 「いつまでに」「ですか」) are not on that page; a question about something the documents
 * do not hold must still be answered 該当なし.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_NOTICE, NOT_FOUND_ANSWER } from '../../src/modules/knowledge/knowledge.answer';
import { DEMO_USERS } from '../../src/seed/demo';
import { multipart } from '../support/multipart';
import { createTestServer, type TestServer } from '../support/server';
import { CLEANING_CONTRACT, pdfOfPages } from './contract-pdf';

/** The legal check's placeholder (packages/app/src/routes/legal-check/legal-check-route.tsx). */
const SCREEN_EXAMPLE = '清掃業者との契約を解約するには、いつまでに通知が必要ですか？';

describe('legal check on long questions', () => {
  let server: TestServer;
  let token: string;
  let contractId: string;

  async function register(title: string, fileName: string, bytes: Uint8Array): Promise<string> {
    const { payload, contentType } = multipart([{ field: 'file', name: fileName, bytes }], { title });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/knowledge/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id: string = response.json().id;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const list = (await server.get('/api/knowledge/legal_checks?limit=100', { token })).json();
      const document = list.documents.find((candidate: { id: string }) => candidate.id === id);
      if (document?.status === 'ready') return id;
      if (document?.status === 'failed' || Date.now() > deadline)
        throw new Error(`not indexed: ${JSON.stringify(document)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const ask = async (query: string) => {
    const response = await server.send('POST', '/api/knowledge/chat', token, { query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    server = await createTestServer();
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    contractId = await register('清掃業務委託契約書', '清掃契約.pdf', await pdfOfPages(CLEANING_CONTRACT));
    // A second document with words of its own (受付, 駐車場, 患者), as a clinic's base has.
    const manual = await readFile(join(import.meta.dirname, '..', 'fixtures', 'clinic-manual.pdf'));
    await register('院内規程', '院内規程.pdf', manual);
  }, 90_000);

  afterAll(async () => {
    await server.close();
  });

  it('cites page 2 of the contract for the screen’s own example question', async () => {
    const message = await ask(SCREEN_EXAMPLE);
    expect(message).toMatchObject({ found: true, mode: 'offline' });
    expect(message.sources[0]).toMatchObject({ document_id: contractId, metadata: { page: 2 } });
    expect(message.sources[0].excerpt).toContain('3か月前までに書面で相手方に通知');
    expect(message.answer).toContain('（清掃業務委託契約書 2 ページ）');
  });

  it('cites the same page for the short form of the question', async () => {
    const message = await ask('解約の通知はいつまでに必要？');
    expect(message.sources[0]).toMatchObject({ document_id: contractId, metadata: { page: 2 } });
  });

  it('answers 該当なし for topics the documents do not hold, even when they share words with them', async () => {
    for (const query of [
      '清掃業者に窓ガラスの清掃も追加で頼んだ場合、料金はいくら上がりますか？',
      'インフルエンザの予防接種の料金はいくらですか',
      '職員の通勤手当の上限は毎月いくらまでですか？',
    ]) {
      const message = await ask(query);
      expect(message, query).toMatchObject({
        found: false,
        sources: [],
        answer: `${NOT_FOUND_ANSWER}\n\n${LEGAL_NOTICE}`,
      });
    }
  });
});
