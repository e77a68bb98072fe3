/**
 * The knowledge base and the legal-check chat through HTTP, on real PostgreSQL with the real job
 * queue, extraction and text index: upload → ready → answers that cite the right page, the
 * not-found answer, history, feedback, delete; then with the OpenAI stand-in as the provider.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AI_UNCITED_NOTE,
  AI_UNREACHABLE_NOTE,
  LEGAL_NOTICE,
  NOT_FOUND_ANSWER,
  OFFLINE_LABEL,
  SYSTEM_PROMPT,
} from '../../src/modules/knowledge/knowledge.answer';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { type AiTestServer, startAiTestServer } from '../support/ai-server';
import { type FilePart, multipart } from '../support/multipart';
import type { OpenAiStandIn } from '../support/openai-stand-in';
import { createTestServer, type TestServer } from '../support/server';

const fixtures = join(import.meta.dirname, '..', 'fixtures');

interface Part {
  name: string;
  value: string | { bytes: Uint8Array; fileName: string; type?: string };
}

/** The shared multipart body (test/support/multipart.ts), from named parts in order. */
function multipartOf(parts: Part[]): { payload: Buffer; contentType: string } {
  const fields: Record<string, string> = {};
  const files: FilePart[] = [];
  for (const part of parts) {
    if (typeof part.value === 'string') fields[part.name] = part.value;
    else
      files.push({
        field: part.name,
        name: part.value.fileName,
        bytes: part.value.bytes,
        type: part.value.type,
      });
  }
  return multipart(files, fields);
}

