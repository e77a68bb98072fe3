/** What every offline report is made of: its draft shape, the numbered citations of a section. */
import type { components } from '@tsumiki/api-client/schema';
import { clip, type SourceBook } from './research.sources';
import type { StoredReportBody } from './research.tables';

type Schemas = components['schemas'];
export type ResearchTopic = Schemas['ResearchTopic'];
export type CompetitorFocus = Schemas['CompetitorFocus'];
type Section = Schemas['ReportSection'];

export const ALL_TOPICS: readonly ResearchTopic[] = [
  'overview',
  'needs',
  'history',
  'risks',
  'opportunities',
];
export const ALL_FOCUS: readonly CompetitorFocus[] = [
  'pricing',
  'services',
  'marketing',
  'reputation',
  'location',
];

export interface ResearchDraft extends StoredReportBody {
  title: string;
}

export const DEPTH_LIMITS = {
  quick: { interactions: 3, documents: 3 },
  standard: { interactions: 5, documents: 5 },
  deep: { interactions: 10, documents: 10 },
} as const;

export interface DocumentMention {
  sourceType: 'document' | 'knowledge_document';
  id: string;
  title: string;
  snippet: string;
  url: string;
}

export function section(heading: string, body: string, bullets: string[], citations: number[]): Section {
  return { heading, body, bullet_points: bullets, citations: [...new Set(citations)].sort((a, b) => a - b) };
}

/** The documents naming the subject, added to the report's sources; their numbers, in order. */
export function citeDocuments(book: SourceBook, documents: readonly DocumentMention[]): number[] {
  return documents.map((document) =>
    book.add({
      type: document.sourceType,
      id: document.id,
      title: document.title,
      excerpt: clip(document.snippet),
      url: document.url,
    }),
  );
}
