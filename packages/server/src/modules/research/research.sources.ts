import type { components } from '@tsumiki/api-client/schema';

export type AiSource = components['schemas']['AiSource'];

/** The numbered sources of one report: adding the same source twice answers its first number. */
export class SourceBook {
  readonly sources: AiSource[] = [];

  /** 1-based number of the source. */
  add(source: AiSource): number {
    const found = this.sources.findIndex(
      (known) =>
        known.type === source.type &&
        known.id === source.id &&
        known.title === source.title &&
        known.url === source.url,
    );
    if (found !== -1) return found + 1;
    this.sources.push(source);
    return this.sources.length;
  }
}

/** About `length` characters of a text on one line, '…' where cut. */
export function clip(text: string, length = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= length ? line : `${line.slice(0, length)}…`;
}

export function yen(value: number): string {
  return `${value.toLocaleString('ja-JP')} 円`;
}
