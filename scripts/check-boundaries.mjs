// The arrows between the code's rooms, enforced rather than remembered:
// - server: a module (src/modules/<a>/) reaches another module only through its public entry
//   (src/modules/<b>/index.ts), never its service, repository or tables; src/platform/ knows no
//   module at all.
// - app: a feature (src/features/<a>/) uses another feature only when that one is a shared kit
//   (forms, lists, access, ai); features never import routes. What two features share lives in
//   src/app/, src/lib/ or a kit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { root } from './lib.mjs';

const SHARED_FEATURES = new Set(['forms', 'lists', 'access', 'ai']);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function sourceFiles(dir) {
  const files = [];
  const visit = (path) => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) visit(full);
      else if (/\.(ts|tsx)$/.test(entry) && !/\.d\.ts$/.test(entry)) files.push(full);
    }
  };
  visit(dir);
  return files;
}

/** The first two path segments below `base`, e.g. ['modules', 'customers'], for an absolute path. */
function place(base, path) {
  return relative(base, path).split(sep);
}

/** Each relative import of a file, resolved to an absolute path without extension. */
function relativeImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1];
    if (!specifier.startsWith('.')) continue;
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ specifier, target: resolve(dirname(file), specifier), line });
  }
  return found;
}

export function serverViolations(srcDir = join(root, 'packages/server/src')) {
  const problems = [];
  for (const file of sourceFiles(srcDir)) {
    const [room, module, ...inside] = place(srcDir, file);
    // modules/index.ts and module.ts are the registry that puts the modules together.
    if (room === 'modules' && inside.length === 0) continue;
    for (const { specifier, target, line } of relativeImports(file)) {
      const [targetRoom, targetModule, ...rest] = place(srcDir, target);
      if (targetRoom !== 'modules' || rest.length === 0) {
        if (room === 'platform' && targetRoom === 'modules') {
          problems.push(
            `${relative(root, file)}:${line} platform から modules を読み込んでいます（${specifier}）`,
          );
        }
        continue;
      }
      const isEntry = rest.length === 1 && rest[0] === 'index';
      if (room === 'platform') {
        problems.push(
          `${relative(root, file)}:${line} platform から modules を読み込んでいます（${specifier}）`,
        );
      } else if (room === 'modules' && module !== targetModule && !isEntry) {
        problems.push(
          `${relative(root, file)}:${line} モジュール ${module} が ${targetModule} の内部を読み込んでいます（${specifier}）。` +
            `modules/${targetModule}/index.ts から公開するか、共通の部分を platform/ に移してください`,
        );
      }
    }
  }
  return problems;
}

export function appViolations(srcDir = join(root, 'packages/app/src')) {
  const problems = [];
  for (const file of sourceFiles(srcDir)) {
    const [room, feature] = place(srcDir, file);
    if (room !== 'features' || !feature || /\.(ts|tsx)$/.test(feature)) continue;
    for (const { specifier, target, line } of relativeImports(file)) {
      const [targetRoom, targetFeature, ...rest] = place(srcDir, target);
      if (targetRoom === 'routes') {
        problems.push(
          `${relative(root, file)}:${line} features から routes を読み込んでいます（${specifier}）`,
        );
      } else if (
        targetRoom === 'features' &&
        rest.length > 0 &&
        targetFeature !== feature &&
        !SHARED_FEATURES.has(targetFeature)
      ) {
        problems.push(
          `${relative(root, file)}:${line} 機能 ${feature} が ${targetFeature} の内部を読み込んでいます（${specifier}）。` +
            '共有する部分は src/app/、src/lib/ か共有の部品（forms・lists・access・ai）に移してください',
        );
      }
    }
  }
  return problems;
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const problems = [...serverViolations(), ...appViolations()];
  if (problems.length > 0) {
    console.error(`コードの境界を越える読み込みが ${problems.length} 件あります:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('コードの境界: 問題なし（サーバーのモジュール間と platform、画面の機能間）');
}
