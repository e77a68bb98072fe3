import { readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

// One entry per component folder (plus the barrel) so bundlers can drop what an app does not use.
const componentEntries = Object.fromEntries(
  readdirSync(new URL('./src/components', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [`components/${entry.name}/index`, `src/components/${entry.name}/index.ts`]),
);

export default defineConfig({
  entry: { index: 'src/index.ts', ...componentEntries },
  format: ['esm'],
  target: 'es2023',
  platform: 'browser',
  dts: true,
  splitting: true,
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
    'tailwind-merge',
  ],
  // Every module holds hooks or event handlers: mark them all as client code for RSC frameworks.
  banner: { js: '"use client";' },
});
