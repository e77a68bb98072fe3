// The import bench's file: realistic customers (bench/lib/data.mjs: names and readings with their
// real frequencies, companies, phones, addresses, tags) as the CSV the export writes, with a
// birth date for most — about one in three written in 和暦 (「昭和55年4月1日」「S55.4.1」) as
// clinics' old systems export them — and a 性別 label for some.
import { generateCustomers, prng } from '../lib/data.mjs';

const HEADER = [
  '姓',
  '名',
  'セイ',
  'メイ',
  '生年月日',
  '性別',
  '会社名',
  '会社名フリガナ',
  'メールアドレス',
  '電話番号',
  '郵便番号',
  '都道府県',
  '市区町村',
  '番地・建物名',
  'タグ',
  'メモ',
];

const ERAS = [
  { name: '昭和', letter: 'S', start: 1926 },
  { name: '平成', letter: 'H', start: 1989 },
];

function quote(cell) {
  const text = cell ?? '';
  return /[",\r\n]/u.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function birthDate(random) {
  const year = 1935 + Math.floor(random() * 70);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const style = random();
  const era = year >= 1989 ? ERAS[1] : ERAS[0];
  const eraYear = year - era.start + 1;
  if (style < 0.15) return `${era.name}${eraYear}年${month}月${day}日`;
  if (style < 0.3) return `${era.letter}${eraYear}.${month}.${day}`;
  return `${year}/${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`;
}

/** `count` customers as a CSV text (CRLF, header first). */
export function customerCsv(count, seed) {
  const random = prng(seed).next;
  const { customers } = generateCustomers({
    seed,
    count,
    tenantId: null,
    userIds: [null],
    now: new Date('2026-11-01T00:00:00Z'),
    interactionsPerCustomer: 0,
  });
  const lines = [HEADER.join(',')];
  for (const c of customers) {
    const gender = random();
    lines.push(
      [
        c.last_name,
        c.first_name,
        c.last_name_kana,
        c.first_name_kana,
        random() < 0.9 ? birthDate(random) : '',
        gender < 0.4 ? '女性' : gender < 0.75 ? '男性' : '',
        c.company_name,
        c.company_name_kana,
        c.email,
        c.phone,
        c.postal_code,
        c.prefecture,
        c.city,
        c.address_line,
        (c.tags ?? []).join(';'),
        c.notes,
      ]
        .map(quote)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
