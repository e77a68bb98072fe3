import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatCount,
  formatTenantDate,
  formatTenantDateTime,
  getDisplayTimeZone,
  safeReturnPath,
  setDisplayTimeZone,
  startOfMonth,
} from './format';

// The device is in New York: what the screens show must not depend on it.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = deviceZone;
  setDisplayTimeZone(null);
});

describe('formatCount', () => {
  it('groups whole numbers as Intl does for ja-JP, and leaves the rest to Intl', () => {
    const intl = new Intl.NumberFormat('ja-JP');
    for (const value of [0, 7, 999, 1000, 12345, 100036, -1234567, Number.MAX_SAFE_INTEGER, 1.5, -0.25])
      expect(formatCount(value)).toBe(intl.format(value));
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('safeReturnPath', () => {
  it('keeps same-origin paths and refuses everything else', () => {
    expect(safeReturnPath('/customers?search=佐藤')).toBe('/customers?search=佐藤');
    expect(safeReturnPath('//evil.example/x')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });

  it('refuses paths a browser would read as another site (tabs, line breaks, backslashes)', () => {
    expect(safeReturnPath('/\t/evil.example')).toBe('/');
    expect(safeReturnPath('/\n/evil.example')).toBe('/');
    expect(safeReturnPath('/customers\\..\\evil')).toBe('/');
  });
});

describe('times in the tenant’s zone', () => {
  it('runs on a device whose zone is not Japan', () => {
    // 2026-07-01 is EDT (UTC-4) in New York: the setting is in force.
    expect(new Date('2026-07-01T00:00:00Z').getTimezoneOffset()).toBe(240);
  });

  it('shows Japan time by default and the tenant’s zone once set', () => {
    setDisplayTimeZone(null);
    expect(getDisplayTimeZone()).toBe('Asia/Tokyo');
    expect(formatTenantDateTime('2026-11-22T15:30:00.000Z')).toBe('2026/11/23 00:30');
    expect(formatTenantDate('2026-11-22T15:30:00.000Z')).toBe('2026/11/23');
    setDisplayTimeZone('Europe/London');
    expect(formatTenantDateTime('2026-11-22T15:30:00.000Z')).toBe('2026/11/22 15:30');
    setDisplayTimeZone('Not/AZone');
    expect(getDisplayTimeZone()).toBe('Asia/Tokyo');
  });

  it('starts this month at 00:00 on the 1st in Japan, not on the device', () => {
    // 2026-11-30 20:00 in New York is already December 1st, 10:00 in Tokyo.
    expect(startOfMonth(new Date('2026-12-01T01:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-30T15:00:00.000Z');
    // 2026-11-01 05:00 in Tokyo is still October in UTC.
    expect(startOfMonth(new Date('2026-10-31T20:00:00Z'), 'Asia/Tokyo')).toBe('2026-10-31T15:00:00.000Z');
    expect(startOfMonth(new Date('2026-10-31T20:00:00Z'), 'UTC')).toBe('2026-10-01T00:00:00.000Z');
  });

  it('follows the zone’s offset on the 1st across a daylight-saving change', () => {
    // New York: November 1st 2026 is the day summer time ends (midnight is still EDT, UTC-4).
    expect(startOfMonth(new Date('2026-11-15T12:00:00Z'), 'America/New_York')).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    // March 1st is EST (UTC-5).
    expect(startOfMonth(new Date('2026-03-15T12:00:00Z'), 'America/New_York')).toBe(
      '2026-03-01T05:00:00.000Z',
    );
  });

  it('uses the display zone when none is given', () => {
    setDisplayTimeZone('Asia/Tokyo');
    expect(startOfMonth(new Date('2026-12-01T01:00:00Z'))).toBe('2026-11-30T15:00:00.000Z');
  });
});
