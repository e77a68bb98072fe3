import { type components, MARKETING_CHANNEL_LABELS } from '@tsumiki/api-client';
import { Chip } from '@tsumiki/ui';

type Entry = components['schemas']['ContentCalendarEntry'];

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const label = (date: string) =>
  `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日（${WEEKDAYS[weekday(date)]}）`;

/** How many advertising findings an entry has (listed under the calendar), when it has any. */
function FindingCount({ entry }: { entry: Entry }) {
  const count = entry.advertising_findings.length;
  if (count === 0) return null;
  return (
    <Chip variant="warning" size="sm" className="justify-self-start">
      広告の指摘 {count} 件
    </Chip>
  );
}

function EntryCard({ entry }: { entry: Entry }) {
  return (
    <div className="grid gap-0.5 rounded border bg-card p-1.5 text-xs">
      <span className="font-medium">
        {MARKETING_CHANNEL_LABELS[entry.channel]}: {entry.title}
      </span>
      {entry.occasion ? <span className="text-primary">{entry.occasion}</span> : null}
      <FindingCount entry={entry} />
    </div>
  );
}

/** The calendar as month grids (weeks from Sunday) on wide screens and as a dated list on narrow ones. */
export function ContentCalendarView({ entries }: { entries: readonly Entry[] }) {
  if (entries.length === 0) return <p className="text-muted-foreground text-sm">投稿予定はありません。</p>;
  const byDate = new Map<string, Entry[]>();
  for (const entry of entries) byDate.set(entry.date, [...(byDate.get(entry.date) ?? []), entry]);
  const first = entries[0]?.date as string;
  const last = entries.at(-1)?.date as string;
  const gridStart = addDays(first, -weekday(first));
  const weeks: string[][] = [];
  for (let day = gridStart; day <= last; day = addDays(day, 7))
    weeks.push(Array.from({ length: 7 }, (_, offset) => addDays(day, offset)));

  return (
    <div className="grid gap-4">
      <table className="hidden w-full table-fixed border-collapse text-sm lg:table">
        <caption className="sr-only">コンテンツカレンダー（週ごと）</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" className="border p-1 font-medium">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <td key={day} className="h-24 border p-1 align-top">
                  <span className="block text-muted-foreground text-xs">
                    {day.slice(8, 10) === '01' || day === week[0] ? `${Number(day.slice(5, 7))}/` : ''}
                    {Number(day.slice(8, 10))}
                  </span>
                  <div className="grid gap-1">
                    {(byDate.get(day) ?? []).map((entry, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: entries of a day have no id
                      <EntryCard key={index} entry={entry} />
                    ))}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ol className="grid gap-3 lg:hidden" aria-label="投稿予定">
        {[...byDate.entries()].map(([date, list]) => (
          <li key={date} className="grid gap-1.5">
            <h3 className="font-semibold text-sm">{label(date)}</h3>
            {list.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries of a day have no id
              <div key={index} className="grid gap-1 rounded-md border p-2 text-sm">
                <span className="font-medium">
                  {MARKETING_CHANNEL_LABELS[entry.channel]}: {entry.title}
                </span>
                {entry.occasion ? (
                  <span className="text-primary text-xs">きっかけ: {entry.occasion}</span>
                ) : null}
                <span className="text-muted-foreground">{entry.outline}</span>
                <span className="text-xs">{entry.hashtags.join(' ')}</span>
                <FindingCount entry={entry} />
              </div>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}
