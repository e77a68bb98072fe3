import type { components } from '@tsumiki/api-client';

type Phase = components['schemas']['CampaignPhase'];

const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const short = (date: string | null) =>
  date ? `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}` : '未定';

/** The phases as bars on one date axis (wide) that stack into a list (narrow); actions under each. */
export function CampaignTimeline({ phases }: { phases: readonly Phase[] }) {
  const dated = phases.filter((phase) => phase.start_date && phase.end_date);
  const start = Math.min(...dated.map((phase) => day(phase.start_date as string)));
  const end = Math.max(...dated.map((phase) => day(phase.end_date as string)));
  const span = Math.max(1, end - start + 1);
  return (
    <ol className="grid gap-3" aria-label="段階">
      {phases.map((phase) => {
        const left = phase.start_date ? ((day(phase.start_date) - start) / span) * 100 : 0;
        const width =
          phase.start_date && phase.end_date
            ? ((day(phase.end_date) - day(phase.start_date) + 1) / span) * 100
            : 100;
        return (
          <li key={phase.name} className="grid gap-1.5 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-3">
            <div className="text-sm">
              <span className="font-semibold">{phase.name}</span>
              <span className="block text-muted-foreground text-xs">
                {short(phase.start_date)}〜{short(phase.end_date)}
              </span>
            </div>
            <div className="grid gap-1.5">
              <div aria-hidden="true" className="relative h-3 rounded-sm bg-secondary">
                <span
                  className="absolute top-0 h-full rounded-sm bg-primary"
                  style={{ left: `${left}%`, width: `${Math.max(2, width)}%` }}
                />
              </div>
              <ul className="list-disc pl-5 text-sm">
                {phase.actions.map((action) => (
                  <li key={action}>{action}</li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
