import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core free (one worker on a 2-core machine), but a test file
    // spends much of its time waiting on PostgreSQL: a second worker fills those waits.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
