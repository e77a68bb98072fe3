import { defineConfig } from 'tsup';
import { keepModules, sourceModules } from '../../scripts/tsup-keep-modules';

export default defineConfig({
  // One file per source module (see keepModules): the factories of every screen, the contract's
  // enums and its field labels no longer come with the session's `tenantMeQueryOptions`.
  entry: sourceModules('src'),
  format: ['esm'],
  // The declarations stay two bundled files, one per export of package.json.
  dts: { entry: { index: 'src/index.ts', react: 'src/react/index.ts', demo: 'src/demo/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  external: ['@tanstack/react-query'],
  esbuildPlugins: [keepModules],
});
