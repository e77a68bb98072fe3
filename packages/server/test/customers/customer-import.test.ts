/**
 * The background import of a customers CSV over HTTP: the three encodings Excel and the browsers
 * write, rows with problems reported (row, column label, Japanese reason) while the rest is
 * imported, 診察券番号 read for admins only, cancel, a retried job that imports no row twice,
 * and tenants kept apart.
 */
import Encoding from 'encoding-japanese';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCustomerImport } from '../../src/modules/customers/customers.import-job';
import { createLocalFileStorage } from '../../src/platform/files/local-storage';
import { loadOpenApiDocument } from '../../src/platform/http/openapi';
import { componentValidator } from '../../src/platform/http/request-validation';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';
import { startImport } from './import-support';

const HEADER = '姓,名,セイ,メイ,生年月日,性別,電話番号';

function shiftJis(text: string): Uint8Array {
  return Uint8Array.from(Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }));
}

function rows(count: number, lastName: string, firstRow = 0): string[] {
  return Array.from({ length: count }, (_, index) => {
    const n = firstRow + index;
    const birth =
      n % 3 === 0
        ? `S${40 + (n % 20)}.${(n % 12) + 1}.${(n % 27) + 1}`
        : `1985/${(n % 12) + 1}/${(n % 28) + 1}`;
    return `${lastName},花子${n},ヤマダ,ハナコ,${birth},${n % 2 ? '女性' : '男性'},03-1234-${String(n % 10000).padStart(4, '0')}`;
  });
}

