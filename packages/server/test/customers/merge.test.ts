/**
 * Merging two customers over HTTP: what moves (interactions, documents), the chosen fields, the
 * tombstone that points at the kept record and is gone from lists and the trash, the access log
 * found through the merge without rewriting it, the undo (and its 30 days), and who may do it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

describe('merging customers (名寄せ)', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let otherAdmin: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    otherAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  /** Two records of one person, each with an interaction; the second also with a document. */
  async function twoRecords(label: string) {
    const make = async (first: string, phone: string) => {
      const response = await server.send('POST', '/api/customers', staff, {
        last_name: label,
        first_name: first,
        last_name_kana: 'トウゴウ',
        first_name_kana: 'マユミ',
        birth_date: '1980-04-01',
        phone,
      });
      expect(response.statusCode).toBe(201);
      const customer = response.json() as { id: string; version: number };
      const interaction = await server.send('POST', '/api/interactions', staff, {
        customer_id: customer.id,
        type: 'visit',
        content: `${first}の来院`,
      });
      expect(interaction.statusCode).toBe(201);
      return { ...customer, interactionId: interaction.json().id as string };
    };
    const kept = await make('真由美', '03-1111-1111');
    const merged = await make('まゆみ', '090-2222-2222');
    const tenantId = (
      await sql<{ tenant_id: string }>`select tenant_id from customers where id = ${merged.id}`.execute(
        server.database.owner,
      )
    ).rows[0]?.tenant_id;
    const { rows } = await sql<{ id: string }>`
      insert into documents (tenant_id, file_name, content_type, size_bytes, sha256, storage_key, customer_id)
      values (${tenantId}, '問診票.pdf', 'application/pdf', 10, ${'c'.repeat(64)}, ${`${tenantId}/${'c'.repeat(64)}`}, ${merged.id})
      returning id`.execute(server.database.owner);
    return { kept, merged, documentId: rows[0]?.id as string };
  }

  const interactionsOf = async (id: string) =>
    (
      (await server.send('GET', `/api/interactions/${id}?limit=100`, admin)).json().interactions as Array<{
        id: string;
      }>
    ).map((interaction) => interaction.id);

  const documentOwner = async (documentId: string) =>
    (
      await sql<{ customer_id: string }>`select customer_id from documents where id = ${documentId}`.execute(
        server.database.owner,
      )
    ).rows[0]?.customer_id;

  it('moves interactions and documents, keeps the chosen values, and leaves a tombstone that points at the kept one', async () => {
    const { kept, merged, documentId } = await twoRecords('統合');
    const response = await server.send('POST', `/api/customers/${kept.id}/merge`, admin, {
      merged_id: merged.id,
      keep: { phone: 'merged', name: 'kept' },
    });
    expect(response.statusCode).toBe(200);
    expectMatchesContract('mergeCustomers', 200, response.json());
    const { merge, customer } = response.json();
    expect(merge.moved).toEqual({ interactions: 1, documents: 1, research_reports: 0 });
    expect(new Date(merge.undo_until).getTime() - new Date(merge.merged_at).getTime()).toBe(30 * 86_400_000);
    expect(customer.phone).toBe('090-2222-2222');
    expect(customer.first_name).toBe('真由美');

    expect(new Set(await interactionsOf(kept.id))).toEqual(
      new Set([kept.interactionId, merged.interactionId]),
    );
    expect(await documentOwner(documentId)).toBe(kept.id);

    const tombstone = await server.send('GET', `/api/customers/${merged.id}`, admin);
    expect(tombstone.statusCode).toBe(200);
    expect(tombstone.json().merged_into_id).toBe(kept.id);
    const search = (await server.send('GET', '/api/customers?search=統合&limit=100', admin)).json();
    expect(search.customers.map((c: { id: string }) => c.id)).toEqual([kept.id]);
    const trash = (await server.send('GET', '/api/customers/trash?limit=100', admin)).json();
    expect(trash.customers.some((c: { id: string }) => c.id === merged.id)).toBe(false);
    // Merged once, it cannot be merged again (nor restored from a trash it is not in).
    const twice = await server.send('POST', `/api/customers/${kept.id}/merge`, admin, {
      merged_id: merged.id,
    });
    expect(twice.statusCode).toBe(404);
    const restored = await server.send('POST', `/api/customers/${merged.id}/restore`, admin);
    expect(restored.json().merged_into_id).toBe(kept.id);

    // The access log is not rewritten, and the kept customer's filter finds the merged one's rows.
    const log = (await server.send('GET', `/api/audit-log?customer_id=${kept.id}&limit=100`, admin)).json();
    const logged = log.entries.map(
      (entry: { customer_id: string; action: string }) => `${entry.action}:${entry.customer_id}`,
    );
    expect(logged).toContain(`customer.create:${merged.id}`);
    expect(logged).toContain(`customer.create:${kept.id}`);
    expect(logged).toContain(`customer.merge:${kept.id}`);
    const mergeRow = log.entries.find((entry: { action: string }) => entry.action === 'customer.merge');
    expect(mergeRow.detail).toEqual({ merged_id: merged.id });
  });

  it('undoes a merge: exactly what moved goes back, the kept values return, the tombstone lives again', async () => {
    const { kept, merged, documentId } = await twoRecords('取消');
    expect(
      (
        await server.send('POST', `/api/customers/${kept.id}/merge`, admin, {
          merged_id: merged.id,
          keep: { phone: 'merged' },
        })
      ).statusCode,
    ).toBe(200);
    // Recorded on the kept customer after the merge: stays there.
    const later = await server.send('POST', '/api/interactions', staff, {
      customer_id: kept.id,
      type: 'call',
      content: '統合後の電話',
    });

    const undone = await server.send('POST', `/api/customers/${merged.id}/unmerge`, admin);
    expect(undone.statusCode).toBe(200);
    expectMatchesContract('undoCustomerMerge', 200, undone.json());
    expect(undone.json()).toMatchObject({ id: merged.id, merged_into_id: null, deleted_at: null });
    expect(await interactionsOf(merged.id)).toEqual([merged.interactionId]);
    expect(new Set(await interactionsOf(kept.id))).toEqual(new Set([kept.interactionId, later.json().id]));
    expect(await documentOwner(documentId)).toBe(merged.id);
    expect((await server.send('GET', `/api/customers/${kept.id}`, admin)).json().phone).toBe('03-1111-1111');
    const log = (await server.send('GET', `/api/audit-log?customer_id=${kept.id}&limit=100`, admin)).json();
    expect(log.entries.some((entry: { customer_id: string }) => entry.customer_id === merged.id)).toBe(false);
    const unmergeRows = (
      await server.send('GET', `/api/audit-log?customer_id=${merged.id}&action=customer.unmerge`, admin)
    ).json();
    expect(unmergeRows.entries).toHaveLength(1);
    // Undone once, there is nothing left to undo.
    expect((await server.send('POST', `/api/customers/${merged.id}/unmerge`, admin)).statusCode).toBe(404);
  });

  it('refuses to undo after 30 days, in Japanese', async () => {
    const { kept, merged } = await twoRecords('期限');
    await server.send('POST', `/api/customers/${kept.id}/merge`, admin, { merged_id: merged.id });
    await sql`update customer_merges set merged_at = now() - interval '31 days' where merged_id = ${merged.id}`.execute(
      server.database.owner,
    );
    const late = await server.send('POST', `/api/customers/${merged.id}/unmerge`, admin);
    expect(late.statusCode).toBe(409);
    expectErrorEnvelope(late.json(), 'RES_005');
    expect(late.json().error.message).toContain('30 日を過ぎた');
    expect((await server.send('GET', `/api/customers/${merged.id}`, admin)).json().merged_into_id).toBe(
      kept.id,
    );
  });

  it('is for admins of the tenant: staff get 403, another tenant 404, a customer with itself 422', async () => {
    const { kept, merged } = await twoRecords('権限');
    const bystander = await server.send('POST', `/api/customers/${kept.id}/merge`, staff, {
      merged_id: merged.id,
    });
    expect(bystander.statusCode).toBe(403);
    const foreign = await server.send('POST', `/api/customers/${kept.id}/merge`, otherAdmin, {
      merged_id: merged.id,
    });
    expect(foreign.statusCode).toBe(404);
    const itself = await server.send('POST', `/api/customers/${kept.id}/merge`, admin, {
      merged_id: kept.id,
    });
    expect(itself.statusCode).toBe(422);
    expect(await interactionsOf(merged.id)).toEqual([merged.interactionId]);
  });
});