async function upload(server: TestServer, token: string, parts: Part[]): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartOf(parts);
  return server.app.inject({
    method: 'POST',
    url: '/api/knowledge/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

async function waitUntilSettled(server: TestServer, token: string, id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = await server.get('/api/knowledge/legal_checks?limit=100', { token });
    const document = list.json().documents.find((candidate: { id: string }) => candidate.id === id);
    if (document && document.status !== 'processing') return document;
    if (Date.now() > deadline) throw new Error(`not indexed in time: ${JSON.stringify(document)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const ask = (server: TestServer, token: string, body: object) =>
  server.send('POST', '/api/knowledge/chat', token, body);

const manual = () => readFile(join(fixtures, 'clinic-manual.pdf'));

describe('knowledge base, offline', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let manualId: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    const response = await upload(server, admin, [
      { name: 'title', value: '院内規程' },
      { name: 'description', value: '感染対策・個人情報・災害時の対応' },
      { name: 'tags', value: '["規程","個人情報"]' },
      { name: 'file', value: { bytes: await manual(), fileName: 'さくら内科 院内規程.pdf' } },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      title: '院内規程',
      description: '感染対策・個人情報・災害時の対応',
      tags: ['規程', '個人情報'],
      file_name: 'さくら内科 院内規程.pdf',
      content_type: 'application/pdf',
      status: 'processing',
      error: null,
      chunk_count: 0,
    });
    manualId = response.json().id;
  }, 60_000);

  afterAll(async () => {
    await server.close();
  });

  it('indexes the PDF in the background: ready, with its pages and chunks', async () => {
    const document = await waitUntilSettled(server, admin, manualId);
    expect(document).toMatchObject({ status: 'ready', error: null, page_count: 3 });
    expect(document.chunk_count).toBeGreaterThanOrEqual(3);
  });

  it('answers offline by quoting the passage verbatim, citing its page, with the notice', async () => {
    await waitUntilSettled(server, admin, manualId);
    const response = await ask(server, staff, { query: 'カルテは何年間保存しますか？' });
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json();
    expect(message).toMatchObject({
      query: 'カルテは何年間保存しますか？',
      mode: 'offline',
      found: true,
      feedback: null,
    });
    expect(message.answer.startsWith(OFFLINE_LABEL)).toBe(true);
    expect(message.answer).toContain('**[1]** （院内規程 2 ページ）');
    expect(message.answer).toContain('> カルテは、診療が完結した日から５年間保存します。');
    expect(message.answer.endsWith(LEGAL_NOTICE)).toBe(true);
    expect(message.sources[0]).toMatchObject({
      document_id: manualId,
      title: '院内規程',
      metadata: { file_name: 'さくら内科 院内規程.pdf', page: 2, score: 1 },
    });
    expect(message.sources[0].excerpt).toContain('カルテは、診療が完結した日から５年間保存します');
    // Every source is quoted in the answer, under its number.
    expect(message.answer).toContain(`**[${message.sources.length}]**`);
  });

  it('says so when the documents hold nothing relevant, and cites nothing', async () => {
    const response = await ask(server, staff, { query: 'インフルエンザの予防接種の料金はいくらですか' });
    expect(response.json()).toMatchObject({
      found: false,
      mode: 'offline',
      sources: [],
      answer: `${NOT_FOUND_ANSWER}\n\n${LEGAL_NOTICE}`,
    });
  });

  it('leaves the metadata out when asked, and limits the sources to max_results', async () => {
    const response = await ask(server, staff, {
      query: '個人情報 カルテ 開示',
      max_results: 1,
      include_metadata: false,
    });
    const message = response.json();
    expect(message.sources).toHaveLength(1);
    expect(message.sources[0]).not.toHaveProperty('metadata');
  });

  it('opens a cited passage with the text around it', async () => {
    const cited = (await ask(server, staff, { query: 'カルテの保存期間' })).json().sources[0].metadata;
    const response = await server.get(
      `/api/knowledge/legal_checks/${manualId}/passages/${cited.chunk_index}`,
      {
        token: staff,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      document_id: manualId,
      title: '院内規程',
      content_type: 'application/pdf',
      chunk_index: cited.chunk_index,
      page: 2,
    });
    expect(response.json().text).toContain('カルテ');
    expect(response.json()).toHaveProperty('previous');
    expect(response.json()).toHaveProperty('next');
    const missing = await server.get(`/api/knowledge/legal_checks/${manualId}/passages/999`, {
      token: staff,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('serves the file as uploaded, with its Japanese name', async () => {
    const response = await server.get(`/api/knowledge/legal_checks/${manualId}/content?disposition=inline`, {
      token: staff,
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(await manual())).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent('さくら内科 院内規程.pdf')}`,
    );
  });

  it('keeps each user to their own history, newest first', async () => {
    await ask(server, admin, { query: '災害時の停電の対応' });
    const own = (await server.get('/api/knowledge/chat/history', { token: staff })).json();
    expect(own.total).toBeGreaterThanOrEqual(4);
    expect(own.messages.map((message: { query: string }) => message.query)).not.toContain(
      '災害時の停電の対応',
    );
    const times = own.messages.map((message: { created_at: string }) => message.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const admins = (await server.get('/api/knowledge/chat/history', { token: admin })).json();
    expect(admins.messages.map((message: { query: string }) => message.query)).toEqual([
      '災害時の停電の対応',
    ]);
    const page = (await server.get('/api/knowledge/chat/history?skip=1&limit=1', { token: staff })).json();
    expect(page.messages).toEqual([own.messages[1]]);
  });

  it('takes feedback on an own answer, overwrites it, and refuses another user’s', async () => {
    const { id } = (await ask(server, staff, { query: 'カルテは何年間保存しますか？' })).json();
    const first = await server.send('PATCH', `/api/knowledge/chat/${id}/feedback`, staff, {
      is_helpful: true,
      feedback: '条文がすぐ分かった',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().feedback).toMatchObject({ is_helpful: true, feedback: '条文がすぐ分かった' });
    const second = await server.send('PATCH', `/api/knowledge/chat/${id}/feedback`, staff, {
      is_helpful: false,
    });
    expect(second.json().feedback).toMatchObject({ is_helpful: false, feedback: null });
    const history = (await server.get('/api/knowledge/chat/history?limit=1', { token: staff })).json();
    expect(history.messages[0].feedback).toMatchObject({ is_helpful: false, feedback: null });
    const others = await server.send('PATCH', `/api/knowledge/chat/${id}/feedback`, admin, {
      is_helpful: true,
    });
    expect(others.statusCode).toBe(404);
    expect(others.json().error.code).toBe('RES_001');
  });

  it('refuses malformed tags with Japanese messages on the tags field', async () => {
    const file = { bytes: new TextEncoder().encode('規程の本文です。'), fileName: 'rule.txt' };
    const cases: Array<[string, string]> = [
      ['["契約",', 'タグの形式が正しくありません'],
      ['{"tag":"契約"}', 'タグの形式が正しくありません'],
      ['[1, 2]', 'タグの形式が正しくありません'],
      [JSON.stringify(Array.from({ length: 21 }, (_, index) => `タグ${index}`)), 'タグは 20 個までです'],
      ['["契約","契約"]', 'タグ「契約」が重複しています'],
      [JSON.stringify(['あ'.repeat(31)]), 'タグは 1 個 30 文字以内で入力してください'],
    ];
    for (const [tags, message] of cases) {
      const response = await upload(server, admin, [
        { name: 'title', value: '規程' },
        { name: 'tags', value: tags },
        { name: 'file', value: file },
      ]);
      expect(response.statusCode, tags).toBe(422);
      expect(response.json().error.validation_errors).toEqual([
        { field: 'tags', message: expect.stringContaining(message) },
      ]);
    }
    const untitled = await upload(server, admin, [{ name: 'file', value: file }]);
    expect(untitled.json().error.validation_errors).toEqual([
      { field: 'title', message: '入力してください' },
    ]);
    const list = (await server.get('/api/knowledge/legal_checks', { token: admin })).json();
    expect(list.total).toBe(1);
  });

  it('refuses a renamed executable and a format the knowledge base does not read, keeping nothing', async () => {
    const executable = await upload(server, admin, [
      { name: 'title', value: '偽の PDF' },
      {
        name: 'file',
        value: { bytes: await readFile(join(fixtures, 'not-a-pdf.pdf')), fileName: '規程.pdf' },
      },
    ]);
    expect(executable.statusCode).toBe(422);
    expect(executable.json().error.code).toBe('FILE_002');
    const workbook = await upload(server, admin, [
      { name: 'title', value: '備品' },
      {
        name: 'file',
        value: { bytes: await readFile(join(fixtures, 'supplies.xlsx')), fileName: '備品.xlsx' },
      },
    ]);
    expect(workbook.statusCode).toBe(422);
    expect(workbook.json().error.suggestion).toContain('PDF・Word（.docx）・テキスト・Markdown');
    expect((await server.get('/api/knowledge/legal_checks', { token: admin })).json().total).toBe(1);
  });

  it('lists 20 per page, newest first', async () => {
    const text = {
      bytes: new TextEncoder().encode('予約のキャンセルは前日までに電話で連絡します。'),
      fileName: '予約.txt',
    };
    const created = await upload(server, admin, [
      { name: 'title', value: '予約キャンセル規定' },
      { name: 'file', value: text },
    ]);
    expect(created.statusCode).toBe(201);
    const list = (await server.get('/api/knowledge/legal_checks', { token: staff })).json();
    expect(list.total).toBe(2);
    expect(list.documents.map((document: { title: string }) => document.title)).toEqual([
      '予約キャンセル規定',
      '院内規程',
    ]);
    expect((await waitUntilSettled(server, admin, created.json().id)).status).toBe('ready');
  });

  it('records why a document could not be indexed', async () => {
    const blank = await upload(server, admin, [
      { name: 'title', value: '空白だけの文書' },
      { name: 'file', value: { bytes: new TextEncoder().encode('　\n \n'), fileName: '空白.txt' } },
    ]);
    expect(blank.statusCode).toBe(201);
    const settled = await waitUntilSettled(server, admin, blank.json().id);
    expect(settled).toMatchObject({
      status: 'failed',
      // The extractor's own Japanese reason.
      error: expect.stringMatching(/文字が(あり|ない)/),
      chunk_count: 0,
    });
    await server.send('DELETE', `/api/knowledge/legal_checks/${blank.json().id}`, admin);
  });

  it('deletes a document: gone from answers, past answers keep the title with a null id', async () => {
    const text = {
      bytes: new TextEncoder().encode('医療廃棄物は黄色のバイオハザードマークの容器に入れます。'),
      fileName: '廃棄物.md',
    };
    const created = (
      await upload(server, admin, [
        { name: 'title', value: '医療廃棄物の処理手順' },
        { name: 'file', value: text },
      ])
    ).json();
    await waitUntilSettled(server, admin, created.id);
    const before = (await ask(server, admin, { query: '医療廃棄物の容器' })).json();
    expect(before.sources[0]).toMatchObject({ document_id: created.id, title: '医療廃棄物の処理手順' });

    const stored = join(
      server.config.filesDir,
      DEMO_TENANTS.sakura.id,
      createHash('sha256').update(text.bytes).digest('hex'),
    );
    expect(existsSync(stored)).toBe(true);
    const deleted = await server.send('DELETE', `/api/knowledge/legal_checks/${created.id}`, admin);
    expect(deleted.statusCode).toBe(204);
    // The file goes once the delete has committed (a background job), as no other row uses it.
    const deadline = Date.now() + 15_000;
    while (existsSync(stored) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(stored)).toBe(false);
    const again = await server.send('DELETE', `/api/knowledge/legal_checks/${created.id}`, admin);
    expect(again.statusCode).toBe(404);

    const after = (await ask(server, admin, { query: '医療廃棄物の容器' })).json();
    expect(after.found).toBe(false);
    const history = (await server.get('/api/knowledge/chat/history', { token: admin })).json();
    const past = history.messages.find((message: { id: string }) => message.id === before.id);
    expect(past.sources[0]).toMatchObject({ document_id: null, title: '医療廃棄物の処理手順' });
    const { rows } = await server.database.owner
      .selectFrom('text_chunks')
      .select('id')
      .where('source_id', '=', created.id)
      .execute()
      .then((found) => ({ rows: found }));
    expect(rows).toEqual([]);
  });
});

describe('knowledge chat with the OpenAI stand-in as the provider', () => {
  let server: TestServer;
  let standIn: OpenAiStandIn;
  let ai: AiTestServer;
  let token: string;
  let manualId: string;

  beforeAll(async () => {
    ai = await startAiTestServer();
    ({ server, standIn } = ai);
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    const response = await upload(server, token, [
      { name: 'title', value: '院内規程' },
      { name: 'file', value: { bytes: await manual(), fileName: '院内規程.pdf' } },
    ]);
    manualId = response.json().id;
    await waitUntilSettled(server, token, manualId);
  }, 60_000);

  afterAll(async () => {
    await ai.close();
  });

  beforeEach(() => {
    standIn.requests.length = 0;
  });

  it("answers with the model's words and numbered citations of the passages it was given", async () => {
    standIn.answer = (request) => {
      const passages = request.messages[1]?.content ?? '';
      // Cite the passage that holds the answer, by the number the prompt gave it.
      const number = /\[(\d+)\][^[]*カルテは、診療が完結した日/.exec(passages)?.[1];
      return `カルテは診療が完結した日から5年間保存します [${number}]。`;
    };
    const message = (await ask(server, token, { query: 'カルテは何年間保存しますか？' })).json();
    expect(message).toMatchObject({ mode: 'openai', found: true });
    expect(message.answer).toBe(`カルテは診療が完結した日から5年間保存します [1]。\n\n${LEGAL_NOTICE}`);
    expect(message.sources).toHaveLength(1);
    expect(message.sources[0]).toMatchObject({ document_id: manualId, metadata: { page: 2 } });

    const [request] = standIn.chatRequests();
    expect(request?.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(request?.messages[1]?.content).toContain('質問: カルテは何年間保存しますか？');
    expect(request?.messages[1]?.content).toContain('（院内規程 2 ページ）');
    expect(request?.max_tokens).toBe(800);
  });

  it('does not call the model when nothing relevant was found', async () => {
    const message = (
      await ask(server, token, { query: 'インフルエンザの予防接種の料金はいくらですか' })
    ).json();
    expect(message).toMatchObject({ found: false, sources: [] });
    expect(message.answer).toBe(`${NOT_FOUND_ANSWER}\n\n${LEGAL_NOTICE}`);
    expect(standIn.chatRequests()).toEqual([]);
  });

  it('takes the model at its word when it says the passages do not answer', async () => {
    standIn.answer = () => NOT_FOUND_ANSWER;
    const message = (await ask(server, token, { query: 'カルテの保存期間を過ぎた記録の扱い' })).json();
    expect(message).toMatchObject({ found: false, mode: 'openai', sources: [] });
    expect(message.answer).toBe(`${NOT_FOUND_ANSWER}\n\n${LEGAL_NOTICE}`);
    expect(standIn.chatRequests()).toHaveLength(1);
  });

  it('falls back to quoting, honestly labelled, when the provider is down', async () => {
    standIn.failNext(2, { kind: 'status', status: 500 });
    const message = (await ask(server, token, { query: 'カルテは何年間保存しますか？' })).json();
    expect(message).toMatchObject({ mode: 'offline', found: true });
    expect(message.answer.startsWith(`${AI_UNREACHABLE_NOTE}\n\n${OFFLINE_LABEL}`)).toBe(true);
    expect(message.answer).toContain('（院内規程 2 ページ）');
    expect(standIn.chatRequests()).toHaveLength(2);
  });

  it('does not keep an answer that cites nothing', async () => {
    standIn.answer = () => 'カルテは 10 年間保存します。';
    const message = (await ask(server, token, { query: 'カルテは何年間保存しますか？' })).json();
    expect(message.mode).toBe('offline');
    expect(message.answer).not.toContain('10 年間');
    expect(message.answer.startsWith(AI_UNCITED_NOTE)).toBe(true);
  });
});
