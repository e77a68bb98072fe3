import { afterEach, vi } from 'vitest';

// The files share a worker (vmThreads): a module a test's code started to import in the background
// (a lazy chunk) must finish loading within that test, not after its file has ended and the
// file's module runner is closed.
afterEach(async () => {
  await vi.dynamicImportSettled();
});
