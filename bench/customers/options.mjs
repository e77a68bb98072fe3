// The customer-list bench's settings: its command line (--help, --quick, --verbose), the BENCH_*
// variables, the targets it checks its figures against, and the four requests it measures.
import { performance } from 'node:perf_hooks';
import { integer } from '../lib/report.mjs';
import { envNumber, resultFile, say } from '../lib/runtime.mjs';

const HELP = `使い方: pnpm bench [--quick] [--verbose]

  --quick     小さな確認用（顧客 5,000 件、各 2 秒 × 2 ラウンド）
  --verbose   取り込んだ SQL・実行計画・進行状況を表示

環境変数（既定値は通常 / --quick）:
  BENCH_CUSTOMERS          顧客数（100000 / 5000）
  BENCH_INTERACTIONS       顧客 1 人あたりのやり取りの平均件数（3）
  BENCH_DURATION           1 回の計測の秒数（6 / 2）
  BENCH_ROUNDS             A/B を交互に繰り返す回数（5 / 2）
  BENCH_WARMUP             ケースごとのウォームアップ秒数（3 / 1）
  BENCH_CONNECTIONS        同時接続数（10）
  BENCH_POOL_SIZE          素の実装の pg プールの大きさ（10：Tsumiki の既定と同じ）
  BENCH_SEARCH_TERM        2 文字検索の語（佐藤）
  BENCH_DEEP_SKIP          深いページの skip（顧客数の半分 = 50000）
  BENCH_ILIKE_REPS         ILIKE と 1 接続で比べる回数（20 / 10）
  BENCH_SEED               データの乱数シード（20261122）
  BENCH_SERVER_DIR         計測するサーバーパッケージ（このリポジトリの packages/server）
  BENCH_BUILD=0            dist が古くてもビルドしない
  BENCH_DATA_DIR           使い捨てデータベースの置き場所（bench/.data）
  BENCH_KEEP_DATA=1        終了後もデータベースを消さない
  BENCH_OUT                結果の JSON（bench/results/customers-list.json、--quick は customers-list.quick.json）
  BENCH_NODE_ARGS          Tsumiki の node に渡すオプション（例 "--cpu-prof --cpu-prof-dir=/tmp/prof"）
  BENCH_API_RATE_LIMIT     Tsumiki の API_RATE_LIMIT_PER_MINUTE（0 = オフ。本番と同じく枠の upsert も測るなら 1000000。設定の上限）
  BENCH_CASES              負荷をかけるケース（カンマ区切り: default,kana,search,deep。既定はすべて。
                           SQL の取り込みと答えの照合はいつも 4 つとも）
`;

export const CASE_KEYS = ['default', 'kana', 'search', 'deep'];

export const TARGETS = { ratio: 0.9, floorRatio: 0.7, defaultP99: 15, searchP95: 20, ilikeFactor: 20 };

/**
 * Reads the command line and the environment. --help prints the usage and exits; an unknown case
 * in BENCH_CASES exits with 2; a malformed number throws (before anything is started).
 */
export function readOptions(argv, env) {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
  const verbose = argv.includes('--verbose') || argv.includes('-v') || env.BENCH_VERBOSE === '1';
  const number = (name, fallback, options) => envNumber(env, name, fallback, options);

  // The keys in this order: `settings` goes into the result JSON as it is.
  const settings = {
    customers: number('BENCH_CUSTOMERS', quick ? 5_000 : 100_000, { min: 1 }),
    interactionsPerCustomer: number('BENCH_INTERACTIONS', 3, { integer: false }),
    durationSeconds: number('BENCH_DURATION', quick ? 2 : 6, { min: 0.5, integer: false }),
    rounds: number('BENCH_ROUNDS', quick ? 2 : 5, { min: 1 }),
    warmupSeconds: number('BENCH_WARMUP', quick ? 1 : 3, { integer: false }),
    connections: number('BENCH_CONNECTIONS', 10, { min: 1 }),
    poolSize: number('BENCH_POOL_SIZE', 10, { min: 1 }),
    searchTerm: env.BENCH_SEARCH_TERM?.trim() || '佐藤',
    deepSkip: 0,
    ilikeReps: number('BENCH_ILIKE_REPS', quick ? 10 : 20, { min: 1 }),
    seed: number('BENCH_SEED', 20_261_122),
    captureRepeats: 3,
    maxRequestsPerRun: 2_000_000,
  };
  settings.deepSkip = number('BENCH_DEEP_SKIP', Math.floor(settings.customers / 2));
  settings.cases = (env.BENCH_CASES ?? CASE_KEYS.join(','))
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  for (const key of settings.cases) {
    if (!CASE_KEYS.includes(key)) {
      say(`BENCH_CASES のケース「${key}」はありません（${CASE_KEYS.join(', ')} から選んでください）`);
      process.exit(2);
    }
  }

  const outFile = resultFile(quick ? 'customers-list.quick.json' : 'customers-list.json');
  const detail = (message) => {
    if (verbose) say(`  ${message}`);
  };
  const timed = async (label, work) => {
    const started = performance.now();
    const result = await work();
    detail(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} 秒`);
    return result;
  };
  return { quick, verbose, settings, outFile, detail, timed };
}

/** The four requests, numbered as the report shows them; the search term and skip come from settings. */
export function customerCases(settings) {
  const term = settings.searchTerm;
  return [
    { key: 'default', label: '既定の一覧', query: 'limit=20' },
    { key: 'kana', label: 'フリガナ順', query: 'limit=20&sort_by=last_name_kana&sort_order=asc' },
    { key: 'search', label: `2 文字検索「${term}」`, query: `limit=20&search=${encodeURIComponent(term)}` },
    {
      key: 'deep',
      label: `深いページ（skip=${integer(settings.deepSkip)}）`,
      query: `limit=20&skip=${settings.deepSkip}`,
    },
  ].map((c, index) => ({ ...c, number: index + 1, path: `/api/customers?${c.query}` }));
}
