import { readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { keepModules, sourceModules } from '../../scripts/tsup-keep-modules';

// The declarations: one per component folder plus the barrel, as before.
const componentEntries = Object.fromEntries(
  readdirSync(new URL('./src/components', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [`components/${entry.name}/index`, `src/components/${entry.name}/index.ts`]),
);

export default defineConfig({
  // One file per source module (see keepModules), e.g. dist/components/button/button.js: an app's
  // bundler places each component in the chunks that use it and names it after its path.
  entry: sourceModules('src', ['test']),
  format: ['esm'],
  target: 'es2023',
  platform: 'browser',
  dts: { entry: { index: 'src/index.ts', ...componentEntries } },
  sourcemap: true,
  clean: true,
  outDir: 'dist',
  tsconfig: 'tsconfig.build.json',
  external: [
    /^react($|\/)/,
    /^react-dom($|\/)/,
    /^@radix-ui\//,
    /^@tanstack\//,
    'lucide-react',
    'class-variance-authority',
    'clsx',
    'markdown-to-jsx',
  ],
  esbuildPlugins: [keepModules],
  // Every module holds hooks or event handlers: mark them all as client code for RSC frameworks.
  banner: { js: '"use client";' },
});
