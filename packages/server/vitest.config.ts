import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files of a worker share one process: each file still clones its own database and builds
    // its own server, but the server's modules are loaded once per worker instead of once per file
    // (about 4 s a file; the suite took 696 s isolated, 456 s shared, on this 2-core machine). No
    // test mocks modules or changes the environment, so nothing of one file reaches the next.
    isolate: false,
    // Vitest's default leaves one core free (one worker on a 2-core machine), but a test file
    // spends much of its time waiting on PostgreSQL: a second worker fills those waits.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
