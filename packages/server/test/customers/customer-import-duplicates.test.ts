/**
 * The check for duplicates before a customers CSV import: a file with rows that may be customers
 * already registered (same reading and birth date, same phone) and a row that repeats an earlier
 * row of the file is held ('awaiting_choice') with the rows listed; 「重複候補の行は取り込まない」
 * skips them into the error report with a Japanese reason, 「すべて取り込む」 imports them, a file
 * without any goes straight on; another tenant sees none of it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';
import { csvFile, settledImport, startImport } from './import-support';

const HEADER = '姓,名,セイ,メイ,生年月日,電話番号,メールアドレス';

describe('duplicates shown before a customers CSV import', () => {
  let server: TestServer;
  let staff: string;
  let otherAdmin: string;
  let existingId: string;

  beforeAll(async () => {
    server = await createTestServer();
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    otherAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    const created = await server.send('POST', '/api/customers', staff, {
      last_name: '重複',
      first_name: '真由美',
      last_name_kana: 'ジュウフク',
      first_name_kana: 'マユミ',
      birth_date: '1980-04-01',
      phone: '090-9876-5432',
    });
    expect(created.statusCode).toBe(201);
    existingId = created.json().id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  const start = (token: string, lines: string[], check = true) =>
    startImport(server, token, csvFile(lines), check ? { check_duplicates: 'true' } : {});
  const settled = (id: string) => settledImport(server, staff, id);

  async function namesStarting(prefix: string): Promise<string[]> {
    const { rows } = await sql<{ first_name: string }>`
      select first_name from customers
      where tenant_id = ${DEMO_TENANTS.sakura.id} and last_name like ${`${prefix}%`}
      order by first_name`.execute(server.database.owner);
    return rows.map((row) => row.first_name);
  }

  const file = (tag: string, mail: string) => [
    HEADER,
    // 2: the registered person under other kanji: same reading and birth date.
    `重複,まゆみ,ジュウフク,マユミ,S55.4.1,,`,
    // 3: somebody new.
    `${tag},一郎,イチ,イチロウ,1971/2/3,,ichiro-${mail}@example.jp`,
    // 4: the registered person's phone.
    `${tag},次郎,ジ,ジロウ,1972/5/6,09098765432,`,
    // 5: row 3 again (same e-mail).
    `${tag},一朗,イチ,イチロウ,,,ICHIRO-${mail}@example.jp`,
    // 6: somebody new.
    `${tag},三郎,サン,サブロウ,1973/7/8,,`,
    // 7: a bad row (no 姓): reported, never checked.
    `,四郎,シ,シロウ,,,`,
  ];

  it('holds a file with duplicates, lists them, and skips them into the error report', async () => {
    const started = await start(staff, file('取込甲', 'a'));
    expect(started.statusCode).toBe(202);
    expectMatchesContract('startCustomerImport', 202, started.json());
    expect(started.json().status).toBe('scanning');
    const job = await settled(started.json().id);
    expectMatchesContract('getCustomerImport', 200, job);
    expect(job).toMatchObject({
      status: 'awaiting_choice',
      duplicate_rows: 3,
      duplicate_choice: null,
      total_rows: 6,
      processed_rows: 0,
      imported_rows: 0,
    });
    expect(await namesStarting('取込甲')).toEqual([]);

    const listed = await server.send('GET', `/api/customers/imports/${job.id}/duplicates`, staff);
    expect(listed.statusCode).toBe(200);
    expectMatchesContract('listCustomerImportDuplicates', 200, listed.json());
    expect(listed.json().total).toBe(3);
    expect(
      listed.json().rows.map((row: Record<string, unknown>) => ({
        row: row.row_number,
        name: `${row.last_name} ${row.first_name}`,
        reasons: row.reasons,
        existing: (row.existing as { id: string } | null)?.id ?? null,
        same_as_row: row.same_as_row,
      })),
    ).toEqual([
      {
        row: 2,
        name: '重複 まゆみ',
        reasons: ['reading_and_birth_date'],
        existing: existingId,
        same_as_row: null,
      },
      { row: 4, name: '取込甲 次郎', reasons: ['phone'], existing: existingId, same_as_row: null },
      { row: 5, name: '取込甲 一朗', reasons: ['email'], existing: null, same_as_row: 3 },
    ]);
    expect(listed.json().rows[0].existing).toMatchObject({ last_name: '重複', first_name: '真由美' });

    // Another tenant sees neither the list nor can choose.
    for (const [method, path] of [
      ['GET', 'duplicates'],
      ['POST', 'start'],
    ] as const) {
      const foreign = await server.send(method, `/api/customers/imports/${job.id}/${path}`, otherAdmin, {
        duplicates: 'import',
      });
      expect(foreign.statusCode).toBe(404);
      expectErrorEnvelope(foreign.json(), 'RES_001');
    }

    const chosen = await server.send('POST', `/api/customers/imports/${job.id}/start`, staff, {
      duplicates: 'skip',
    });
    expect(chosen.statusCode).toBe(200);
    expectMatchesContract('chooseCustomerImportDuplicates', 200, chosen.json());
    expect(chosen.json()).toMatchObject({ status: 'queued', duplicate_choice: 'skip' });
    const done = await settled(job.id);
    expect(done).toMatchObject({
      status: 'done',
      processed_rows: 6,
      imported_rows: 2,
      skipped_rows: 3,
      failed_rows: 1,
    });
    expect(await namesStarting('取込甲')).toEqual(['一郎', '三郎']);

    // Choosing again changes nothing.
    const again = await server.send('POST', `/api/customers/imports/${job.id}/start`, staff, {
      duplicates: 'import',
    });
    expect(again.json()).toMatchObject({ status: 'done', duplicate_choice: 'skip' });

    const report = await server.send('GET', `/api/customers/imports/${job.id}/errors.csv`, staff);
    const lines = report.body
      .replace(/^\uFEFF/u, '')
      .trim()
      .split(/\r?\n/u);
    expect(lines).toEqual([
      '行番号,項目,理由',
      '2,行全体,重複の可能性があるため取り込みませんでした（登録済みの顧客「重複 真由美」とフリガナと生年月日が同じ）',
      '4,行全体,重複の可能性があるため取り込みませんでした（登録済みの顧客「重複 真由美」と電話番号が同じ）',
      '5,行全体,重複の可能性があるため取り込みませんでした（このファイルの 3 行目とメールアドレスが同じ）',
      expect.stringMatching(/^7,姓,/u),
    ]);
    // The keys read for the check are gone once it is done.
    const { rows: keys } = await sql<{ count: string }>`
      select count(*) as count from customer_import_keys where import_id = ${job.id}`.execute(
      server.database.owner,
    );
    expect(Number(keys[0]?.count)).toBe(0);
  });

  it('imports every row when asked to, and goes straight on when nothing may be a duplicate', async () => {
    const held = await settled((await start(staff, file('取込乙', 'b'))).json().id);
    // Rows 3 and 6 are now also the customers the first file registered.
    expect(held).toMatchObject({ status: 'awaiting_choice', duplicate_rows: 5 });
    await server.send('POST', `/api/customers/imports/${held.id}/start`, staff, { duplicates: 'import' });
    expect(await settled(held.id)).toMatchObject({
      status: 'done',
      imported_rows: 5,
      skipped_rows: 0,
      failed_rows: 1,
      duplicate_choice: 'import',
    });

    const clean = await settled(
      (
        await start(staff, [
          HEADER,
          '取込丙,五郎,ヘイゴ,ゴロウ,1974/1/1,,',
          '取込丙,六郎,ヘイロク,ロクロウ,,,',
        ])
      ).json().id,
    );
    expect(clean).toMatchObject({
      status: 'done',
      duplicate_rows: 0,
      duplicate_choice: 'import',
      imported_rows: 2,
    });
    // Without the check, as before: straight to the queue.
    const unchecked = await start(staff, [HEADER, '取込丁,七郎,テイ,シチロウ,,,'], false);
    expect(unchecked.json()).toMatchObject({ status: 'queued', duplicate_rows: null });
  });

  it('refuses a check_duplicates that is neither true nor false', async () => {
    const response = await startImport(server, staff, csvFile([HEADER, '']), { check_duplicates: 'はい' });
    expect(response.statusCode).toBe(422);
  });
});
