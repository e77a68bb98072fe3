import type { Client } from 'openapi-fetch';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  createApiClient,
  defaultDownloadNames,
  downloadFile,
  filenameFromContentDisposition,
} from '../src/index';
import { envelope, json, startTestServer } from './http-server';

interface TestPaths {
  '/api/report': {
    post: {
      requestBody: { content: { 'application/json': { kind: string } } };
      responses: { 200: { content: { 'application/pdf': Blob } } };
    };
  };
}

const servers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  while (servers.length) await servers.pop()?.close();
});

const PDF = '%PDF-1.7\n%テスト\n';

async function reportServer() {
  const server = await startTestServer((request, response) => {
    const { kind } = JSON.parse(request.body || '{}') as { kind: string };
    if (kind === 'named') {
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent('顧客調査_山田太郎.pdf')}`,
      });
      return response.end(PDF);
    }
    if (kind === 'unnamed') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      return response.end(PDF);
    }
    if (kind === 'json-error-200')
      return json(response, 200, envelope('EXT_001', 'AI サービスに接続できません。', 200));
    return json(response, 422, {
      error: { ...envelope('VAL_001', '入力内容に誤りがあります。', 422).error, category: 'validation' },
    });
  });
  servers.push(server);
  return createApiClient({ baseUrl: server.url, getAccessToken: () => 't' }) as unknown as Client<TestPaths>;
}

function post(api: Client<TestPaths>, kind: string) {
  return api.POST('/api/report', { body: { kind }, parseAs: 'blob' });
}

describe('downloadFile', () => {
  it('returns the blob and the UTF-8 filename* from Content-Disposition', async () => {
    const api = await reportServer();
    const file = await downloadFile(post(api, 'named'), defaultDownloadNames.customerResearch);
    expect(file.filename).toBe('顧客調査_山田太郎.pdf');
    expect(await file.blob.text()).toBe(PDF);
  });

  it('falls back to the Japanese default name', async () => {
    const api = await reportServer();
    const file = await downloadFile(post(api, 'unnamed'), defaultDownloadNames.competitorAnalysis);
    expect(file.filename).toBe('競合分析レポート.pdf');
  });

  it('turns a JSON error body of a failed download into an ApiError', async () => {
    const api = await reportServer();
    const error = await downloadFile(post(api, 'invalid'), 'x.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).code).toBe('VAL_001');
  });

  it('turns a JSON envelope where a file was expected into an ApiError', async () => {
    const api = await reportServer();
    const error = await downloadFile(post(api, 'json-error-200'), 'x.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('EXT_001');
    expect((error as ApiError).message).toBe('AI サービスに接続できません。');
  });
});

describe('filenameFromContentDisposition', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E7%AB%B6%E5%90%88.pdf`, '競合.pdf'],
    [`attachment; filename="a \\"b\\".pdf"`, 'a "b".pdf'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    [`attachment; filename*=iso-8859-1'en'%A3rates.pdf`, '£rates.pdf'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.pdf"`, 'fallback.pdf'],
    ['inline', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });
});
