import { describe, expect, it } from 'vitest';
import {
  CSV_FIELDS,
  CsvFormatError,
  csvHeaderLabel,
  decodeCsvBytes,
  mapCsvHeader,
  parseCsv,
  readCustomerCsv,
  toImportRow,
} from './customer-csv';

const hex = (value: string) => Uint8Array.from(value.match(/../g)!.map((pair) => Number.parseInt(pair, 16)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (text: string) => Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)]);

// 姓,名,セイ,メイ,メモ\r\n佐藤,花子,サトウ,ハナコ,"9時〜17時"\r\n in CP932 (as Excel or our export writes it)
const SHIFT_JIS_FILE = hex(
  '90a92c96bc2c835a83432c838183432c838183820d0a8db293a12c89d48e712c8354836783452c836e836983522c22398e9e816031378e9e220d0a',
);

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with a BOM and drops the BOM', () => {
    expect(decodeCsvBytes(withBom('姓,名\r\n'))).toEqual({ text: '姓,名\r\n', encoding: 'utf-8' });
  });

  it('reads UTF-8 without a BOM', () => {
    expect(decodeCsvBytes(utf8('姓,名\n山田,太郎'))).toEqual({ text: '姓,名\n山田,太郎', encoding: 'utf-8' });
  });

  it('reads Shift_JIS (CP932) when the bytes are not UTF-8, with 〜 as the export wrote it', () => {
    const { text, encoding } = decodeCsvBytes(SHIFT_JIS_FILE);
    expect(encoding).toBe('shift_jis');
    expect(text).toBe('姓,名,セイ,メイ,メモ\r\n佐藤,花子,サトウ,ハナコ,"9時\u301C17時"\r\n');
  });

  it('reads half-width katakana in Shift_JIS', () => {
    expect(decodeCsvBytes(hex('bbc4b3')).text).toBe('ｻﾄｳ');
  });
});

