// `pnpm test`: every suite the project keeps, in the order CI runs them.
import { buildIfStale } from './build-if-stale.mjs';
import { ensureBrowser } from './ensure-browser.mjs';
import { run } from './lib.mjs';

const steps = [
  ['lint (Biome)', () => run('pnpm', ['exec', 'biome', 'ci', '.'])],
  [
    '契約の lint (Redocly)',
    () => run('pnpm', ['exec', 'redocly', 'lint', 'openapi/openapi.yaml', '--format=stylish']),
  ],
  [
    'コードの境界と設定の表',
    async () =>
      (await run(process.execPath, [
        '--test',
        'scripts/check-boundaries.test.mjs',
        'scripts/check-config-docs.test.mjs',
      ])) ||
      (await run(process.execPath, ['scripts/check-boundaries.mjs'])) ||
      run(process.execPath, ['scripts/check-config-docs.mjs']),
  ],
  ['生成された型の鮮度', () => run(process.execPath, ['scripts/check-generated.mjs'])],
  ['ビルド', () => buildIfStale({ force: process.env.CI === 'true' })],
  ['JS のサイズ予算', () => run(process.execPath, ['scripts/check-size.mjs'])],
  // Two packages at a time: one tsc or one package's tests rarely keeps both cores busy, and the
  // server's suite (about 6 minutes, mostly waiting on PostgreSQL) hides the others' behind it.
  ['型チェック', () => run('pnpm', ['-r', '--workspace-concurrency=2', 'run', 'typecheck'])],
  [
    '単体・結合テスト (Vitest)',
    // The e2e package's own test is the Playwright step below.
    () => run('pnpm', ['-r', '--workspace-concurrency=2', '--filter', '!@tsumiki/e2e', 'run', 'test']),
  ],
  [
    '公開パッケージの検査 (publint, attw)',
    () => run('pnpm', ['-r', '--workspace-concurrency=1', 'run', 'lint:package']),
  ],
  [
    'api-client を外部から利用 (pack)',
    () => run(process.execPath, ['scripts/check-api-client-consumer.mjs']),
  ],
  ['ui を外部から利用 (pack, Chromium)', () => run(process.execPath, ['scripts/check-ui-consumer.mjs'])],
  ['Storybook のテスト (Chromium)', () => run(process.execPath, ['scripts/test-storybook.mjs'])],
  ['E2E テスト (Playwright, Chromium)', () => run('pnpm', ['--filter', '@tsumiki/e2e', 'test'])],
];

const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
// Stop before the first step rather than in the middle of the run when the browser is missing.
if (!ensureBrowser()) process.exit(1);
let passed = 0;
let failed = 0;
const results = [];
for (const [name, step] of steps) {
  if (only.length && !only.some((word) => name.toLowerCase().includes(word.toLowerCase()))) continue;
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const code = await step();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${code === 0 ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (code === 0) passed += 1;
  else {
    failed += 1;
    if (!process.argv.includes('--keep-going')) break;
  }
}
console.log(`\n${results.join('\n')}`);
console.log(`steps: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
