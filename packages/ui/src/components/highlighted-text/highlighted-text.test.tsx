import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedText, highlightSegments } from './highlighted-text';

describe('highlightSegments', () => {
  it('marks the given ranges and keeps the rest', () => {
    expect(highlightSegments('第5条（解約）は30日前', [{ start: 4, length: 2 }])).toEqual([
      { text: '第5条（', marked: false },
      { text: '解約', marked: true },
      { text: '）は30日前', marked: false },
    ]);
  });

  it('merges overlapping ranges, sorts them and clamps them to the text', () => {
    expect(
      highlightSegments('あいうえお', [
        { start: 3, length: 10 },
        { start: 0, length: 2 },
        { start: 1, length: 2 },
      ]),
    ).toEqual([{ text: 'あいうえお', marked: true }]);
    expect(
      highlightSegments('あいうえお', [
        { start: 4, length: 1 },
        { start: 0, length: 1 },
      ]),
    ).toEqual([
      { text: 'あ', marked: true },
      { text: 'いうえ', marked: false },
      { text: 'お', marked: true },
    ]);
  });

  it('gives the whole text unmarked without ranges', () => {
    expect(highlightSegments('解約', [])).toEqual([{ text: '解約', marked: false }]);
  });
});

describe('HighlightedText', () => {
  it('renders the matches as <mark>', () => {
    const { container } = render(
      <HighlightedText text="書面で解約する" highlights={[{ start: 3, length: 2 }]} />,
    );
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['解約']);
    expect(container.textContent).toBe('書面で解約する');
  });
});
