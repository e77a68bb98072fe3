import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { upload } from '../documents/support';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

const READER = 'folders-reader@sakura-clinic.example';

describe('folders: a tree per tenant', () => {
  let server: TestServer;
  let token: string;
  let readerToken: string;
  const ids: Record<string, string> = {};

  const create = async (name: string, parentId: string | null = null) => {
    const response = await server.send('POST', '/api/folders/', token, { name, parent_id: parentId });
    expect(response.statusCode, response.body).toBe(201);
    expectMatchesContract('createFolder', 201, response.json());
    return response.json().id as string;
  };

  beforeAll(async () => {
    server = await createTestServer();
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    await createUser(server.database.owner, {
      email: READER,
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: ['documents.read'] }],
    });
    readerToken = (await server.signIn(READER)).access_token;
    ids.rules = await create('院内規程');
    ids.infection = await create('感染対策', ids.rules);
    ids.manuals = await create('マニュアル', ids.infection);
    ids.forms = await create('書式');
  });

  afterAll(async () => {
    await server.close();
  });

  it('lists a level by name with counts; a folder carries its ancestors for breadcrumbs', async () => {
    const top = await server.send('GET', '/api/folders/', token);
    expectMatchesContract('listFolders', 200, top.json());
    expect(top.json().folders.map((folder: { name: string }) => folder.name)).toEqual(['書式', '院内規程']);
    const rules = top.json().folders.find((folder: { id: string }) => folder.id === ids.rules);
    expect(rules).toMatchObject({ folder_count: 1, document_count: 0, parent_id: null });

    const manuals = await server.send('GET', `/api/folders/${ids.manuals}`, token);
    expectMatchesContract('getFolder', 200, manuals.json());
    expect(manuals.json().ancestors).toEqual([
      { id: ids.rules, name: '院内規程' },
      { id: ids.infection, name: '感染対策' },
    ]);
    const children = await server.send('GET', `/api/folders/?parent_id=${ids.rules}`, token);
    expect(children.json()).toMatchObject({ total: 1, folders: [{ id: ids.infection }] });
  });

  it('names are unique per parent, top level included, regardless of case (409 FLD_003)', async () => {
    const duplicate = await server.send('POST', '/api/folders/', token, { name: '書式' });
    expect(duplicate.statusCode).toBe(409);
    expectErrorEnvelope(duplicate.json(), 'FLD_003');
    expect(duplicate.json().error.message).toBe('同じ場所に「書式」という名前のフォルダーがあります。');
    await create('Forms', ids.rules);
    const upper = await server.send('POST', '/api/folders/', token, { name: 'FORMS', parent_id: ids.rules });
    expectErrorEnvelope(upper.json(), 'FLD_003');
    // The same name under another parent is fine.
    await create('書式', ids.rules);
    const rename = await server.send('PUT', `/api/folders/${ids.forms}`, token, { name: '院内規程' });
    expectErrorEnvelope(rename.json(), 'FLD_003');
    const blank = await server.send('POST', '/api/folders/', token, { name: '　 ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().error.validation_errors).toEqual([{ field: 'name', message: '入力してください' }]);
    const slash = await server.send('POST', '/api/folders/', token, { name: 'a/b' });
    expect(slash.statusCode).toBe(422);
    expect(slash.json().error.validation_errors).toEqual([
      { field: 'name', message: 'フォルダー名に / と \\ は使えません' },
    ]);
  });

  it('renames a folder', async () => {
    const response = await server.send('PUT', `/api/folders/${ids.forms}`, token, { name: '各種書式' });
    expect(response.statusCode).toBe(200);
    expectMatchesContract('updateFolder', 200, response.json());
    expect(response.json().name).toBe('各種書式');
  });

  it('refuses a move into itself or below itself (409 FLD_001), allows one elsewhere', async () => {
    for (const target of [ids.rules, ids.infection, ids.manuals]) {
      const response = await server.send('POST', `/api/folders/${ids.rules}/move`, token, {
        new_parent_id: target,
      });
      expect(response.statusCode).toBe(409);
      expectErrorEnvelope(response.json(), 'FLD_001');
      expect(response.json().error.message).toBe(
        'フォルダーを自分自身やその中のフォルダーへは移動できません。',
      );
    }
    const moved = await server.send('POST', `/api/folders/${ids.manuals}/move`, token, {
      new_parent_id: ids.forms,
    });
    expect(moved.statusCode).toBe(200);
    expectMatchesContract('moveFolder', 200, moved.json());
    expect(moved.json().parent_id).toBe(ids.forms);
    const top = await server.send('POST', `/api/folders/${ids.manuals}/move`, token, { new_parent_id: null });
    expect(top.json().parent_id).toBeNull();
    const back = await server.send('POST', `/api/folders/${ids.manuals}/move`, token, {
      new_parent_id: ids.infection,
    });
    expect(back.json().parent_id).toBe(ids.infection);
  });

  it('two concurrent moves cannot make a cycle together', async () => {
    const a = await create('並行A');
    const b = await create('並行B');
    const [first, second] = await Promise.all([
      server.send('POST', `/api/folders/${a}/move`, token, { new_parent_id: b }),
      server.send('POST', `/api/folders/${b}/move`, token, { new_parent_id: a }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
  });

  it('refuses to delete a folder that holds something, saying what (409 FLD_002)', async () => {
    const note = await upload(
      server,
      token,
      [{ name: '手順.txt', bytes: new TextEncoder().encode('手順書') }],
      {
        fields: { folder_id: ids.infection as string },
      },
    );
    expect(note.statusCode).toBe(201);
    expect(note.json().folder_id).toBe(ids.infection);
    const response = await server.send('DELETE', `/api/folders/${ids.infection}`, token);
    expect(response.statusCode).toBe(409);
    expectErrorEnvelope(response.json(), 'FLD_002');
    expect(response.json().error.message).toBe('文書 1 件とフォルダー 1 件が入っているため削除できません。');
    expect(response.json().error.context).toMatchObject({ document_count: 1, folder_count: 1 });

    // The document's detail shows where it is.
    const detail = (await server.send('GET', `/api/documents/${note.json().id}`, token)).json();
    expect(detail.folder).toEqual({
      id: ids.infection,
      name: '感染対策',
      ancestors: [{ id: ids.rules, name: '院内規程' }],
    });
    const listed = await server.send('GET', `/api/documents/?folder_id=${ids.infection}`, token);
    expect(listed.json()).toMatchObject({ total: 1, documents: [{ id: note.json().id }] });

    // Search within a subtree finds it from the top folder, not from a sibling.
    const within = await server.send(
      'POST',
      `/api/documents/search?query=${encodeURIComponent('手順')}&folder_id=${ids.rules}`,
      token,
    );
    expect(within.json().total).toBe(1);
    const elsewhere = await server.send(
      'POST',
      `/api/documents/search?query=${encodeURIComponent('手順')}&folder_id=${ids.forms}`,
      token,
    );
    expect(elsewhere.json().total).toBe(0);

    // Emptied, it goes.
    await server.send('PUT', `/api/documents/${note.json().id}/move`, token, { folder_id: null });
    await server.send('DELETE', `/api/folders/${ids.manuals}`, token);
    expect((await server.send('DELETE', `/api/folders/${ids.infection}`, token)).statusCode).toBe(204);
    expect((await server.send('GET', `/api/folders/${ids.infection}`, token)).statusCode).toBe(404);
  });

  it('a reader cannot create or delete; an unknown parent is 404', async () => {
    const refused = await server.send('POST', '/api/folders/', readerToken, { name: '読むだけ' });
    expect(refused.statusCode).toBe(403);
    expectErrorEnvelope(refused.json(), 'AUTH_004');
    const unknown = await server.send('POST', '/api/folders/', token, {
      name: '迷子',
      parent_id: '3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
