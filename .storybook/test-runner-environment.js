// The test-runner's Jest environment (playwright/custom-environment.js), keeping one page per Jest
// worker instead of one per story file. The runner's own connects to the browser anew for every
// story file, opens a fresh context, and loads iframe.html with Storybook's preview and the mock
// service worker again, for each of a run's 94 files (29 files of components: 100 → 34 s, the
// whole run about 380 → 160–190 s on a quiet machine). Within a file the runner already shows
// story after story in one page (each story is rendered afresh, and the screens' loaders start
// each one from a clean state); this carries the same page on to the next file of the worker.
// A page that was closed or lost its browser is replaced as before, and a file with a failure
// hands nothing on: its page is closed, as the runner would.
//
// An open browser connection keeps a process running: a Jest worker closes it when Jest ends the
// worker (which it gives 500 ms), and a run in Jest's own process when no next file has come
// within IDLE_MS (files of a worker follow each other within about 100 ms).
import { setupPage } from '@storybook/test-runner';
import PlaywrightEnvironment from '@storybook/test-runner/dist/jest-playwright-entries/test-environment.js';

/** This worker's browser connection, context and page, handed from one story file to the next. */
let kept = null;
let idleTimer = null;
const IDLE_MS = 1000;

function release() {
  clearTimeout(idleTimer);
  const held = kept;
  kept = null;
  held?.browser?.close().catch(() => {});
}

/** jest-worker's message ending a worker (CHILD_MESSAGE_END in its types). */
const CHILD_MESSAGE_END = 2;
function onParentMessage(message) {
  if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
  // A listener holds the parent's channel open: the worker could not end while it stays.
  process.off('message', onParentMessage);
  release();
}
if (process.send) process.on('message', onParentMessage);

function usable(held) {
  return held?.browser?.isConnected() && !held.page.isClosed();
}

export default class StoryPageEnvironment extends PlaywrightEnvironment {
  async setup() {
    clearTimeout(idleTimer);
    // The page is this file's now: a failure closes it with the file (teardown).
    const held = kept;
    kept = null;
    if (!usable(held)) {
      held?.browser?.close().catch(() => {});
      await super.setup();
      await setupPage(this.global.page, this.global.context);
      return;
    }
    // The runner's set-up (its helpers, the browser's name) without a new browser, context or page.
    const options = this._config.testEnvironmentOptions['jest-playwright'];
    const skipInitialization = options.skipInitialization;
    options.skipInitialization = true;
    try {
      await super.setup();
    } finally {
      options.skipInitialization = skipInitialization;
    }
    this.held = held;
    this.global.browser = held.browser;
    this.global.context = held.context;
    this.global.page = held.page;
  }

  async handleTestEvent(event, state) {
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.failed = true;
    await super.handleTestEvent(event, state);
  }

  async teardown() {
    // The runner opens a browser of its own for a file with skipped tests: the one carried in is
    // then no longer this file's to hand on.
    if (this.held && this.held.browser !== this.global.browser) this.held.browser.close().catch(() => {});
    if (this.failed) {
      await super.teardown();
      return;
    }
    // The page may have been replaced during the file (jestPlaywright.resetPage after a story
    // navigated away): keep whatever the file ended with, and let the runner close nothing.
    const { browser, context, page } = this.global;
    kept = { browser, context, page };
    this.global.browser = undefined;
    await super.teardown();
    idleTimer = setTimeout(release, IDLE_MS);
  }
}
