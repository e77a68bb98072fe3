import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    // Each file still runs in a fresh VM context (isolated modules and globals), but happy-dom and
    // the worker are made once per worker instead of once per file (19 s → 7 s on this machine).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
