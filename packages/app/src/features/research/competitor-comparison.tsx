import type { ResearchReport } from './research-labels';

type Competitor = ResearchReport['competitors'][number];

/** The competitors side by side: one card each on narrow screens, a table on wider ones. */
export function CompetitorComparison({
  reportId,
  competitors,
}: {
  reportId: string;
  competitors: readonly Competitor[];
}) {
  return (
    <section aria-labelledby={`research-${reportId}-competitors`} className="grid gap-2">
      <h3 id={`research-${reportId}-competitors`} className="font-semibold">
        競合の比較
      </h3>
      {/* Narrow screens: one card per competitor; wider: the table. */}
      <ul className="grid gap-2 md:hidden">
        {competitors.map((competitor) => (
          <li key={competitor.name} className="grid gap-1 rounded-md border p-3 text-sm">
            <p className="font-medium">{competitor.name}</p>
            <p>{competitor.summary}</p>
            <p className="text-xs font-medium text-muted-foreground">強み</p>
            <ul className="grid list-disc gap-0.5 pl-5">
              {competitor.strengths.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <p className="text-xs font-medium text-muted-foreground">弱み</p>
            <ul className="grid list-disc gap-0.5 pl-5">
              {competitor.weaknesses.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <div className="hidden rounded-md border md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="p-2 font-medium">
                競合
              </th>
              <th scope="col" className="p-2 font-medium">
                概要
              </th>
              <th scope="col" className="p-2 font-medium">
                強み
              </th>
              <th scope="col" className="p-2 font-medium">
                弱み
              </th>
            </tr>
          </thead>
          <tbody>
            {competitors.map((competitor) => (
              <tr key={competitor.name} className="border-t align-top">
                <th scope="row" className="p-2 font-medium">
                  {competitor.name}
                </th>
                <td className="p-2">{competitor.summary}</td>
                <td className="p-2">
                  <ul className="grid gap-1">
                    {competitor.strengths.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </td>
                <td className="p-2">
                  <ul className="grid gap-1">
                    {competitor.weaknesses.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
