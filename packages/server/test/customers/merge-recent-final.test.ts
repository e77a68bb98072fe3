/**
 * 最近の統合 and the end of the 30 days: the list of merges that can still be undone (who went
 * into whom, when, by whom, until when; tenant-scoped, for admins), the refusal to undo a merge
 * whose kept customer changed since, and the nightly job that makes a merge final — what was kept
 * only for the undo goes, the tombstone still redirects, the undo answers RES_005, and another
 * tenant's merges are left as they were.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalizeExpiredMerges } from '../../src/modules/customers/customers.merge-final';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

type Entry = {
  id: string;
  kept: { id: string; last_name: string };
  merged: { id: string; first_name: string };
  merged_at: string;
  merged_by_name: string | null;
  undo_until: string;
};

describe('recent merges and their end after 30 days', () => {
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

  /** Two records of one person (each with an interaction), merged by `token`'s admin. */
  async function mergedPair(token: string, label: string) {
    const make = async (first: string, phone: string) => {
      const response = await server.send('POST', '/api/customers', token, {
        last_name: label,
        first_name: first,
        last_name_kana: 'サイキン',
        first_name_kana: 'マユミ',
        birth_date: '1980-04-01',
        phone,
      });
      expect(response.statusCode).toBe(201);
      const { id } = response.json() as { id: string };
      const interaction = await server.send('POST', '/api/interactions', token, {
        customer_id: id,
        type: 'visit',
        content: `${first}の来院`,
      });
      expect(interaction.statusCode).toBe(201);
      return id;
    };
    const kept = await make('真由美', '03-1111-1111');
    const merged = await make('まゆみ', '090-2222-2222');
    const response = await server.send('POST', `/api/customers/${kept}/merge`, token, {
      merged_id: merged,
      keep: { phone: 'merged' },
    });
    expect(response.statusCode).toBe(200);
    return { kept, merged, mergeId: response.json().merge.id as string };
  }

  const recent = async (token: string) => {
    const response = await server.send('GET', '/api/customers/merges?limit=100', token);
    expect(response.statusCode).toBe(200);
    expectMatchesContract('listCustomerMerges', 200, response.json());
    return response.json() as { total: number; merges: Entry[] };
  };

  const mergeRecord = async (mergeId: string) =>
    (
      await sql<{
        kept_before: Record<string, unknown>;
        moved_interaction_ids: string[];
        finalized_at: Date | null;
      }>`select kept_before, moved_interaction_ids, finalized_at from customer_merges where id = ${mergeId}`.execute(
        server.database.owner,
      )
    ).rows[0];

  const age = (mergeId: string, days: number) =>
    sql`update customer_merges set merged_at = now() - make_interval(days => ${days}) where id = ${mergeId}`.execute(
      server.database.owner,
    );

  it('lists the merges that can still be undone, newest first, for admins of the tenant only', async () => {
    const first = await mergedPair(admin, '一覧甲');
    const second = await mergedPair(admin, '一覧乙');
    const page = await recent(admin);
    const ids = page.merges.map((entry) => entry.id);
    expect(ids.indexOf(second.mergeId)).toBeLessThan(ids.indexOf(first.mergeId));
    expect(page.total).toBeGreaterThanOrEqual(2);
    const entry = page.merges.find((row) => row.id === first.mergeId) as Entry;
    expect(entry.kept).toMatchObject({ id: first.kept, last_name: '一覧甲' });
    expect(entry.merged).toMatchObject({ id: first.merged, first_name: 'まゆみ' });
    expect(entry.merged_by_name).toBeTruthy();
    expect(new Date(entry.undo_until).getTime() - new Date(entry.merged_at).getTime()).toBe(30 * 86_400_000);

    // Paged: one per page, the total stays.
    const one = (await server.send('GET', '/api/customers/merges?limit=1&skip=1', admin)).json();
    expect(one.merges).toHaveLength(1);
    expect(one.total).toBe(page.total);

    // Staff may not; another tenant's admin sees none of these.
    const bystander = await server.send('GET', '/api/customers/merges', staff);
    expect(bystander.statusCode).toBe(403);
    expectErrorEnvelope(bystander.json(), 'AUTH_004');
    const foreign = await recent(otherAdmin);
    expect(foreign.merges.some((row) => row.id === first.mergeId || row.id === second.mergeId)).toBe(false);

    // Undone, a merge leaves the list; older than 30 days, it is not in it either.
    expect((await server.send('POST', `/api/customers/${first.merged}/unmerge`, admin)).statusCode).toBe(200);
    await age(second.mergeId, 31);
    const after = (await recent(admin)).merges.map((row) => row.id);
    expect(after).not.toContain(first.mergeId);
    expect(after).not.toContain(second.mergeId);
  });

  it('refuses to undo a merge whose kept customer was deleted since, in Japanese', async () => {
    const { kept, merged } = await mergedPair(admin, '変更後');
    expect((await server.send('DELETE', `/api/customers/${kept}`, admin)).statusCode).toBe(204);
    const refused = await server.send('POST', `/api/customers/${merged}/unmerge`, admin);
    expect(refused.statusCode).toBe(409);
    expectErrorEnvelope(refused.json(), 'RES_006');
    expect(refused.json().error.message).toContain('残した顧客が削除された');
    expect((await server.send('GET', `/api/customers/${merged}`, admin)).json().merged_into_id).toBe(kept);
    // Back from the trash, the kept customer lets the undo through.
    expect((await server.send('POST', `/api/customers/${kept}/restore`, admin)).statusCode).toBe(200);
    expect((await server.send('POST', `/api/customers/${merged}/unmerge`, admin)).statusCode).toBe(200);
  });

  it('makes a merge final after 30 days: the undo data and personal data go, the tombstone still redirects', async () => {
    const old = await mergedPair(admin, '確定');
    const fresh = await mergedPair(admin, '未確定');
    const foreign = await mergedPair(otherAdmin, '他院');
    await age(old.mergeId, 31);
    await age(foreign.mergeId, 29);

    expect(await finalizeExpiredMerges(server.database.db, new Date())).toBeGreaterThanOrEqual(1);
    const record = await mergeRecord(old.mergeId);
    expect(record?.finalized_at).toBeInstanceOf(Date);
    expect(record?.kept_before).toEqual({});
    expect(record?.moved_interaction_ids).toEqual([]);

    const tombstone = await server.send('GET', `/api/customers/${old.merged}`, admin);
    expect(tombstone.statusCode).toBe(200);
    expectMatchesContract('getCustomer', 200, tombstone.json());
    expect(tombstone.json()).toMatchObject({
      merged_into_id: old.kept,
      last_name: '確定',
      phone: null,
      birth_date: null,
      email: null,
    });
    const late = await server.send('POST', `/api/customers/${old.merged}/unmerge`, admin);
    expect(late.statusCode).toBe(409);
    expectErrorEnvelope(late.json(), 'RES_005');
    expect(late.json().error.message).toContain('30 日を過ぎた');
    // The kept customer keeps both histories and the access log still follows the merge.
    const interactions = (await server.send('GET', `/api/interactions/${old.kept}?limit=100`, admin)).json();
    expect(interactions.interactions).toHaveLength(2);
    const log = (await server.send('GET', `/api/audit-log?customer_id=${old.kept}&limit=100`, admin)).json();
    expect(log.entries.some((entry: { customer_id: string }) => entry.customer_id === old.merged)).toBe(true);
    // The job left its row on the kept customer, written by no one.
    const final = (
      await server.send('GET', `/api/audit-log?customer_id=${old.kept}&action=customer.merge_final`, admin)
    ).json();
    expect(final.entries).toHaveLength(1);
    expect(final.entries[0]).toMatchObject({ actor_user_id: null, detail: { merged_id: old.merged } });

    // The recent merge of this tenant and the other tenant's (29 days old) are as they were.
    for (const { mergeId } of [fresh, foreign]) {
      const untouched = await mergeRecord(mergeId);
      expect(untouched?.finalized_at).toBeNull();
      expect(untouched?.moved_interaction_ids).toHaveLength(1);
      expect(untouched?.kept_before).toHaveProperty('phone');
    }
    const foreignTombstone = (
      await server.send('GET', `/api/customers/${foreign.merged}`, otherAdmin)
    ).json();
    expect(foreignTombstone.phone).toBe('090-2222-2222');
    expect((await recent(otherAdmin)).merges.map((row) => row.id)).toContain(foreign.mergeId);
    expect(
      (await server.send('POST', `/api/customers/${foreign.merged}/unmerge`, otherAdmin)).statusCode,
    ).toBe(200);

    // Run again, it finds nothing new to finalize among these.
    await finalizeExpiredMerges(server.database.db, new Date());
    expect((await mergeRecord(old.mergeId))?.finalized_at).toEqual(record?.finalized_at);
  });
});
