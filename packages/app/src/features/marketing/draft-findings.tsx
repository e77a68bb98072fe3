import { type components, MARKETING_CHANNEL_LABELS } from '@tsumiki/api-client';
import { AdvertisingFindings, type CheckedText } from './advertising-findings';

type Schemas = components['schemas'];

/** The texts of a campaign proposal as its findings name them (`title`, `phases.0.actions.1`…). */
export function campaignTexts(proposal: Schemas['CampaignProposal']): CheckedText[] {
  return [
    { field: 'title', label: 'キャンペーン名', text: proposal.title },
    { field: 'summary', label: '要約', text: proposal.summary },
    ...proposal.phases.flatMap((phase, p) =>
      phase.actions.map((action, a) => ({
        field: `phases.${p}.actions.${a}`,
        label: `${phase.name}の行動 ${a + 1}`,
        text: action,
      })),
    ),
  ];
}

/** The texts of a calendar entry as its findings name them (`title`, `outline`, `hashtags.0`…). */
export function entryTexts(entry: Schemas['ContentCalendarEntry']): CheckedText[] {
  return [
    { field: 'title', label: '題', text: entry.title },
    { field: 'outline', label: '骨子', text: entry.outline },
    ...entry.hashtags.map((tag, index) => ({ field: `hashtags.${index}`, label: 'ハッシュタグ', text: tag })),
  ];
}

const dateLabel = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/** The calendar's findings, per entry that has any (or one line saying there are none). */
export function CalendarFindings({ entries }: { entries: readonly Schemas['ContentCalendarEntry'][] }) {
  const flagged = entries.filter((entry) => entry.advertising_findings.length > 0);
  if (flagged.length === 0) return <AdvertisingFindings texts={[]} findings={[]} />;
  return (
    <div className="grid gap-3">
      {flagged.map((entry, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id
          key={index}
          className="grid gap-1"
        >
          <h3 className="font-semibold text-sm">
            {dateLabel(entry.date)} {MARKETING_CHANNEL_LABELS[entry.channel]}: {entry.title}
          </h3>
          <AdvertisingFindings
            texts={entryTexts(entry)}
            findings={entry.advertising_findings}
            headingLevel={4}
          />
        </div>
      ))}
    </div>
  );
}
