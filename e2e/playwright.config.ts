import { defineConfig } from '@playwright/test';

/** Debian's Chromium; no browser is downloaded on these machines. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  // A hang detector, not a speed target: the long journeys (several sign-ins and accessibility
  // scans) take 40–55 s on a quiet 2-core machine and twice that when CI's machine is busy.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: process.env.CI === 'true',
  // run-shards.mjs reads the JSON report for the seconds each spec file took (durations.json).
  reporter: process.env.TSUMIKI_E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.TSUMIKI_E2E_JSON_REPORT }]]
    : [['list']],
  globalSetup: './global-setup.ts',
  outputDir: process.env.TSUMIKI_E2E_OUTPUT_DIR ?? './test-results',
  use: {
    baseURL: process.env.TSUMIKI_E2E_BASE_URL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions: chromium,
    // Each test's fresh context installed the app's service worker, which precached the whole
    // build: a third of the suite's CPU (two specs: 64 → 43 s of CPU). updates.spec.ts (updates,
    // opening offline) and google-sign-in.spec.ts (redirects that must pass it by) let it in.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // No trace unless asked for: recording the DOM snapshots of every step, even only kept on a
    // failure, cost a sixth of the suite's CPU (two specs: 72.5 → 59.1 s of CPU, 83 → 70 s), and
    // the suite is CPU-bound. To look into a failure, run it again with TSUMIKI_E2E_TRACE=1: the
    // trace of each failed test is kept in its output folder (the snapshots, not the screencast,
    // whose frames cost the GPU process about a tenth of the CPU more).
    trace: process.env.TSUMIKI_E2E_TRACE
      ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true }
      : 'off',
  },
  projects: [{ name: 'chromium', use: { viewport: { width: 1440, height: 900 } } }],
});
