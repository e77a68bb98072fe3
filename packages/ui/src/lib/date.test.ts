import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatJapaneseDate, wallClock } from './date';
import { formatWareki, isoDateToLocalDate, isoDateToSlashes, parseDateInput } from './date-input';
import { formatRelativeTime } from './date-relative';

// Local-time constructors keep the tests independent of the machine's time zone.
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);

describe('absolute dates', () => {
  it('formats YYYY/MM/DD and YYYY/MM/DD HH:mm with zero padding and a 24-hour clock', () => {
    expect(formatDate(at(2026, 1, 5))).toBe('2026/01/05');
    expect(formatDateTime(at(2026, 11, 22, 9, 5))).toBe('2026/11/22 09:05');
    expect(formatDateTime(at(2026, 11, 22, 0, 30))).toBe('2026/11/22 00:30');
  });

  it('formats in a given time zone', () => {
    expect(formatDateTime('2026-11-21T15:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('2026/11/22 00:30');
    expect(formatDate('2026-11-21T15:30:00Z', { timeZone: 'UTC' })).toBe('2026/11/21');
  });

  it('reads a fixed-offset zone by arithmetic exactly as Intl reads it', () => {
    // Japan and Etc/Universal are other names of the same zones, not in the table: read by Intl.
    // Every 7 h 13 min 17 s over three years, leap day and year ends included.
    for (let time = Date.UTC(2023, 11, 30); time < Date.UTC(2026, 11, 31); time += 26_097_000) {
      expect(wallClock(time, 'Asia/Tokyo')).toEqual(wallClock(time, 'Japan'));
      expect(wallClock(time, 'UTC')).toEqual(wallClock(time, 'Etc/Universal'));
    }
    expect(wallClock('2026-12-31T15:00:00Z', 'Asia/Tokyo')).toEqual({
      year: 2027,
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });

  it('reads the viewer’s own zone as the Date’s local clock', () => {
    for (let time = Date.UTC(2023, 11, 30); time < Date.UTC(2026, 11, 31); time += 26_097_000) {
      const date = new Date(time);
      expect(wallClock(time)).toEqual({
        year: date.getFullYear(),
        month: date.getMonth() + 1,
        day: date.getDate(),
        hour: date.getHours(),
        minute: date.getMinutes(),
        second: date.getSeconds(),
      });
    }
  });

  it('reads other zones through Intl, daylight saving included, and refuses what Intl refuses', () => {
    expect(wallClock('2026-07-01T12:00:00Z', 'America/New_York').hour).toBe(8);
    expect(wallClock('2026-12-01T12:00:00Z', 'America/New_York').hour).toBe(7);
    expect(() => wallClock('2026-07-01T12:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => wallClock('not a date', 'Asia/Tokyo')).toThrow(RangeError);
    expect(() => formatDateTime('not a date', { timeZone: 'Asia/Tokyo' })).toThrow(RangeError);
  });

  it('writes the long Japanese date and the Japanese era (和暦)', () => {
    expect(formatJapaneseDate(at(2026, 11, 22))).toBe('2026年11月22日');
    expect(formatWareki(at(2026, 11, 22))).toBe('令和8年11月22日');
    expect(formatWareki(at(2019, 5, 1))).toBe('令和元年5月1日');
    expect(formatWareki(at(2019, 4, 30))).toBe('平成31年4月30日');
  });
});

describe('formatRelativeTime', () => {
  const now = at(2026, 11, 22, 14, 0);
  it('says たった今, N分前, N時間前, 昨日, then the date', () => {
    expect(formatRelativeTime(at(2026, 11, 22, 13, 59, 30), { now })).toBe('たった今');
    expect(formatRelativeTime(at(2026, 11, 22, 13, 55), { now })).toBe('5分前');
    expect(formatRelativeTime(at(2026, 11, 22, 11, 0), { now })).toBe('3時間前');
    expect(formatRelativeTime(at(2026, 11, 21, 13, 0), { now })).toBe('昨日');
    expect(formatRelativeTime(at(2026, 11, 20, 9, 0), { now })).toBe('2026/11/20');
  });

  it('prefers hours to 昨日 within a day, and shows a future time as its date', () => {
    const earlyMorning = at(2026, 11, 22, 1, 0);
    expect(formatRelativeTime(at(2026, 11, 21, 23, 0), { now: earlyMorning })).toBe('2時間前');
    expect(formatRelativeTime(at(2026, 11, 22, 14, 0, 20), { now })).toBe('たった今');
    expect(formatRelativeTime(at(2026, 11, 25), { now })).toBe('2026/11/25');
  });

  it('accepts ISO strings as the API sends them', () => {
    const iso = new Date(now.getTime() - 10 * 60_000).toISOString();
    expect(formatRelativeTime(iso, { now })).toBe('10分前');
  });
});

describe('parseDateInput', () => {
  it('reads the common ways of typing a date, full-width included', () => {
    expect(parseDateInput('2026/11/22')).toBe('2026-11-22');
    expect(parseDateInput('2026-1-5')).toBe('2026-01-05');
    expect(parseDateInput('２０２６／１１／２２')).toBe('2026-11-22');
    expect(parseDateInput('20261122')).toBe('2026-11-22');
    expect(parseDateInput('2026年11月22日')).toBe('2026-11-22');
    expect(parseDateInput(' 2026.11.22 ')).toBe('2026-11-22');
  });

  it('rejects dates that do not exist and other text', () => {
    expect(parseDateInput('2026/02/29')).toBeNull();
    expect(parseDateInput('2028/02/29')).toBe('2028-02-29');
    expect(parseDateInput('2026/13/01')).toBeNull();
    expect(parseDateInput('11/22')).toBeNull();
    expect(parseDateInput('')).toBeNull();
  });

  it('converts between ISO dates, slashes and local dates', () => {
    expect(isoDateToSlashes('2026-11-22')).toBe('2026/11/22');
    expect(isoDateToSlashes('abc')).toBe('abc');
    expect(isoDateToLocalDate('2026-11-22')?.getDate()).toBe(22);
    expect(isoDateToLocalDate('2026/11/22')).toBeNull();
  });
});
