/**
 * The demo clinic's documents on first start: printed as PDFs page by page (platform/pdf, Noto
 * Sans JP) and registered through the same HTTP operations a user calls — the knowledge base's
 * upload (legal check, ナレッジベースAI) and the documents upload (AI文書管理, the assistant's
 * document search) — as さくら's administrator, so the files are stored, extracted page by page
 * and indexed by the real jobs. Called once by the process that seeded the demo tenants (start.ts);
 * the extraction finishes in the background a few seconds later.
 */
import type { FastifyInstance } from 'fastify';
import { type PdfBlock, renderReportPdf } from '../platform/pdf/report-pdf';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from './demo';
import { DEMO_KNOWLEDGE_DOCUMENTS, type DemoKnowledgeDocument } from './demo-knowledge-documents';

const HEADING = /^(第\d+[章条]|\d+\. )/;

/** A document as a PDF: its title and meta on page 1, each page of `pages` on a page of its own. */
export function renderDemoDocument(document: DemoKnowledgeDocument): Promise<Buffer> {
  const blocks: PdfBlock[] = document.pages.flatMap((lines, index) => [
    ...(index > 0 ? [{ type: 'page-break' } as const] : []),
    ...lines.map(
      (line): PdfBlock =>
        HEADING.test(line) && line.length <= 40
          ? { type: 'heading', text: line }
          : { type: 'paragraph', text: line },
    ),
  ]);
  return renderReportPdf({ title: document.title, meta: [...document.meta], blocks });
}

function multipart(fields: Record<string, string>, file: { field: string; name: string; bytes: Uint8Array }) {
  const boundary = `----tsumiki-demo-${crypto.randomUUID().replaceAll('-', '')}`;
  const pieces = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  pieces.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename*=UTF-8''${encodeURIComponent(file.name)}\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads the demo documents to さくら's knowledge base and documents; throws when one is refused. */
export async function seedDemoKnowledge(app: FastifyInstance): Promise<void> {
  const signIn = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email: DEMO_USERS.sakuraAdmin.email, password: DEMO_PASSWORD },
  });
  if (signIn.statusCode !== 200)
    throw new Error(`デモの管理者でログインできませんでした（${signIn.statusCode}）`);
  const token = (signIn.json() as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': DEMO_TENANTS.sakura.id };
  for (const document of DEMO_KNOWLEDGE_DOCUMENTS) {
    const bytes = await renderDemoDocument(document);
    const uploads = [
      {
        url: '/api/knowledge/upload',
        body: multipart(
          { title: document.title, description: document.description, tags: JSON.stringify(document.tags) },
          { field: 'file', name: document.fileName, bytes },
        ),
      },
      {
        url: '/api/documents/upload',
        body: multipart({}, { field: 'file', name: document.fileName, bytes }),
      },
    ];
    for (const upload of uploads) {
      const response = await app.inject({
        method: 'POST',
        url: upload.url,
        headers: { ...headers, 'content-type': upload.body.contentType },
        payload: upload.body.payload,
      });
      if (response.statusCode !== 201)
        throw new Error(
          `デモの資料「${document.title}」を登録できませんでした（${upload.url}: ${response.statusCode} ${response.body}）`,
        );
    }
  }
}
