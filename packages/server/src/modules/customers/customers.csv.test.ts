import Encoding from 'encoding-japanese';
import { describe, expect, it } from 'vitest';
import { readBack } from '../../../test/support/csv';
import {
  type CsvCustomer,
  CsvEncodingError,
  CUSTOMER_CSV_COLUMNS,
  customersToCsv,
  formatCsvDateTime,
} from './customers.csv';

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function sjis(text: string): number[] {
  return Encoding.convert(text, { to: 'SJIS', from: 'UNICODE', type: 'array', fallback: 'error' });
}

function hex(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

const HEADER_LINE = CUSTOMER_CSV_COLUMNS.map((column) => column.header).join(',');

const tricky: CsvCustomer = {
  id: '7f1c1a56-2f63-4b55-9a55-2f5a3c1e0001',
  last_name: '髙橋',
  first_name: '﨑子',
  last_name_kana: 'タカハシ',
  first_name_kana: 'サキコ',
  patient_number: 'K-000123',
  birth_date: '1980-04-01',
  gender: 'undisclosed',
  company_name: '株式会社〜つみき－ラボ①',
  company_name_kana: 'ツミキラボ',
  email: 'saki@example.jp',
  phone: '+81-3-1234-5678',
  postal_code: '150-0001',
  prefecture: '東京都',
  city: '渋谷区',
  address_line: '神宮前1−2−3 つみきビル～5F',
  tags: ['VIP', '要フォロー'],
  notes: '初診、"紹介"あり\r\n予約: 10:00〜11:00, 2回目\n次回 😀 よろしく',
  assignee_name: '山﨑 太郎',
  created_at: new Date('2026-01-01T15:30:00Z'),
  updated_at: new Date('2026-03-31T23:59:59Z'),
};

const plain: CsvCustomer = {
  id: '7f1c1a56-2f63-4b55-9a55-2f5a3c1e0002',
  last_name: '佐藤',
  first_name: '花子',
  last_name_kana: 'サトウ',
  first_name_kana: 'ハナコ',
  patient_number: '000001',
  birth_date: null,
  gender: null,
  company_name: null,
  company_name_kana: null,
  email: null,
  phone: null,
  postal_code: null,
  prefecture: null,
  city: null,
  address_line: null,
  tags: [],
  notes: '=HYPERLINK("http://evil.example","click")',
  assignee_name: null,
  created_at: new Date('2025-12-31T14:59:00Z'),
  updated_at: new Date('2025-12-31T15:00:00Z'),
};

/** What the parser gives back for `tricky` in UTF-8 (every field, notes with LF only). */
const trickyRow = {
  last_name: '髙橋',
  first_name: '﨑子',
  last_name_kana: 'タカハシ',
  first_name_kana: 'サキコ',
  birth_date: '1980/04/01',
  gender: '回答しない',
  company_name: '株式会社〜つみき－ラボ①',
  company_name_kana: 'ツミキラボ',
  email: 'saki@example.jp',
  phone: '+81-3-1234-5678',
  postal_code: '150-0001',
  prefecture: '東京都',
  city: '渋谷区',
  address_line: '神宮前1−2−3 つみきビル～5F',
  tags: ['VIP', '要フォロー'],
  notes: '初診、"紹介"あり\n予約: 10:00〜11:00, 2回目\n次回 😀 よろしく',
};

const plainRow = {
  last_name: '佐藤',
  first_name: '花子',
  last_name_kana: 'サトウ',
  first_name_kana: 'ハナコ',
  birth_date: null,
  gender: null,
  company_name: null,
  company_name_kana: null,
  email: null,
  phone: null,
  postal_code: null,
  prefecture: null,
  city: null,
  address_line: null,
  tags: [],
  notes: '=HYPERLINK("http://evil.example","click")',
};

describe('customersToCsv (UTF-8)', () => {
  it('starts with a BOM and the Japanese header, ends lines with CRLF and quotes per RFC 4180', async () => {
    const bytes = await bytesOf(customersToCsv([tricky, plain], 'utf-8'));
    expect(hex(bytes.subarray(0, 3))).toBe('ef bb bf');
    const text = new TextDecoder().decode(bytes); // strips the BOM
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(HEADER_LINE);
    expect(lines[0]).toBe(
      '姓,名,セイ,メイ,生年月日,性別,会社名,会社名フリガナ,メールアドレス,電話番号,郵便番号,都道府県,市区町村,番地・建物名,タグ,メモ,診察券番号,担当者名,登録日時,更新日時,ID',
    );
    expect(lines[1]).toBe(
      `髙橋,﨑子,タカハシ,サキコ,1980/04/01,回答しない,株式会社〜つみき－ラボ①,ツミキラボ,saki@example.jp,'+81-3-1234-5678,150-0001,東京都,渋谷区,神宮前1−2−3 つみきビル～5F,VIP;要フォロー,"初診、""紹介""あり\n予約: 10:00〜11:00, 2回目\n次回 😀 よろしく",K-000123,山﨑 太郎,2026/01/02 00:30,2026/04/01 08:59,${tricky.id}`,
    );
    expect(lines[2]).toBe(
      `佐藤,花子,サトウ,ハナコ,,,,,,,,,,,,"'=HYPERLINK(""http://evil.example"",""click"")",000001,,2025/12/31 23:59,2026/01/01 00:00,${plain.id}`,
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('reads back as written, emoji included', async () => {
    const decoded = readBack(await bytesOf(customersToCsv([tricky, plain], 'utf-8')));
    expect(decoded.encoding).toBe('utf-8');
    expect(decoded.rows).toEqual([trickyRow, plainRow]);
  });

  it('streams: the header alone first, then rows in chunks, from an async iterable', async () => {
    async function* many(): AsyncGenerator<CsvCustomer> {
      for (let i = 0; i < 3000; i++) yield { ...tricky, id: `id-${i}`, last_name: `髙橋${i}` };
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of customersToCsv(many(), 'utf-8')) chunks.push(chunk);
    expect(new TextDecoder().decode(chunks[0])).toBe(`${HEADER_LINE}\r\n`);
    expect(chunks.length).toBeGreaterThan(3);
    const total = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let offset = 0;
    for (const c of chunks) {
      total.set(c, offset);
      offset += c.length;
    }
    const { rows } = readBack(total);
    expect(rows).toHaveLength(3000);
    expect(rows[2999]).toEqual({ ...trickyRow, last_name: '髙橋2999' });
  });

  it('writes an empty list as the header row only', async () => {
    const text = new TextDecoder().decode(await bytesOf(customersToCsv([], 'utf-8')));
    expect(text).toBe(`${HEADER_LINE}\r\n`);
  });
});

describe('customersToCsv (Shift_JIS / CP932)', () => {
  it('writes the CP932 codes Excel expects for 〜 － ～ − ① 髙 﨑, without a BOM', async () => {
    const row = { ...plain, notes: null, last_name: '〜－～−', first_name: '①髙﨑' };
    const bytes = await bytesOf(customersToCsv([row], 'shift_jis'));
    expect(hex(bytes.subarray(0, 2))).toBe(hex(sjis('姓')));
    const start = bytes.indexOf(0x0a) + 1;
    // 〜 U+301C and ～ U+FF5E → 81 60; － U+FF0D and − U+2212 → 81 7C; ① → 87 40 (NEC special);
    // 髙 → EE E0 and 﨑 → ED 95 (NEC-selected IBM extension; Windows itself writes FB FC / FA B1).
    expect(hex(bytes.subarray(start, start + 16))).toBe('81 60 81 7c 81 60 81 7c 2c 87 40 ee e0 ed 95 2c');
  });

  it('reads back as written, except that 〜 and − come back as ～ and －, and emoji become 〓', async () => {
    const replaced: Array<{ field: string; character: string; replacement: string }> = [];
    const bytes = await bytesOf(
      customersToCsv([tricky, plain], 'shift_jis', {
        onUnencodable: ({ field, character, replacement }) =>
          replaced.push({ field, character, replacement }),
      }),
    );
    expect(replaced).toEqual([{ field: 'notes', character: '😀', replacement: '〓' }]);
    const parsed = readBack(bytes);
    expect(parsed.encoding).toBe('shift_jis');
    expect(parsed.rows).toEqual([
      {
        ...trickyRow,
        company_name: '株式会社～つみき－ラボ①',
        address_line: '神宮前1－2－3 つみきビル～5F',
        notes: '初診、"紹介"あり\n予約: 10:00～11:00, 2回目\n次回 〓 よろしく',
      },
      plainRow,
    ]);
  });

  it('can fail instead of writing 〓', async () => {
    const attempt = bytesOf(customersToCsv([plain, tricky], 'shift_jis', { unencodable: 'error' }));
    await expect(attempt).rejects.toBeInstanceOf(CsvEncodingError);
    await expect(
      bytesOf(customersToCsv([plain, tricky], 'shift_jis', { unencodable: 'error' })),
    ).rejects.toThrow(/表せない文字「😀」（U\+1F600）/);
  });

  it('uses the usual stand-ins, joins combining marks, drops joiners and variation selectors', async () => {
    const row = {
      ...plain,
      notes: null,
      last_name: 'か\u3099ヒ\u309A', // decomposed が ピ (as macOS file names)
      first_name: '葛\u{E0100}', // ideographic variation selector
      city: '¥1,000 — 2026–2027\u00A0円',
      address_line: '👍🏽 👨‍👩‍👧 Café',
    };
    const replaced: string[] = [];
    const bytes = await bytesOf(
      customersToCsv([row], 'shift_jis', {
        onUnencodable: (e) => replaced.push(`${e.character}→${e.replacement}`),
      }),
    );
    const [parsed] = readBack(bytes).rows;
    expect(parsed).toMatchObject({
      last_name: 'がピ',
      first_name: '葛',
      city: '￥1,000 ― 2026-2027 円',
      address_line: '〓 〓〓〓 Caf〓',
    });
    expect(replaced).toEqual(['¥→￥', '—→―', '–→-', '\u00A0→ ', '👍→〓', '👨→〓', '👩→〓', '👧→〓', 'é→〓']);
  });
});

describe('what CP932 decoders show', () => {
  it('reads 0x8160 as ～ U+FF5E and 0x817C as － U+FF0D (Chromium/WHATWG and encoding-japanese agree)', () => {
    const bytes = Uint8Array.from([
      0x81, 0x60, 0x81, 0x7c, 0x87, 0x40, 0xee, 0xe0, 0xfb, 0xfc, 0xed, 0x95, 0xfa, 0xb1,
    ]);
    const whatwg = new TextDecoder('shift_jis').decode(bytes);
    const encodingJapanese = Encoding.convert(bytes, { to: 'UNICODE', from: 'SJIS', type: 'string' });
    expect(whatwg).toBe('\uFF5E\uFF0D①髙髙﨑﨑');
    expect(encodingJapanese).toBe(whatwg);
  });
});

describe('formatCsvDateTime', () => {
  it('formats in Asia/Tokyo as YYYY/MM/DD HH:mm', () => {
    expect(formatCsvDateTime(new Date('2026-01-01T15:30:00Z'))).toBe('2026/01/02 00:30');
    expect(formatCsvDateTime(new Date('2026-07-09T00:05:59.999Z'))).toBe('2026/07/09 09:05');
    expect(formatCsvDateTime(new Date('invalid'))).toBe('');
  });
});
