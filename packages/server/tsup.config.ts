import { defineConfig } from 'tsup';

export default defineConfig({
  // The extraction worker thread is its own entry: platform/extract/index.ts starts dist/extract-worker.js.
  entry: {
    main: 'src/main.ts',
    index: 'src/index.ts',
    'extract-worker': 'src/platform/extract/worker.ts',
    // pnpm audit:verify
    'audit-verify': 'src/audit-verify.ts',
  },
  format: ['esm'],
  target: 'node24',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  // Types for the programmatic API (start the server from the e2e harness or scripts).
  dts: { entry: { index: 'src/index.ts' } },
  // node_modules stay external: the dist runs from packages/server, where they resolve.
  skipNodeModulesBundle: true,
  // The contract travels with the build as dist/openapi.json (`pnpm run bundle-openapi`, run by
  // `build` after tsup), so that dist/ does not depend on the repository layout.
});
