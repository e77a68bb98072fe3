import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { type FilePart, multipart } from '../support/multipart';
import type { TestServer } from '../support/server';

export type { FilePart } from '../support/multipart';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

export function fixture(name: string): Promise<Buffer> {
  return readFile(join(FIXTURES, name));
}

export function upload(
  server: TestServer,
  token: string,
  files: FilePart[],
  options: { fields?: Record<string, string>; multiple?: boolean; tenantId?: string } = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart(files, options.fields);
  return server.app.inject({
    method: 'POST',
    url: options.multiple ? '/api/documents/upload-multiple' : '/api/documents/upload',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': contentType,
      ...(options.tenantId ? { 'x-tenant-id': options.tenantId } : {}),
    },
    payload,
  });
}

/** Polls the document until `done` holds (the extraction runs in the background). */
export async function waitForDocument(
  server: TestServer,
  token: string,
  id: string,
  done: (document: { extraction_status: string }) => boolean = (document) =>
    document.extraction_status !== 'pending',
  timeoutMs = 30_000,
): Promise<Record<string, unknown> & { extraction_status: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await server.send('GET', `/api/documents/${id}`, token);
    if (response.statusCode !== 200) throw new Error(`GET document: ${response.statusCode} ${response.body}`);
    const document = response.json();
    if (done(document)) return document;
    if (Date.now() > deadline) throw new Error(`document still ${document.extraction_status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every file under the server's files directory (committed and staged), relative paths. */
export async function storedFiles(server: TestServer): Promise<string[]> {
  try {
    const entries = await readdir(server.config.filesDir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(server.config.filesDir.length + 1))
      .sort();
  } catch {
    return [];
  }
}
