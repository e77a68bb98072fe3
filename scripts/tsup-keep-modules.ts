// Shared by the tsup configs of the published packages (ui, api-client): one output file per
// source module, as Rollup's `preserveModules` does. An app's bundler can then place each module in
// the chunk that uses it and name it after its path; bundled into a few files, whatever shared a
// file with something the entry needs ended up in the entry chunk.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The part of esbuild's plugin API this plugin uses (tsup passes it to esbuild as it is). */
interface ResolveArgs {
  path: string;
  resolveDir: string;
  kind: string;
}
interface PluginBuild {
  onResolve(
    options: { filter: RegExp },
    callback: (args: ResolveArgs) => { path: string; external: boolean } | undefined,
  ): void;
}

/** Every source module under `dir` (e.g. `src`), without tests, stories and the given folders. */
export function sourceModules(dir: string, skip: readonly string[] = []): string[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|stories)\.tsx?$/.test(file))
    .filter((file) => !skip.some((folder) => file.startsWith(`${folder}/`)))
    .map((file) => `${dir}/${file}`);
}

/**
 * Keeps a relative import an import of the other module's output file (with its `.js` extension,
 * for Node) instead of bundling it; give every module as an entry.
 */
export const keepModules = {
  name: 'keep-modules',
  setup(build: PluginBuild) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const target = join(args.resolveDir, args.path);
      if (existsSync(`${target}.ts`) || existsSync(`${target}.tsx`)) {
        return { path: `${args.path}.js`, external: true };
      }
      if (existsSync(join(target, 'index.ts'))) return { path: `${args.path}/index.js`, external: true };
      return undefined;
    });
  },
};
