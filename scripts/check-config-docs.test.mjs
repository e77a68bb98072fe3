// The configuration check itself: a variable added to the code alone, or left in the table alone, fails.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configProblems, namesDocumented, namesRead } from './check-config-docs.mjs';

const table =
  '| 変数 | 既定値 | 意味 |\n|---|---|---|\n| `PORT` | `3000` | ポート |\n| `SMTP_USER` / `SMTP_PASSWORD` | なし | 認証 |\n';

test('a variable read in config.ts alone is reported', () => {
  const read = new Map();
  const config =
    "const port = integer('PORT', 3000, 0, 65535);\nconst x = read('NEW_SETTING');\nconst y = read('SMTP_USER') ?? env.SMTP_PASSWORD;";
  for (const name of namesRead('packages/server/src/config.ts', config)) read.set(name, 'config.ts');
  const problems = configProblems(read, namesDocumented(table));
  assert.deepEqual(problems, ['NEW_SETTING（config.ts が読む）が docs/configuration.md の表にありません']);
});

test('a row whose variable nothing reads is reported; messages are not names', () => {
  const read = new Map([['PORT', 'config.ts']]);
  // A literal inside a sentence is not a variable name.
  assert.deepEqual([...namesRead('packages/server/src/config.ts', "problems.push('PORT は整数です');")], []);
  const problems = configProblems(read, namesDocumented(table));
  assert.equal(problems.length, 2);
  assert.match(problems[0], /SMTP_PASSWORD はどのコードも読んでいません/);
});
