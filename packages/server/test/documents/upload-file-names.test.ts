/**
 * A file name that disguises itself with invisible characters (a right-to-left override makes
 * `‮txt.exe‬.txt` look like `txt.txt.exe`) is stored without them, through the real upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { multipart } from '../support/multipart';
import { createTestServer, type TestServer } from '../support/server';
import { upload } from './support';

const text = (value: string) => Buffer.from(value);

describe('uploaded file names lose bidi controls and other invisible characters', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer();
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  it('stores a document under its visible name only', async () => {
    const cases = [
      ['\u202etxt.exe\u202c.txt', 'txt.exe.txt'],
      ['\u202a請求\u202b書\u202d一覧\u202c.txt', '請求書一覧.txt'],
      ['\u2066報告\u2067書\u2068控\u2069.txt', '報告書控.txt'],
      ['\u200e見積\u200f書.txt', '見積書.txt'],
      ['\ufeff議事\u200b録\u2060\u00ad.txt', '議事録.txt'],
      ['行\u2028区切\u2029り\u0085.txt', '行区切り.txt'],
      // An ideographic variation selector is part of the kanji, not an invisible character.
      ['葛\u{e0100}飾区.txt', '葛\u{e0100}飾区.txt'],
    ] as const;
    for (const [index, [name, stored]] of cases.entries()) {
      const response = await upload(server, token, [{ name, bytes: text(`文書 ${index}`) }]);
      expect(response.statusCode, name).toBe(201);
      expect(response.json().file_name).toBe(stored);
    }
  });

  it('names a refused file and a knowledge-base document cleanly too', async () => {
    const refused = await upload(server, token, [{ name: '\u202egpj.exe', bytes: text('MZ\u0000\u0000') }], {
      multiple: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('gpj.exe');
    expect(refused.body).not.toContain('\u202e');

    const { payload, contentType } = multipart([{ name: '\u202efdp.exe\u202c.md', bytes: text('# 規程') }], {
      title: '院内規程',
    });
    const knowledge = await server.app.inject({
      method: 'POST',
      url: '/api/knowledge/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    expect(knowledge.statusCode, knowledge.body).toBe(201);
    expect(knowledge.json().file_name).toBe('fdp.exe.md');
  });
});
