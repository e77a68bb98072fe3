/**
 * Uploads and downloads over a real socket (Node's HTTP parser, undici's multipart), and an
 * upload whose connection drops half-way: nothing of it may stay behind.
 */
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { createTestServer, type TestServer } from '../support/server';
import { fixture, storedFiles, waitForDocument } from './support';

describe('uploads over a real connection', () => {
  let server: TestServer;
  let token: string;
  let base: string;
  let port: number;

  beforeAll(async () => {
    server = await createTestServer();
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await server.close();
  });

  const headers = () => ({ authorization: `Bearer ${token}`, 'x-tenant-id': DEMO_TENANTS.sakura.id });

  it('streams a browser-style multipart upload in and the same bytes out', async () => {
    const bytes = await fixture('clinic-manual.pdf');
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'ＰＤＦ 院内規程.pdf');
    const response = await fetch(`${base}/api/documents/upload`, {
      method: 'POST',
      headers: headers(),
      body: form,
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; file_name: string };
    // Kept as given, NFC.
    expect(created.file_name).toBe('ＰＤＦ 院内規程.pdf');
    await waitForDocument(server, token, created.id);

    const download = await fetch(`${base}/api/documents/${created.id}/content`, { headers: headers() });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('ＰＤＦ 院内規程.pdf')}`,
    );
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
  });

  it('a connection dropped mid-upload leaves no staged file and no document', async () => {
    const before = await storedFiles(server);
    const boundary = '----tsumikidrop';
    const preamble = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="途中.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const declared = 5 * 1024 * 1024;
    const socket = connect({ port, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nX-Tenant-Id: ${DEMO_TENANTS.sakura.id}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    socket.write(preamble);
    // Half of the body, then the client goes away.
    const half = Buffer.alloc(declared / 2, 0x41);
    await new Promise<void>((resolve) => socket.write(half, () => resolve()));
    const stagingDir = join(server.config.filesDir, '.staging');
    // The server has started staging it…
    const deadline = Date.now() + 10_000;
    while ((await readdir(stagingDir).catch(() => [])).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await readdir(stagingDir)).length).toBe(1);
    socket.destroy();

    // …and removes it once the connection is gone.
    const gone = Date.now() + 10_000;
    while ((await readdir(stagingDir)).length > 0 && Date.now() < gone) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await readdir(stagingDir)).toEqual([]);
    expect(await storedFiles(server)).toEqual(before);
    const list = await server.send('GET', '/api/documents/?limit=100', token);
    expect(list.json().documents.map((document: { file_name: string }) => document.file_name)).not.toContain(
      '途中.pdf',
    );
  });
});
