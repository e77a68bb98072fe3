/**
 * Compression bombs through the real HTTP API: five Office files of a few MB, each holding about
 * 1 GB of XML, uploaded at once. The server is a child process so that its own resident memory is
 * what is measured (the kernel's high-water mark, plus a sample every 50 ms); it must stay under
 * 1 GB from the uploads until every extraction has finished, every bomb is kept but marked
 * unreadable with its reason, and an ordinary file is read afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { type ChildServer, residentMemory, startChildServer, stopChildServer } from './child-server';
import { fixture } from './support';
import { bombEntries, entry, zipArchive } from './zip-bombs';

const GB = 1_000_000_000;
const BOMB_XML_BYTES = 1 << 30;

interface DocumentBody {
  id: string;
  file_name: string;
  size_bytes: number;
  extraction_status: string;
  extraction_error: string | null;
}

describe('compression bombs uploaded in parallel', () => {
  let database: TestDatabase;
  let dataDir: string;
  let server: ChildServer | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'tsumiki-bombs-'));
  });

  afterAll(async () => {
    await stopChildServer(server, 'SIGTERM');
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the server under 1 GB resident and marks every bomb unreadable', async () => {
    const [docx, xlsx, pptx] = await Promise.all([
      bombEntries('docx', BOMB_XML_BYTES),
      bombEntries('xlsx', BOMB_XML_BYTES),
      bombEntries('pptx', BOMB_XML_BYTES),
    ]);
    // Distinct bytes each (no two uploads share a stored file); one declares sizes that lie.
    const marked = (entries: typeof docx, mark: string) => [...entries, entry('docProps/custom.xml', mark)];
    const tooLarge = { status: 'failed', reason: /展開すると大きすぎる/ };
    const bombs = [
      { name: '見積書.docx', bytes: zipArchive(marked(docx, '1')), expected: tooLarge },
      {
        name: '議事録.docx',
        bytes: zipArchive(marked(docx, '2'), { declaredSize: () => 4096 }),
        // Caught while inflating, at the size it declared: its sizes do not match, so damaged.
        expected: { status: 'failed', reason: /壊れている/ },
      },
      { name: '報告書.docx', bytes: zipArchive(marked(docx, '3')), expected: tooLarge },
      { name: '明細.xlsx', bytes: zipArchive(marked(xlsx, '4')), expected: tooLarge },
      // Slides are never unpacked, bomb or not.
      {
        name: '説明資料.pptx',
        bytes: zipArchive(marked(pptx, '5')),
        expected: { status: 'unsupported', reason: /PowerPoint/ },
      },
    ];
    for (const bomb of bombs) expect(bomb.bytes.length).toBeLessThan(8_000_000);

    server = await startChildServer({
      NODE_ENV: 'development',
      DATABASE_URL: database.ownerUrl,
      TSUMIKI_DATA_DIR: dataDir,
      TSUMIKI_DEMO: '0',
      PORT: '0',
      LOG_LEVEL: 'error',
      APP_DIST_DIR: join(dataDir, 'no-app'),
      TSUMIKI_JOB_POLL_SECONDS: '0.5',
    });
    const { url } = server;
    const pid = server.process.pid as number;
    const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_USERS.sakuraAdmin.email, password: DEMO_PASSWORD }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': DEMO_TENANTS.sakura.id };
    const upload = async (name: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const response = await fetch(`${url}/api/documents/upload`, { method: 'POST', headers, body: form });
      expect(response.status).toBe(201);
      return (await response.json()) as DocumentBody;
    };
    const settled = async (id: string, deadline: number) => {
      for (;;) {
        const response = await fetch(`${url}/api/documents/${id}`, { headers });
        const document = (await response.json()) as DocumentBody;
        if (document.extraction_status !== 'pending') return document;
        if (Date.now() > deadline) throw new Error(`document ${id} still pending`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    const before = await residentMemory(pid);
    let sampledPeak = before.now;
    const sampler = setInterval(() => {
      residentMemory(pid).then(
        (memory) => {
          sampledPeak = Math.max(sampledPeak, memory.now);
        },
        () => {},
      );
    }, 50);
    let documents: DocumentBody[];
    try {
      const uploaded = await Promise.all(bombs.map((bomb) => upload(bomb.name, bomb.bytes)));
      const deadline = Date.now() + 400_000;
      documents = await Promise.all(uploaded.map((document) => settled(document.id, deadline)));
    } finally {
      clearInterval(sampler);
    }
    const after = await residentMemory(pid);
    const mb = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`;
    const figures = `before ${mb(before.now)}, sampled peak ${mb(sampledPeak)}, high-water mark ${mb(after.peak)}, after ${mb(after.now)}`;
    console.info(`server resident memory: ${figures}`);
    expect.soft(after.peak, figures).toBeLessThan(GB);
    expect.soft(after.now, figures).toBeLessThan(GB);

    // Kept (the bytes as uploaded), but not read: the reason says why.
    expect(documents.map((document) => document.size_bytes)).toEqual(bombs.map((bomb) => bomb.bytes.length));
    for (const [index, { expected }] of bombs.entries()) {
      const document = documents[index] as DocumentBody;
      expect(document.extraction_status, document.file_name).toBe(expected.status);
      expect(document.extraction_error, document.file_name).toMatch(expected.reason);
    }

    // The extraction worker still serves an ordinary file.
    const word = await upload('受付マニュアル.docx', await fixture('reception.docx'));
    expect(await settled(word.id, Date.now() + 60_000)).toMatchObject({ extraction_status: 'ready' });
  }, 600_000);
});
