// The crash drill's report: a table of the rounds, what went wrong in them explained, and the
// verdict (the exit code is 1 when any acknowledged write was lost or a restart failed).
import { percentile } from '../lib/load.mjs';
import { integer, table } from '../lib/report.mjs';
import { say } from '../lib/runtime.mjs';

const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} 秒` : '—');
const afterText = (r) => {
  const s = r.afterCrash.server;
  if (!s) return r.tookOver ? 'PG を引き継ぎ' : '—';
  if (s.exitedByItself) return `異常終了（${s.code ?? s.signal}）`;
  return `${s.healthWhileDatabaseDown} → 停止 ${seconds(s.stop.ms)}${s.stop.forced ? '（SIGKILL）' : ''}`;
};

/**
 * Prints the table of the rounds and the notes under it, and returns the totals that the result
 * file and the verdict need.
 */
export function printDrillReport({ settings, loadText, first, rounds }) {
  say();
  say(`kill -9 の後に起動し直して、確認済み（2xx）の書き込みを API で読み直した結果`);
  say(
    `クライアント ${settings.clients}、Node ${process.version}、${loadText()}、初回の起動 ${seconds(first.msToHealthy)}（initdb・マイグレーション・デモデータ込み）`,
  );
  say();
  say(
    table(
      [
        '回',
        'kill -9',
        '確認済み',
        '累計',
        '失われた/不一致',
        '未確認で保存',
        'その後のサーバー',
        '起動失敗',
        'PG 準備',
        '正常まで',
        '停止時間',
      ],
      rounds.map((r) => {
        const a = r.load.acknowledged;
        return [
          String(r.round),
          r.killed.target === 'server' ? 'サーバー' : 'PostgreSQL',
          integer(a.customers + a.interactions + a.updates),
          r.ledger ? integer(r.ledger.customers + r.ledger.interactions) : '—',
          r.verify ? `${integer(r.verify.lost)} / ${integer(r.verify.changed)}` : '—',
          r.verify ? integer(r.verify.storedUnacknowledged + r.verify.updateApplied) : '—',
          afterText(r),
          integer(r.failedStarts.length),
          seconds(r.msToPostgresReady),
          r.healthy ? seconds(r.msToHealthy) : '✗ 起動せず',
          seconds(r.msFromKillToHealthy),
        ];
      }),
      ['r', 'l', 'r', 'r', 'r', 'r', 'l', 'r', 'r', 'r', 'r'],
    ),
  );
  const lost = rounds.reduce((sum, r) => sum + (r.verify?.lost ?? 0) + (r.verify?.changed ?? 0), 0);
  const unhealthy = rounds.filter((r) => !r.healthy || (r.authenticatedRead ?? 200) !== 200).length;
  const failedStarts = rounds.flatMap((r) => r.failedStarts.map((f) => ({ round: r.round, ...f })));
  const crashedWithDatabase = rounds.filter((r) => r.afterCrash.server?.exitedByItself);
  const tokenLost = rounds.filter((r) => r.tokenSurvived === false).length;
  const healthyTimes = Float64Array.from(rounds.filter((r) => r.healthy).map((r) => r.msToHealthy)).sort();
  printNotes({ rounds, failedStarts, crashedWithDatabase, tokenLost, healthyTimes });
  return { lost, unhealthy, failedStarts };
}

/** Under the table: the times to healthy, and each kind of failure that happened, explained. */
function printNotes({ rounds, failedStarts, crashedWithDatabase, tokenLost, healthyTimes }) {
  say();
  if (healthyTimes.length > 0) {
    say(
      `正常まで（起動し直してから /api/health が 200）: 中央値 ${seconds(percentile(healthyTimes, 50))}、最大 ${seconds(healthyTimes.at(-1))}。` +
        `認証付きの読み取りも毎回 ${rounds.every((r) => r.authenticatedRead === 200) ? '成功' : '成功せず'}`,
    );
  }
  if (crashedWithDatabase.length > 0) {
    say(
      `注意: PostgreSQL を止めた ${crashedWithDatabase.length} 回、サーバーも異常終了しました: ${crashedWithDatabase[0].afterCrash.server.reason}`,
    );
  }
  // The same failure in several rounds differs only in its port: one line for all of them.
  const reasonKey = (reason) => reason.replace(/ポート \d+/g, 'ポート …');
  for (const reason of new Set(failedStarts.map((f) => reasonKey(f.reason)))) {
    const times = failedStarts.filter((f) => reasonKey(f.reason) === reason);
    say(`✗ 起動の失敗 ${times.length} 回（ラウンド ${times.map((f) => f.round).join(', ')}）: ${reason}`);
    const describe = (holder) => {
      if (!holder || holder.state === 'gone') return 'もうない';
      if (holder.state === 'Z') return `ゾンビ：終了済み、親 ${holder.parentPid} が未回収`;
      return `動作中：${holder.command ?? '?'}`;
    };
    for (const { round, lockFile } of times) {
      const before = rounds.find((r) => r.round === round)?.afterCrash.lockHolder;
      say(
        lockFile
          ? `    ラウンド ${round}: postmaster.pid の PID ${lockFile.pid} は、起動し直す直前に${describe(before)}、失敗を見た時点で${describe(lockFile.process)}`
          : `    ラウンド ${round}: postmaster.pid なし`,
      );
    }
  }
  if (tokenLost > 0)
    say(`注意: ${tokenLost} 回、クラッシュ前のアクセストークンが使えなくなりました（ログインし直しました）`);
}

/** 500s answered around the kills: a lost database must be a 503 with its envelope, never a 500. */
function errors500(rounds) {
  return rounds.reduce(
    (sum, round) => sum + (round.load?.beforeKill?.['500'] ?? 0) + (round.load?.afterKill?.['500'] ?? 0),
    0,
  );
}

/** Says each problem of the drill (and makes the exit code 1), or that there was none. */
export function printVerdict({ settings, rounds, totals, leftovers }) {
  const { lost, unhealthy, failedStarts } = totals;
  const problems = [
    lost > 0 ? `確認済みの書き込みのうち ${lost} 件が失われたか変わっていました` : null,
    unhealthy > 0 || rounds.length < settings.rounds ? '起動し直したサーバーが正常になりませんでした' : null,
    failedStarts.length > 0
      ? `起動し直しが ${failedStarts.length} 回失敗しました（再試行で回復しても、手当てなしの再起動が失敗したことになります）`
      : null,
    leftovers.length > 0 ? `停止後もプロセスが ${leftovers.length} 個残っていました` : null,
    errors500(rounds) > 0
      ? `500 の応答が ${errors500(rounds)} 件ありました（データベースに届かない間は 503 のはずです）`
      : null,
  ].filter(Boolean);
  if (problems.length > 0) {
    for (const problem of problems) say(`✗ ${problem}`);
    process.exitCode = 1;
  } else {
    say('✓ 失われた書き込みなし、500 の応答なし。毎回正常に起動し直しました。');
  }
}
