import type { TestRunnerConfig } from '@storybook/test-runner';

/** Pixel sizes of the viewports in preview.tsx; stories without one run at desktop size. */
const VIEWPORT_SIZES: Record<string, { width: number; height: number }> = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
};

type StoryWithViewport = {
  storyGlobals?: { viewport?: { value?: string } };
  globals?: { viewport?: { value?: string } };
};

const config: TestRunnerConfig = {
  // The static iframe has no viewport toolbar: size the page as the story asks, before it renders,
  // so that media queries (md = 900px) and play functions see the same layout as in Storybook.
  async preVisit(page, context) {
    // The runner's getStoryContext, inlined: importing the runner's bundle costs every story file
    // about 1 s of CPU (test-runner-setup.js).
    const story = (await page.evaluate(
      (storyId) => (globalThis as { __getContext?: (id: string) => unknown }).__getContext?.(storyId),
      context.id,
    )) as StoryWithViewport;
    const name = story.storyGlobals?.viewport?.value ?? story.globals?.viewport?.value ?? 'desktop';
    await page.setViewportSize(VIEWPORT_SIZES[name] ?? VIEWPORT_SIZES.desktop!);
    // Animations are motion-safe only: with reduced motion nothing fades, so visibility checks and
    // screenshots see the final state at once.
    await page.emulateMedia({ reducedMotion: 'reduce' });
  },
};

export default config;
