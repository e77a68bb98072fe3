// One configuration table (docs/configuration.md), checked against the code so that it cannot
// drift: every environment variable the server or the app reads has a row, and every row names a
// variable that something still reads.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './lib.mjs';

export const DOC = 'docs/configuration.md';
const NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^(?:PORT|HOST)$/;
// Where settings are declared: config.ts reads through platform/env.ts, as do these modules.
const SETTINGS_FILES = /(?:^|\/)(?:config|timings)\.ts$/;

function files(dir, pattern) {
  const found = [];
  const visit = (path) => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (entry === 'node_modules' || entry === 'dist') continue;
      if (statSync(full).isDirectory()) visit(full);
      else if (pattern.test(entry) && !/\.test\.tsx?$/.test(entry)) found.push(full);
    }
  };
  visit(dir);
  return found;
}

/** Variable names read by one source file's text. */
export function namesRead(path, text) {
  const names = new Set();
  for (const match of text.matchAll(/\b(?:process\.env|import\.meta\.env|env)\.([A-Z][A-Z0-9_]+)/g)) {
    if (NAME.test(match[1])) names.add(match[1]);
  }
  if (SETTINGS_FILES.test(path)) {
    // String literals that are whole variable names: read('PORT'), url('DATABASE_URL'), …
    for (const match of text.matchAll(/'([A-Z][A-Z0-9_]*)'/g)) if (NAME.test(match[1])) names.add(match[1]);
  }
  return names;
}

/** Variable names in the first column of the doc's tables (`A` / `B` rows count each). */
export function namesDocumented(markdown) {
  const names = new Set();
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const first = line.split('|')[1] ?? '';
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]);
  }
  return names;
}

export function configProblems(read, documented) {
  const problems = [];
  for (const name of [...read.keys()].sort()) {
    if (!documented.has(name)) problems.push(`${name}（${read.get(name)} が読む）が ${DOC} の表にありません`);
  }
  for (const name of [...documented].sort()) {
    if (!read.has(name))
      problems.push(`${DOC} の ${name} はどのコードも読んでいません（表から消すか、読む側を直してください）`);
  }
  return problems;
}

export function readInRepo() {
  const read = new Map();
  const sources = [
    ...files(join(root, 'packages/server/src'), /\.ts$/),
    ...files(join(root, 'packages/app/src'), /\.tsx?$/),
    join(root, 'packages/app/vite.config.ts'),
  ];
  for (const path of sources) {
    const rel = relative(root, path);
    for (const name of namesRead(rel, readFileSync(path, 'utf8'))) if (!read.has(name)) read.set(name, rel);
  }
  return read;
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const problems = configProblems(readInRepo(), namesDocumented(readFileSync(join(root, DOC), 'utf8')));
  if (problems.length > 0) {
    console.error(`設定の表とコードが食い違っています（${problems.length} 件）:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`設定の表: コードが読む環境変数はすべて ${DOC} にあります`);
}
