/**
 * The check for duplicates of the small import (rows read in the browser, sent with
 * `check_duplicates` on a dry run): the same query and rules as the background import's, each
 * valid row with the customer or the earlier row it may be; nothing saved, another tenant's
 * customers never found. And the crowded groups: a row whose match is hidden behind more than
 * PER_KEY candidates sharing one of its reading's keys (the earlier row of the file, or the
 * customer, two letters apart) is still found, on both paths.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';
import { csvFile, settledImport, startImport } from './import-support';

type Row = Record<string, string>;

const person = (last: string, first: string, lastKana: string, firstKana: string, extra: Row = {}): Row => ({
  last_name: last,
  first_name: first,
  last_name_kana: lastKana,
  first_name_kana: firstKana,
  ...extra,
});

describe('duplicates of the rows of a small import, and crowded groups', () => {
  let server: TestServer;
  let staff: string;
  let otherAdmin: string;
  const ids: Record<string, string> = {};

  async function create(key: string, body: Row) {
    const created = await server.send('POST', '/api/customers', staff, body);
    expect(created.statusCode).toBe(201);
    ids[key] = created.json().id;
  }

  beforeAll(async () => {
    server = await createTestServer();
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    otherAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    await create('mayumi', person('小行', '真由美', 'コユキ', 'マユミ', { birth_date: '1931-04-01' }));
    await create('phone', person('小行', '電話', 'コユキ', 'デンワ', { phone: '03-1931-0402' }));
    await create('trashed', person('小行', '削除', 'コユキ', 'サクジョ', { birth_date: '1931-04-03' }));
    const admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    expect((await server.send('DELETE', `/api/customers/${ids.trashed}`, admin)).statusCode).toBe(204);
    // The crowded customers: the one who matches first, then three newer customers whose readings
    // share a one-letter deletion (タナカハナ) with the file's row but are two letters from it.
    await create('hanako', person('田中', '花子', 'タナカ', 'ハナコ', { birth_date: '1932-05-05' }));
    for (const [key, last] of [
      ['decoy1', 'アタナカ'],
      ['decoy2', 'タアナカ'],
      ['decoy3', 'タナアカ'],
    ] as const) {
      await create(key, person('多中', key, last, 'ハナ', { birth_date: '1932-05-05' }));
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  async function check(token: string, rows: Row[], checkDuplicates = true) {
    const response = await server.send('POST', '/api/customers/import', token, {
      rows,
      dry_run: true,
      ...(checkDuplicates ? { check_duplicates: true } : {}),
    });
    expect(response.statusCode).toBe(200);
    expectMatchesContract('importCustomers', 200, response.json());
    return response.json() as {
      duplicates?: number;
      rows: Array<{
        row: number;
        status: string;
        duplicate?: { reasons: string[]; existing: { id: string } | null; same_as_row: number | null } | null;
      }>;
    };
  }

  const summary = (result: Awaited<ReturnType<typeof check>>) =>
    result.rows.flatMap((row) =>
      row.duplicate
        ? [
            {
              row: row.row,
              reasons: row.duplicate.reasons,
              existing: row.duplicate.existing?.id ?? null,
              same_as_row: row.duplicate.same_as_row,
            },
          ]
        : [],
    );

  const rows: Row[] = [
    // 1: the registered 真由美 under other kanji (the app sends 和暦 as 西暦).
    person('小行', 'まゆみ', 'コユキ', 'マユミ', { birth_date: '1931-04-01' }),
    // 2: the registered phone, written another way.
    person('小行', '次郎', 'コユキ', 'ジロウ', { phone: '0319310402' }),
    // 3: somebody new.
    person('小行', '一郎', 'コユキ', 'イチロウ', { email: 'ichiro@koyuki.example' }),
    // 4: row 3 again (same e-mail in capitals).
    person('小行', '一朗', 'コユキ', 'イチロウ', { email: 'ICHIRO@koyuki.example' }),
    // 5: a customer in the trash is nobody to match.
    person('小行', '削除', 'コユキ', 'サクジョ', { birth_date: '1931-04-03' }),
    // 6: a bad row (no 姓): never checked.
    person('', '四郎', 'コユキ', 'シロウ', { phone: '03-1931-0402' }),
    // 7 and 8: the same new phone, written two ways.
    person('小行', '七子', 'コユキ', 'ナナコ', { phone: '093-1931-0007' }),
    person('小行', '八子', 'コユキ', 'ハチコ', { phone: '09319310007' }),
  ];

  it('shows each valid row that may be somebody, saves nothing, and only with check_duplicates', async () => {
    const { rows: before } = await sql<{ count: string }>`
      select count(*) as count from customers where tenant_id = ${DEMO_TENANTS.sakura.id}`.execute(
      server.database.owner,
    );
    const result = await check(staff, rows);
    expect(result.rows.map((row) => row.status)).toEqual([
      'valid',
      'valid',
      'valid',
      'valid',
      'valid',
      'invalid',
      'valid',
      'valid',
    ]);
    expect(summary(result)).toEqual([
      { row: 1, reasons: ['reading_and_birth_date'], existing: ids.mayumi, same_as_row: null },
      { row: 2, reasons: ['phone'], existing: ids.phone, same_as_row: null },
      { row: 4, reasons: ['email'], existing: null, same_as_row: 3 },
      { row: 8, reasons: ['phone'], existing: null, same_as_row: 7 },
    ]);
    expect(result.duplicates).toBe(4);
    expect(result.rows[0]?.duplicate?.existing).toMatchObject({
      last_name: '小行',
      first_name: '真由美',
      birth_date: '1931-04-01',
    });
    expect(result.rows[2]?.duplicate).toBeNull();

    const { rows: after } = await sql<{ count: string }>`
      select count(*) as count from customers where tenant_id = ${DEMO_TENANTS.sakura.id}`.execute(
      server.database.owner,
    );
    expect(after[0]?.count).toBe(before[0]?.count);

    const unchecked = await check(staff, rows, false);
    expect(unchecked.duplicates).toBeUndefined();
    expect(unchecked.rows.every((row) => !('duplicate' in row))).toBe(true);
  });

  it('never finds another tenant’s customers', async () => {
    const result = await check(otherAdmin, rows);
    expect(summary(result)).toEqual([
      { row: 4, reasons: ['email'], existing: null, same_as_row: 3 },
      { row: 8, reasons: ['phone'], existing: null, same_as_row: 7 },
    ]);
  });

  // Rows of a file in crowded groups (all born 1933-06-06 or 1934-07-07).
  const crowdedFile: Row[] = [
    // 1: shares the deletion ヤマダマユ with rows 2 and 3, two letters from row 3.
    person('混雑', '一', 'アヤマダ', 'マユ', { birth_date: '1933-06-06' }),
    // 2 and 3: one letter apart (ミ / キ).
    person('混雑', '二', 'ヤマダ', 'マユミ', { birth_date: '1933-06-06' }),
    person('混雑', '三', 'ヤマダ', 'マユキ', { birth_date: '1933-06-06' }),
    // 4: a short reading whose deletion is セイ; 5 and 6: セイ itself, twice.
    person('混雑', '四', 'セイ', 'タ', { birth_date: '1934-07-07' }),
    person('混雑', '五', 'セ', 'イ', { birth_date: '1934-07-07' }),
    person('混雑', '六', 'セ', 'イ', { birth_date: '1934-07-07' }),
    // 7: 花子 with the last letter changed, behind three newer customers sharing タナカハナ.
    person('混雑', '七', 'タナカ', 'ハナエ', { birth_date: '1932-05-05' }),
  ];
  const expectedCrowded = (offset: number) => [
    { row: 3 + offset, reasons: ['similar_reading'], existing: null, same_as_row: 2 + offset },
    { row: 6 + offset, reasons: ['reading_and_birth_date'], existing: null, same_as_row: 5 + offset },
    { row: 7 + offset, reasons: ['similar_reading'], existing: ids.hanako, same_as_row: null },
  ];

  it('finds a match behind more than PER_KEY candidates of one key (small import)', async () => {
    expect(summary(await check(staff, crowdedFile))).toEqual(expectedCrowded(0));
  });

  it('finds the same rows in the background import', async () => {
    const header = '姓,名,セイ,メイ,生年月日';
    const lines = [
      header,
      ...crowdedFile.map((row) =>
        [row.last_name, row.first_name, row.last_name_kana, row.first_name_kana, row.birth_date].join(','),
      ),
    ];
    const started = await startImport(server, staff, csvFile(lines, '混雑.csv'), {
      check_duplicates: 'true',
    });
    expect(started.statusCode).toBe(202);
    const id = started.json().id as string;
    await settledImport(server, staff, id);
    const listed = (await server.send('GET', `/api/customers/imports/${id}/duplicates`, staff)).json();
    expect(
      listed.rows.map(
        (row: {
          row_number: number;
          reasons: string[];
          existing: { id: string } | null;
          same_as_row: number | null;
        }) => ({
          row: row.row_number,
          reasons: row.reasons,
          existing: row.existing?.id ?? null,
          same_as_row: row.same_as_row,
        }),
      ),
    ).toEqual(expectedCrowded(1));
    await server.send('POST', `/api/customers/imports/${id}/cancel`, staff);
  });
});
