import { copyFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', index: 'src/index.ts' },
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
  async onSuccess() {
    // The contract travels with the build so that dist/ does not depend on the repository layout.
    await copyFile('../../openapi/openapi.yaml', 'dist/openapi.yaml');
  },
});
