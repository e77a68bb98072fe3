import { type FilePart, multipart } from '../support/multipart';
import type { TestServer } from '../support/server';

/** A CSV file of these lines (CRLF between them), as the import's upload sends it. */
export function csvFile(lines: readonly string[], name = '顧客.csv'): FilePart {
  return { name, bytes: new TextEncoder().encode(lines.join('\r\n')), type: 'text/csv' };
}

/** POST /api/customers/imports with one file and the form's other fields (`check_duplicates`). */
export function startImport(
  server: TestServer,
  token: string,
  file: FilePart,
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = multipart([file], fields);
  return server.app.inject({
    method: 'POST',
    url: '/api/customers/imports',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

/** The import once it is no longer scanning, queued or running (polled every 100 ms, 2 minutes at most). */
export async function settledImport(server: TestServer, token: string, id: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = (await server.send('GET', `/api/customers/imports/${id}`, token)).json();
    if (!['scanning', 'queued', 'running'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`import still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