describe('the background import of a customers CSV', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let otherAdmin: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    otherAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  const start = (token: string, bytes: Uint8Array, name = '顧客.csv') =>
    startImport(server, token, { name, bytes, type: 'text/csv' });

  async function waitFor(
    token: string,
    id: string,
    done = (job: { status: string; processed_rows: number }) => !['queued', 'running'].includes(job.status),
  ) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const response = await server.send('GET', `/api/customers/imports/${id}`, token);
      expect(response.statusCode).toBe(200);
      const job = response.json();
      if (done(job)) return job;
      if (Date.now() > deadline) throw new Error(`import still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function countNamed(lastName: string): Promise<number> {
    const { rows: found } = await sql<{ count: string }>`
      select count(*) as count from customers where tenant_id = ${DEMO_TENANTS.sakura.id} and last_name = ${lastName}`.execute(
      server.database.owner,
    );
    return Number(found[0]?.count);
  }

  it.each([
    ['utf-8', (text: string) => new TextEncoder().encode(text)],
    ['utf-8-bom', (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)])],
    ['shift_jis', shiftJis],
  ] as const)('reads a %s file, 和暦 birth dates and 性別 labels included', async (encoding, encode) => {
    const lastName = `符号${encoding.replaceAll('-', '')}`;
    const text = [HEADER, ...rows(5, lastName), '髙橋,〜,タカハシ,ﾁﾋﾛ,昭和55年4月1日,回答しない,'].join(
      '\r\n',
    );
    const started = await start(staff, encode(text.replace('髙橋', lastName)));
    expect(started.statusCode).toBe(202);
    expectMatchesContract('startCustomerImport', 202, started.json());
    const job = await waitFor(staff, started.json().id);
    expectMatchesContract('getCustomerImport', 200, job);
    expect(job).toMatchObject({
      status: 'done',
      encoding,
      total_rows: 6,
      processed_rows: 6,
      imported_rows: 6,
      failed_rows: 0,
    });
    const { rows: stored } = await sql<{
      first_name: string;
      first_name_kana: string;
      birth_date: string;
      gender: string;
    }>`
      select first_name, first_name_kana, to_char(birth_date, 'YYYY-MM-DD') as birth_date, gender from customers
      where tenant_id = ${DEMO_TENANTS.sakura.id} and last_name = ${lastName} and first_name_kana = 'チヒロ'`.execute(
      server.database.owner,
    );
    expect(stored).toEqual([
      { first_name: '〜', first_name_kana: 'チヒロ', birth_date: '1980-04-01', gender: 'undisclosed' },
    ]);
  });

  it('imports the good rows of a file with 3 bad ones and reports the 3 with row, column and reason', async () => {
    const good = rows(20, '良行');
    const lines = [
      HEADER,
      ...good.slice(0, 5),
      ',花子,ヤマダ,ハナコ,,,',
      ...good.slice(5, 12),
      '良行,花子,ヤマダ,ハナコ,,オス,',
      ...good.slice(12),
      '良行,花子,ヤマダ,ハナコ,R99.13.40,,',
    ];
    const started = await start(staff, shiftJis(lines.join('\r\n')));
    const job = await waitFor(staff, started.json().id);
    expect(job).toMatchObject({ status: 'done', total_rows: 23, imported_rows: 20, failed_rows: 3 });
    expect(await countNamed('良行')).toBe(20);
    const report = await server.send('GET', `/api/customers/imports/${job.id}/errors.csv`, staff);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=UTF-8');
    expect([...report.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const reportLines = report.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(reportLines[0]).toBe('行番号,項目,理由');
    expect(reportLines).toHaveLength(4);
    expect(reportLines[1]).toMatch(/^7,姓,/u);
    expect(reportLines[2]).toBe('15,性別,男性・女性・その他・回答しない のいずれかを入力してください');
    expect(reportLines[3]).toMatch(/^24,生年月日,/u);
    // No English enum codes anywhere in the reasons.
    expect(reportLines.join('\n')).not.toMatch(/male|female|prefer/u);
  });

  it('reads 診察券番号 for admins (a number used twice is reported) and gives numbers when staff imports', async () => {
    const header = `${HEADER},診察券番号`;
    const adminFile = [
      header,
      '番号持,一郎,バンゴウ,イチロウ,,,,K-0901',
      '番号持,二郎,バンゴウ,ジロウ,,,,K-0901',
      '番号持,三郎,バンゴウ,サブロウ,,,,',
    ];
    const byAdmin = await waitFor(
      admin,
      (await start(admin, new TextEncoder().encode(adminFile.join('\n')))).json().id,
    );
    expect(byAdmin).toMatchObject({ status: 'done', imported_rows: 2, failed_rows: 1 });
    const { rows: numbers } = await sql<{ first_name: string; patient_number: string }>`
      select first_name, patient_number from customers where tenant_id = ${DEMO_TENANTS.sakura.id} and last_name = '番号持' order by first_name`.execute(
      server.database.owner,
    );
    expect(numbers.find((row) => row.first_name === '一郎')?.patient_number).toBe('K-0901');
    expect(numbers.find((row) => row.first_name === '三郎')?.patient_number).not.toBe('K-0901');
    const report = await server.send('GET', `/api/customers/imports/${byAdmin.id}/errors.csv`, admin);
    expect(report.rawPayload.subarray(3).toString('utf8')).toContain(
      '3,診察券番号,この診察券番号はほかの顧客',
    );

    const staffFile = [header, '番号無,四郎,バンゴウ,シロウ,,,,K-0777'];
    const byStaff = await waitFor(
      staff,
      (await start(staff, new TextEncoder().encode(staffFile.join('\n')))).json().id,
    );
    expect(byStaff).toMatchObject({ status: 'done', imported_rows: 1, failed_rows: 0 });
    const { rows: staffNumber } = await sql<{ patient_number: string }>`
      select patient_number from customers where tenant_id = ${DEMO_TENANTS.sakura.id} and last_name = '番号無'`.execute(
      server.database.owner,
    );
    expect(staffNumber[0]?.patient_number).not.toBe('K-0777');
  });

  it('fails a file without the required columns or with a broken quote, in Japanese', async () => {
    const missing = await waitFor(
      staff,
      (await start(staff, new TextEncoder().encode('姓,名\n山田,花子\n'))).json().id,
    );
    expect(missing).toMatchObject({ status: 'failed', imported_rows: 0 });
    expect(missing.error).toContain('必須の列がありません: セイ、メイ');
    const broken = await waitFor(
      staff,
      (await start(staff, new TextEncoder().encode(`${HEADER}\n"壊れ,花子,ヤマダ,ハナコ,,,\n`))).json().id,
    );
    expect(broken).toMatchObject({ status: 'failed' });
    expect(broken.error).toMatch(/CSV の形式が正しくありません/u);
  });

  it('refuses a file that is not text', async () => {
    const response = await start(
      staff,
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      '写真.csv',
    );
    expect(response.statusCode).toBe(422);
    expectErrorEnvelope(response.json(), 'FILE_002');
  });

  it('cancels a running import before its next batch; the rows committed stay and are counted', async () => {
    const lastName = '中止行';
    const started = await start(
      staff,
      new TextEncoder().encode([HEADER, ...rows(30_000, lastName)].join('\n')),
    );
    const id = started.json().id;
    await waitFor(
      staff,
      id,
      (job) => job.processed_rows >= 1000 || (job.status !== 'running' && job.status !== 'queued'),
    );
    const cancelled = await server.send('POST', `/api/customers/imports/${id}/cancel`, staff);
    expect(cancelled.statusCode).toBe(200);
    expectMatchesContract('cancelCustomerImport', 200, cancelled.json());
    expect(cancelled.json().status).toBe('cancelled');
    // The job sees the cancel at its next batch; give it time to stop, then nothing moves.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = (await server.send('GET', `/api/customers/imports/${id}`, staff)).json();
    expect(after.status).toBe('cancelled');
    expect(after.imported_rows).toBeGreaterThanOrEqual(1000);
    expect(after.imported_rows).toBeLessThan(30_000);
    expect(await countNamed(lastName)).toBe(after.imported_rows);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await countNamed(lastName)).toBe(after.imported_rows);
  }, 120_000);

  it('imports no row twice when a job is retried after a crash (the committed offset is skipped)', async () => {
    const lastName = '再試行';
    const text = [HEADER, ...rows(2500, lastName)].join('\n');
    const job = await waitFor(staff, (await start(staff, new TextEncoder().encode(text))).json().id);
    expect(job).toMatchObject({ status: 'done', imported_rows: 2500 });
    // As if the process died after committing two batches: the rows of the third are not there,
    // the record says running at offset 2000.
    await sql`delete from customers where tenant_id = ${DEMO_TENANTS.sakura.id} and last_name = ${lastName}
      and substring(first_name from 3)::int >= 2000`.execute(server.database.owner);
    await sql`update customer_imports set status = 'running', processed_rows = 2000, imported_rows = 2000, finished_at = null
      where id = ${job.id}`.execute(server.database.owner);
    const services = {
      db: server.database.db,
      files: createLocalFileStorage(server.config.filesDir),
      events: { emit: async () => ({}) } as never,
      validate: componentValidator(loadOpenApiDocument(), 'CustomerInput'),
    };
    await runCustomerImport(services, DEMO_TENANTS.sakura.id, job.id);
    // A second retry of a finished import is a no-op.
    await runCustomerImport(services, DEMO_TENANTS.sakura.id, job.id);
    expect(await countNamed(lastName)).toBe(2500);
    const { rows: perName } = await sql<{ first_name: string; count: string }>`
      select first_name, count(*) from customers where tenant_id = ${DEMO_TENANTS.sakura.id} and last_name = ${lastName}
      group by first_name having count(*) > 1`.execute(server.database.owner);
    expect(perName).toEqual([]);
    expect((await server.send('GET', `/api/customers/imports/${job.id}`, staff)).json()).toMatchObject({
      status: 'done',
      processed_rows: 2500,
      imported_rows: 2500,
    });
  }, 120_000);

  it('keeps tenants apart: another tenant neither sees, cancels nor downloads an import', async () => {
    const job = await waitFor(
      staff,
      (await start(staff, new TextEncoder().encode([HEADER, ...rows(2, '隔離')].join('\n')))).json().id,
    );
    for (const [method, url] of [
      ['GET', `/api/customers/imports/${job.id}`],
      ['POST', `/api/customers/imports/${job.id}/cancel`],
      ['GET', `/api/customers/imports/${job.id}/errors.csv`],
    ] as const) {
      const response = await server.send(method, url, otherAdmin);
      expect(response.statusCode).toBe(404);
      expectErrorEnvelope(response.json(), 'RES_001');
    }
    const list = await server.send('GET', '/api/customers/imports', otherAdmin);
    expect(list.statusCode).toBe(200);
    expect(list.json().imports.map((item: { id: string }) => item.id)).not.toContain(job.id);
    const own = await server.send('GET', '/api/customers/imports', staff);
    expectMatchesContract('listCustomerImports', 200, own.json());
    expect(own.json().imports.map((item: { id: string }) => item.id)).toContain(job.id);
  });
});
