import { describe, expect, it } from 'vitest';
import { qrImageUrl } from './mfa-api';

describe('qrImageUrl', () => {
  it('encodes the SVG that auth-js puts in a data URI as it is (a # would end the URI)', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff" d="M0 0h1"/></svg>';
    const url = qrImageUrl(`data:image/svg+xml;utf-8,${svg}`);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(url).not.toContain('#');
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(svg);
  });
  it('leaves an encoded URI or another image alone', () => {
    const encoded = 'data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E';
    expect(qrImageUrl(encoded)).toBe(encoded);
    expect(qrImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
