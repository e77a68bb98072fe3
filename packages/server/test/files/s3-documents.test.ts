/**
 * With FILES_S3_* set, documents go to the bucket and nowhere else: uploaded through the API,
 * extracted and searchable, downloaded, and removed from the bucket once deleted. Two server
 * processes on one database and one bucket: what one stored, the other serves.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../src/platform/files/s3-storage';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { storedFiles, upload, waitForDocument } from '../documents/support';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { type LocalS3, startLocalS3 } from '../support/s3';
import { createTestServer, type TestServer } from '../support/server';

describe('documents in an S3-compatible bucket', () => {
  let s3: LocalS3;
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  let token: string;

  const objectKeys = async () => {
    const client = createS3Client(s3.config);
    try {
      const page = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
      return (page.Contents ?? []).map((object) => object.Key as string);
    } finally {
      client.destroy();
    }
  };

  beforeAll(async () => {
    s3 = await startLocalS3();
    database = await createTestDatabase();
    first = await createTestServer({ database, config: { filesS3: s3.config } });
    second = await createTestServer({ database, config: { filesS3: s3.config } });
    token = (await first.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
    await s3?.close();
  });

  it('uploads through one process, and the other extracts, searches, downloads and deletes it', async () => {
    const bytes = Buffer.from('# 感染対策マニュアル\n\n次亜塩素酸ナトリウムの消毒液は毎朝つくり直します。\n');
    const response = await upload(first, token, [{ name: '感染対策.md', bytes, type: 'text/markdown' }]);
    expect(response.statusCode, response.body).toBe(201);
    const id: string = response.json().id;

    // In the bucket under the tenant's prefix, nothing staged left, nothing in the directory.
    const keys = await objectKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${DEMO_TENANTS.sakura.id}/[0-9a-f]{64}$`));
    expect(await storedFiles(first)).toEqual([]);

    // The extraction job reads the object back from the bucket (whichever process runs it).
    expect((await waitForDocument(second, token, id)).extraction_status).toBe('ready');
    const search = await second.send(
      'POST',
      `/api/documents/search?query=${encodeURIComponent('消毒液')}`,
      token,
    );
    expect(search.json().results.map((item: { document: { id: string } }) => item.document.id)).toContain(id);

    const download = await second.send('GET', `/api/documents/${id}/content`, token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(bytes);

    expect((await second.send('DELETE', `/api/documents/${id}`, token)).statusCode).toBe(204);
    const deadline = Date.now() + 15_000;
    while ((await objectKeys()).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await objectKeys()).toEqual([]);
  });
});
