import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A range of a text: its start and length in UTF-16 code units (as the API gives them). */
export type TextRange = { start: number; length: number };

export type HighlightedTextProps = Omit<ComponentProps<'span'>, 'children'> & {
  text: string;
  /** Ranges to mark; overlapping or out-of-bounds ranges are merged and clamped. */
  highlights?: readonly TextRange[];
};

export type TextSegment = { text: string; marked: boolean };

/** Splits `text` into plain and marked segments (ranges sorted, merged and clamped to the text). */
export function highlightSegments(text: string, highlights: readonly TextRange[] = []): TextSegment[] {
  const ranges = highlights
    .map(({ start, length }) => [Math.max(0, start), Math.min(text.length, start + length)] as const)
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of ranges) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const [from, to] of merged) {
    if (from > cursor) segments.push({ text: text.slice(cursor, from), marked: false });
    segments.push({ text: text.slice(from, to), marked: true });
    cursor = to;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), marked: false });
  return segments;
}

/** A snippet with its matches in `<mark>` (search results, excerpts). */
export function HighlightedText({ text, highlights, className, ...props }: HighlightedTextProps) {
  return (
    <span
      data-slot="highlighted-text"
      className={cn('whitespace-pre-wrap break-words', className)}
      {...props}
    >
      {highlightSegments(text, highlights).map((segment, index) =>
        segment.marked ? (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their order
            key={index}
            className="rounded-sm bg-warning-subtle px-0.5 font-semibold text-warning-subtle-foreground"
          >
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
