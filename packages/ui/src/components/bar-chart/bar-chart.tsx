import { useId } from 'react';
import { barChartMessages } from '../../i18n/groups/bar-chart';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export type BarChartDatum = {
  label: string;
  value: number;
  /** A short note shown with the value (e.g. a share), also read by screen readers. */
  hint?: string;
};

export type BarChartProps = {
  /** Shown above the chart and used as the figure's and table's name. */
  title: string;
  data: readonly BarChartDatum[];
  valueFormatter?: (value: number) => string;
  /** `horizontal` (default) lists one bar per row; `vertical` draws columns (scrolls when narrow). */
  orientation?: 'vertical' | 'horizontal';
  /** Shown when `data` is empty; defaults to 表示するデータがありません。 */
  emptyText?: string;
  className?: string;
};

const defaultFormatter = (value: number) => value.toLocaleString('ja-JP');

/**
 * A bar chart in plain HTML/CSS. The bars are decoration (hidden from assistive technology);
 * the same numbers are given to screen readers as a table named by the title.
 */
export function BarChart({
  title,
  data,
  valueFormatter = defaultFormatter,
  orientation = 'horizontal',
  emptyText,
  className,
}: BarChartProps) {
  const messages = useMessageGroups({ barChart: barChartMessages });
  const text = messages.barChart;
  const titleId = useId();
  const max = Math.max(0, ...data.map((datum) => (Number.isFinite(datum.value) ? datum.value : 0)));
  const percent = (value: number) => (max > 0 && value > 0 ? Math.max(1, (value / max) * 100) : 0);

  return (
    <figure
      data-slot="bar-chart"
      data-orientation={orientation}
      aria-labelledby={titleId}
      className={cn('grid min-w-0 gap-3', className)}
    >
      <figcaption id={titleId} className="font-medium text-foreground text-sm">
        {title}
      </figcaption>
      {data.length === 0 ? (
        <p className="text-muted-foreground text-sm">{emptyText ?? text.empty}</p>
      ) : (
        <>
          {orientation === 'horizontal' ? (
            <div aria-hidden="true" data-slot="bar-chart-bars" className="grid gap-2">
              {data.map((datum, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the order is the identity
                  key={index}
                  className="grid min-w-0 grid-cols-[minmax(0,7rem)_1fr] items-center gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,12rem)_1fr]"
                >
                  <span className="min-w-0 break-words text-muted-foreground text-xs sm:text-sm">
                    {datum.label}
                  </span>
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="h-3 min-w-0 flex-1 rounded-sm bg-secondary">
                      <span
                        data-slot="bar-chart-bar"
                        className="block h-full rounded-sm bg-primary"
                        style={{ width: `${percent(datum.value)}%` }}
                      />
                    </span>
                    <span className="shrink-0 text-right text-foreground text-xs tabular-nums sm:text-sm">
                      {valueFormatter(datum.value)}
                      {datum.hint ? <span className="ml-1 text-muted-foreground">{datum.hint}</span> : null}
                    </span>
                  </span>
                </div>
              ))}
            </div>
          ) : (
            <div aria-hidden="true" data-slot="bar-chart-bars" className="overflow-x-auto pb-1">
              <div className="flex min-w-max items-end gap-2" style={{ height: '12rem' }}>
                {data.map((datum, index) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the order is the identity
                    key={index}
                    className="flex h-full w-12 flex-col items-center justify-end gap-1"
                  >
                    <span className="text-foreground text-xs tabular-nums">
                      {valueFormatter(datum.value)}
                    </span>
                    <span className="flex w-8 flex-1 items-end rounded-sm bg-secondary">
                      <span
                        data-slot="bar-chart-bar"
                        className="block w-full rounded-sm bg-primary"
                        style={{ height: `${percent(datum.value)}%` }}
                      />
                    </span>
                    <span
                      className="w-full truncate text-center text-muted-foreground text-xs"
                      title={datum.label}
                    >
                      {datum.label}
                    </span>
                  </div>
                ))}
              </div>
            </div>
          )}
          <table className="sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{text.item}</th>
                <th scope="col">{text.value}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((datum, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the order is the identity
                <tr key={index}>
                  <th scope="row">{datum.label}</th>
                  <td>
                    {valueFormatter(datum.value)}
                    {datum.hint ? `（${datum.hint}）` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
