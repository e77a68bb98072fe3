// Fails when the committed client types differ from what the contract generates now.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const committed = join(root, 'packages/api-client/src/generated/schema.ts');
const scratch = mkdtempSync(join(tmpdir(), 'tsumiki-schema-'));
const fresh = join(scratch, 'schema.ts');
const freshLabels = join(scratch, 'field-labels.ts');
const committedLabels = join(root, 'packages/api-client/src/generated/field-labels.ts');
const freshEnums = join(scratch, 'enums.ts');
const committedEnums = join(root, 'packages/api-client/src/generated/enums.ts');
const code = await run(
  process.execPath,
  [
    'packages/api-client/scripts/generate.mjs',
    '--out',
    fresh,
    '--labels-out',
    freshLabels,
    '--enums-out',
    freshEnums,
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
if (code !== 0) process.exit(code);
const same =
  readFileSync(fresh, 'utf8') === readFileSync(committed, 'utf8') &&
  readFileSync(freshLabels, 'utf8') === readFileSync(committedLabels, 'utf8') &&
  readFileSync(freshEnums, 'utf8') === readFileSync(committedEnums, 'utf8');
rmSync(scratch, { recursive: true, force: true });
if (!same) {
  console.error('生成された型が古くなっています。`pnpm generate` を実行してコミットしてください。');
  process.exit(1);
}
console.log('生成された型は契約と一致しています。');
