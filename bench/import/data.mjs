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

/** `count` customers as CSV cells (HEADER's columns), one array per row. */
export function customerRows(count, seed) {
  const random = prng(seed).next;
  const { customers } = generateCustomers({
    seed,
    count,
    tenantId: null,
    userIds: [null],
    now: new Date('2026-11-01T00:00:00Z'),
    interactionsPerCustomer: 0,
  });
  return customers.map((c) => {
    const gender = random();
    return [
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
    ].map((cell) => cell ?? '');
  });
}

/** Rows as a CSV text (CRLF, header first). */
export function rowsToCsv(rows) {
  return `${[HEADER.join(','), ...rows.map((cells) => cells.map(quote).join(','))].join('\r\n')}\r\n`;
}

/** `count` customers as a CSV text (CRLF, header first). */
export function customerCsv(count, seed) {
  return rowsToCsv(customerRows(count, seed));
}

const COLUMN = { lastName: 0, firstName: 1, lastKana: 2, firstKana: 3, birth: 4, email: 8, phone: 9 };

/** Another kana for the last letter of a reading: one letter replaced. */
function otherLastKana(kana) {
  const last = kana.at(-1);
  return `${kana.slice(0, -1)}${last === 'ア' ? 'イ' : 'ア'}`;
}

/**
 * The bench file with planted likely duplicates (one row in `every`): each planted row replaces a
 * row with another person's copy of an earlier row — the same reading and birth date under other
 * kanji, the same phone, the same e-mail in capitals, the reading with its last letter changed and
 * the same birth date — or of a customer already registered (`existing`: their phone), in turn.
 * Returns the rows and the file's row numbers (the header is row 1) of the planted ones.
 */
export function plantDuplicates(rows, seed, { every = 1000, existing = [] } = {}) {
  const random = prng(seed).next;
  const planted = [];
  const kinds = ['reading', 'phone', 'email', 'similar', ...(existing.length > 0 ? ['existing'] : [])];
  let kindIndex = 0;
  for (let index = every - 1; index < rows.length; index += every) {
    const kind = kinds[kindIndex % kinds.length];
    kindIndex += 1;
    // An earlier row with what this kind copies.
    const needs = { reading: COLUMN.birth, similar: COLUMN.birth, phone: COLUMN.phone, email: COLUMN.email };
    let source = Math.floor(random() * index);
    if (kind !== 'existing') {
      while (source > 0 && (rows[source][needs[kind]] === '' || planted.includes(source + 2))) source -= 1;
      if (rows[source][needs[kind]] === '') continue;
    }
    const from = rows[source];
    const row = [...rows[index]];
    row[COLUMN.email] = '';
    row[COLUMN.phone] = '';
    row[COLUMN.birth] = '';
    if (kind === 'reading' || kind === 'similar') {
      row[COLUMN.lastName] = from[COLUMN.lastName];
      row[COLUMN.firstName] = `${from[COLUMN.firstName]}子`;
      row[COLUMN.lastKana] = from[COLUMN.lastKana];
      row[COLUMN.firstKana] =
        kind === 'similar' ? otherLastKana(from[COLUMN.firstKana]) : from[COLUMN.firstKana];
      row[COLUMN.birth] = from[COLUMN.birth];
    } else if (kind === 'phone') {
      row[COLUMN.phone] = from[COLUMN.phone];
    } else if (kind === 'email') {
      row[COLUMN.email] = from[COLUMN.email].toUpperCase();
    } else {
      row[COLUMN.phone] = existing[kindIndex % existing.length].phone;
    }
    rows[index] = row;
    planted.push(index + 2);
  }
  return { rows, planted };
}
