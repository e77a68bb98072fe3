/**
 * The rules' findings on the marketing drafts, computed on the wording the user receives (the
 * rules' draft offline, the model's rewrite with a model), so every draft carries its findings.
 * Drafts are checked by the rules only: the model already wrote the draft once, and a second call
 * per draft would double its cost; the 広告チェック tool adds the model's review on request.
 */
import type { components } from '@tsumiki/api-client/schema';
import { type AdvertisingFinding, checkFields } from './advertising-check';

type Schemas = components['schemas'];
type CalendarEntry = Schemas['ContentCalendarEntry'];

/** A campaign proposal's findings: its title, summary and each phase's actions. */
export function campaignFindings(
  proposal: Pick<Schemas['CampaignProposal'], 'title' | 'summary' | 'phases'>,
): AdvertisingFinding[] {
  return checkFields([
    ['title', proposal.title],
    ['summary', proposal.summary],
    ...proposal.phases.flatMap((phase, p) =>
      phase.actions.map((action, a) => [`phases.${p}.actions.${a}`, action] as const),
    ),
  ]);
}

/** Each calendar entry with the findings on its title, outline and hashtags. */
export function withEntryFindings(
  entries: readonly Omit<CalendarEntry, 'advertising_findings'>[],
): CalendarEntry[] {
  return entries.map((entry) => ({
    ...entry,
    advertising_findings: checkFields([
      ['title', entry.title],
      ['outline', entry.outline],
      ...entry.hashtags.map((tag, index) => [`hashtags.${index}`, tag] as const),
    ]),
  }));
}
