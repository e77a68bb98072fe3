// The consumer check of @tsumiki/ui: an app OUTSIDE the workspace installs the packed tarball the
// way a customer would, imports `tailwindcss` then `@tsumiki/ui/tailwind.css` as the package README
// says, type-checks, builds with Vite, and renders AppSidebar, TopBar and ErrorSnackbar in Debian's
// Chromium. It checks the styles really applied (sidebar 240px, token colours, Japanese font) and
// writes screenshots to examples/ui-consumer/screenshots/ (git-ignored) to compare with Storybook.
//
//   node scripts/check-ui-consumer.mjs            pack, install, build, check, screenshot
//   node scripts/check-ui-consumer.mjs --keep     keep the temporary folder (its path is printed)
//
// Installs with pnpm outside the workspace (`--ignore-workspace`), so the local store makes it fast;
// the registry is only asked for what the store lacks.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath, newestMtime } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const exampleDir = path.join(root, 'examples/ui-consumer');
const screenshotDir = path.join(exampleDir, 'screenshots');
const uiDir = path.join(root, 'packages/ui');
const keep = process.argv.includes('--keep');
const started = Date.now();

/** Versions the consumer installs: the workspace's own, so the check matches what Storybook uses. */
const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const version = (name) => rootManifest.devDependencies[name];

function run(command, args, cwd, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: 'inherit',
      env: {
        ...process.env,
        // The project's Node (24) first, as under `pnpm run`.
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
        ...extraEnv,
      },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} → ${code}`)),
    );
    child.on('error', reject);
  });
}

function step(name) {
  console.log(`\n▶ ${name} (${((Date.now() - started) / 1000).toFixed(1)} 秒)`);
}

function serve(dir) {
  const types = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir) || !existsSync(file) || url.pathname === '/')
      file = path.join(dir, 'index.html');
    response.setHeader('content-type', types[path.extname(file)] ?? 'application/octet-stream');
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const work = mkdtempSync(path.join(tmpdir(), 'tsumiki-ui-consumer-'));
let failed = false;
try {
  step('@tsumiki/ui をビルドしてパックします');
  const sourcesTime = newestMtime(
    ['src', 'package.json', 'tsup.config.ts'].map((entry) => path.join(uiDir, entry)),
  );
  if (
    !existsSync(path.join(uiDir, 'dist/index.js')) ||
    newestMtime([path.join(uiDir, 'dist')]) < sourcesTime
  ) {
    await run('pnpm', ['--filter', '@tsumiki/ui', 'build'], root);
  }
  await run('pnpm', ['pack', '--pack-destination', work], uiDir);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('tarball が作られませんでした');

  step('ワークスペースの外にアプリを用意します');
  const app = path.join(work, 'app');
  cpSync(exampleDir, app, {
    recursive: true,
    filter: (source) =>
      !/[\\/](node_modules|dist|screenshots)([\\/]|$)/.test(path.relative(exampleDir, source) || '.'),
  });
  const manifest = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8'));
  manifest.dependencies = {
    '@tsumiki/ui': `file:${path.join(work, tarball)}`,
    react: version('react'),
    'react-dom': version('react-dom'),
  };
  manifest.devDependencies = {
    vite: version('vite'),
    '@vitejs/plugin-react': version('@vitejs/plugin-react'),
    tailwindcss: version('tailwindcss'),
    '@tailwindcss/vite': version('@tailwindcss/vite'),
    typescript: version('typescript'),
    '@types/react': version('@types/react'),
    '@types/react-dom': version('@types/react-dom'),
  };
  manifest.pnpm = { onlyBuiltDependencies: ['esbuild', '@tailwindcss/oxide'] };
  writeFileSync(path.join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  step('tarball と依存をインストールします');
  await run(
    'pnpm',
    ['install', '--ignore-workspace', '--prefer-offline', '--config.auto-install-peers=true'],
    app,
  );

  step('型チェック（パッケージの d.ts を使う）');
  await run(path.join(app, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], app);

  step('Vite でビルドします');
  await run(path.join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], app);
  const css = readdirSync(path.join(app, 'dist/assets')).find((name) => name.endsWith('.css'));
  const cssText = readFileSync(path.join(app, 'dist/assets', css ?? ''), 'utf8');
  for (const needle of ['--primary', 'w-sidebar', 'bg-error-subtle', 'md\\:pl-sidebar']) {
    if (!cssText.includes(needle))
      throw new Error(`ビルドした CSS に ${needle} がありません（@source が効いていない）`);
  }
  // One Tailwind only: the library must not bring its reset and theme a second time.
  const tailwinds = cssText.split('tailwindcss v').length - 1;
  console.log(`CSS ${Math.round(cssText.length / 1024)} KB、Tailwind のバナー ${tailwinds} 個`);
  if (tailwinds !== 1) throw new Error('Tailwind が二重に入っています');

  step('Chromium で表示して確かめます');
  const server = await serve(path.join(app, 'dist'));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs],
  });
  try {
    const context = await browser.newContext({
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    mkdirSync(screenshotDir, { recursive: true });
    for (const [name, size] of [
      ['desktop-1440', { width: 1440, height: 900 }],
      ['mobile-375', { width: 375, height: 812 }],
    ]) {
      await page.setViewportSize(size);
      await page.goto(url);
      await page.getByRole('alert').waitFor();
      await page.evaluate(() => document.fonts.ready);
      const facts = await page.evaluate(() => {
        const slot = (name) => document.querySelector(`[data-slot="${name}"]`);
        const probe = document.createElement('span');
        probe.style.backgroundColor = getComputedStyle(document.documentElement).getPropertyValue(
          '--primary',
        );
        document.body.append(probe);
        const primary = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return {
          sidebarWidth: slot('app-sidebar').getBoundingClientRect().width,
          sidebarShown: getComputedStyle(slot('app-sidebar')).display !== 'none',
          topBarHeight: slot('top-bar').getBoundingClientRect().height,
          roleChip: getComputedStyle(slot('top-bar-role')).backgroundColor,
          primary,
          snackbarPosition: getComputedStyle(slot('error-snackbar')).position,
          font: getComputedStyle(document.body).fontFamily,
          lineHeight: getComputedStyle(document.documentElement).lineHeight,
        };
      });
      const expectations = [
        [
          'サイドバーが 240px（デスクトップ）',
          size.width < 900 || (facts.sidebarShown && facts.sidebarWidth === 240),
        ],
        ['サイドバーが隠れる（モバイル）', size.width >= 900 || !facts.sidebarShown],
        ['トップバーの高さ 56px', facts.topBarHeight === 56],
        ['管理者チップがプライマリ色', facts.roleChip === facts.primary],
        ['スナックバーが fixed', facts.snackbarPosition === 'fixed'],
        ['日本語のフォントスタック', facts.font.includes('Hiragino Sans')],
      ];
      for (const [label, ok] of expectations) {
        console.log(`${ok ? '✔' : '✘'} ${name}: ${label}`);
        if (!ok) failed = true;
      }
      const file = path.join(screenshotDir, `${name}.png`);
      await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
      console.log(`  スクリーンショット: ${path.relative(root, file)}`);
    }
    if (errors.length) {
      failed = true;
      console.error(`ページのエラー:\n  ${errors.join('\n  ')}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  if (keep) console.log(`一時フォルダ: ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
console.log(
  `\ncheck-ui-consumer: ${failed ? '失敗' : '成功'} (${((Date.now() - started) / 1000).toFixed(1)} 秒)`,
);
process.exit(failed ? 1 : 0);
