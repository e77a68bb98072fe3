// The import bench's figures: per size and case the medians of the rounds, the table, the ratio
// of the checked import's time to the plain one's, and the 2-minute target for 100,000 rows.
import { mib } from '../lib/memory.mjs';
import { table } from '../lib/report.mjs';
import { say } from '../lib/runtime.mjs';

const TARGET_SECONDS = 120;

export function summarize(runs, results, { quick, sizes: SIZES }) {
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const summary = runs.map(({ size, case: kind }) => {
    const mine = results.filter((result) => result.size === size && result.case === kind);
    return {
      size,
      case: kind,
      seconds: median(mine.map((run) => run.seconds)),
      rowsPerSecond: median(mine.map((run) => run.rowsPerSecond)),
      scanSeconds: kind === 'check' ? median(mine.map((run) => run.scanSeconds)) : null,
      scanRowsPerSecond: kind === 'check' ? median(mine.map((run) => run.scanRowsPerSecond)) : null,
      found: kind === 'check' ? median(mine.map((run) => run.found)) : null,
      planted: kind === 'check' ? mine[0].planted : null,
      plantedFound: kind === 'check' ? Math.min(...mine.map((run) => run.plantedFound)) : null,
      peakKiB: Math.max(...mine.map((run) => run.peakSampledKiB)),
      growthKiB: Math.max(...mine.map((run) => run.peakSampledKiB - run.restKiB)),
      hwmKiB: Math.max(...mine.map((run) => run.hwmKiB ?? 0)),
    };
  });
  say('');
  say(
    table(
      [
        '行数',
        '重複の確認',
        '時間',
        '行/秒',
        '確認の時間',
        '確認 行/秒',
        '見つけた行',
        'ピーク RSS',
        '増加',
        'VmHWM',
      ],
      summary.map((row) => [
        row.size.toLocaleString('ja-JP'),
        row.case === 'check' ? 'あり' : 'なし',
        `${row.seconds.toFixed(1)} 秒`,
        Math.round(row.rowsPerSecond).toLocaleString('ja-JP'),
        row.scanSeconds === null ? '—' : `${row.scanSeconds.toFixed(1)} 秒`,
        row.scanRowsPerSecond === null ? '—' : Math.round(row.scanRowsPerSecond).toLocaleString('ja-JP'),
        row.found === null ? '—' : `${row.found}（仕込み ${row.plantedFound}/${row.planted}）`,
        mib(row.peakKiB),
        mib(row.growthKiB),
        mib(row.hwmKiB),
      ]),
      ['r', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  const ratios = SIZES.flatMap((size) => {
    const plain = summary.find((row) => row.size === size && row.case === 'plain');
    const checked = summary.find((row) => row.size === size && row.case === 'check');
    return plain && checked
      ? [{ size, timeRatio: checked.seconds / plain.seconds, memoryRatio: checked.peakKiB / plain.peakKiB }]
      : [];
  });
  for (const ratio of ratios) {
    say(
      `${ratio.size.toLocaleString('ja-JP')} 行: 重複の確認ありの時間 ÷ なし = ${ratio.timeRatio.toFixed(2)}、ピーク RSS の比 ${ratio.memoryRatio.toFixed(2)}`,
    );
  }
  const plainRuns = summary.filter((row) => row.case === 'plain');
  const [small, large] = plainRuns;
  const memoryRatio = small && large ? large.peakKiB / small.peakKiB : null;
  if (memoryRatio !== null) {
    say(
      `ピーク RSS の比（${large.size.toLocaleString('ja-JP')} 行 / ${small.size.toLocaleString('ja-JP')} 行）: ${memoryRatio.toFixed(2)}`,
    );
  }
  const hundredThousand = summary.filter((row) => row.size === 100_000);
  if (!quick) {
    for (const row of hundredThousand) {
      say(
        `${row.seconds <= TARGET_SECONDS ? '目標内' : '目標外'}: 100,000 行を ${row.seconds.toFixed(1)} 秒（重複の確認${row.case === 'check' ? 'あり' : 'なし'}、目標 ${TARGET_SECONDS} 秒以内）`,
      );
    }
  }
  return { summary, ratios, memoryRatio };
}
