// `pnpm --filter @tsumiki/e2e test`: the Playwright suite as two shards run side by side, each
// with its own global setup (its own server, embedded PostgreSQL, data directory and ports), so
// that no test sees another's data. One shard keeps one core busy at most (the journeys wait on
// the browser and the server in turn); two use both. Arguments (a spec file, -g …) run one plain
// `playwright test` instead. TSUMIKI_E2E_SHARDS sets the number of shards (default 2, or 1 with
// arguments).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const shards = Math.max(1, Number(process.env.TSUMIKI_E2E_SHARDS ?? (args.length > 0 ? 1 : 2)));
const playwright = fileURLToPath(new URL('./node_modules/.bin/playwright', import.meta.url));

function run(index) {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  return new Promise((resolve) => {
    const child = spawn(playwright, ['test', ...shardArgs, ...args], {
      stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: {
        ...process.env,
        ...(shards > 1 ? { TSUMIKI_E2E_OUTPUT_DIR: `./test-results/shard-${index}` } : {}),
      },
    });
    if (shards > 1) {
      // Whole lines, prefixed with the shard, so that the two logs stay readable side by side.
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream.on('data', (chunk) => {
          pending += chunk;
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`[${index}/${shards}] ${line}\n`);
        });
        stream.on('end', () => pending && process.stdout.write(`[${index}/${shards}] ${pending}\n`));
      }
    }
    child.on('error', (error) => {
      console.error(`[${index}/${shards}] Playwright を起動できませんでした: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, index) => run(index + 1)));
const failed = codes.filter((code) => code !== 0).length;
if (shards > 1)
  console.log(failed === 0 ? `E2E: ${shards} 分割すべて成功` : `E2E: ${failed} / ${shards} 分割が失敗`);
process.exit(failed === 0 ? 0 : 1);
