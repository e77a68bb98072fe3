import os from 'node:os';
import { integer, mark, ms, percent, table } from './report.mjs';
import { say } from './runtime.mjs';

/**
 * Prints the customer-list bench's table (each case, each server: req/s, latencies, round trips,
 * the two ratios), CPU per answer, the ILIKE comparison and the targets; returns the targets.
 */
export function printCustomersReport({
  results,
  cases,
  servers,
  settings,
  TARGETS,
  ilike,
  hits,
  counts,
  load,
}) {
  const term = settings.searchTerm;
  const { loadBefore, loadAfter } = load;
  const byKey = Object.fromEntries(results.map((r) => [r.key, r]));
  const targets = [
    ...(byKey.default
      ? [
          {
            name: `既定の一覧: 下限（1 文）の req/s の ${TARGETS.floorRatio * 100}% 以上`,
            value: byKey.default.floorRatio,
            shown: percent(byKey.default.floorRatio),
            met: byKey.default.floorRatio >= TARGETS.floorRatio,
          },
        ]
      : []),
    ...results.map((r) => ({
      name: `${r.label}: 素の実装の req/s の ${TARGETS.ratio * 100}% 以上`,
      value: r.ratio,
      shown: percent(r.ratio),
      met: r.ratio >= TARGETS.ratio,
    })),
    ...(byKey.default
      ? [
          {
            name: `既定の一覧: p99 ≤ ${TARGETS.defaultP99} ms（接続 ${settings.connections}）`,
            value: byKey.default.tsumiki.p99,
            shown: ms(byKey.default.tsumiki.p99),
            met: byKey.default.tsumiki.p99 <= TARGETS.defaultP99,
          },
        ]
      : []),
    ...(byKey.search
      ? [
          {
            name: `2 文字検索: p95 ≤ ${TARGETS.searchP95} ms（接続 ${settings.connections}）`,
            value: byKey.search.tsumiki.p95,
            shown: ms(byKey.search.tsumiki.p95),
            met: byKey.search.tsumiki.p95 <= TARGETS.searchP95,
          },
        ]
      : []),
    {
      name: `2 文字検索: 索引なしの ILIKE の ${TARGETS.ilikeFactor} 倍以上速い（1 接続、中央値）`,
      value: ilike.factor,
      shown: `${ilike.factor.toFixed(1)} 倍`,
      met: ilike.factor >= TARGETS.ilikeFactor,
    },
  ];

  say();
  say(
    'GET /api/customers — Tsumiki と素の Fastify + pg 2 つ（同じトークン検証。素の実装は同じ SQL、下限は 1 文）',
  );
  say(
    `顧客 ${integer(counts.customers)} 件・やり取り ${integer(counts.interactions)} 件、接続 ${settings.connections}、` +
      `プール ${settings.poolSize}、${settings.durationSeconds} 秒 × ${settings.rounds} ラウンド（A/B 交互）、` +
      `Node ${process.version}、${os.cpus().length} コア（ロードアベレージ ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}）`,
  );
  say();
  const spread = (ratios) =>
    ratios.length > 1
      ? `各回 ${(Math.min(...ratios) * 100).toFixed(0)}〜${(Math.max(...ratios) * 100).toFixed(0)}%`
      : '';
  const rows = [];
  for (const r of results) {
    for (const server of servers) {
      const s = r[server.key];
      const first = server.key === 'tsumiki';
      const floorTarget = r.key === 'default' ? ` ${mark(r.floorRatio >= TARGETS.floorRatio)}` : '';
      rows.push([
        first ? `${cases.find((c) => c.key === r.key).number}. ${r.label}` : '',
        server.label,
        integer(s.rps),
        ms(s.p50),
        ms(s.p95),
        ms(s.p99),
        Number.isFinite(s.roundTripsPerRequest) ? s.roundTripsPerRequest.toFixed(2) : '—',
        first
          ? `${percent(r.floorRatio)}${floorTarget}`
          : server.key === 'floor'
            ? spread(r.floorRatioByRound)
            : '',
        first
          ? `${percent(r.ratio)} ${mark(r.ratio >= TARGETS.ratio)}`
          : server.key === 'baseline'
            ? spread(r.ratioByRound)
            : '',
      ]);
    }
  }
  say(
    table(
      [
        'ケース',
        'サーバー',
        'req/s',
        'p50',
        'p95',
        'p99',
        '往復/件',
        `÷ 下限（目標 ≥ ${TARGETS.floorRatio * 100}%）`,
        `÷ 同じ SQL（目標 ≥ ${TARGETS.ratio * 100}%）`,
      ],
      rows,
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  say('往復/件: 各サーバーの pg クライアントで数えた PostgreSQL との往復 ÷ 応答の数（計測中の全ラウンド）。');
  say(
    'CPU/件: サーバーのプロセスの CPU 時間（ユーザー + システム、/proc）÷ 応答の数。PostgreSQL の分は含みません。',
  );
  for (const r of results) {
    const cpu = (server) =>
      Number.isFinite(r[server].cpuMsPerRequest) ? ms(r[server].cpuMsPerRequest) : '—';
    say(
      `  ${r.label}: Tsumiki ${cpu('tsumiki')}、素の実装 ${cpu('baseline')}、下限 ${cpu('floor')}` +
        `（素の実装 ÷ Tsumiki ${Number.isFinite(r.cpuRatio) ? percent(r.cpuRatio) : '—'}）`,
    );
  }
  say();
  say(
    `2 文字検索「${term}」: ヒット ${integer(hits)} 件（ILIKE で数えた件数${
      ilike.serverTotal !== null ? `、Tsumiki の total は ${integer(ilike.serverTotal)}` : ''
    }）`,
  );
  say(
    `  1 接続・${settings.ilikeReps} 回の中央値: Tsumiki ${ms(ilike.tsumikiSerialMedianMs)}（HTTP 込み）、` +
      `素の実装 ${ms(ilike.baselineSerialMedianMs)}、索引なし ILIKE ${ms(ilike.ilikeMedianMs)}（SQL のみ） → ${ilike.factor.toFixed(1)} 倍`,
  );
  say();
  say('目標（参考値。テストでは判定しません）:');
  for (const target of targets) say(`  ${mark(target.met)} ${target.name}: ${target.shown}`);

  return targets;
}
