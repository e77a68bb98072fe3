import { expect, waitFor, within } from 'storybook/test';

/**
 * The screen has rendered its page: a level-1 heading in the main area and nothing still loading
 * (no aria-busy region, no skeleton). The test-runner fails a screen that never gets there, and the
 * visual baselines are taken after it.
 */
export async function screenSettled({ canvasElement }: { canvasElement: HTMLElement }): Promise<void> {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toBeVisible();
  await waitFor(
    () => expect(canvasElement.querySelector('[aria-busy="true"], [data-slot="skeleton"]')).toBeNull(),
    { timeout: 15_000 },
  );
}
