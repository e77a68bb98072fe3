import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The same code runs from src/ (tsx, vitest) and bundled from dist/, at different depths,
// so the package root is found by walking up to our own package.json.
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@tsumiki/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('@tsumiki/server の package.json が見つかりません');
    dir = parent;
  }
}

export const packageRoot = findPackageRoot();

/** The monorepo root when the server runs inside it, otherwise null (e.g. a copied deployment). */
export const repoRoot: string | null = (() => {
  const candidate = resolve(packageRoot, '..', '..');
  return existsSync(join(candidate, 'pnpm-workspace.yaml')) ? candidate : null;
})();

export const migrationsDir = join(packageRoot, 'migrations');

/**
 * The OpenAPI document: openapi/openapi.yaml in the repository, else the Redocly bundle
 * dist/openapi.json made by the build (the same document; a test keeps them equal).
 */
export function openapiSpecPath(): string {
  const candidates = [join(packageRoot, 'dist', 'openapi.json')];
  if (repoRoot) candidates.unshift(join(repoRoot, 'openapi', 'openapi.yaml'));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`openapi.yaml が見つかりません（${candidates.join(', ')}）`);
  return found;
}
