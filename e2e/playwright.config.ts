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
    screenshot: 'only-on-failure',
    // Traces keep the DOM snapshots of each step, not the screencast: its frames cost the browser's
    // GPU process about a tenth of the suite's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
  },
  projects: [{ name: 'chromium', use: { viewport: { width: 1440, height: 900 } } }],
});
