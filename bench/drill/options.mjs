// The crash drill's settings: its command line (--help, --rounds, --kill, --clients, --load-seconds,
// --timeout) and the fixed parts of each round.
import { argNumber } from '../lib/runtime.mjs';

const HELP = `使い方: pnpm drill [--rounds N] [--kill both|server|postgres] [--clients N] [--load-seconds S] [--timeout S]

  --rounds N        強制終了して起動し直す回数（10）。奇数回はサーバー、偶数回は PostgreSQL を kill -9
  --kill WHAT       both（既定、交互）/ server（毎回サーバー）/ postgres（毎回 postmaster）
  --clients N       同時に書き込むクライアントの数（4）
  --load-seconds S  書き込み開始から kill までの秒数の目安（3：各回 0.5〜1.5 倍のどこか）
  --timeout S       起動し直してから正常になるまで待つ秒数（60）

環境変数: BENCH_SERVER_DIR（計測するサーバー）、BENCH_BUILD=0（ビルドしない）、
  BENCH_DATA_DIR（使い捨てディレクトリの置き場所、bench/.data）、BENCH_KEEP_DATA=1（残す）、
  BENCH_OUT（結果の JSON、bench/results/drill.json）、
  BENCH_LOG_LEVEL=debug（サーバーのログに PostgreSQL のログも出す。BENCH_KEEP_DATA=1 と一緒に）
`;

/** Reads the command line: --help prints the usage and exits; a malformed option throws. */
export function readOptions(argv) {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  // The keys in this order: `settings` goes into the result JSON as it is.
  return {
    rounds: argNumber(argv, '--rounds', 10, { min: 1 }),
    kill: killOption(argv),
    clients: argNumber(argv, '--clients', 4, { min: 1 }),
    loadSeconds: argNumber(argv, '--load-seconds', 3, { min: 0.2, integer: false }),
    timeoutSeconds: argNumber(argv, '--timeout', 60, { min: 1, integer: false }),
    // After the postmaster is killed the server keeps running: the clients go on for this long, to
    // record what it answers without its database.
    afterPostgresKillSeconds: 1,
    // How long a process manager would wait after SIGTERM before SIGKILL.
    stopGraceSeconds: 15,
    seed: 20_261_123,
  };
}

/** --kill both (default: the server in odd rounds, PostgreSQL in even ones) | server | postgres. */
function killOption(args) {
  const index = args.findIndex((arg) => arg === '--kill' || arg.startsWith('--kill='));
  if (index === -1) return 'both';
  const value = args[index].includes('=') ? args[index].split('=')[1] : args[index + 1];
  if (!['both', 'server', 'postgres'].includes(value)) {
    throw new Error(`--kill は both / server / postgres のいずれかです（現在: "${value}"）`);
  }
  return value;
}
