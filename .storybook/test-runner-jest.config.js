// Ejected with `test-storybook --eject`, kept in .storybook/ (the runner looks here first).
import { getJestConfig } from '@storybook/test-runner';

const testRunnerConfig = getJestConfig();
const jestPlaywright = testRunnerConfig.testEnvironmentOptions?.['jest-playwright'] ?? {};

/** Debian's Chromium: nothing is downloaded, and Chromium must not phone home here. */
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The runner's own setup file, replaced by ours (test-runner-setup.js says why). */
const runnerSetup = /[\\/]playwright[\\/]jest-setup\.js$/;

/** @type {import('@jest/types').Config.InitialOptions} */
export default {
  ...testRunnerConfig,
  // One page per worker, carried from story file to story file (test-runner-environment.js).
  testEnvironment: '<rootDir>/.storybook/test-runner-environment.js',
  setupFilesAfterEnv: testRunnerConfig.setupFilesAfterEnv.map((file) =>
    runnerSetup.test(file) ? '<rootDir>/.storybook/test-runner-setup.js' : file,
  ),
  // A screen story's first visit loads the app's chunks and starts Mock Service Worker: on two busy
  // cores that can pass the default 15 s.
  testTimeout: 60_000,
  testEnvironmentOptions: {
    ...testRunnerConfig.testEnvironmentOptions,
    'jest-playwright': {
      ...jestPlaywright,
      browsers: ['chromium'],
      launchOptions: {
        executablePath: chromiumPath,
        args: [
          '--no-sandbox',
          '--headless',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    },
  },
};
