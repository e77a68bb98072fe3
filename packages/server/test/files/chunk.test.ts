import { describe, expect, it } from 'vitest';
import { CHUNK_MAX, CHUNK_MIN, chunkText } from '../../src/platform/extract/chunk';

describe('chunkText', () => {
  it('cuts at the end of a sentence within 400–600 characters, never across pages', () => {
    const sentence = 'カルテは診療が完結した日から五年間保存します。'; // 23 characters
    const page1 = sentence.repeat(60); // 1,380 characters
    const page2 = '停電のときは非常用電源に切り替えます。';
    const chunks = chunkText({
      parts: [
        { page: 1, text: page1 },
        { page: 2, text: page2 },
      ],
      pageCount: 2,
    });
    const first = chunks.filter((chunk) => chunk.page === 1);
    expect(first.length).toBe(3);
    for (const chunk of first.slice(0, -1)) {
      expect(chunk.text.length).toBeGreaterThanOrEqual(CHUNK_MIN);
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX);
      expect(chunk.text.endsWith('。')).toBe(true);
    }
    // Offsets point into the page's text; together the chunks are the page.
    for (const chunk of first)
      expect(page1.slice(chunk.start, chunk.start + chunk.text.length)).toBe(chunk.text);
    expect(first.map((chunk) => chunk.text).join('')).toBe(page1);
    expect(chunks.at(-1)).toEqual({ index: 3, page: 2, start: 0, text: page2 });
    expect(chunks.map((chunk) => chunk.index)).toEqual([0, 1, 2, 3]);
  });

  it('cuts text without any boundary at the maximum and drops white space only', () => {
    const text = 'あ'.repeat(1500);
    const chunks = chunkText({
      parts: [
        { page: null, text: `  ${text}\n\n   ` },
        { page: null, text: ' \n ' },
      ],
      pageCount: null,
    });
    expect(chunks.map((chunk) => chunk.text.length)).toEqual([CHUNK_MAX - 2, CHUNK_MAX, 302]);
    expect(chunks[0]?.start).toBe(2);
  });
});
