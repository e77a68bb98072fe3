// Stands in for @storybook/test-runner's playwright/jest-setup.js, which Jest runs inside every
// story file's own module registry: it imports the runner's whole bundle (Storybook's node
// internals, Babel, the CSF tools) only to hand the hooks of test-runner.ts to the generated
// tests. That import cost about 1 s of CPU per story file, and a run has 94 (29 files: 61 → 30 s
// of CPU in Jest's workers, 121 → 100 s). The hooks need none of it.
//
// What the runner's file does, this does: the hooks go where the generated tests look for them,
// and when a story navigated away and its test is retried, the page is set up again by the
// runner's own setupPage (its bundle loaded only then).
import config from './test-runner.ts';

globalThis.__sbPreVisit = config.preVisit;
globalThis.__sbPostVisit = config.postVisit;
globalThis.__sbSetupPage = async (page, context) => {
  const { setupPage } = await import('@storybook/test-runner');
  return setupPage(page, context);
};
globalThis.__sbCollectCoverage = process.env.STORYBOOK_COLLECT_COVERAGE === 'true';