describe('parseCsv', () => {
  it('splits records and fields', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps commas, doubled quotes and newlines inside quoted fields', () => {
    expect(parseCsv('メモ,名\r\n"火曜, 木曜","言った""はい"""\r\n"1行目\r\n2行目",x\r\n')).toEqual([
      ['メモ', '名'],
      ['火曜, 木曜', '言った"はい"'],
      ['1行目\r\n2行目', 'x'],
    ]);
  });

  it('keeps empty fields, quoted or not, and skips blank lines', () => {
    expect(parseCsv('a,,c\r\n\r\n"",b,\r\n\n')).toEqual([
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
  });

  it('refuses an unterminated quote, in Japanese', () => {
    expect(() => parseCsv('a,b\r\n"open,2\r\n')).toThrow(CsvFormatError);
    expect(() => parseCsv('a,b\r\n"open,2\r\n')).toThrow('2 行目の「"」が閉じられていません。');
  });

  it('gives nothing for an empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });
});

describe('mapCsvHeader', () => {
  it('maps the Japanese header the export writes, in the labels of the contract', () => {
    const header = CSV_FIELDS.map(csvHeaderLabel);
    expect(header).toEqual([
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
    ]);
    const mapping = mapCsvHeader(['ID', ...header, '診察券番号', '担当者', '登録日時', '更新日時']);
    expect(mapping.columns).toEqual([null, ...CSV_FIELDS, null, null, null, null]);
    expect(mapping.ignored).toEqual(['ID', '診察券番号', '担当者', '登録日時', '更新日時']);
    expect(mapping.unknown).toEqual([]);
    expect(mapping.missing).toEqual([]);
  });

  it('accepts the English keys, in any case, and a BOM or spaces around a header', () => {
    const mapping = mapCsvHeader([
      '\uFEFFlast_name',
      ' First_Name ',
      'last_name_kana',
      'FIRST_NAME_KANA',
      'email',
    ]);
    expect(mapping.columns).toEqual([
      'last_name',
      'first_name',
      'last_name_kana',
      'first_name_kana',
      'email',
    ]);
  });

  it('reports unknown headers, missing required ones and duplicates', () => {
    const mapping = mapCsvHeader(['氏名', '姓', 'メイ', '姓', '血液型', '']);
    expect(mapping.unknown).toEqual(['氏名', '血液型']);
    expect(mapping.missing).toEqual(['first_name', 'last_name_kana']);
    expect(mapping.duplicated).toEqual(['last_name']);
    expect(mapping.columns).toEqual([null, 'last_name', 'first_name_kana', null, null, null]);
  });
});

describe('toImportRow', () => {
  const columns = mapCsvHeader([
    '姓',
    '名',
    'セイ',
    'メイ',
    '会社名フリガナ',
    '電話番号',
    '郵便番号',
    'タグ',
    'メモ',
  ]).columns;

  it('converts kana, digits and tags as the form does and leaves empty cells out', () => {
    expect(
      toImportRow(
        [
          ' 佐藤 ',
          '花子',
          'さとう',
          'ﾊﾅｺ',
          'ｻﾄｳｺｳﾑﾃﾝ',
          '０３ー１２３４ー５６７８',
          '１５０－０００１',
          '定期検診、VIP;紹介 ; VIP',
          '',
        ],
        columns,
      ),
    ).toEqual({
      last_name: '佐藤',
      first_name: '花子',
      last_name_kana: 'サトウ',
      first_name_kana: 'ハナコ',
      company_name_kana: 'サトウコウムテン',
      phone: '03-1234-5678',
      postal_code: '150-0001',
      tags: ['定期検診', 'VIP', '紹介'],
    });
  });

  it('tolerates short records', () => {
    expect(toImportRow(['山田'], columns)).toEqual({ last_name: '山田' });
  });
});

describe('readCustomerCsv', () => {
  it('reads a Shift_JIS export into rows numbered as a spreadsheet shows them', () => {
    const result = readCustomerCsv(SHIFT_JIS_FILE);
    expect(result).toEqual({
      ok: true,
      encoding: 'shift_jis',
      rows: [
        {
          rowNumber: 2,
          values: {
            last_name: '佐藤',
            first_name: '花子',
            last_name_kana: 'サトウ',
            first_name_kana: 'ハナコ',
            notes: '9時〜17時',
          },
        },
      ],
      unknownHeaders: [],
      ignoredHeaders: [],
    });
  });

  it('skips blank records but keeps the numbering of the file', () => {
    const result = readCustomerCsv(
      withBom('姓,名,セイ,メイ,備考\r\n山田,太郎,ヤマダ,タロウ,x\r\n,,,,\r\n鈴木,一郎,スズキ,イチロウ,\r\n'),
    );
    expect(result.ok && result.rows.map((row) => row.rowNumber)).toEqual([2, 4]);
    expect(result.ok && result.unknownHeaders).toEqual(['備考']);
  });

  it('explains a missing required column before anything is sent', () => {
    const result = readCustomerCsv(utf8('氏名,フリガナ\r\n山田太郎,ヤマダタロウ\r\n'));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toMatch(/^必須の列がありません: 姓、名、セイ、メイ。/);
  });

  it('explains an empty file and a header without rows', () => {
    expect(readCustomerCsv(utf8(''))).toEqual({
      ok: false,
      problems: ['ファイルが空です。1 行目に見出し、2 行目から顧客を書いてください。'],
    });
    expect(readCustomerCsv(utf8('姓,名,セイ,メイ\r\n'))).toEqual({
      ok: false,
      problems: ['顧客の行がありません（見出しの行だけです）。'],
    });
  });

  it('sends more rows than the preview takes to the background import', () => {
    const body = Array.from({ length: 2001 }, (_, i) => `山田,${i},ヤマダ,タロウ`).join('\r\n');
    expect(readCustomerCsv(utf8(`姓,名,セイ,メイ\r\n${body}`))).toEqual({
      ok: false,
      problems: [],
      large: true,
    });
    // 2,000 rows are still checked in the browser.
    expect(readCustomerCsv(utf8(`姓,名,セイ,メイ\r\n${body.slice(0, body.lastIndexOf('\r\n'))}`)).ok).toBe(
      true,
    );
  });
});

describe('unguardFormula', () => {
  it('takes off the one "\'" the export puts before a formula-like cell, and nothing else', async () => {
    const { unguardFormula } = await import('./customer-csv');
    expect(unguardFormula("'+81-3-1234-5678")).toBe('+81-3-1234-5678');
    expect(unguardFormula('\'=HYPERLINK("x")')).toBe('=HYPERLINK("x")');
    expect(unguardFormula("''=1")).toBe("'=1");
    expect(unguardFormula("'山田")).toBe("'山田");
    expect(unguardFormula('03-1234-5678')).toBe('03-1234-5678');
  });
});

describe('the patient card in a CSV', () => {
  it('reads 生年月日 in 西暦 or 和暦 and 性別 by its label', () => {
    const columns = mapCsvHeader(['姓', '名', 'セイ', 'メイ', '生年月日', '性別']).columns;
    expect(toImportRow(['山田', '花子', 'ヤマダ', 'ハナコ', 'S55.4.1', '女性'], columns)).toMatchObject({
      birth_date: '1980-04-01',
      gender: 'female',
    });
    expect(
      toImportRow(['山田', '花子', 'ヤマダ', 'ハナコ', '令和元年5月1日', '回答しない'], columns),
    ).toMatchObject({
      birth_date: '2019-05-01',
      gender: 'undisclosed',
    });
    // What cannot be read goes as it is, for the import to name the field.
    expect(toImportRow(['山田', '花子', 'ヤマダ', 'ハナコ', 'H31.5.1', '不明'], columns)).toMatchObject({
      birth_date: 'H31.5.1',
      gender: '不明',
    });
  });
});
