// A consumer outside the workspace installs the packed @tsumiki/api-client tarball, type-checks
// examples/api-client-consumer/consumer.ts against it under NodeNext resolution, and imports both
// entry points at run time.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const work = mkdtempSync(join(tmpdir(), 'tsumiki-api-client-consumer-'));
const fail = (message) => {
  console.error(message);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
};

if ((await run('pnpm', ['--filter', '@tsumiki/api-client', 'pack', '--pack-destination', work])) !== 0) {
  fail('pnpm pack に失敗しました。');
}
const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
cpSync(join(root, 'examples/api-client-consumer'), join(work, 'app'), { recursive: true });
writeFileSync(
  join(work, 'app/package.json'),
  JSON.stringify(
    {
      name: 'api-client-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@tsumiki/api-client': `file:../${tarball}`,
        '@tanstack/react-query': '5.108.0',
        react: '19.3.1',
        '@types/react': '19.3.0',
        typescript: '5.9.3',
      },
    },
    null,
    2,
  ),
);
const app = join(work, 'app');
const npm = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
if ((await run('npm', npm, { cwd: app })) !== 0) fail('tarball のインストールに失敗しました。');
if ((await run(join(app, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: app })) !== 0)
  fail('型チェックに失敗しました。');
const smoke =
  "const m = await import('@tsumiki/api-client'); const r = await import('@tsumiki/api-client/react');" +
  "if (typeof m.createApiClient !== 'function' || typeof r.createQueryClient !== 'function') process.exit(1);";
if ((await run(process.execPath, ['--input-type=module', '-e', smoke], { cwd: app })) !== 0) {
  fail('実行時の import に失敗しました。');
}
rmSync(work, { recursive: true, force: true });
console.log('@tsumiki/api-client の tarball を外部のプロジェクトから利用できました。');
