// The browser tests need Debian's Chromium and a Japanese font (no browser is downloaded on these
// machines). `pnpm test` calls this first: as root it installs them through apt; otherwise it
// stops at once, naming the command, instead of failing halfway through the run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './lib.mjs';

const PACKAGES = ['chromium', 'fonts-noto-cjk'];

function hasJapaneseFont() {
  try {
    return /Noto Sans CJK/i.test(execFileSync('fc-list', [], { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

/** What is missing, as Debian package names. */
export function missingBrowserPackages() {
  const missing = [];
  if (!existsSync(chromiumPath)) missing.push('chromium');
  if (!hasJapaneseFont()) missing.push('fonts-noto-cjk');
  return missing;
}

/** Resolves to true when Chromium and the fonts are there (installing them when it may). */
export function ensureBrowser() {
  const missing = missingBrowserPackages();
  if (missing.length === 0) return true;
  const command = `apt-get install -y ${PACKAGES.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || process.env.CHROMIUM_PATH) {
    console.error(
      `ブラウザーのテストに必要なもの（${missing.join('、')}）がありません。\n` +
        `root で次を実行してから、もう一度 pnpm test を実行してください:\n  ${command}`,
    );
    return false;
  }
  console.log(`テストに必要な ${missing.join('、')} を apt で導入します`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...PACKAGES],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) {
      console.error(`導入に失敗しました（apt-get ${args[0]}）。手で実行してください:\n  ${command}`);
      return false;
    }
  }
  return missingBrowserPackages().length === 0;
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  process.exit(ensureBrowser() ? 0 : 1);
}
