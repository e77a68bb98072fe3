import type { paths } from '@tsumiki/api-client';
import { expect, within } from 'storybook/test';
import type { FeatureKey } from '../features/feature-flags';
import { featureOff, goOffline, withoutPermissions } from './screen-conditions';
import { screenSettled } from './screen-settled';
import { type ScreenStoryObj, withHandlers } from './screen-story';
import { failing, failures, held, type PathWith, type SuccessBody, typedHandler } from './typed-handler';

/**
 * The states of an AI tool screen (workflow, marketing, 広告チェック): nothing asked yet, the
 * answer shown, waiting for it, the server's or the network's failure, the feature switched off,
 * the permission taken away, a staff member's view and the connection lost.
 */
export interface ToolScreen<P extends PathWith<'post'>> {
  /** The operation the tool's form sends. */
  path: P;
  /** Its answer in the full state (typed by the contract). */
  answer: SuccessBody<P, 'post'>;
  /** Fills the form and sends it, as a user would. */
  run: (canvasElement: HTMLElement) => Promise<void>;
  /** Text of the answer the full state waits for. */
  shows: RegExp;
  feature: FeatureKey;
}

export type ToolState =
  | 'Empty'
  | 'Full'
  | 'Loading'
  | 'FailedServer'
  | 'FailedNetwork'
  | 'FeatureOff'
  | 'Forbidden'
  | 'StaffView'
  | 'Offline';

const pageText = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export function toolScreenStates<P extends PathWith<'post'>>(
  tool: ToolScreen<P>,
): Record<ToolState, ScreenStoryObj> {
  const failed = (answer: () => Response, message: RegExp): ScreenStoryObj => ({
    ...withHandlers([failing('post', tool.path as keyof paths, answer)]),
    play: async ({ canvasElement }) => {
      await screenSettled({ canvasElement });
      await tool.run(canvasElement);
      await expect(
        (await pageText(canvasElement).findAllByText(message, {}, { timeout: 15_000 }))[0],
      ).toBeVisible();
    },
  });
  return {
    Empty: { ...withHandlers([]), play: screenSettled },
    Full: {
      ...withHandlers([typedHandler('post', tool.path, () => tool.answer)]),
      play: async ({ canvasElement }) => {
        await screenSettled({ canvasElement });
        await tool.run(canvasElement);
        await expect(
          (await within(canvasElement).findAllByText(tool.shows, {}, { timeout: 15_000 }))[0],
        ).toBeVisible();
        // Whether the clicked button still shows its focus ring depends on timing: the picture
        // (a visual baseline) is taken with nothing focused.
        (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
      },
    },
    Loading: {
      ...withHandlers([failing('post', tool.path as keyof paths, held)]),
      play: async ({ canvasElement }) => {
        await screenSettled({ canvasElement });
        await tool.run(canvasElement);
      },
    },
    FailedServer: failed(failures.server, /システムエラーが発生しました/),
    FailedNetwork: failed(failures.network, /ネットワークエラーが発生しました/),
    FeatureOff: featureOff(tool.feature),
    Forbidden: {
      ...withoutPermissions(['ai.use']),
      play: async ({ canvasElement }) => {
        await expect(
          await within(canvasElement).findByText(
            'この画面を表示する権限がありません',
            {},
            { timeout: 15_000 },
          ),
        ).toBeVisible();
      },
    },
    StaffView: { ...withHandlers([], 'staff'), play: screenSettled },
    Offline: { ...withHandlers([]), play: goOffline },
  };
}
