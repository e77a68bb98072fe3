import type { components } from '@tsumiki/api-client/schema';
import type { Permission } from '../../platform/access/permissions';
import type { AiProvider } from '../../platform/ai/provider';
import type { TextIndex } from '../../platform/search/text-index';

type AiSource = components['schemas']['AiSource'];

export interface MarketingServices {
  /** The AI provider: with a chat model, the model rewrites the wording of the rule-based draft. */
  ai: AiProvider;
  textIndex: TextIndex;
  /** The user's permissions: documents they could not open are not quoted. */
  can?: (permission: Permission) => boolean;
}

/** What the user typed, cited as a source. */
export function userInput(title: string, excerpt: string): AiSource {
  return { type: 'user_input', id: null, title, excerpt: excerpt.slice(0, 300), url: null };
}

/** An ISO date `days` after (or before) another. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
