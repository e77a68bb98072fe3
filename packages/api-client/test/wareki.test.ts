import { describe, expect, it } from 'vitest';
import { ageOn, formatBirthDate, formatWareki, readDate, todayIn } from '../src/wareki';

function read(input: string, today?: string): string {
  const reading = readDate(input, today);
  return reading.ok ? reading.date : `× ${reading.reason}`;
}

describe('readDate', () => {
  it.each([
    ['S55.4.1', '1980-04-01'],
    ['s55.4.1', '1980-04-01'],
    ['昭和55年4月1日', '1980-04-01'],
    ['昭55.4.1', '1980-04-01'],
    ['1980/4/1', '1980-04-01'],
    ['1980-04-01', '1980-04-01'],
    ['1980年4月1日', '1980-04-01'],
    ['19800401', '1980-04-01'],
    ['R2.1.5', '2020-01-05'],
    ['令和2年1月5日', '2020-01-05'],
    ['H31.4.30', '2019-04-30'],
    ['Ｓ５５．４．１', '1980-04-01'],
    ['１９８０／４／１', '1980-04-01'],
    ['昭和５５年４月１日', '1980-04-01'],
    [' 令和元年5月1日 ', '2019-05-01'],
    ['R1.5.1', '2019-05-01'],
    ['平成元年1月8日', '1989-01-08'],
    ['昭和64年1月7日', '1989-01-07'],
    ['昭和元年12月25日', '1926-12-25'],
    ['大正15年12月24日', '1926-12-24'],
    ['大正元年7月30日', '1912-07-30'],
    ['明治45年7月29日', '1912-07-29'],
    ['M40.1.1', '1907-01-01'],
  ])('reads %s as %s', (input, expected) => {
    expect(read(input)).toBe(expected);
  });

  it.each([
    ['H31.5.1', '平成31年5月1日はありません（平成は平成31年4月30日まで。この日は令和元年5月1日です）'],
    ['昭和64年1月8日', '昭和64年1月8日はありません（昭和は昭和64年1月7日まで。この日は平成元年1月8日です）'],
    ['S65.1.1', '昭和65年1月1日はありません（昭和は昭和64年1月7日まで。この日は平成2年1月1日です）'],
    [
      '令和元年4月30日',
      '令和元年4月30日はありません（令和は令和元年5月1日から。この日は平成31年4月30日です）',
    ],
    [
      '大正元年7月29日',
      '大正元年7月29日はありません（大正は大正元年7月30日から。この日は明治45年7月29日です）',
    ],
    ['T15.12.25', '大正15年12月25日はありません（大正は大正15年12月24日まで。この日は昭和元年12月25日です）'],
    ['M45.7.30', '明治45年7月30日はありません（明治は明治45年7月29日まで。この日は大正元年7月30日です）'],
    // Before the Gregorian calendar (明治6年) there is no day to name.
    ['明治元年1月1日', '明治元年1月1日はありません（明治は明治元年10月23日から）'],
  ])('refuses %s outside its era, naming the boundary and the day', (input, reason) => {
    expect(read(input)).toBe(`× ${reason}`);
  });

  it.each(['1980/2/30', 'S55.13.1', 'X55.4.1', '昭和', '', 'あした', '1860/1/1', 'H0.1.1'])(
    'refuses %j',
    (input) => {
      expect(read(input)).toMatch(/^× /u);
    },
  );

  it('refuses a date after today', () => {
    expect(read('2026/11/29', '2026-11-28')).toBe('× 未来の日付は入力できません');
    expect(read('2026/11/28', '2026-11-28')).toBe('2026-11-28');
  });
});

describe('formatWareki and the age', () => {
  it('shows the era, 元年 and the age on a day', () => {
    expect(formatBirthDate('1980-04-01', '2026-11-28')).toBe('昭和55年4月1日（46歳）');
    expect(formatWareki('2019-05-01')).toBe('令和元年5月1日');
    expect(formatWareki('2019-04-30')).toBe('平成31年4月30日');
    expect(formatWareki('1989-01-07')).toBe('昭和64年1月7日');
    expect(formatWareki('1989-01-08')).toBe('平成元年1月8日');
    expect(formatWareki('1926-12-25')).toBe('昭和元年12月25日');
    expect(formatWareki('1912-07-30')).toBe('大正元年7月30日');
  });

  it('counts a year on the birthday, not the day before', () => {
    expect(ageOn('1980-11-28', '2026-11-28')).toBe(46);
    expect(ageOn('1980-11-29', '2026-11-28')).toBe(45);
    expect(ageOn('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageOn('2000-02-29', '2025-03-01')).toBe(25);
  });

  it("takes today from the tenant's zone", () => {
    // 2026-11-27 20:00 UTC is already the 28th in Tokyo.
    const now = new Date('2026-11-27T20:00:00Z');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-28');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-27');
    expect(formatBirthDate('1980-11-28', todayIn('Asia/Tokyo', now))).toBe('昭和55年11月28日（46歳）');
    expect(formatBirthDate('1980-11-28', todayIn('America/Los_Angeles', now))).toBe(
      '昭和55年11月28日（45歳）',
    );
  });
});
